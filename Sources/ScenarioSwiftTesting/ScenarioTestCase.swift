import Foundation
import ScenarioTesting
import Testing

extension ScenarioSuite {
    /// One test argument per case of every file, `file › case`, in file order: a failing case
    /// is a test case of its own, Xcode re-runs one case (the argument's ID is its name), and
    /// `SCN_FILTER` selects cases as `scn test --filter` does (``environmentSelection``).
    /// A file that does not check is one argument, its whole name, whose every diagnostic is
    /// an issue at its own place. Skipped cases are not arguments.
    ///
    /// ```swift
    /// @Test(arguments: ScenarioSuite("Scenarios").cases)
    /// func scenario(_ scenario: ScenarioTestCase) { scenario.run() }
    /// ```
    ///
    /// Each file is checked once here, when Swift Testing asks for the arguments, and its
    /// checked tree is kept for its cases' runs.
    public var cases: [ScenarioTestCase] {
        let selection = Self.environmentSelection()
        return files.flatMap { $0.cases(selection: selection) }
    }

    /// `SCN_FILTER=REGEX` in the environment: only the cases whose `file › case` it matches
    /// (as `scn test --filter`), e.g. `SCN_FILTER='tutorial.scn › cold' swift test --filter scenario`.
    /// An invalid pattern selects everything, and the first test says so.
    public static func environmentSelection(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Selection {
        guard let filter = environment["SCN_FILTER"], !filter.isEmpty else { return .all }
        return (try? Selection(filter: filter, tags: nil)) ?? .all
    }
}

extension ScenarioTestFile {
    /// The file's cases that `selection` selects, each an argument; the file as one argument
    /// when it does not check.
    public func cases(selection: Selection = .all) -> [ScenarioTestCase] {
        if problem != nil { return [ScenarioTestCase(file: self, caseName: nil, plan: nil)] }
        let plan = executor.plan(file: path, root: root)
        if plan.problem != nil {
            guard selection.filter == nil || selection.selects(file: name, case: "") else { return [] }
            return [ScenarioTestCase(file: self, caseName: nil, plan: plan)]
        }
        return plan.cases.filter { $0.skipReason == nil && selection.selects(file: name, case: $0.name, tags: $0.tags) }
            .map { ScenarioTestCase(file: self, caseName: $0.name, plan: plan) }
    }
}

/// One case of a scenario file: a Swift Testing argument named `file › case`.
public struct ScenarioTestCase: Sendable, CustomTestStringConvertible, Identifiable {
    /// The file it belongs to.
    public var file: ScenarioTestFile
    /// The case's name; nil for a file that does not check (the argument stands for the file).
    public var caseName: String?
    /// The file's plan, made once for all its cases.
    let plan: FilePlan?

    /// `file › case`: what Xcode shows and re-runs, and what `SCN_FILTER` matches.
    public var id: String { caseName.map { Selection.qualifiedName(file: file.name, case: $0) } ?? file.name }
    public var testDescription: String { id }

    /// The case's problems: its failure, or a reproduced known bug (a known issue); for a
    /// file that does not check, each diagnostic at its own place.
    public func problems() -> (problems: [ScenarioTestFile.Problem], trace: [String]?) {
        guard let plan else { return (file.problems(), nil) }
        if let problem = plan.problem {
            let each =
                problem.items.isEmpty
                ? [PlanProblem.Item(message: problem.message, location: problem.location)] : problem.items
            return (
                each.map { .init(message: "\(file.name) does not check:\n\($0.message)", location: $0.location) }, nil
            )
        }
        guard let caseName else { return ([], nil) }
        let outcomes = file.executor.run(plan: plan, cases: [caseName], options: ExecutionOptions(trace: true))
        let problems = outcomes.compactMap(file.problem(for:))
        return (problems, problems.isEmpty ? nil : outcomes.first?.trace)
    }

    /// Runs the case and records its problems at the scenario's file, line and column; a
    /// failing case's trace is attached to the test (`<case>.trace.txt`).
    public func run() {
        let (problems, trace) = problems()
        file.record(problems)
        if let trace, problems.contains(where: { $0.knownBug == nil }) {
            Attachment.record(
                trace.joined(separator: "\n") + "\n", named: (caseName ?? "scenario") + ".trace.txt")
        }
    }
}
