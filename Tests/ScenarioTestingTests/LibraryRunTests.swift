import StandardVocabulary
import Foundation
import ScenarioTesting
import Testing

/// `scn test` on the project's own scenario library with the real executor: reports are the
/// same whatever `--jobs` is, and shards partition the suite.
@Suite("Library run")
struct LibraryRunTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `scn test` in the package root with `arguments`; returns the exit code, stdout
    /// and the JSON report (if asked for with `--json`).
    static func test(_ arguments: [String]) -> (code: Int32, stdout: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = TestCommand.main(
            arguments: arguments, executor: RuntimeExecutor(), stdout: out, stderr: err, environment: [:],
            isTerminal: false, stderrIsTerminal: false, workingDirectory: root.path)
        return (code, out.text)
    }

    /// The JSON report with every `duration_ms` removed.
    static func jsonWithoutDurations(_ path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.contains("\"duration_ms\"") }.joined(separator: "\n")
            .replacingOccurrences(of: #""duration_ms": ?[0-9.]+,? ?"#, with: "", options: .regularExpression)
    }

    @Test("the JSON report and the console report are identical for --jobs 1 and --jobs 2")
    func jobsDoNotChangeReports() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scn-jobs-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = Self.test(["Scenarios", "--jobs", "1", "--json", dir.appendingPathComponent("1.json").path])
        let two = Self.test(["Scenarios", "--jobs", "2", "--json", dir.appendingPathComponent("2.json").path])
        #expect(one.code == 0)
        #expect(one.stdout == two.stdout)
        let a = try Self.jsonWithoutDurations(dir.appendingPathComponent("1.json").path)
        let b = try Self.jsonWithoutDurations(dir.appendingPathComponent("2.json").path)
        #expect(!a.isEmpty)
        #expect(a == b)
    }

    @Test("shards 1/3, 2/3 and 3/3 together run every case exactly once")
    func shardsPartitionTheLibrary() {
        func cases(_ args: [String]) -> [String] {
            Self.test(["Scenarios", "--list"] + args).stdout.split(separator: "\n").map(String.init)
        }
        let all = cases([])
        let shards = (1...3).map { cases(["--shard", "\($0)/3"]) }
        #expect(all.count > 100)
        #expect(shards.allSatisfy { !$0.isEmpty })
        #expect(shards.flatMap { $0 }.sorted() == all.sorted())
        #expect(Set(shards.flatMap { $0 }).count == all.count)
    }
}
