import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

var vocabulary = Vocabulary.standard
try vocabulary.register(
    Signature(["badge"], [Parameter("count", .integer)], role: .action, topic: "Host", summary: "set the badge")
) { context, arguments in context.hostValues["badge"] = arguments.value("count") }
let run = Scenario.run("sdk kindly\nbadge 3\nexpect app foreground\n", vocabulary: vocabulary)
print(run.report, terminator: "")
