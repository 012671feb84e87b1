import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

var vocabulary = Vocabulary.standard
try vocabulary.register(
    Signature(["unread"], [Parameter("count", .integer)], role: .action, topic: "Host", summary: "set the host's unread count")
) { context, arguments in context.hostValues["unread"] = arguments.value("count") }
let run = Scenario.run("sdk kindly\nunread 3\nexpect app foreground\n", vocabulary: vocabulary)
print(run.report, terminator: "")
