import ScenarioRuntime

/// A file after checking and selection: what will run.
public struct PlannedFile: Sendable {
    /// The file and its scenario root.
    public var file: ScenarioFile
    /// What the executor found in it.
    public var plan: FilePlan
    /// The cases that `--filter` and `--tags` selected, in file order (including skipped
    /// ones, which are reported but not run).
    public var selected: [PlannedCase]
    /// Wall-clock time the check took.
    public var planDuration: Duration
}

/// Runs a suite's files through an executor on worker threads.
///
/// A run has two phases, both parallel: ``plan(_:)`` checks every file and applies the
/// selection (so the number of cases is known before anything runs — TAP's plan line and
/// the progress line need it), then ``run(_:onStart:onFinish:)`` runs the selected cases
/// file by file. Results come back in file order whatever the number of jobs.
public struct SuiteRunner: Sendable {
    /// What checks files and runs cases.
    public var executor: any ScenarioExecutor
    /// How many files are checked or run at once (at least 1).
    public var jobs: Int
    /// Limits passed to every run.
    public var options: ExecutionOptions
    /// Which cases run.
    public var selection: Selection
    /// Stop after this many failures (`--max-failures`, `--fail-fast`), or `nil` to run
    /// everything.
    public var maxFailures: Int?
    /// The cases one run reports at most, in file order (a file makes at most 10,000: see
    /// `LanguageLimits.maxCases`): the file that would take the run past it is not
    /// reported, and the run stops there (``SuiteTotals/caseLimitFile``).
    public var maxCases = 100_000

    /// A runner; `jobs` below 1 counts as 1, above ``Threads/maxThreads`` as that.
    public init(
        executor: any ScenarioExecutor, jobs: Int, options: ExecutionOptions = ExecutionOptions(),
        selection: Selection = .all, maxFailures: Int? = nil
    ) {
        self.executor = executor
        self.jobs = min(max(1, jobs), Threads.maxThreads)
        self.options = options
        self.selection = selection
        self.maxFailures = maxFailures
    }

    /// Checks `files` and keeps, in order, those with a selected case and those that could
    /// not be planned (unless `--filter` excludes their path).
    public func plan(_ files: [ScenarioFile]) -> [PlannedFile] {
        let executor = self.executor
        let selection = self.selection
        let planned = WorkerPool.map(files, jobs: jobs) { file -> PlannedFile in
            let clock = ContinuousClock()
            let start = clock.now
            let plan = executor.plan(file: file.path, root: file.root)
            let took = clock.now - start
            let matcher = selection.matcher()
            let selected = plan.problem == nil ? plan.cases.filter { matcher.selects(file: file.path, $0) } : []
            return PlannedFile(file: file, plan: plan, selected: selected, planDuration: took)
        }
        let matcher = selection.matcher()
        return planned.filter { p in
            p.plan.problem == nil ? !p.selected.isEmpty : matcher.selectsUnplannable(file: p.file.path)
        }
    }

    /// Runs the selected cases of `files`.
    ///
    /// With ``maxFailures`` set, the run stops after the first file (in file order) at which
    /// the failures so far reach it: later files are not started, and those already running
    /// are not reported — so what is reported does not depend on `jobs` either.
    ///
    /// - Parameters:
    ///   - onStart: called on a worker thread when file `i` starts.
    ///   - onFinish: called on a worker thread when file `i` has finished, with its result;
    ///     calls for different files may overlap and come in any order (for progress).
    ///   - onResult: called with each reported file's result in file order, one call at a
    ///     time, as soon as every earlier file has finished (for reports).
    /// - Returns: the reported files' results, in the order of `files`.
    public func run(
        _ files: [PlannedFile],
        onStart: @escaping @Sendable (Int) -> Void = { _ in },
        onFinish: @escaping @Sendable (Int, TestFileResult) -> Void = { _, _ in },
        onResult: @escaping @Sendable (Int, TestFileResult) -> Void = { _, _ in }
    ) -> TestSuiteResult {
        struct Order {
            var finished: [Int: TestFileResult] = [:]
            var reported: [TestFileResult] = []
            var failures = 0
            /// The last file reported once `maxFailures` is reached.
            var cutoff: Int?
        }
        let clock = ContinuousClock()
        let start = clock.now
        let executor = self.executor
        let options = self.options
        let maxFailures = self.maxFailures
        let order = Locked(Order())
        let beforeCutoff: @Sendable (Int) -> Bool = { i in order.withLock { $0.cutoff.map { i <= $0 } ?? true } }
        WorkerPool.forEach(count: files.count, jobs: jobs, shouldStart: beforeCutoff) { i in
            onStart(i)
            let result = Self.run(files[i], executor: executor, options: options)
            onFinish(i, result)
            order.withLock { o in
                o.finished[i] = result
                while o.cutoff == nil, let next = o.finished.removeValue(forKey: o.reported.count) {
                    onResult(o.reported.count, next)
                    o.reported.append(next)
                    o.failures += next.tally.totalFailed
                    if let maxFailures, o.failures >= maxFailures { o.cutoff = o.reported.count - 1 }
                }
            }
        }
        let reported = order.withLock { $0.reported }
        return TestSuiteResult(files: reported, notRun: files.count - reported.count, duration: clock.now - start)
    }

    /// Plans, runs and reports `files` one by one, in their order: the way `scn test` runs a
    /// suite, in memory that does not grow with it.
    ///
    /// `jobs` threads take the files in order, each checking a file, applying the selection
    /// and running its selected cases; a file's plan lives only while it runs. Results are
    /// reported in file order whatever the number of jobs, and at most `window` files (by
    /// default four per job) are taken beyond the earliest one not yet reported, so that a
    /// slow file holds back only that many finished results. A file with no selected case is
    /// not reported (nor one that could not be planned, when `--filter` excludes its path).
    ///
    /// With ``maxFailures`` set, nothing after the file at which the failures reach it is
    /// reported, as with ``run(_:onStart:onFinish:onResult:)``: later files are only planned,
    /// to count those not run, and those already running are counted among them.
    ///
    /// - Parameters:
    ///   - onUnselected: called on a worker thread, in any order, for each file that turns out
    ///     to have nothing to report (for the progress line's total).
    ///   - onStart: called on a worker thread when a file with selected cases starts.
    ///   - onFinish: called on a worker thread when it has finished, in any order.
    ///   - onResult: called with each reported file's result in file order, one call at a
    ///     time (for reports).
    /// - Returns: the run's totals.
    public func stream(
        _ files: [ScenarioFile],
        window: Int? = nil,
        onUnselected: @escaping @Sendable () -> Void = {},
        onStart: @escaping @Sendable () -> Void = {},
        onFinish: @escaping @Sendable (TestFileResult) -> Void = { _ in },
        onResult: @escaping @Sendable (TestFileResult) -> Void = { _ in }
    ) -> SuiteTotals {
        /// What a file came to, waiting for its turn to be reported.
        enum Done {
            case nothing
            /// Planned only, after the cutoff: this many test points.
            case notRun(points: Int)
            case result(TestFileResult)
        }
        struct State {
            /// The next file to take.
            var next = 0
            /// The files reported or passed over so far (the index of the next one due).
            var due = 0
            var finished: [Int: Done] = [:]
            var totals = SuiteTotals()
            /// Whether `maxFailures` has been reached.
            var stopped = false
        }
        let clock = ContinuousClock()
        let start = clock.now
        let executor = self.executor
        let options = self.options
        let selection = self.selection
        let maxFailures = self.maxFailures
        let maxCases = self.maxCases
        let window = max(1, window ?? 4 * min(max(1, jobs), Threads.maxThreads))
        let count = files.count
        let state = Monitor(State())
        let work: @Sendable () -> Void = {
            let matcher = selection.matcher()
            while true {
                let (i, stopped) = state.wait(until: { $0.next >= count || $0.next - $0.due < window }) { s in
                    defer { s.next += 1 }
                    return (s.next, s.stopped)
                }
                guard i < count else { break }
                let file = files[i]
                let planStart = clock.now
                let plan = executor.plan(file: file.path, root: file.root)
                let planned = PlannedFile(
                    file: file, plan: plan,
                    selected: plan.problem == nil ? plan.cases.filter { matcher.selects(file: file.path, $0) } : [],
                    planDuration: clock.now - planStart)
                let done: Done
                if plan.problem == nil ? planned.selected.isEmpty : !matcher.selectsUnplannable(file: file.path) {
                    done = .nothing
                    onUnselected()
                } else if stopped {
                    done = .notRun(points: plan.problem == nil ? planned.selected.count : 1)
                } else {
                    onStart()
                    let result = Self.run(planned, executor: executor, options: options)
                    onFinish(result)
                    done = .result(result)
                }
                state.wait { s in
                    s.finished[i] = done
                    while let next = s.finished.removeValue(forKey: s.due) {
                        s.due += 1
                        switch next {
                        case .nothing: break
                        case .notRun(let points):
                            s.totals.notRun += 1
                            s.totals.notRunPoints += points
                        case .result(let result) where s.stopped:
                            s.totals.notRun += 1
                            s.totals.notRunPoints += TAPReporter.count(result)
                        case .result(let result) where s.totals.cases + result.cases.count > maxCases:
                            s.stopped = true
                            s.totals.caseLimitFile = result.file.path
                            s.totals.notRun += 1
                            s.totals.notRunPoints += TAPReporter.count(result)
                        case .result(let result):
                            s.totals.cases += result.cases.count
                            onResult(result)
                            s.totals.files += 1
                            s.totals.tally = s.totals.tally + result.tally
                            if let maxFailures, s.totals.tally.totalFailed >= maxFailures { s.stopped = true }
                        }
                    }
                }
            }
        }
        if count > 0 { Threads.run(max(1, min(jobs, count)), stackSize: WorkerPool.stackSize, work) }
        var totals = state.wait { $0.totals }
        totals.duration = clock.now - start
        return totals
    }

    /// Runs one planned file.
    static func run(_ file: PlannedFile, executor: any ScenarioExecutor, options: ExecutionOptions) -> TestFileResult {
        if let problem = file.plan.problem {
            return TestFileResult(file: file.file, problem: problem, cases: [], duration: file.planDuration)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let runnable = file.selected.filter { $0.skipReason == nil }.map(\.name)
        let outcomes = runnable.isEmpty ? [] : executor.run(plan: file.plan, cases: runnable, options: options)
        let took = clock.now - start

        // Outcomes are matched to cases by name, in order (robust to an executor that
        // reorders them or leaves one out).
        var byName: [String: ArraySlice<CaseOutcome>] = [:]
        for outcome in outcomes {
            byName[outcome.name, default: []].append(outcome)
        }
        let cases = file.selected.map { planned -> TestCaseResult in
            if let reason = planned.skipReason {
                return TestCaseResult(planned: planned, outcome: .skipped(planned.name, reason: reason))
            }
            let outcome =
                byName[planned.name]?.popFirst()
                ?? .error(
                    planned.name,
                    message: "internal error: the executor returned no outcome for case '\(planned.name)'",
                    at: planned.location)
            return TestCaseResult(planned: planned, outcome: outcome)
        }
        return TestFileResult(file: file.file, problem: nil, cases: cases, duration: file.planDuration + took)
    }
}
