import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

extension Vocabulary {
    /// `base` (the built-in vocabulary) plus the host's badge: `badge N` sets it, `expect
    /// badge N` checks it.
    public static func badge(base: Vocabulary = .standard) throws -> Vocabulary {
        var vocabulary = base
        try vocabulary.register(
            Signature(["badge"], [Parameter("count", .integer)], role: .action, topic: "Host", summary: "set the badge")
        ) { context, arguments in
            context.hostValues["badge"] = arguments.value("count")
        }
        try vocabulary.register(
            Signature(
                ["expect", "badge"], [Parameter("count", .integer)], role: .expectation, topic: "Host",
                summary: "the badge shows N")
        ) { context, arguments throws(StepError) in
            let want = arguments.value("count")?.text ?? "none"
            let have = context.hostValues["badge"]?.text ?? "none"
            guard have == want else { throw .expectation("badge", expected: "badge \(want)", actual: "badge \(have)") }
        }
        return vocabulary
    }
}
