import StandardVocabulary
import CommandLineKit
import Foundation
import Testing

@testable import ScenarioTesting

@Suite struct ExitCodeTests {
    static let suites: [([String: String], Int32)] = [
        (["Scenarios/a.scn": "case a pass\n"], 0),
        (["Scenarios/a.scn": "case a skip later\n"], 0),
        (["Scenarios/a.scn": "case a pass\ncase b fail\n"], 1),
        (["Scenarios/a.scn": "case a fail\n", "Scenarios/b.scn": "check bad\n"], 2),
        (
            [
                "Scenarios/a.scn": "case a fail\n", "Scenarios/b.scn": "check bad\n",
                "Scenarios/c.scn": "case c error\n",
            ], 3
        ),
        (["Scenarios/a.scn": "case a missing\n"], 3),
    ]

    @Test(arguments: suites)
    func mostSevereWins(files: [String: String], code: Int32) throws {
        let suite = try TemporarySuite(files)
        #expect(suite.run([]).code == code)
    }

    @Test func aCheckErrorDoesNotStopTheOtherFiles() throws {
        let suite = try TemporarySuite(["Scenarios/a.scn": "check bad\n", "Scenarios/b.scn": "case b pass\n"])
        let executor = suite.executor
        let run = suite.run([], executor: executor)
        #expect(run.code == 2)
        #expect(executor.calls.all == ["Scenarios/b.scn: b"])
        #expect(run.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func missingPathIsAUsageError() throws {
        let suite = try TemporarySuite([:])
        let run = suite.run([])
        #expect(run.code == 2)
        #expect(run.stderr == "error: no such file or directory: Scenarios\nRun 'scn test --help' for usage.\n")
        #expect(suite.run(["Scenarios", "nope"]).code == 2)
    }

    @Test func emptyFolderPassesWithAWarning() throws {
        let suite = try TemporarySuite(["Scenarios/readme.txt": ""])
        let run = suite.run([])
        #expect(run.code == 0)
        #expect(run.stderr == "warning: no scenario files found\n")
        #expect(run.stdout.hasSuffix("0 passed, 0 failed\n"))
    }

    @Test func anEmptyShardPasses() throws {
        let suite = try TemporarySuite(["Scenarios/a.scn": "case a pass\n"])
        let run = suite.run(["--shard", "2/2"])
        #expect(run.code == 0)
        #expect(run.stderr == "warning: shard 2/2 has no files\n")
    }

    @Test func unwritableReportIsAUsageError() throws {
        let suite = try TemporarySuite(["Scenarios/a.scn": "case a pass\n", "blocker": ""])
        let run = suite.run(["--json", "blocker/r.json"])
        #expect(run.code == 2)
        #expect(
            run.stderr == """
                error: cannot write the --json report: cannot create 'blocker/r.json': 'blocker' is a file, not a folder
                Run 'scn test --help' for usage.

                """)
        #expect(run.stdout == "", "checked before the run starts: nothing ran")
        for (arguments, problem) in [
            (["--junit", "Scenarios"], "cannot write the --junit report: 'Scenarios' is a folder"),
            (["--junit=ok.xml", "--json", "blocker/deeper/r.json"], "'blocker' is a file, not a folder"),
        ] {
            let again = suite.run(arguments)
            #expect(again.code == 2)
            #expect(again.stdout == "")
            #expect(again.stderr.contains(problem), "\(again.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: suite.directory + "/ok.xml"), "no report half-written")
    }

    @Test func listReportsCheckErrorsAndRunsNothing() throws {
        let suite = try TemporarySuite(["Scenarios/a.scn": "check bad\n", "Scenarios/b.scn": "case b pass\n"])
        let executor = suite.executor
        let run = suite.run(["--list"], executor: executor)
        #expect(run.code == 2)
        #expect(run.stdout == "Scenarios/b.scn › b\n")
        #expect(run.stderr.hasPrefix("FAIL: Scenarios/a.scn:1:1: check failed\nerror: bad\n"))
        #expect(executor.calls.all.isEmpty)
    }

    @Test func maxStepsReachesTheExecutor() throws {
        struct Spy: ScenarioExecutor {
            let seen = Locked<[ExecutionOptions]>([])
            func plan(file: String, root: String) -> FilePlan {
                FilePlan(file: file, root: root, cases: [PlannedCase(name: "c")])
            }
            func run(plan: FilePlan, cases: [String], options: ExecutionOptions) -> [CaseOutcome] {
                seen.withLock { $0.append(options) }
                return cases.map { .passed($0) }
            }
        }
        let suite = try TemporarySuite(["Scenarios/a.scn": ""])
        let spy = Spy()
        let out = CapturedOutput()
        let code = TestCommand.main(
            arguments: ["--max-steps=42"], executor: spy, stdout: out, stderr: CapturedOutput(), environment: [:],
            isTerminal: false, workingDirectory: suite.directory)
        #expect(code == 0)
        #expect(spy.seen.withLock { $0 } == [ExecutionOptions(maxSteps: 42, colour: false)])
    }
}

@Suite struct OptionTests {
    @Test func parsesEveryOptionInBothSpellings() throws {
        let a = try TestOptions.parse([
            "--jobs", "3", "--filter", "x", "--tags", "a and b", "--shard", "2/5", "--junit", "j.xml", "--tap",
            "--json", "r.json", "--max-steps", "10", "--list", "-v", "p1", "p2",
        ])
        let b = try TestOptions.parse([
            "p1", "--jobs=3", "--filter=x", "--tags=a and b", "--shard=2/5", "--junit=j.xml", "--tap", "--json=r.json",
            "--max-steps=10", "--list", "--verbose", "p2",
        ])
        #expect(a == b)
        #expect(a.paths == ["p1", "p2"])
        #expect(a.jobs == 3)
        #expect(a.shard == Shard(index: 2, count: 5))
        #expect(a.tags == .and(.tag("a"), .tag("b")))
        #expect(try TestOptions.parse(["-j4"]).jobs == 4)
        #expect(try TestOptions.parse(["-j", "4"]).jobs == 4)
        #expect(try TestOptions.parse(["--", "--tap"]).paths == ["--tap"])
        #expect(try TestOptions.parse(["--filter", "-x"]).filter == "-x", "a value may start with a dash")
        #expect(try TestOptions.parse(["--filter", "a", "--filter", "b"]).filter == "b", "the last one counts")
    }

    @Test(arguments: [
        (["--jbos", "2"], "unknown option '--jbos'; did you mean '--jobs'?"),
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["-x"], "unknown option '-x'"),
        (["--jobs"], "option '--jobs' needs a value: N (files run at once (default: the number of cores; at most 64))"),
        // --json is a flag for scn run and scn check; for scn test it takes a FILE.
        (["--json"], "option '--json' needs a value: FILE (write a JSON report to FILE)"),
        (
            ["--json", "two.scn"],
            "--json takes the file to write the report to, and 'two.scn' is a scenario file: write 'scn test two.scn --json report.json'; 'scn run --json' and 'scn check --json' print JSON on standard output"
        ),
        (
            ["Scenarios", "--html", "bugs/tap.scn"],
            "--html takes the file to write the report to, and 'bugs/tap.scn' is a scenario file: write 'scn test bugs/tap.scn --html report.html'"
        ),
        (["--jobs", "0"], "option '--jobs' needs a whole number of at least 1, not '0'"),
        (["--jobs", "two"], "option '--jobs' needs a whole number of at least 1, not 'two'"),
        (["--max-steps=-5"], "option '--max-steps' needs a whole number of at least 1, not '-5'"),
        (["--tap=yes"], "option '--tap' takes no value"),
        (["--shard", "3/2"], "invalid --shard '3/2': K must be between 1 and 2"),
        (["--junit="], "option '--junit' needs a file name"),
        (["--filter", ""], "option '--filter' needs a non-empty regular expression"),
        (
            ["--tags", "a or"],
            "invalid --tags expression at column 5: expected a tag name, 'not' or '(' after 'or', found the end of the expression\n  a or\n      ^"
        ),
    ])
    func rejectsBadCommandLines(arguments: [String], message: String) {
        // A message of several lines is escaped line by line: its line breaks are kept.
        #expect(throws: UsageError(lines: message.components(separatedBy: "\n"))) {
            try TestOptions.parse(arguments)
        }
    }

    @Test func usageErrorsExitWith2() throws {
        let suite = try TemporarySuite(passingAndFailing)
        let run = suite.run(["--jbos", "2"])
        #expect(run.code == 2)
        #expect(run.stdout == "")
        #expect(
            run.stderr == "error: unknown option '--jbos'; did you mean '--jobs'?\nRun 'scn test --help' for usage.\n")
        #expect(suite.run(["--tap", "--list"]).code == 2)
    }

    @Test func helpListsEveryOption() throws {
        let suite = try TemporarySuite([:])
        let run = suite.run(["--help"])
        #expect(run.code == 0)
        let spellings = TestOptions.command.allOptions.flatMap { [$0.name] + ($0.short.map { ["-\($0)"] } ?? []) }
        #expect(spellings.contains("-j") && spellings.contains("--junit"))
        for option in spellings {
            #expect(run.stdout.contains(option), "\(option)")
        }
        #expect(suite.run(["-h"]).stdout == run.stdout)
    }
}

@Suite struct MaxFailuresTests {
    /// Ten files; the third and the sixth fail. Early files are slow, so that with several
    /// jobs later files finish first.
    static var files: [String: String] {
        var files: [String: String] = [:]
        for i in 0..<10 {
            let b = i == 2 || i == 5 ? "fail" : "pass"
            files["Scenarios/f\(i).scn"] = "sleep \(30 - 3 * i)\ncase a pass\ncase b \(b)\n"
        }
        return files
    }

    @Test func stopsAfterTheFileThatReachesTheLimitWhateverJobsIs() throws {
        let suite = try TemporarySuite(Self.files)
        let executor = suite.executor
        let one = suite.run(["--fail-fast", "-j1"], executor: executor)
        #expect(one.code == 1)
        #expect(executor.calls.all.count == 3, "nothing after the failing file starts with one job")
        #expect(
            one.stdout.hasSuffix(
                """
                Failed (1):
                  Scenarios/f2.scn › b

                3 files, 6 cases
                stopped after 1 failure: 7 files not run
                5 passed, 1 failed

                """))
        for jobs in ["2", "4", "10"] {
            #expect(suite.run(["--fail-fast", "--jobs", jobs]).stdout == one.stdout)
        }
        let two = suite.run(["--max-failures", "2", "-j3"])
        #expect(
            two.stdout.contains("6 files, 12 cases\nstopped after 2 failures: 4 files not run\n10 passed, 2 failed\n"))
        #expect(suite.run(["--max-failures", "3"]).stdout.hasSuffix("10 files, 20 cases\n18 passed, 2 failed\n"))
    }

    @Test func tapBailsOutAndJSONCountsWhatDidNotRun() throws {
        let suite = try TemporarySuite(Self.files)
        let run = suite.run(["--fail-fast", "--tap", "--json", "r.json", "-j4"])
        #expect(run.stdout.hasPrefix("TAP version 13\nok 1 - Scenarios/f0.scn › a\n"))
        #expect(run.stdout.hasSuffix("  ...\n1..20\nBail out! stopped after 1 failure; 7 files not run\n"))
        #expect(try suite.read("r.json").contains("\"not_run\": 7"))
    }
}
