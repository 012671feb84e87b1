// What the runner needs from whatever runs scenarios, and the values it passes around.
//
// The runner does not depend on how scenarios run: an executor (`RuntimeExecutor`, on top
// of the runtime; a host's own; or a fake one in tests) checks files and runs cases, and
// the runner does discovery, selection, parallelism and reporting around it. How a case
// ended is the runtime's own status (`CaseStatus`), whoever ran it.

import ScenarioRuntime

/// What the runner needs from whatever runs scenarios.
///
/// Both methods are called from worker threads, possibly for several files at once, so an
/// executor must be safe to share. Neither is called twice for the same file in one run.
public protocol ScenarioExecutor: Sendable {
    /// Checks one file and lists its cases (name, tags, skip reason), or returns the
    /// rendered check diagnostics (then the file counts as one failure).
    ///
    /// - Parameters:
    ///   - file: the file's path as the runner names it in every report: the path the user
    ///     gave, joined with the file's path below it (`Scenarios/kindly/cold-start.scn`),
    ///     relative to the current directory unless the user gave an absolute one.
    ///   - root: the scenario root (docs/LANGUAGE.md): the folder given to `scn test`, or the
    ///     file's own folder when the file was given directly. `include` and `push raw file`
    ///     must stay inside it.
    func plan(file: String, root: String) -> FilePlan

    /// Runs the selected cases of a planned file (in case order). Called from worker threads.
    ///
    /// - Parameters:
    ///   - plan: a plan this executor returned, without a ``FilePlan/problem``.
    ///   - cases: the names of the cases to run, a subsequence of `plan.cases` in case order.
    ///     Cases that the plan marks skipped are never asked for.
    ///   - options: limits and presentation for this run.
    /// - Returns: one outcome per requested case, in the same order. A missing outcome is
    ///   reported as an internal error of that case; an outcome for a case that was not
    ///   asked for is ignored.
    func run(plan: FilePlan, cases: [String], options: ExecutionOptions) -> [CaseOutcome]
}

/// A position in a scenario file: `path:line:column`, 1-based.
///
/// (Named so as not to clash with the language's `SourceLocation`, which has no path.)
public struct FileLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path as the runner names it.
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// A location in `path` at `line` and `column` (both 1-based).
    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }

    public static func < (a: FileLocation, b: FileLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}

/// One case of a checked file, as the executor found it.
public struct PlannedCase: Sendable, Hashable {
    /// The case's name: the `case "name"` string, or the file's name (without `.scn`) for a
    /// file without cases. Unique in its file.
    public var name: String
    /// The case's tags: the file's `tags` lines and the case's own, in order, without
    /// duplicates. `--tags` selects on them.
    public var tags: [String]
    /// Why the case is skipped (`skip "reason"`), or `nil` when it runs.
    public var skipReason: String?
    /// The reference of the case's `known-bug` line (its own or its file's), or `nil`.
    public var knownBug: String?
    /// Where the case is declared (its `case` keyword; line 1 column 1 for a file without
    /// cases), or `nil` when unknown. JUnit's `line` attribute and `--list` use it.
    public var location: FileLocation?

    /// A case named `name`.
    public init(
        name: String, tags: [String] = [], skipReason: String? = nil, location: FileLocation? = nil,
        knownBug: String? = nil
    ) {
        self.name = name
        self.tags = tags
        self.skipReason = skipReason
        self.location = location
        self.knownBug = knownBug
    }
}

/// Why a file could not be planned.
public struct PlanProblem: Sendable, Hashable {
    /// What kind of problem it is; it decides the exit code.
    public enum Kind: Sendable, Hashable {
        /// The file did not pass the checker (syntax, unknown commands, …) or could not be
        /// read. Nothing in it runs; it counts as one failed case; exit code 2.
        case check
        /// The executor failed in a way that is a bug (exit code 3).
        case internalError
    }

    /// Check error or internal error.
    public var kind: Kind
    /// Every diagnostic, rendered as the user sees it (caret snippets, docs/RELIABILITY.md), without
    /// colour. May span many lines; no trailing newline needed.
    public var message: String
    /// The first diagnostic's position, or `nil` when there is none (an unreadable file).
    public var location: FileLocation?
    /// Each diagnostic on its own, rendered, at its own position (empty when the executor
    /// gives only ``message``): what a test report records as one issue each.
    public var items: [Item] = []

    /// One diagnostic: its rendering and its position.
    public struct Item: Sendable, Hashable {
        public var message: String
        public var location: FileLocation?
        public init(message: String, location: FileLocation?) {
            self.message = message
            self.location = location
        }
    }

    /// A problem of `kind`.
    public init(kind: Kind, message: String, location: FileLocation? = nil, items: [Item] = []) {
        self.kind = kind
        self.message = message
        self.location = location
        self.items = items
    }
}

/// What ``ScenarioExecutor/plan(file:root:)`` found in one file.
public struct FilePlan: Sendable {
    /// The file, as passed to `plan`.
    public var file: String
    /// The scenario root, as passed to `plan`.
    public var root: String
    /// The file's cases in file order (empty when there is a ``problem``).
    public var cases: [PlannedCase]
    /// Why nothing in the file can run, or `nil` when it checked cleanly.
    public var problem: PlanProblem?
    /// Whatever the executor wants back in ``ScenarioExecutor/run(plan:cases:options:)`` —
    /// typically the checked tree, so the file is not parsed twice. The runner never looks
    /// at it.
    public var payload: (any Sendable)?

    /// A file that checked cleanly and has these cases.
    public init(file: String, root: String, cases: [PlannedCase], payload: (any Sendable)? = nil) {
        self.file = file
        self.root = root
        self.cases = cases
        self.problem = nil
        self.payload = payload
    }

    /// A file that did not pass the checker: `diagnostics` is every diagnostic, rendered
    /// without colour; `location` the first one's position.
    public static func checkFailed(
        file: String, root: String, diagnostics: String, location: FileLocation? = nil,
        items: [PlanProblem.Item] = []
    ) -> FilePlan {
        var plan = FilePlan(file: file, root: root, cases: [])
        plan.problem = PlanProblem(kind: .check, message: diagnostics, location: location, items: items)
        return plan
    }

    /// A file the executor could not plan because of a bug (exit code 3).
    public static func internalError(
        file: String, root: String, message: String, location: FileLocation? = nil
    ) -> FilePlan {
        var plan = FilePlan(file: file, root: root, cases: [])
        plan.problem = PlanProblem(kind: .internalError, message: message, location: location)
        return plan
    }
}

/// How a case ended: the runtime's own status, so that every report reads one set of words
/// (``CaseResult/Status/word`` for `PASS` … `FIXED?`, ``CaseResult/Status/name`` for JSON).
/// For a reproduced known bug the outcome's message is the failure that reproduced it; an
/// executor's own failure is an `error` (exit code 3).
public typealias CaseStatus = CaseResult.Status

/// The result of one case.
public struct CaseOutcome: Sendable, Hashable {
    /// The case's name, as in its ``PlannedCase``.
    public var name: String
    /// How it ended.
    public var status: CaseStatus
    /// For `failed` and `error`: the failure, rendered without colour, as the user should
    /// read it — what was expected, what is, the caret snippet, an excerpt of the trace.
    /// Multi-line; `nil` for `passed` and `skipped`.
    public var message: String?
    /// For `failed` and `error`: where the case failed (the failing step), or `nil` when
    /// unknown.
    public var location: FileLocation?
    /// Wall-clock time the case took. The only field that differs between two runs.
    public var duration: Duration
    /// The case's whole trace, one event per line, when ``ExecutionOptions/trace`` asked for
    /// it, or for a failing or known-bug case when ``ExecutionOptions/diagrams`` did; `nil`
    /// otherwise.
    public var trace: [String]?
    /// The case's sequence diagram, for a case that failed, ended in an internal error or
    /// carries a known bug, when ``ExecutionOptions/diagrams`` asked for it; `nil` otherwise
    /// (and always from an executor that does not draw one).
    public var diagram: SequenceDiagram?
    /// For a known-bug case that failed: what reproduced it (``CaseResult/Status/reproduced``),
    /// or what it stated and what happened instead (``CaseResult/Status/failed``: the known
    /// bug did not reproduce as stated). `nil` otherwise.
    public var knownBug: KnownBugEvidence?

    /// Whether this is a known-bug case that failed otherwise than it states.
    public var notAsStated: Bool { status == .failed && knownBug != nil }

    /// An outcome; prefer the static constructors.
    public init(
        name: String, status: CaseStatus, message: String? = nil, location: FileLocation? = nil,
        duration: Duration = .zero
    ) {
        self.name = name
        self.status = status
        self.message = message
        self.location = location
        self.duration = duration
    }

    /// A case that passed.
    public static func passed(_ name: String, duration: Duration = .zero) -> CaseOutcome {
        CaseOutcome(name: name, status: .passed, duration: duration)
    }

    /// A case that failed at `location` with the rendered `message`.
    public static func failed(
        _ name: String, message: String, at location: FileLocation?, duration: Duration = .zero
    ) -> CaseOutcome {
        CaseOutcome(name: name, status: .failed, message: message, location: location, duration: duration)
    }

    /// A `known-bug` case that failed as its bug says; `message` is the failure.
    public static func reproduced(
        _ name: String, reference: String, message: String? = nil, at location: FileLocation? = nil,
        duration: Duration = .zero
    ) -> CaseOutcome {
        CaseOutcome(
            name: name, status: .reproduced(knownBug: reference), message: message, location: location,
            duration: duration)
    }

    /// A `known-bug` case that passed: the known bug no longer reproduces.
    public static func noLongerReproduces(
        _ name: String, reference: String, at location: FileLocation? = nil, duration: Duration = .zero
    ) -> CaseOutcome {
        CaseOutcome(
            name: name, status: .noLongerReproduces(knownBug: reference),
            message: KnownBugText.noLongerReproduces(reference) + "\n"
                + "every step passed: if the bug is fixed, remove the 'known-bug' line",
            location: location, duration: duration)
    }

    /// A case that did not run, for `reason`.
    public static func skipped(_ name: String, reason: String, duration: Duration = .zero) -> CaseOutcome {
        CaseOutcome(name: name, status: .skipped(reason: reason), duration: duration)
    }

    /// A case that ended in an internal error (exit code 3).
    public static func error(
        _ name: String, message: String, at location: FileLocation? = nil, duration: Duration = .zero
    ) -> CaseOutcome {
        CaseOutcome(name: name, status: .error, message: message, location: location, duration: duration)
    }

    /// Runs `body` and sets the ``duration`` of the outcome it returns to the wall-clock
    /// time it took.
    public static func timed(_ body: () -> CaseOutcome) -> CaseOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        var outcome = body()
        outcome.duration = clock.now - start
        return outcome
    }
}

/// Limits and presentation for one run, as `scn test` was asked for them.
public struct ExecutionOptions: Sendable, Hashable {
    /// The default step limit per case (docs/RELIABILITY.md).
    public static let defaultMaxSteps = 1_000_000

    /// Steps a case may take before it fails with a limit error (`--max-steps`).
    public var maxSteps: Int
    /// Whether the console report is coloured. Outcomes' messages must stay plain text
    /// whatever this says (the reporters colour them, and report files never are); it is
    /// here for executors that write anything of their own.
    public var colour: Bool
    /// Whether outcomes carry the case's whole trace (`scn test --trace`).
    public var trace: Bool
    /// Whether the outcomes of failing and known-bug cases carry their sequence diagram and
    /// whole trace (`scn test --html`); passing cases keep neither, so a large suite does
    /// not hold every trace.
    public var diagrams: Bool

    /// Options with the given limits.
    public init(
        maxSteps: Int = ExecutionOptions.defaultMaxSteps, colour: Bool = false, trace: Bool = false,
        diagrams: Bool = false
    ) {
        self.maxSteps = maxSteps
        self.colour = colour
        self.trace = trace
        self.diagrams = diagrams
    }
}

/// The words every report uses for known bugs, so they read the same everywhere.
public enum KnownBugText {
    /// `known bug: reference` — a reproduced known bug.
    public static func reproduced(_ reference: String) -> String { "known bug: " + reference }
    /// `known bug did not reproduce as stated`: a known-bug case that failed otherwise.
    public static let notAsStated = "known bug did not reproduce as stated"
    /// `known bug no longer reproduces: reference` — a known-bug case that passed.
    public static func noLongerReproduces(_ reference: String) -> String {
        "known bug no longer reproduces: " + reference
    }
}
