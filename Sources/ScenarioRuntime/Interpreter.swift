import NotificationCore
import ScenarioLanguage

/// The outcome of one case.
public struct CaseResult: Sendable {
    public enum Status: Hashable, Sendable {
        case passed
        /// An expectation, a precondition or a limit (exit 1).
        case failed
        case skipped(reason: String)
        /// An internal error: an invariant of the core broke (exit 3).
        case error
    }

    public var name: String
    public var tags: [String]
    public var status: Status
    public var failure: StepError?
    /// The state the case ended in (its world holds the trace and the log).
    public var context: ScenarioContext
    public var steps: Int

    /// The trace of the case's world (empty if the app was never installed).
    public var trace: [TraceEvent] { context.world?.trace ?? [] }
}

/// Runs checked scripts: each case in a fresh context, prologue first.
public struct Interpreter: Sendable {
    public var vocabulary: Vocabulary
    public var limits: Limits

    public init(vocabulary: Vocabulary = .standard, limits: Limits = Limits()) {
        self.vocabulary = vocabulary
        self.limits = limits
    }

    /// Runs every case of `script`, in order.
    public func run(_ script: CheckedScript, loader: (any SourceLoader)? = nil) -> [CaseResult] {
        script.cases.map { run(script, case: $0, loader: loader) }
    }

    /// Runs one case of `script` in a fresh world.
    public func run(_ script: CheckedScript, case testCase: CheckedCase, loader: (any SourceLoader)? = nil)
        -> CaseResult
    {
        var session = Session(vocabulary: vocabulary, context: ScenarioContext(loader: loader, limits: limits))
        if let reason = testCase.skip {
            return CaseResult(
                name: testCase.name, tags: testCase.tags, status: .skipped(reason: reason), failure: nil,
                context: session.context, steps: 0)
        }
        do {
            try session.execute(script.prologue)
            for (name, value) in testCase.bindings.sorted(by: { $0.key.range.start < $1.key.range.start }) {
                session.environment.bind(name.text, value)
            }
            try session.execute(testCase.body)
            return CaseResult(
                name: testCase.name, tags: testCase.tags, status: .passed, failure: nil, context: session.context,
                steps: session.steps)
        } catch {
            return CaseResult(
                name: testCase.name, tags: testCase.tags, status: error.kind == .internal ? .error : .failed,
                failure: error, context: session.context, steps: session.steps)
        }
    }
}
