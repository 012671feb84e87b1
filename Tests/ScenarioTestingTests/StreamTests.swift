import StandardVocabulary
import Foundation
import Synchronization
import Testing

@testable import ScenarioTesting

/// A suite streams: files are planned as the run reaches them, results come back in file
/// order, and no more than the window of files is planned beyond the earliest one not yet
/// reported, however slow that one is.
@Suite struct StreamTests {
    /// Counts what the runner plans; the first file's run takes a while (up to 0.2 s, or
    /// until 12 files are planned), so the other worker runs ahead as far as it may.
    final class Counting: ScenarioExecutor {
        let planned = Mutex(0)

        func plan(file: String, root: String) -> FilePlan {
            planned.withLock { $0 += 1 }
            if file == "f1.scn" { return FilePlan(file: file, root: root, cases: []) }
            return FilePlan(file: file, root: root, cases: [PlannedCase(name: "a"), PlannedCase(name: "b")])
        }

        func run(plan: FilePlan, cases: [String], options: ExecutionOptions) -> [CaseOutcome] {
            if plan.file == "f0.scn" {
                // Holds the first file back while the other worker plans as far as it may.
                for _ in 0..<200 where planned.withLock({ $0 }) < 12 {
                    Thread.sleep(forTimeInterval: 0.001)
                }
            }
            return cases.map { .passed($0) }
        }
    }

    @Test func resultsInFileOrderWithABoundedWindow() {
        let executor = Counting()
        let files = (0..<40).map { ScenarioFile(path: "f\($0).scn", root: ".") }
        let reported = Mutex<[String]>([])
        let aheadAtReport = Mutex(0)
        let runner = SuiteRunner(executor: executor, jobs: 2)
        let totals = runner.stream(
            files, window: 4,
            onResult: { result in
                reported.withLock { $0.append(result.path) }
                if result.path == "f0.scn" { aheadAtReport.withLock { $0 = executor.planned.withLock { $0 } } }
            })
        // f1 has no case: not reported.
        #expect(reported.withLock { $0 } == files.map(\.path).filter { $0 != "f1.scn" })
        #expect(totals.files == 39)
        #expect(totals.tally.passed == 78)
        // While f0 ran, at most the window (f0 to f3) had been taken.
        #expect(aheadAtReport.withLock { $0 } <= 4)
    }
}
