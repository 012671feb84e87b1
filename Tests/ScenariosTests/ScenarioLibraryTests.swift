import Foundation
import ScenarioTesting
import Testing

/// Every file under Scenarios/ is one test: checked, then every case run, failing with the
/// scenario's own message and location.
enum Library {
    /// The package root, found from this file (not from the working directory).
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var scenariosFolder: String { root.appendingPathComponent("Scenarios").path }

    /// Paths relative to the package root, sorted.
    static let files: [String] = {
        (try? Discovery.discover(paths: [scenariosFolder]))?.map { file in
            file.path.hasPrefix(root.path + "/") ? String(file.path.dropFirst(root.path.count + 1)) : file.path
        } ?? []
    }()
}

@Suite("Scenario library")
struct ScenarioLibraryTests {
    @Test("the library is not empty")
    func libraryIsFound() {
        #expect(Library.files.count > 10)
    }

    @Test("scenario file passes", arguments: Library.files)
    func scenarioFilePasses(_ relativePath: String) {
        let path = Library.root.appendingPathComponent(relativePath).path
        let executor = RuntimeExecutor()
        let plan = executor.plan(file: path, root: Library.scenariosFolder)
        if let problem = plan.problem {
            Issue.record(
                Comment(rawValue: "\(relativePath) does not check:\n\(problem.message)"),
                sourceLocation: location(problem.location))
            return
        }
        let runnable = plan.cases.filter { $0.skipReason == nil }.map(\.name)
        for outcome in executor.run(plan: plan, cases: runnable, options: ExecutionOptions()) {
            switch outcome.status {
            case .passed, .skipped: continue
            case .failed, .error:
                Issue.record(
                    Comment(rawValue: "\(relativePath) › \(outcome.name)\n\(outcome.message ?? "")"),
                    sourceLocation: location(outcome.location))
            }
        }
    }

    private func location(_ at: FileLocation?) -> SourceLocation {
        guard let at else {
            return SourceLocation(fileID: "scn/Scenarios", filePath: Library.scenariosFolder, line: 1, column: 1)
        }
        return SourceLocation(fileID: "scn/" + at.path, filePath: at.path, line: at.line, column: at.column)
    }
}
