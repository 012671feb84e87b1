import CommandLineKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `scn test`: runs folders of scenarios as a test suite.
///
/// The `scn` executable's `test` subcommand is one call:
/// ```
/// exit(TestCommand.main(
///     arguments: Array(CommandLine.arguments.dropFirst(2)), executor: RuntimeExecutor(),
///     stdout: FileDescriptorOutput.standardOutput, stderr: FileDescriptorOutput.standardError,
///     environment: ProcessInfo.processInfo.environment, isTerminal: isatty(1) != 0,
///     stderrIsTerminal: isatty(2) != 0))
/// ```
public enum TestCommand {
    /// Runs `scn test` with `arguments` (those after `test`) and returns its exit code.
    ///
    /// - Parameters:
    ///   - arguments: the command line after `scn test`.
    ///   - executor: what checks files and runs cases.
    ///   - stdout: the report (console or TAP), `--list` and `--help`.
    ///   - stderr: usage errors, warnings and, on a terminal, the progress line.
    ///   - environment: read for `NO_COLOR` and `TERM` only.
    ///   - isTerminal: whether stdout is a terminal: colour (unless `NO_COLOR` is set).
    ///   - stderrIsTerminal: whether stderr is a terminal: the progress line. `nil` means
    ///     the same as `isTerminal`.
    ///   - workingDirectory: where relative paths (scenario paths, `--junit`, `--json`, `--html`) are
    ///     resolved; the process's current directory when `nil`. The executor gets paths as
    ///     the user wrote them, so it must resolve them against the same folder.
    ///   - defaultJobs: `--jobs` when not given; the number of active cores when `nil`.
    /// - Returns: 0, 1, 2 or 3 (see ``TestExitCode``).
    public static func main(
        arguments: [String],
        executor: some ScenarioExecutor,
        stdout: any TextOutput,
        stderr: any TextOutput,
        environment: [String: String],
        isTerminal: Bool,
        stderrIsTerminal: Bool? = nil,
        workingDirectory: String? = nil,
        defaultJobs: Int? = nil
    ) -> Int32 {
        func usage(_ message: String) -> Int32 { usageError(message, stderr) }

        let options: TestOptions
        do {
            options = try TestOptions.parse(arguments)
        } catch {
            return usageError(error, stderr)
        }
        if options.help {
            stdout.write(HelpText.command(TestOptions.command, program: "scn"))
            return TestExitCode.passed
        }
        return main(
            options: options, executor: executor, stdout: stdout, stderr: stderr, environment: environment,
            isTerminal: isTerminal, stderrIsTerminal: stderrIsTerminal, workingDirectory: workingDirectory,
            defaultJobs: defaultJobs)
    }

    /// Runs `scn test` with options already parsed (``main(arguments:executor:stdout:stderr:environment:isTerminal:stderrIsTerminal:workingDirectory:defaultJobs:)``
    /// says what each parameter is); `--help` is the caller's.
    public static func main(
        options: TestOptions,
        executor: some ScenarioExecutor,
        stdout: any TextOutput,
        stderr: any TextOutput,
        environment: [String: String],
        isTerminal: Bool,
        stderrIsTerminal: Bool? = nil,
        workingDirectory: String? = nil,
        defaultJobs: Int? = nil
    ) -> Int32 {
        func usage(_ message: String) -> Int32 { usageError(message, stderr) }
        if options.tap && options.list {
            return usage("--tap and --list cannot be combined")
        }
        let base = workingDirectory ?? FileManager.default.currentDirectoryPath
        for (option, path) in [
            ("--junit", options.junitPath), ("--json", options.jsonPath), ("--html", options.htmlPath),
        ] {
            guard let path else { continue }
            if let problem = ReportPath.problem(file: path, base: base) {
                return usage("cannot write the \(option) report: \(problem)")
            }
        }

        let selection: Selection
        let files: [ScenarioFile]
        do {
            selection = try Selection(filter: options.filter, tags: options.tags)
        } catch {
            return usage(error.message)
        }
        do {
            files = try Discovery.discover(paths: options.paths, workingDirectory: workingDirectory)
        } catch {
            return usage(error.message)
        }
        let sharded = options.shard.map { $0.select(files) } ?? files

        let style = Style.decide(isTerminal: isTerminal, environment: environment)
        let jobs = options.jobs ?? defaultJobs ?? ProcessInfo.processInfo.activeProcessorCount
        let runner = SuiteRunner(
            executor: executor, jobs: jobs,
            options: ExecutionOptions(
                maxSteps: options.maxSteps, colour: style.enabled, trace: options.trace,
                diagrams: options.htmlPath != nil),
            selection: selection, maxFailures: options.maxFailures)
        let reports = [
            options.junitPath.map { path in
                FileReport(
                    path: path, head: JUnitReporter.head,
                    part: { file, _ in JUnitReporter.testsuite(file, locations: options.junitLocations) },
                    tail: { _ in JUnitReporter.tail })
            },
            options.jsonPath.map { path in
                FileReport(path: path, head: JSONReporter.head, part: JSONReporter.file, tail: JSONReporter.tail)
            },
            options.htmlPath.map { path in
                let html = HTMLReporter()
                return FileReport(path: path, head: html.head, part: html.part, tail: html.tail)
            },
        ].compactMap { $0 }
        let output = RunOutput(
            stdout: stdout, stderr: stderr, progress: (stderrIsTerminal ?? isTerminal) && environment["TERM"] != "dumb",
            console: ConsoleReporter(style: style, verbose: options.verbose, trace: options.trace), tap: options.tap,
            reports: reports)

        if options.list {
            output.checking(count: sharded.count)
            let planned = runner.plan(sharded)
            output.clearProgress()
            return list(planned, stdout: stdout, stderr: stderr)
        }

        let annotations = options.annotateGitHub ? GitHubAnnotations.Collector() : nil
        output.begin(count: sharded.count)
        let suite = runner.stream(
            sharded,
            onUnselected: { output.unselected() },
            onStart: { output.started() },
            onFinish: { result in output.finished(result) },
            onResult: { result in
                output.report(result)
                annotations?.add(result)
            })
        output.end(suite)

        if suite.files == 0 {
            let why: String
            if files.isEmpty {
                why = "no scenario files found"
            } else if let shard = options.shard, sharded.isEmpty {
                why = "shard \(shard) has no files"
            } else {
                why = "no cases selected"
            }
            stderr.write("warning: \(why)\n")
        }

        if let annotations { stdout.write(annotations.text) }

        var code = suite.exitCode
        if let file = suite.caseLimitFile {
            stderr.write(
                "error: too many cases: '\(Text.oneLine(file))' takes the run past \(runner.maxCases) cases, "
                    + "the most one run makes (select fewer with --filter, --tags or --shard); the run stopped there\n")
            code = max(code, TestExitCode.usage)
        }
        for report in reports {
            if let problem = report.write(suite, base: base) {
                stderr.write("error: \(problem)\n")
                code = max(code, TestExitCode.usage)
            }
        }
        return code
    }

    /// `--list`: `file › case` per selected case, with its tags and skip reason.
    private static func list(_ planned: [PlannedFile], stdout: any TextOutput, stderr: any TextOutput) -> Int32 {
        var out = ""
        var code = TestExitCode.passed
        for file in planned {
            if let problem = file.plan.problem {
                let (word, what) = problem.kind == .check ? ("FAIL", "check failed") : ("ERROR", "internal error")
                let place = Text.oneLine(problem.location?.description ?? file.file.path)
                stderr.write("\(word): \(place): \(what)\n\(Text.trimmingTrailingNewlines(problem.message))\n")
                code = max(code, problem.kind == .check ? TestExitCode.usage : TestExitCode.internalError)
                continue
            }
            for c in file.selected {
                out += Text.oneLine(Selection.qualifiedName(file: file.file.path, case: c.name))
                if !c.tags.isEmpty { out += "  [" + c.tags.joined(separator: " ") + "]" }
                if let reason = c.skipReason { out += "  (skip: \(Text.oneLine(reason)))" }
                out += "\n"
            }
        }
        stdout.write(out)
        return code
    }
}

/// A report file (`--junit`, `--json`) written as the run goes: each reported file's part is
/// spooled, and the file is written at the end with the totals that open it.
struct FileReport: Sendable {
    /// Where it goes, as the user wrote it.
    var path: String
    /// What comes before the files' parts, given the run's totals.
    var head: @Sendable (SuiteTotals) -> String
    /// The part of the `index`th reported file (0 is the first).
    var part: @Sendable (TestFileResult, Int) -> String
    /// What comes after them.
    var tail: @Sendable (SuiteTotals) -> String
    let spool = ReportSpool()

    /// Spools the next reported file's part (calls are serialised by the run's output).
    func add(_ file: TestFileResult) { spool.append(part(file, spool.count)) }

    /// Writes the report; returns what went wrong, or `nil`.
    func write(_ totals: SuiteTotals, base: String) -> String? {
        spool.write(head: head(totals), tail: tail(totals), to: path, base: base)
    }
}

/// The output of one run: reports printed in file order as files finish, and the progress
/// line. Every write happens under one lock, so lines never interleave.
final class RunOutput: Sendable {
    private struct State {
        var total = 0
        var done = 0
        var running = 0
        var checking = false
        var tally = Tally()
        var progressShown = false
        var tapNumber = 1
        var endsWithBlankLine = false
        /// The summary's list of failures so far (the console report).
        var failed: [String] = []
    }

    private let stdout: any TextOutput
    private let stderr: any TextOutput
    private let progress: Bool
    private let console: ConsoleReporter
    private let tap: Bool
    private let reports: [FileReport]
    private let state = Locked(State())

    init(
        stdout: any TextOutput, stderr: any TextOutput, progress: Bool, console: ConsoleReporter, tap: Bool,
        reports: [FileReport] = []
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.progress = progress
        self.console = console
        self.tap = tap
        self.reports = reports
    }

    /// The checking phase starts: `count` files.
    func checking(count: Int) {
        state.withLock { s in
            s.checking = true
            s.total = count
            drawProgress(&s)
        }
    }

    /// Erases the progress line.
    func clearProgress() {
        state.withLock { s in erase(&s) }
    }

    /// The run of `count` files starts: TAP's header.
    func begin(count: Int) {
        state.withLock { s in
            s.checking = false
            s.total = count
            if tap { stdout.write(TAPReporter.header) }
            drawProgress(&s)
        }
    }

    /// A file turned out to have nothing selected: one fewer to go.
    func unselected() {
        state.withLock { s in
            s.total -= 1
            drawProgress(&s)
        }
    }

    func started() {
        state.withLock { s in
            s.running += 1
            drawProgress(&s)
        }
    }

    /// A file finished (in any order): the progress line.
    func finished(_ result: TestFileResult) {
        state.withLock { s in
            s.running -= 1
            s.done += 1
            s.tally = s.tally + result.tally
            drawProgress(&s)
        }
    }

    /// The next file in order: its report.
    func report(_ result: TestFileResult) {
        state.withLock { s in
            let text: String
            if tap {
                text = TAPReporter.points(result, first: s.tapNumber)
                s.tapNumber += TAPReporter.count(result)
            } else {
                text = console.file(result)
                s.endsWithBlankLine = console.endsWithBlankLine(result)
                s.failed += console.failedLines(result)
            }
            for report in reports { report.add(result) }
            erase(&s)
            stdout.write(text)
            drawProgress(&s)
        }
    }

    /// The run is over: the summary.
    func end(_ suite: SuiteTotals) {
        state.withLock { s in
            erase(&s)
            if tap {
                stdout.write(TAPReporter.plan(s.tapNumber - 1 + suite.notRunPoints))
                if suite.notRun > 0 { stdout.write(TAPReporter.bailOut(suite)) }
            } else {
                stdout.write(console.summary(suite, failed: s.failed, afterBlankLine: s.endsWithBlankLine))
            }
        }
    }

    private func drawProgress(_ s: inout State) {
        guard progress else { return }
        var line: String
        if s.checking {
            line = "checking \(s.total) \(s.total == 1 ? "file" : "files")…"
        } else {
            line = "\(s.done)/\(s.total) files · \(s.tally.passed) passed · \(s.tally.totalFailed) failed"
            if s.tally.skipped > 0 { line += " · \(s.tally.skipped) skipped" }
            if s.running > 0 { line += " · \(s.running) running" }
        }
        stderr.write("\r\u{1B}[2K" + line)
        s.progressShown = true
    }

    private func erase(_ s: inout State) {
        guard s.progressShown else { return }
        stderr.write("\r\u{1B}[2K")
        s.progressShown = false
    }
}

extension TestCommand {
    /// A usage error: the message, a pointer to `--help`, exit 2.
    fileprivate static func usageError(_ message: String, _ stderr: any TextOutput) -> Int32 {
        usageError(UsageError(message), stderr)
    }

    fileprivate static func usageError(_ error: UsageError, _ stderr: any TextOutput) -> Int32 {
        stderr.write("error: \(error.message)\nRun 'scn test --help' for usage.\n")
        return TestExitCode.usage
    }
}
