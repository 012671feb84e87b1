import Foundation
import NotificationCore
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

@testable import Edna
@testable import Kindly

/// docs/EMBEDDING.md: a host program adds its own commands and expectations to the registry, the
/// same way the built-ins are registered, and reads results and traces as values.
@Suite("Embedding")
struct EmbeddingTests {
    /// A host vocabulary: `unread N` keeps a number, `expect unread N` checks it, and
    /// `expect banner count-at-least N` reads the world.
    static func hostVocabulary() throws -> Vocabulary {
        var vocabulary = Vocabulary.standard
        try vocabulary.register(
            Signature(["unread"], [Parameter("count", .integer)], role: .action, topic: "Host", summary: "set the host's unread count")
        ) { context, args throws(StepError) in
            context.hostValues["unread"] = args.value("count")
        }
        try vocabulary.register(
            Signature(
                ["expect", "unread"], [Parameter("count", .integer)], role: .expectation, topic: "Host",
                summary: "the host's unread count is N")
        ) { context, args throws(StepError) in
            let want = args.integer("count") ?? 0
            let have = context.hostValues["unread"]?.text ?? "none"
            guard have == String(want) else {
                throw .expectation("unread", expected: "unread \(want)", actual: "unread \(have)")
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
            unread 3
            expect unread 3
            expect banner count-at-least 1
            """, vocabulary: vocabulary)
        #expect(results.count == 1)
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
        #expect(results[0].context.world?.banners.count == 1)
        #expect(results[0].trace.contains { $0.kind == .bannerShown })
    }

    @Test("a failing host expectation fails the case with its message")
    func hostExpectationFails() throws {
        let (_, results) = try run("sdk kindly\nunread 2\nexpect unread 3\n", vocabulary: try Self.hostVocabulary())
        #expect(results[0].status == .failed)
        #expect(results[0].failure?.expected == "unread 3")
        #expect(results[0].failure?.actual == "unread 2")
    }

    @Test("the checker knows host commands: a wrong argument is a check error")
    func hostCommandsAreChecked() throws {
        let found = diagnostics("sdk kindly\nunread lots\n", vocabulary: try Self.hostVocabulary())
        #expect(found.count == 1)
        #expect(found.first?.message.contains("expected a whole number") == true)
    }

    @Test("the standard vocabulary does not know host commands")
    func standardVocabularyIsUntouched() {
        let found = diagnostics("sdk kindly\nunread 3\n")
        #expect(found.first?.message.contains("unknown command 'unread'") == true)
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

/// The one-call entry point: check and run a string, results as values.
@Suite("Scenario.run")
struct ScenarioRunTests {
    @Test("a host command runs from a string in one call")
    func hostCommandFromString() throws {
        let run = Scenario.run(
            "sdk kindly\nunread 3\nexpect unread 3\nexpect app foreground\n",
            vocabulary: try EmbeddingTests.hostVocabulary())
        #expect(run.passed)
        #expect(run.diagnostics.isEmpty)
        #expect(run.results.map(\.name) == ["scenario"])
        #expect(run.report == "ok scenario\n")
        #expect(run.results.first?.context.hostValues["unread"]?.text == "3")
    }

    @Test("check errors: nothing runs, the report is the diagnostics")
    func checkErrors() {
        let run = Scenario.run("sdk kindly\nunread 3\n", path: "host.scn")
        #expect(!run.passed)
        #expect(run.results.isEmpty)
        #expect(run.report.contains("error: unknown command 'unread'"))
        #expect(run.report.contains("--> host.scn:2:1"))
    }

    @Test("a failing case: its line, and the failure report under it")
    func failure() throws {
        let run = Scenario.run(
            "sdk kindly\ncase \"a\" {\n  unread 2\n  expect unread 3\n}\ncase \"b\" {\n  skip \"later\"\n}\n",
            vocabulary: try EmbeddingTests.hostVocabulary())
        #expect(!run.passed)
        #expect(run.report.hasPrefix("FAIL a\n"))
        #expect(run.report.contains("= expected: unread 3"))
        #expect(run.report.hasSuffix("skip b (later)\n"))
    }

    @Test("a reproduced known bug passes and reads 'known'; one that no longer reproduces fails")
    func knownBugs() throws {
        let reproduced = Scenario.run(
            "sdk kindly\nknown-bug \"https://example.com/1\"\npush kindly visible\nexpect banners 2\n")
        #expect(reproduced.results.map(\.status.word) == ["KNOWN"])
        #expect(reproduced.passed)
        #expect(
            reproduced.report.hasPrefix("known scenario (known bug: https://example.com/1)\n"), "\(reproduced.report)")
        #expect(!reproduced.report.contains("FAIL"))
        #expect(reproduced.report.contains("= expected: 2 banner"), "the failure that reproduces it, under its line")

        let fixed = Scenario.run(
            "sdk kindly\nknown-bug \"https://example.com/1\"\npush kindly visible\nexpect banners 1\n")
        #expect(fixed.results.map(\.status.word) == ["FIXED?"])
        #expect(!fixed.passed, "scn run exits 1 for it")
        #expect(fixed.report == "FAIL scenario (known bug no longer reproduces: https://example.com/1)\n")
    }

    @Test("without a root, include is a check error; with one, files are read inside it")
    func includes() throws {
        #expect(!Scenario.run("include \"x.scn\"\n").passed)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scn-run-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "def cold {\n  launch killed\n}\n".write(
            to: folder.appendingPathComponent("lib.scn"), atomically: true, encoding: .utf8)
        let run = Scenario.run(
            "sdk kindly\ninclude \"lib.scn\"\ncold\nexpect app killed\n", path: folder.path + "/main.scn",
            root: folder.path)
        #expect(run.passed, "\(run.report)")
    }
}

/// The guide's own figures. (That each block of docs/EMBEDDING.md marked `<!-- file: PATH -->`
/// is that file is checked with the other doc samples, in the tool's tests.)
@Suite("Embedding guide")
struct EmbeddingGuideTests {
    @Test("a host needs at most 10 lines to run a string with its own command, 5 for a folder of tests or its own tool")
    func lineCounts() throws {
        func lines(_ path: String) throws -> Int {
            try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
                .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        }
        #expect(try lines("Examples/Sources/run-string/main.swift") <= 10)
        #expect(try lines("Examples/Tests/BadgeScenariosTests/BadgeScenariosTests.swift") <= 5)
        #expect(try lines("Examples/Sources/badge-scn/main.swift") <= 5)
    }
}
