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

    /// One problem of a scenario file: the scenario's message and where it points.
    struct Problem {
        var message: String
        var location: FileLocation?
        /// The reference of a reproduced known bug: the problem is a known issue.
        var knownBug: String?
    }

    /// Checks `path` and runs its cases; every failure, with the scenario's own message.
    static func problems(path: String, root: String, shownAs name: String) -> [Problem] {
        let executor = RuntimeExecutor()
        let plan = executor.plan(file: path, root: root)
        if let problem = plan.problem {
            return [Problem(message: "\(name) does not check:\n\(problem.message)", location: problem.location)]
        }
        let runnable = plan.cases.filter { $0.skipReason == nil }.map(\.name)
        return executor.run(plan: plan, cases: runnable, options: ExecutionOptions()).compactMap { outcome in
            switch outcome.status {
            case .passed, .skipped: return nil
            case .failed, .error, .noLongerReproduces:
                return Problem(
                    message: "\(name) › \(outcome.name)\n\(outcome.message ?? "")", location: outcome.location)
            case .reproduced(let reference):
                return Problem(
                    message: "\(name) › \(outcome.name)\n\(outcome.message ?? "")", location: outcome.location,
                    knownBug: reference)
            }
        }
    }

    /// Records each problem as a test issue at the scenario's own file, line and column; a
    /// reproduced known bug as a known issue (Swift Testing's `withKnownIssue`), so it shows
    /// in the report without failing the test.
    static func record(_ problems: [Problem]) {
        for problem in problems {
            let comment = Comment(rawValue: problem.message)
            let location = sourceLocation(problem.location)
            if let reference = problem.knownBug {
                withKnownIssue(Comment(rawValue: "known bug: " + reference)) {
                    Issue.record(comment, sourceLocation: location)
                }
            } else {
                Issue.record(comment, sourceLocation: location)
            }
        }
    }

    static func sourceLocation(_ at: FileLocation?) -> SourceLocation {
        guard let at else {
            return SourceLocation(fileID: "scn/Scenarios", filePath: scenariosFolder, line: 1, column: 1)
        }
        return SourceLocation(fileID: "scn/" + at.path, filePath: at.path, line: at.line, column: max(1, at.column))
    }
}

@Suite("Scenario library")
struct ScenarioLibraryTests {
    @Test("the library is found from the package root")
    func libraryIsFound() {
        #expect(Library.files.count > 10)
        #expect(Library.files.allSatisfy { $0.hasPrefix("Scenarios/") && $0.hasSuffix(".scn") })
    }

    @Test("scenario file passes", arguments: Library.files)
    func scenarioFilePasses(_ relativePath: String) {
        let path = Library.root.appendingPathComponent(relativePath).path
        Library.record(Library.problems(path: path, root: Library.scenariosFolder, shownAs: relativePath))
    }

    @Test("a deliberately broken scenario fails with the scenario's message and location")
    func brokenScenarioFails() throws {
        let folder = Library.root.appendingPathComponent("Tests/ScenariosTests/Fixtures").path
        let path = folder + "/broken.scn"
        let problems = Library.problems(path: path, root: folder, shownAs: "broken.scn")
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.location == FileLocation(path: path, line: 7, column: 1))
        #expect(problem.message.contains("expect banner \"Bob\""))
        #expect(problem.message.contains("= expected: newest banner \"Bob\""))
        // The same path the library test takes: the issue is recorded, at the scenario.
        withKnownIssue {
            Library.record(problems)
        } matching: { issue in
            issue.sourceLocation?.line == 7 && String(describing: issue).contains("newest banner \"Bob\"")
        }
    }

    @Test("a reproduced known bug is a known issue; one that no longer reproduces is a failure")
    func knownBugs() throws {
        let folder = Library.root.appendingPathComponent("Tests/ScenariosTests/Fixtures").path
        let path = folder + "/known-bug.scn"
        let problems = Library.problems(path: path, root: folder, shownAs: "known-bug.scn")
        #expect(problems.count == 2)
        let reproduced = try #require(problems.first { $0.knownBug != nil })
        #expect(reproduced.knownBug == "https://example.com/issues/1")
        // Recorded as a known issue: this test does not fail because of it.
        Library.record([reproduced])
        let fixed = try #require(problems.first { $0.knownBug == nil })
        #expect(fixed.message.contains("known bug no longer reproduces: https://example.com/issues/2"))
        withKnownIssue {
            Library.record([fixed])
        } matching: { issue in
            String(describing: issue).contains("no longer reproduces")
        }
    }
}
