import StandardVocabulary
import Testing

@testable import ScenarioTesting

@Suite struct SelectionTests {
    @Test func filterSearchesFileSeparatorCase() throws {
        let suite = try TemporarySuite(mixedSuite)
        let run = suite.run(["--list", "--filter", "kindly/.* › on "])
        #expect(run.code == 0)
        #expect(
            run.stdout == """
                Scenarios/kindly/foreground.scn › on chat  [kindly]
                Scenarios/kindly/foreground.scn › on host  [kindly smoke]

                """)
    }

    @Test func filterIsUnanchoredAndCaseNamesCanBeAnchored() throws {
        let suite = try TemporarySuite(mixedSuite)
        let executor = suite.executor
        let run = suite.run(["--filter", "› (alone|plain)$", "--jobs", "1"], executor: executor)
        #expect(run.code == 0)
        #expect(executor.calls.all == ["Scenarios/edna/campaign.scn: plain", "Scenarios/other.scn: alone"])
        #expect(run.stdout.hasSuffix("\n2 passed, 0 failed\n"))
    }

    @Test func invalidFilterIsAUsageError() throws {
        let suite = try TemporarySuite(mixedSuite)
        let run = suite.run(["--filter", "a(b"])
        #expect(run.code == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "error: invalid --filter 'a(b': expected ')'\nRun 'scn test --help' for usage.\n")
    }

    @Test func tagsSelectCases() throws {
        let suite = try TemporarySuite(mixedSuite)
        let run = suite.run(["--list", "--tags", "smoke or (kindly and not slow)"])
        #expect(
            run.stdout == """
                Scenarios/edna/campaign.scn › plain  [edna smoke]
                Scenarios/edna/single.scn › single  [edna smoke]
                Scenarios/kindly/cold-start.scn › warm tap  [kindly]
                Scenarios/kindly/foreground.scn › on chat  [kindly]
                Scenarios/kindly/foreground.scn › on host  [kindly smoke]

                """)
    }

    @Test func filterAndTagsCombine() throws {
        let suite = try TemporarySuite(mixedSuite)
        let run = suite.run(["--list", "--tags=smoke", "--filter=edna"])
        #expect(
            run.stdout
                == "Scenarios/edna/campaign.scn › plain  [edna smoke]\nScenarios/edna/single.scn › single  [edna smoke]\n"
        )
    }

    @Test func badTagExpressionIsAUsageErrorWithTheColumn() throws {
        let suite = try TemporarySuite(mixedSuite)
        let run = suite.run(["--tags", "kindly and (slow"])
        #expect(run.code == 2)
        #expect(
            run.stderr == """
                error: invalid --tags expression at column 17: expected ')' to close the '(' at column 12, found the end of the expression
                  kindly and (slow
                                  ^
                Run 'scn test --help' for usage.

                """)
    }

    @Test func skippedCasesAreListedAndReportedButNeverRun() throws {
        let suite = try TemporarySuite(mixedSuite)
        let executor = suite.executor
        let run = suite.run(["Scenarios/edna/campaign.scn", "-v"], executor: executor)
        #expect(executor.calls.all == ["Scenarios/edna/campaign.scn: plain"])
        #expect(
            run.stdout == """
                PASS Scenarios/edna/campaign.scn (1 passed, 1 skipped)
                  skip  quote — needs edna 5
                  pass  plain

                1 file, 2 cases
                1 passed, 0 failed, 1 skipped

                """)
    }

    @Test func aFileWithNothingSelectedIsNotReported() throws {
        let suite = try TemporarySuite(mixedSuite)
        let run = suite.run(["--filter", "nothing-matches-this"])
        #expect(run.code == 0)
        #expect(run.stdout == "0 files, 0 cases\n0 passed, 0 failed\n")
        #expect(run.stderr == "warning: no cases selected\n")
    }

    @Test func aCheckFailureIsReportedUnlessTheFilterExcludesItsPath() throws {
        let suite = try TemporarySuite([
            "Scenarios/a.scn": "case ok pass\n", "Scenarios/bad.scn": "check unknown command\n",
        ])
        #expect(suite.run(["--filter", "a.scn"]).code == 0)
        #expect(suite.run(["--filter", "bad"]).code == 2)
        #expect(suite.run(["--tags", "anything"]).code == 2, "a broken file has no known tags: it is reported")
    }
}
