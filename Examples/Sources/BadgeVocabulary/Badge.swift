import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

extension Vocabulary {
    /// `base` (the built-in vocabulary) plus the host's unread count: `unread N` sets it, `expect
    /// unread N` checks it.
    public static func badge(base: Vocabulary = .standard) throws -> Vocabulary {
        var vocabulary = base
        try vocabulary.register(
            Signature(["unread"], [Parameter("count", .integer)], role: .action, topic: "Host", summary: "set the host's unread count")
        ) { context, arguments in
            context.hostValues["unread"] = arguments.value("count")
        }
        try vocabulary.register(
            Signature(
                ["expect", "unread"], [Parameter("count", .integer)], role: .expectation, topic: "Host",
                summary: "the host's unread count is N")
        ) { context, arguments throws(StepError) in
            let want = arguments.value("count")?.text ?? "none"
            let have = context.hostValues["unread"]?.text ?? "none"
            guard have == want else { throw .expectation("unread", expected: "unread \(want)", actual: "unread \(have)") }
        }
        return vocabulary
    }
}
