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
        /// A `known-bug` case failed as the bug says: the bug is reproduced, which counts as
        /// passing. ``CaseResult/failure`` holds the failure.
        case reproduced(knownBug: String)
        /// A `known-bug` case passed: the bug no longer reproduces, which counts as a failure
        /// (exit 1) so that the marker is removed once the bug is fixed.
        case noLongerReproduces(knownBug: String)

        /// Whether the case counts as passing: passed, skipped, or a reproduced known bug.
        public var countsAsPassing: Bool {
            switch self {
            case .passed, .skipped, .reproduced: true
            case .failed, .error, .noLongerReproduces: false
            }
        }

        /// The word a report shows for it: `PASS`, `FAIL`, `SKIP`, `ERROR`, `KNOWN` or `FIXED?`.
        public var word: String {
            switch self {
            case .passed: "PASS"
            case .failed: "FAIL"
            case .skipped: "SKIP"
            case .error: "ERROR"
            case .reproduced: "KNOWN"
            case .noLongerReproduces: "FIXED?"
            }
        }

        /// `passed`, `failed`, `skipped`, `error`, `reproduced` or `no-longer-reproduces`: the
        /// word the JSON reports use.
        public var name: String {
            switch self {
            case .passed: "passed"
            case .failed: "failed"
            case .skipped: "skipped"
            case .error: "error"
            case .reproduced: "reproduced"
            case .noLongerReproduces: "no-longer-reproduces"
            }
        }

        /// The known bug's reference, for `reproduced` and `noLongerReproduces`.
        public var knownBug: String? {
            switch self {
            case .reproduced(let reference), .noLongerReproduces(let reference): reference
            default: nil
            }
        }
    }

    public var name: String
    public var tags: [String]
    public var status: Status
    public var failure: StepError?
    /// For a known-bug case that failed: how its failure compares with what it states
    /// (``Status/reproduced`` when it failed as stated, else ``Status/failed``).
    public var knownBug: KnownBugEvidence?
    /// Whether the case is a known-bug case that failed otherwise than it states.
    public var notAsStated: Bool { status == .failed && knownBug != nil }
    /// The state the case ended in (its world holds the trace and the log).
    public var context: ScenarioContext
    public var steps: Int

    /// The trace of the case's world (empty if the app was never installed): every event, or
    /// the newest ones when the interpreter kept only those.
    public var trace: [TraceEvent] { context.world?.trace ?? [] }
    /// How many events the trace had, kept or not.
    public var traceCount: Int { context.world?.traceCount ?? 0 }
}

/// Runs checked scripts: each case in a fresh context, prologue first.
public struct Interpreter: Sendable {
    public var vocabulary: Vocabulary
    public var limits: Limits
    /// Whether a case's world keeps its whole trace and log (true), or only what a failure
    /// report quotes unless the script reads them (false: ``recordKeeping(for:)``).
    public var keepsWholeRecords: Bool

    public init(vocabulary: Vocabulary, limits: Limits = Limits(), keepsWholeRecords: Bool = true) {
        self.vocabulary = vocabulary
        self.limits = limits
        self.keepsWholeRecords = keepsWholeRecords
    }

    /// How much of the trace and the log the worlds of `script` keep: everything when asked
    /// for or when the script reads them (`expect trace`, `expect log`, …), else the newest
    /// events a failure report quotes. A million-step case then runs in constant memory.
    public func recordKeeping(for script: CheckedScript) -> RecordKeeping {
        keepsWholeRecords || vocabulary.readsRecords(script) || script.cases.contains { $0.knownBugMark?.because != nil }
            ? .everything : .newest(FailureReport.traceExcerptLength)
    }

    /// Runs every case of `script`, in order.
    public func run(_ script: CheckedScript, loader: (any SourceLoader)? = nil) -> [CaseResult] {
        let keeping = recordKeeping(for: script)
        return script.cases.map { run(script, case: $0, loader: loader, keeping: keeping) }
    }

    /// Runs one case of `script` in a fresh world.
    /// `keeping`: what the case's world keeps of its trace and log (``recordKeeping(for:)``
    /// when nil).
    public func run(
        _ script: CheckedScript, case testCase: CheckedCase, loader: (any SourceLoader)? = nil,
        keeping: RecordKeeping? = nil
    ) -> CaseResult {
        var context = ScenarioContext(loader: loader, limits: limits)
        context.recordKeeping = keeping ?? recordKeeping(for: script)
        var session = Session(vocabulary: vocabulary, context: context)
        let status: CaseResult.Status
        var failure: StepError?
        var evidence: KnownBugEvidence?
        if let reason = testCase.skip {
            status = .skipped(reason: reason)
        } else {
            do {
                try session.execute(script.prologue)
                for (name, value) in testCase.bindings.sorted(by: { $0.key.range.start < $1.key.range.start }) {
                    session.environment.bind(name.text, value)
                }
                try session.execute(testCase.body)
                status = testCase.knownBug.map { .noLongerReproduces(knownBug: $0) } ?? .passed
            } catch {
                failure = error
                switch error.kind {
                case .internal:
                    // An internal error is a bug in the core, known bug or not.
                    status = .error
                case .limit:
                    // A limit is a failure whatever the case states (§5.3).
                    status = .failed
                case .expectation, .precondition:
                    if let mark = testCase.knownBugMark {
                        let (reproduced, found) = Self.verdict(
                            error, case: testCase, mark: mark, script: script,
                            trace: session.context.world?.trace ?? [])
                        evidence = found
                        status = reproduced ? .reproduced(knownBug: mark.reference) : .failed
                    } else {
                        status = .failed
                    }
                }
            }
        }
        var result = CaseResult(
            name: testCase.name, tags: testCase.tags, status: status, failure: failure, context: session.context,
            steps: session.steps)
        result.knownBug = evidence
        return result
    }
}
