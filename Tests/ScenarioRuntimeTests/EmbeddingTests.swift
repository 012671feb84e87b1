import NotificationCore
import ScenarioLanguage
import ScenarioRuntime
import Testing

/// SPEC §9: a host program adds its own commands and expectations to the registry, the
/// same way the built-ins are registered, and reads results and traces as values.
@Suite("Embedding")
struct EmbeddingTests {
    /// A host vocabulary: `badge N` keeps a number, `expect badge N` checks it, and
    /// `expect banner count-at-least N` reads the world.
    static func hostVocabulary() throws -> Vocabulary {
        var vocabulary = Vocabulary.standard
        try vocabulary.register(
            Signature(["badge"], [Parameter("count", .integer)], role: .action, topic: "Host", summary: "set the badge")
        ) { context, args throws(StepError) in
            context.hostValues["badge"] = args.value("count")
        }
        try vocabulary.register(
            Signature(
                ["expect", "badge"], [Parameter("count", .integer)], role: .expectation, topic: "Host",
                summary: "the badge shows N")
        ) { context, args throws(StepError) in
            let want = args.integer("count") ?? 0
            let have = context.hostValues["badge"]?.text ?? "none"
            guard have == String(want) else {
                throw .expectation("badge", expected: "badge \(want)", actual: "badge \(have)")
            }
        }
        try vocabulary.register(
            Signature(
                ["expect", "banner", "count-at-least"], [Parameter("count", .integer)], role: .expectation,
                topic: "Host", summary: "at least N banners")
        ) { context, args throws(StepError) in
            let world = try context.observe()
            let want = args.integer("count") ?? 0
            guard world.banners.count >= want else {
                throw .expectation("banners", expected: "at least \(want)", actual: "\(world.banners.count)")
            }
        }
        return vocabulary
    }

    @Test("a command and an expectation registered from outside run in a scenario")
    func hostCommandsRun() throws {
        let vocabulary = try Self.hostVocabulary()
        let (_, results) = try run(
            """
            sdk kindly
            launch background
            push kindly visible
            badge 3
            expect badge 3
            expect banner count-at-least 1
            """, vocabulary: vocabulary)
        #expect(results.count == 1)
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
        #expect(results[0].context.world?.banners.count == 1)
        #expect(results[0].trace.contains { $0.kind == .bannerShown })
    }

    @Test("a failing host expectation fails the case with its message")
    func hostExpectationFails() throws {
        let (_, results) = try run("sdk kindly\nbadge 2\nexpect badge 3\n", vocabulary: try Self.hostVocabulary())
        #expect(results[0].status == .failed)
        #expect(results[0].failure?.expected == "badge 3")
        #expect(results[0].failure?.actual == "badge 2")
    }

    @Test("the checker knows host commands: a wrong argument is a check error")
    func hostCommandsAreChecked() throws {
        let found = diagnostics("sdk kindly\nbadge lots\n", vocabulary: try Self.hostVocabulary())
        #expect(found.count == 1)
        #expect(found.first?.message.contains("expected a whole number") == true)
    }

    @Test("the standard vocabulary does not know host commands")
    func standardVocabularyIsUntouched() {
        let found = diagnostics("sdk kindly\nbadge 3\n")
        #expect(found.first?.message.contains("unknown command 'badge'") == true)
    }

    @Test("a name registered twice is refused")
    func duplicateRegistration() {
        var vocabulary = Vocabulary.standard
        #expect(throws: Registry.RegistrationError.duplicate("wait")) {
            try vocabulary.register(
                Signature(["wait"], role: .action, topic: "Host", summary: "again")
            ) { _, _ throws(StepError) in }
        }
    }
}
