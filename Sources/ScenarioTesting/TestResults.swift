/// A selected case and how it ended.
public struct TestCaseResult: Sendable, Hashable {
    /// The case as planned: name, tags, skip reason, where it is declared.
    public var planned: PlannedCase
    /// How it ended.
    public var outcome: CaseOutcome

    /// The case's name.
    public var name: String { planned.name }
}

extension CaseStatus {
    /// Counted among the passed (or, for a file's status, as good as passed): passed, or a
    /// reproduced known bug (which the counts keep apart as known).
    public var countsAsPassed: Bool {
        switch self {
        case .passed, .reproduced: true
        default: false
        }
    }

    /// A case the HTML report draws: failed, an internal error, or a known bug (reproduced
    /// or not).
    public var tellsAStory: Bool {
        switch self {
        case .passed, .skipped: false
        default: true
        }
    }

    /// Counted among the failed (not an internal error): failed, or a known bug that no
    /// longer reproduces.
    public var countsAsFailed: Bool {
        switch self {
        case .failed, .noLongerReproduces: true
        default: false
        }
    }
}

/// How a file ended, as its console line says it.
public enum FileStatus: String, Sendable, Hashable {
    /// Every selected case passed (some may be skipped).
    case passed
    /// A case failed, or the file did not pass its check.
    case failed
    /// Every selected case was skipped.
    case skipped
    /// A case, or the planning of the file, ended in an internal error.
    case error
}

/// One file of a run and its selected cases.
public struct TestFileResult: Sendable, Hashable {
    /// The file and its scenario root.
    public var file: ScenarioFile
    /// Why the file could not run at all (a check error or an internal error), or `nil`.
    public var problem: PlanProblem?
    /// The selected cases in file order (empty when there is a ``problem``).
    public var cases: [TestCaseResult]
    /// Wall-clock time spent checking and running the file.
    public var duration: Duration

    /// The file's path as reported.
    public var path: String { file.path }

    /// `error` over `failed` over `passed` over `skipped`.
    public var status: FileStatus {
        if problem?.kind == .internalError || cases.contains(where: { $0.outcome.status == .error }) {
            return .error
        }
        if problem != nil || cases.contains(where: { $0.outcome.status.countsAsFailed }) { return .failed }
        if cases.contains(where: { $0.outcome.status.countsAsPassed }) { return .passed }
        return .skipped
    }

    /// This file's cases counted.
    public var tally: Tally {
        var t = Tally()
        if let problem {
            switch problem.kind {
            case .check: t.checkErrors += 1
            case .internalError: t.errors += 1
            }
        }
        for c in cases {
            switch c.outcome.status {
            case .passed: t.passed += 1
            case .failed: t.failed += 1
            case .skipped: t.skipped += 1
            case .error: t.errors += 1
            case .reproduced:
                t.knownBugs += 1
            case .noLongerReproduces:
                t.failed += 1
                t.noLongerReproducing += 1
            }
            if c.planned.knownBug != nil || c.outcome.status.knownBug != nil || c.outcome.knownBug != nil {
                if case .skipped = c.outcome.status {} else { t.marked += 1 }
            }
        }
        return t
    }
}

/// Counts of cases by how they ended.
public struct Tally: Sendable, Hashable {
    /// Cases that passed.
    public var passed = 0
    /// Cases that failed (not counting internal errors and check errors).
    public var failed = 0
    /// Cases that were skipped.
    public var skipped = 0
    /// Cases (or files, when planning failed) that ended in an internal error.
    public var errors = 0
    /// Files that did not pass their check; each counts as one failed case.
    public var checkErrors = 0
    /// Known bugs that reproduced: the fourth outcome, apart from passed, failed and skipped.
    public var knownBugs = 0
    /// Cases marked `known-bug` that ran (reproduced, no longer reproducing, or failed
    /// otherwise than stated).
    public var marked = 0
    /// Known-bug cases that passed: the bug no longer reproduces (counted among ``failed``).
    public var noLongerReproducing = 0

    /// An empty tally.
    public init() {}

    /// What the summary line calls failed: failed cases, internal errors and files that
    /// did not pass their check.
    public var totalFailed: Int { failed + errors + checkErrors }

    /// Every counted case (a file that did not pass its check counts as one): passed,
    /// failed, skipped and known are disjoint and sum to it.
    public var total: Int { passed + totalFailed + skipped + knownBugs }

    /// `N passed, N failed`, then `, N skipped` and `, N known` when there are any: the last
    /// line of the console report.
    public var summaryLine: String {
        "\(passed) passed, \(totalFailed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
            + (knownBugs > 0 ? ", \(knownBugs) known" : "")
    }

    /// `known bugs: N reproduced` (and `, N no longer reproduce`), the line before the
    /// summary line; `nil` when the run held no known-bug case.
    public var knownBugLine: String? {
        guard marked + knownBugs + noLongerReproducing > 0 else { return nil }
        var line = "known bugs: \(knownBugs) reproduced"
        if noLongerReproducing > 0 {
            line += ", \(noLongerReproducing) no longer \(noLongerReproducing == 1 ? "reproduces" : "reproduce")"
        }
        return line
    }

    /// Both tallies added.
    public static func + (a: Tally, b: Tally) -> Tally {
        var t = a
        t.passed += b.passed
        t.failed += b.failed
        t.skipped += b.skipped
        t.errors += b.errors
        t.checkErrors += b.checkErrors
        t.knownBugs += b.knownBugs
        t.noLongerReproducing += b.noLongerReproducing
        t.marked += b.marked
        return t
    }
}

/// The exit codes of `scn test` (docs/TOOL.md).
///
/// When several apply, the most severe wins: internal error (3) over check or usage error
/// (2) over failed case (1). A check error outranks a failing case because part of the
/// suite did not run at all; an internal error outranks everything because no result of
/// the run can be trusted.
public enum TestExitCode {
    /// Every selected case passed or was skipped (also when nothing was selected).
    public static let passed: Int32 = 0
    /// A case failed: an expectation, a precondition, a limit.
    public static let failed: Int32 = 1
    /// A usage error, or a file that did not pass its check.
    public static let usage: Int32 = 2
    /// An internal error: an invariant of the core, a bug.
    public static let internalError: Int32 = 3
}

/// Everything a test run found.
public struct TestSuiteResult: Sendable, Hashable {
    /// The reported files in run order: files with a selected case, and files that could not
    /// be planned.
    public var files: [TestFileResult]
    /// Files that were selected but not run because the run stopped at `--max-failures`.
    public var notRun: Int
    /// Wall-clock time of the whole run.
    public var duration: Duration

    /// A run of `files` that took `duration`; `notRun` more were not run.
    public init(files: [TestFileResult], notRun: Int = 0, duration: Duration) {
        self.files = files
        self.notRun = notRun
        self.duration = duration
    }

    /// All cases counted.
    public var tally: Tally { files.reduce(Tally()) { $0 + $1.tally } }

    /// The exit code the run ends with (see ``TestExitCode``).
    public var exitCode: Int32 { tally.exitCode }

    /// What the reports' totals need of this run.
    public var totals: SuiteTotals {
        SuiteTotals(files: files.count, tally: tally, notRun: notRun, duration: duration)
    }
}

/// A run in counts: what the reports need once every file has been reported (the summary
/// line, JUnit's and JSON's totals). A run keeps these, not the files' results, so that its
/// memory does not grow with the suite.
public struct SuiteTotals: Sendable, Hashable {
    /// The reported files: those with a selected case, and those that could not be planned.
    public var files: Int
    /// Their cases counted.
    public var tally: Tally
    /// Files that were selected but not run because the run stopped at `--max-failures`.
    public var notRun: Int
    /// TAP test points of the files not run (a case each, or one for a file that could not
    /// be planned): with those reported, TAP's plan line.
    public var notRunPoints: Int
    /// Wall-clock time of the whole run.
    public var duration: Duration
    /// The cases of the reported files.
    public var cases = 0
    /// The file at which the run stopped because it would have reported more than
    /// `SuiteRunner.maxCases` cases; nil when it did not.
    public var caseLimitFile: String?

    /// Totals as counted.
    public init(
        files: Int = 0, tally: Tally = Tally(), notRun: Int = 0, notRunPoints: Int = 0, duration: Duration = .zero
    ) {
        self.files = files
        self.tally = tally
        self.notRun = notRun
        self.notRunPoints = notRunPoints
        self.duration = duration
    }

    /// The exit code the run ends with (see ``TestExitCode``).
    public var exitCode: Int32 { tally.exitCode }
}

extension Tally {
    /// The exit code of a run with these counts (see ``TestExitCode``).
    public var exitCode: Int32 {
        if errors > 0 { return TestExitCode.internalError }
        if checkErrors > 0 { return TestExitCode.usage }
        if failed > 0 { return TestExitCode.failed }
        return TestExitCode.passed
    }
}
