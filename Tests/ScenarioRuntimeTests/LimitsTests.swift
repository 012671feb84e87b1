import Foundation
import Synchronization
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

@testable import Edna
@testable import Kindly

/// docs/RELIABILITY.md: scenario files are untrusted; every limit ends the case with a clear error at
/// its position, and nothing hangs.
@Suite("Limits")
struct LimitsTests {
    @Test("a runaway repeat stops at the step limit")
    func runawayRepeat() throws {
        let (_, results) = try run("sdk kindly\nrepeat 1000000000 { wait 1s }\n", limits: Limits(maxSteps: 5_000))
        let failure = try #require(results.first?.failure)
        #expect(failure.kind == .limit)
        #expect(failure.message.contains("step limit reached"))
        #expect(failure.message.contains("5000"))
        #expect(results[0].steps == 5_001)
    }

    @Test("the default step limit is 1,000,000")
    func defaultStepLimit() {
        #expect(Limits().maxSteps == 1_000_000)
    }

    @Test("def f { f } stops at the call depth limit")
    func recursion() throws {
        let (script, results) = try run("sdk kindly\ndef f { f }\nf\n")
        let result = try #require(results.first)
        let failure = try #require(result.failure)
        #expect(failure.kind == .limit)
        #expect(failure.message.contains("call depth limit reached"))
        #expect(failure.message.contains("256"))
        let rendered = try #require(FailureReport.render(result, in: script))
        #expect(rendered.contains("test.scn:2:9"))
    }

    @Test("include outside the scenario root is refused before anything runs")
    func includeOutsideRoot() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("scn-limits-\(getpid())")
        let root = base.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try "launch killed\n".write(to: base.appendingPathComponent("outside.scn"), atomically: true, encoding: .utf8)
        let path = root.appendingPathComponent("main.scn").path
        let found = Language.check(
            SourceFile(path: path, text: "sdk kindly\ninclude \"../outside.scn\"\n"),
            registry: Vocabulary.standard.registry, loader: DirectoryLoader(root: root.path)
        ).diagnostics
        #expect(found.count == 1)
        #expect(found.first?.message.contains("outside the scenario root") == true)
    }

    @Test("a literal push raw file path outside the root is a check error at the path")
    func payloadFileOutsideRootLiteral() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("scn-raw-lit-\(getpid())")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let path = base.appendingPathComponent("main.scn").path
        let text = "sdk kindly\npush raw file \"../../etc/passwd\"\n"
        let found = Language.check(
            SourceFile(path: path, text: text), registry: Vocabulary.standard.registry,
            loader: DirectoryLoader(root: base.path)
        ).diagnostics
        #expect(found.count == 1)
        #expect(found.first?.message.contains("outside the scenario root") == true)
        let source = SourceFile(path: path, text: text)
        #expect(found.first.map { source.location(of: $0.range.start) } == SourceLocation(line: 2, column: 15))
    }

    @Test("a push raw file path from a variable outside the root is a step error, not a read")
    func payloadFileOutsideRoot() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("scn-raw-\(getpid())")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let path = base.appendingPathComponent("main.scn").path
        let (_, results) = try run(
            "sdk kindly\nlet p = \"../../etc/passwd\"\npush raw file $p\n", path: path,
            loader: DirectoryLoader(root: base.path))
        #expect(results[0].status == .failed)
        #expect(results[0].failure?.message.contains("outside the scenario root") == true)
    }

    @Test("a payload literal over 64 KiB is refused at its position")
    func payloadLiteralLimit() throws {
        let big = String(repeating: "x", count: 70_000)
        let found = diagnostics("sdk kindly\npush raw {\"aps\": {\"alert\": \"\(big)\"}}\n")
        #expect(found.contains { $0.message.contains("64") })
    }

    @Test("a thread that cannot start leaves its work to the caller, and no more are started; at most 64 start")
    func threadsThatCannotStart() {
        let runs = Mutex(0)
        // A stack larger than the address space: no thread can have it.
        Threads.run(4, stackSize: 1 << 50) { runs.withLock { $0 += 1 } }
        #expect(runs.withLock { $0 } == 1)
        let started = Mutex(0)
        Threads.run(100_000) { started.withLock { $0 += 1 } }
        #expect(started.withLock { $0 } == Threads.maxThreads)
    }

    @Test(
        "a configuration list past 1,000 entries is a check error at the line that crosses it",
        arguments: [
            ("category c%d actions a", "categories", "'category' number 1001"),
            ("action a%d foreground", "actions", "'action' number 1001"),
            ("app-group g%d both", "app groups", "'app-group' number 1001"),
        ])
    func configurationListBudget(line: String, what: String, label: String) throws {
        let lines = (0...1_000).map { line.replacingOccurrences(of: "%d", with: String($0)) }
        let text = "sdk none\n" + lines.joined(separator: "\n") + "\nlaunch background\n"
        let found = diagnostics(text)
        let error = try #require(found.first { $0.message.hasPrefix("too many") }, "\(found.map(\.message))")
        #expect(error.message == "too many \(what): an app declares at most 1000")
        #expect(error.label == label)
        #expect(error.location.line == 1_002)
        // 1,000 is allowed.
        let fits = "sdk none\n" + lines.dropLast().joined(separator: "\n") + "\nlaunch background\n"
        #expect(!diagnostics(fits).contains { $0.message.hasPrefix("too many") })
    }

    @Test("categories made at run time (a for over names) stop at the budget with an error at the line")
    func configurationListBudgetAtRunTime() throws {
        let names = "[" + (0...1_000).map { "c\($0)" }.joined(separator: ", ") + "]"
        let text = "sdk none\naction a foreground\nfor c in \(names) {\n    category $c actions a\n}\nlaunch background\n"
        let (_, results) = try run(text)
        let failure = try #require(results.first?.failure)
        #expect(failure.kind == .limit)
        #expect(failure.message == "too many categories: an app declares at most 1000")
        let range = try #require(failure.range)
        #expect(SourceFile(path: "test.scn", text: text).location(of: range.start).line == 4)
    }

    @Test(
        "a bundle id, apns-topic, certificate topic or app group over 255 bytes is a check error at the value",
        arguments: [
            ("app bundle %@", "a bundle id"), ("provider topic \"%@\"", "an apns-topic"),
            ("provider auth cert \"%@\"", "a certificate's topic"), ("app-group %@ both", "an app group's name"),
        ])
    func identifierLength(line: String, what: String) throws {
        let long = String(repeating: "a", count: 1_000_000)
        let text = "sdk none\n" + line.replacingOccurrences(of: "%@", with: long) + "\nlaunch background\n"
        let found = diagnostics(text)
        let error = try #require(found.first, "no error")
        #expect(error.message == "\(what) longer than 255 bytes (1000000)")
        #expect(error.location.line == 2)
        let fits = "sdk none\n" + line.replacingOccurrences(of: "%@", with: String(repeating: "a", count: 255))
        #expect(diagnostics(fits + "\nlaunch background\n").isEmpty)
        // Made at run time: a step error at the line.
        let made = "sdk none\nlet x = \"\(String(repeating: "a", count: 200))\"\n"
            + line.replacingOccurrences(of: "%@", with: "\"${x}${x}\"").replacingOccurrences(of: "\"\"", with: "\"")
            + "\nlaunch background\n"
        let (_, results) = try run(made)
        let failure = try #require(results.first?.failure)
        #expect(failure.message == "\(what) longer than 255 bytes (400)", "\(made.suffix(60))")
    }
}

