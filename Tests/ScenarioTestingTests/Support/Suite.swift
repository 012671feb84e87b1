import StandardVocabulary
import Foundation
import ScenarioTesting

/// A folder of files laid out for one test, deleted when the test ends.
final class TemporarySuite {
    let directory: String

    /// Creates `files` (relative path → content) in a fresh temporary folder.
    init(_ files: [String: String]) throws {
        directory =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("scn-testing-\(UUID().uuidString)").path
        for (path, content) in files {
            let url = URL(fileURLWithPath: directory + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    var executor: FakeExecutor { FakeExecutor(base: directory) }

    /// The result of running `scn test arguments` in this folder.
    struct Run {
        var code: Int32
        var stdout: String
        var stderr: String
    }

    func run(
        _ arguments: [String], executor: FakeExecutor? = nil, environment: [String: String] = [:],
        isTerminal: Bool = false, stderrIsTerminal: Bool? = nil
    ) -> Run {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = TestCommand.main(
            arguments: arguments, executor: executor ?? self.executor, stdout: out, stderr: err,
            environment: environment, isTerminal: isTerminal, stderrIsTerminal: stderrIsTerminal,
            workingDirectory: directory, defaultJobs: 2)
        return Run(code: code, stdout: out.text, stderr: err.text)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: directory + "/" + path, encoding: .utf8)
    }
}

/// A passing file and a failing one: the smallest suite with both outcomes.
let passingAndFailing = [
    "Scenarios/a.scn": "case ok pass\n",
    "Scenarios/b.scn": "case broken fail\n",
]

/// A suite with every kind of outcome over several folders.
let mixedSuite = [
    "Scenarios/kindly/cold-start.scn": "tags kindly\ncase cold_tap pass slow\ncase warm_tap pass\n",
    "Scenarios/kindly/foreground.scn": "tags kindly\ncase on_chat fail\ncase on_host pass smoke\n",
    "Scenarios/edna/campaign.scn": "tags edna\ncase quote skip needs edna 5\ncase plain pass smoke\n",
    "Scenarios/edna/single.scn": "tags edna smoke\n",
    "Scenarios/other.scn": "case alone pass\n",
]
