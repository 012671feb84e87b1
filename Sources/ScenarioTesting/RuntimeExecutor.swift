import NotificationCore
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

/// The executor `scn test` uses: checks files with the vocabulary's registry and runs
/// their cases with the interpreter, each case in a fresh world.
public struct RuntimeExecutor: ScenarioExecutor {
    public var vocabulary: Vocabulary
    /// A loader per scenario root, made once: a suite's files share their root, and
    /// resolving it (standardized, symlinks resolved) cost 52K instructions a file.
    private let loaders = Locked<[String: DirectoryLoader]>([:])

    public init(vocabulary: Vocabulary = .standard) {
        self.vocabulary = vocabulary
    }

    private func loader(root: String) -> DirectoryLoader {
        if let known = loaders.withLock({ $0[root] }) { return known }
        let made = DirectoryLoader(root: root)
        loaders.withLock { known in
            // Roots are few (one per folder named on the command line); a bound all the same.
            if known.count >= 64 { known.removeAll() }
            known[root] = made
        }
        return made
    }

    /// What `plan` hands back to `run`: the checked script and its loader.
    struct Checked: Sendable {
        var script: CheckedScript
        var loader: DirectoryLoader
    }

    public func plan(file: String, root: String) -> FilePlan {
        let loaded = ScenarioLoader(vocabulary: vocabulary).load(path: file, loader: loader(root: root))
        if let error = loaded.error {
            return .checkFailed(file: file, root: root, diagnostics: "error: \(error)")
        }
        guard let result = loaded.result else {
            return .internalError(file: file, root: root, message: "the checker returned nothing")
        }
        guard let script = result.script, result.diagnostics.isEmpty else {
            let first = result.diagnostics.first.map {
                FileLocation(path: $0.path, line: $0.location.line, column: $0.location.column)
            }
            let items = result.diagnostics.map {
                PlanProblem.Item(
                    message: Language.render([$0]),
                    location: FileLocation(path: $0.path, line: $0.location.line, column: $0.location.column))
            }
            return .checkFailed(
                file: file, root: root, diagnostics: Language.render(result.diagnostics), location: first,
                items: items)
        }
        let cases = script.cases.map { c in
            let at = script.source.location(of: c.nameRange.start)
            return PlannedCase(
                name: c.name, tags: c.tags, skipReason: c.skip,
                location: FileLocation(path: file, line: at.line, column: at.column), knownBug: c.knownBug)
        }
        return FilePlan(file: file, root: root, cases: cases, payload: Checked(script: script, loader: loaded.loader))
    }

    public func run(plan: FilePlan, cases: [String], options: ExecutionOptions) -> [CaseOutcome] {
        guard let checked = plan.payload as? Checked else {
            return cases.map { .error($0, message: "internal error: the plan holds no checked script") }
        }
        // Only --trace shows a whole trace: otherwise a case keeps what its report quotes.
        let interpreter = Interpreter(
            vocabulary: vocabulary, limits: Limits(maxSteps: options.maxSteps), keepsWholeRecords: options.trace)
        let keeping = interpreter.recordKeeping(for: checked.script)
        let wanted = Set(cases)
        var outcomes: [CaseOutcome] = []
        for testCase in checked.script.cases where wanted.contains(testCase.name) {
            let outcome = CaseOutcome.timed {
                let result = interpreter.run(
                    checked.script, case: testCase, loader: checked.loader, keeping: keeping)
                var outcome = Self.outcome(result, script: checked.script)
                if options.trace { outcome.trace = result.trace.map(\.line) }
                if options.diagrams && outcome.status.tellsAStory {
                    outcome.trace = result.trace.map(\.line)
                    outcome.diagram = SequenceDiagram(trace: result.trace)
                }
                return outcome
            }
            outcomes.append(outcome)
        }
        return outcomes
    }

    static func outcome(_ result: CaseResult, script: CheckedScript) -> CaseOutcome {
        switch result.status {
        case .passed: return .passed(result.name)
        case .skipped(let reason): return .skipped(result.name, reason: reason)
        case .noLongerReproduces(let reference): return .noLongerReproduces(result.name, reference: reference)
        case .failed, .error, .reproduced:
            let message = FailureReport.render(result, in: script) ?? "failed"
            var location: FileLocation?
            if let failure = result.failure {
                let d = FailureReport.diagnostic(failure, sources: script.sources, fallback: script.source)
                location = FileLocation(path: d.path, line: d.location.line, column: d.location.column)
            }
            if case .reproduced(let reference) = result.status {
                var outcome = CaseOutcome.reproduced(result.name, reference: reference, message: message, at: location)
                outcome.knownBug = result.knownBug
                return outcome
            }
            if result.status == .error { return .error(result.name, message: message, at: location) }
            if let evidence = result.knownBug {
                // A known bug that did not reproduce as stated: what it states and what
                // happened first, then the failure as any other.
                var outcome = CaseOutcome.failed(
                    result.name,
                    message: KnownBugText.notAsStated + "\n  stated:   " + evidence.stated + "\n  happened: "
                        + evidence.happened + "\n" + message,
                    at: location)
                outcome.knownBug = evidence
                return outcome
            }
            return .failed(result.name, message: message, at: location)
        }
    }
}
