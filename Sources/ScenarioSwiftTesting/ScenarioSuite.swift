import Foundation
import ScenarioRuntime
import ScenarioTesting
import StandardVocabulary
import Testing

/// A folder of scenarios as Swift Testing cases: one test case per scenario case
/// (``cases``, `file › case`) or per file (``files``), every failure recorded as an issue at
/// the scenario's own file, line and column.
///
/// ```swift
/// import ScenarioSwiftTesting
/// import Testing
///
/// @Test(arguments: ScenarioSuite("Scenarios").cases)
/// func scenario(_ scenario: ScenarioTestCase) { scenario.run() }
/// ```
public struct ScenarioSuite: Sendable {
    /// The folder, as an absolute path.
    public var folder: String
    /// The package root the folder was found from (file names are shown relative to it).
    public var packageRoot: String
    /// What checks and runs each file.
    public var executor: any ScenarioExecutor

    /// The suite of every `*.scn` below `folder`.
    ///
    /// - Parameters:
    ///   - folder: relative to the package root (the nearest folder above `filePath` that
    ///     holds a `Package.swift`), or absolute.
    ///   - vocabulary: the commands the scenarios may use.
    ///   - filePath: where the call is written; leave it to the default.
    public init(_ folder: String = "Scenarios", vocabulary: Vocabulary = .standard, filePath: String = #filePath) {
        self.init(folder, executor: RuntimeExecutor(vocabulary: vocabulary), filePath: filePath)
    }

    /// The same with any executor (a fake one in tests, a host's own).
    public init(_ folder: String, executor: any ScenarioExecutor, filePath: String = #filePath) {
        let root = ScenarioSuite.packageRoot(above: filePath)
        self.packageRoot = root
        self.folder = folder.hasPrefix("/") ? folder : URL(fileURLWithPath: root).appendingPathComponent(folder).path
        self.executor = executor
    }

    /// One test argument per scenario file, sorted by path. A folder that cannot be read
    /// gives one argument that fails with the reason.
    public var files: [ScenarioTestFile] {
        do {
            return try Discovery.discover(paths: [folder]).map { file in
                ScenarioTestFile(path: file.path, root: file.root, name: shown(file.path), executor: executor)
            }
        } catch {
            return [
                ScenarioTestFile(
                    path: folder, root: folder, name: shown(folder), executor: executor, problem: error.message)
            ]
        }
    }

    private func shown(_ path: String) -> String {
        path.hasPrefix(packageRoot + "/") ? String(path.dropFirst(packageRoot.count + 1)) : path
    }

    /// The nearest folder above `filePath` that holds a `Package.swift`; the current
    /// folder when there is none.
    static func packageRoot(above filePath: String) -> String {
        let fm = FileManager.default
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if fm.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder.path }
            folder.deleteLastPathComponent()
        }
        return fm.currentDirectoryPath
    }
}

/// One scenario file of a ``ScenarioSuite``: a Swift Testing argument, named by its path.
public struct ScenarioTestFile: Sendable, CustomTestStringConvertible {
    /// The file's path and its scenario root.
    public var path: String
    public var root: String
    /// The path shown: relative to the package root.
    public var name: String
    var executor: any ScenarioExecutor
    /// Why the file could not even be found.
    var problem: String?

    init(path: String, root: String, name: String, executor: any ScenarioExecutor, problem: String? = nil) {
        self.path = path
        self.root = root
        self.name = name
        self.executor = executor
        self.problem = problem
    }

    public var testDescription: String { name }

    /// One problem of the file: the scenario's message and where it points.
    public struct Problem: Sendable {
        public var message: String
        public var location: FileLocation?
        /// The reference of a reproduced known bug: the problem is a known issue.
        public var knownBug: String?
        /// What reproduced it: the console's `by:` line.
        public var by: String?
    }

    /// Checks the file and runs its cases; every failure, with the scenario's own message.
    public func problems() -> [Problem] {
        if let problem { return [Problem(message: problem, location: nil)] }
        let plan = executor.plan(file: path, root: root)
        if let problem = plan.problem {
            return [Problem(message: "\(name) does not check:\n\(problem.message)", location: problem.location)]
        }
        let runnable = plan.cases.filter { $0.skipReason == nil }.map(\.name)
        return executor.run(plan: plan, cases: runnable, options: ExecutionOptions()).compactMap(problem(for:))
    }

    /// What a case's outcome is to a test: nothing when it passed or was skipped.
    func problem(for outcome: CaseOutcome) -> Problem? {
        let message = "\(name) › \(outcome.name)\n\(outcome.message ?? "")"
        switch outcome.status {
        case .passed, .skipped: return nil
        case .failed, .error, .noLongerReproduces:
            // A known bug that did not reproduce as stated: its message names what the case
            // states and what happened.
            return Problem(message: message, location: outcome.location)
        case .reproduced(let reference):
            return Problem(
                message: message, location: outcome.location, knownBug: reference, by: outcome.knownBug?.byLine)
        }
    }

    /// Checks and runs the file, recording each problem as an issue of the current test
    /// at the scenario's file, line and column.
    public func run() {
        record(problems())
    }

    /// Records problems as issues at their scenario locations; a reproduced known bug as a
    /// known issue (Swift Testing's `withKnownIssue`), so it shows in the report without
    /// failing the test.
    public func record(_ problems: [Problem]) {
        for problem in problems {
            let comment = Comment(rawValue: problem.message)
            let location = sourceLocation(problem.location)
            if let reference = problem.knownBug {
                let known = KnownBugText.reproduced(reference) + (problem.by.map { "; by: " + $0 } ?? "")
                withKnownIssue(Comment(rawValue: known)) {
                    Issue.record(comment, sourceLocation: location)
                }
            } else {
                Issue.record(comment, sourceLocation: location)
            }
        }
    }

    func sourceLocation(_ at: FileLocation?) -> SourceLocation {
        guard let at else {
            return SourceLocation(fileID: "scn/" + name, filePath: path, line: 1, column: 1)
        }
        return SourceLocation(fileID: "scn/" + at.path, filePath: at.path, line: at.line, column: max(1, at.column))
    }
}
