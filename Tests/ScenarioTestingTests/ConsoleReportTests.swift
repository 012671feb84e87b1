import StandardVocabulary
import Testing

@testable import ScenarioTesting

@Suite struct ConsoleReportTests {
    static let mixedReport = """
        PASS Scenarios/edna/campaign.scn (1 passed, 1 skipped)
        PASS Scenarios/edna/single.scn (1 passed)
        PASS Scenarios/kindly/cold-start.scn (2 passed)
        FAIL Scenarios/kindly/foreground.scn (1 passed, 1 failed)

        FAIL: Scenarios/kindly/foreground.scn:2:1: case "on chat"
        error: expected banner "Anna", but the notification center is empty
          --> Scenarios/kindly/foreground.scn:2:1
        trace:
          0ms  push kindly visible <sent>

        PASS Scenarios/other.scn (1 passed)

        Failed (1):
          Scenarios/kindly/foreground.scn › on chat

        5 files, 8 cases
        6 passed, 1 failed, 1 skipped

        """

    @Test func reportsFilesInOrderFailuresInFullAndTheSummary() throws {
        let suite = try TemporarySuite(mixedSuite)
        let run = suite.run([])
        #expect(run.code == 1)
        #expect(run.stdout == Self.mixedReport)
        #expect(run.stderr == "")
    }

    @Test func outputIsByteIdenticalWhateverJobsIs() throws {
        var files = mixedSuite
        // Early files are slow, so with several jobs later files finish first.
        for i in 0..<8 {
            files["Scenarios/many/f\(i).scn"] =
                "sleep \(40 - 5 * i)\ncase a pass\ncase b \(i % 3 == 0 ? "fail" : "pass")\n"
        }
        files["Scenarios/many/bad.scn"] = "check unknown command 'tpa'\n"
        let suite = try TemporarySuite(files)
        let one = suite.run(["--jobs", "1"])
        let four = suite.run(["--jobs", "4"])
        let eight = suite.run(["-j8", "-v"])
        let eightAgain = suite.run(["-j", "8", "--verbose"])
        #expect(one.code == 2)
        #expect(four.code == 2)
        #expect(one.stdout == four.stdout)
        #expect(eight.stdout == eightAgain.stdout)
        #expect(
            one.stdout.contains(
                "FAIL Scenarios/many/bad.scn (check failed)\n\nFAIL: Scenarios/many/bad.scn:1:1: check failed\nerror: unknown command 'tpa'\n"
            ))
        #expect(one.stdout.hasSuffix("\n14 files, 25 cases, 1 file failed the check\n19 passed, 5 failed, 1 skipped\n"))
    }

    @Test(arguments: [
        ("case a pass\ncase b pass\n", "2 passed, 0 failed\n"),
        ("case a pass\ncase b fail\n", "1 passed, 1 failed\n"),
        ("case a skip why\ncase b pass\n", "1 passed, 0 failed, 1 skipped\n"),
        ("case a skip why\n", "0 passed, 0 failed, 1 skipped\n"),
        ("check nope\n", "0 passed, 1 failed\n"),
        ("case a error\ncase b pass\n", "1 passed, 1 failed\n"),
    ])
    func theLastLineIsTheSummary(content: String, last: String) throws {
        let suite = try TemporarySuite(["Scenarios/x.scn": content])
        let run = suite.run([])
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "ends with a newline")
        #expect(lines.dropLast().last.map { $0 + "\n" } == last)
    }

    @Test func internalErrorsAndMissingOutcomesAreErrors() throws {
        let suite = try TemporarySuite(["Scenarios/x.scn": "case inv error\ncase gone missing\ncase ok pass\n"])
        let run = suite.run([])
        #expect(run.code == 3)
        #expect(
            run.stdout == """
                ERROR Scenarios/x.scn (1 passed, 2 errors)

                ERROR: Scenarios/x.scn:1:1: case "inv"
                internal error: invariant 2 violated: one push, two banners

                ERROR: Scenarios/x.scn:2:1: case "gone"
                internal error: the executor returned no outcome for case 'gone'

                Failed (2):
                  Scenarios/x.scn › inv (internal error)
                  Scenarios/x.scn › gone (internal error)

                1 file, 3 cases, 2 internal errors
                1 passed, 2 failed

                """)
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() throws {
        let suite = try TemporarySuite(passingAndFailing)
        let plain = suite.run([], isTerminal: false)
        let coloured = suite.run([], isTerminal: true, stderrIsTerminal: false)
        let noColor = suite.run([], environment: ["NO_COLOR": ""], isTerminal: true, stderrIsTerminal: false)
        let dumb = suite.run([], environment: ["TERM": "dumb"], isTerminal: true, stderrIsTerminal: false)
        #expect(!plain.stdout.contains("\u{1B}"))
        #expect(coloured.stdout.contains("\u{1B}[32mPASS\u{1B}[0m Scenarios/a.scn"))
        #expect(coloured.stdout.contains("\u{1B}[1;31mFAIL\u{1B}[0m Scenarios/b.scn"))
        #expect(coloured.stdout.hasSuffix("\u{1B}[32m1 passed\u{1B}[0m, \u{1B}[1;31m1 failed\u{1B}[0m\n"))
        #expect(noColor.stdout == plain.stdout)
        #expect(dumb.stdout == plain.stdout)
        #expect(coloured.stderr == "", "no progress line when stderr is not a terminal")
    }

    @Test func colourNeverReachesReportFiles() throws {
        let suite = try TemporarySuite(passingAndFailing)
        _ = suite.run(["--junit", "out/j.xml", "--json", "out/r.json"], isTerminal: true)
        #expect(try !suite.read("out/j.xml").contains("\u{1B}"))
        #expect(try !suite.read("out/r.json").contains("\u{1B}"))
    }

    @Test func progressLineOnlyOnATerminalAndErasedAtTheEnd() throws {
        let suite = try TemporarySuite(passingAndFailing)
        let run = suite.run([], isTerminal: false, stderrIsTerminal: true)
        #expect(run.stderr.contains("\r\u{1B}[2K2/2 files · 1 passed · 1 failed"))
        #expect(run.stderr.hasSuffix("\r\u{1B}[2K"))
        #expect(suite.run([]).stdout == run.stdout, "stdout does not change")
        #expect(suite.run([]).stderr == "")
    }

    @Test func caseNamesAreShownOnOneLine() throws {
        let result = TestFileResult(
            file: ScenarioFile(path: "s.scn", root: "."), problem: nil,
            cases: [
                TestCaseResult(
                    planned: PlannedCase(name: "two\nlines \"q\""),
                    outcome: .failed(
                        "two\nlines \"q\"", message: "boom\n\n", at: FileLocation(path: "s.scn", line: 3, column: 5)))
            ], duration: .zero)
        let text = ConsoleReporter(style: Style(enabled: false), verbose: false).file(result)
        #expect(text == "FAIL s.scn (1 failed)\n\nFAIL: s.scn:3:5: case \"two\\nlines \\\"q\\\"\"\nboom\n\n")
    }
}
