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

    /// A runner; `jobs` below 1 counts as 1.
    public init(
        executor: any ScenarioExecutor, jobs: Int, options: ExecutionOptions = ExecutionOptions(),
        selection: Selection = .all
    ) {
        self.executor = executor
        self.jobs = max(1, jobs)
        self.options = options
        self.selection = selection
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
    /// - Parameters:
    ///   - onStart: called on a worker thread when file `i` starts.
    ///   - onFinish: called on a worker thread when file `i` has finished, with its result;
    ///     calls for different files may overlap and come in any order.
    /// - Returns: every file's result, in the order of `files`.
    public func run(
        _ files: [PlannedFile],
        onStart: @escaping @Sendable (Int) -> Void = { _ in },
        onFinish: @escaping @Sendable (Int, TestFileResult) -> Void = { _, _ in }
    ) -> TestSuiteResult {
        let clock = ContinuousClock()
        let start = clock.now
        let executor = self.executor
        let options = self.options
        let results = Locked([TestFileResult?](repeating: nil, count: files.count))
        WorkerPool.forEach(count: files.count, jobs: jobs) { i in
            onStart(i)
            let result = Self.run(files[i], executor: executor, options: options)
            results.withLock { $0[i] = result }
            onFinish(i, result)
        }
        let all = results.withLock { $0.compactMap { $0 } }
        return TestSuiteResult(files: all, duration: clock.now - start)
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

        var byName: [String: CaseOutcome] = [:]
        for outcome in outcomes where byName[outcome.name] == nil {
            byName[outcome.name] = outcome
        }
        let cases = file.selected.map { planned -> TestCaseResult in
            if let reason = planned.skipReason {
                return TestCaseResult(planned: planned, outcome: .skipped(planned.name, reason: reason))
            }
            let outcome =
                byName[planned.name]
                ?? .error(
                    planned.name,
                    message: "internal error: the executor returned no outcome for case '\(planned.name)'",
                    at: planned.location)
            return TestCaseResult(planned: planned, outcome: outcome)
        }
        return TestFileResult(file: file.file, problem: nil, cases: cases, duration: file.planDuration + took)
    }
}
