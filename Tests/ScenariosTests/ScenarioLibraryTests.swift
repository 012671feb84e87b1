import Foundation
import ScenarioSwiftTesting
import ScenarioTesting
import StandardVocabulary
import Testing

/// Every file under Scenarios/ is one test, through the same library a host package uses:
/// checked, then every case run, failing with the scenario's own message and location.
/// This package's root, as the library finds it.
enum Library {
    static let root = URL(fileURLWithPath: ScenarioLibraryTests.suite.packageRoot)
}

@Suite("Scenario library")
struct ScenarioLibraryTests {
    static let suite = ScenarioSuite("Scenarios")
    static let fixtures = ScenarioSuite("Tests/ScenariosTests/Fixtures")

    static func fixture(_ name: String) throws -> ScenarioTestFile {
        try #require(fixtures.files.first { $0.name.hasSuffix("/" + name) })
    }

    @Test("the library is found from the package root")
    func libraryIsFound() {
        let files = Self.suite.files
        #expect(files.count > 10)
        #expect(files.allSatisfy { $0.name.hasPrefix("Scenarios/") && $0.name.hasSuffix(".scn") })
    }

    @Test("scenario case passes", arguments: ScenarioLibraryTests.suite.cases)
    func scenarioCasePasses(_ scenario: ScenarioTestCase) {
        scenario.run()
    }

    @Test("one argument per case, named file › case; skipped cases are not arguments")
    func oneArgumentPerCase() throws {
        let cases = Self.suite.cases
        #expect(cases.count > Self.suite.files.count)
        #expect(Set(cases.map(\.id)).count == cases.count, "every case has its own ID")
        #expect(try Self.fixture("broken.scn").cases().count == 1, "a file without case blocks is one case")
        #expect(cases.allSatisfy { $0.id.hasPrefix("Scenarios/") && $0.id.contains(".scn \u{203A} ") })
    }

    @Test("SCN_FILTER selects cases as scn test --filter does")
    func environmentFilter() throws {
        let one = ScenarioSuite.environmentSelection(["SCN_FILTER": "known-bug\\.scn \u{203A} fixed"])
        let file = try Self.fixture("known-bug.scn")
        let selected = file.cases(selection: one)
        #expect(selected.count == 1, "\(selected.map(\.id))")
        #expect(selected.first?.caseName == "fixed since")
        #expect(ScenarioSuite.environmentSelection([:]).filter == nil)
        #expect(ScenarioSuite.environmentSelection(["SCN_FILTER": "("]).filter == nil, "an invalid pattern selects all")
    }

    @Test("a file that does not check is one argument, and each diagnostic is an issue at its own line")
    func everyCheckErrorAtItsPlace() throws {
        let file = try Self.fixture("two-check-errors.scn")
        let cases = file.cases()
        let only = try #require(cases.first)
        #expect(cases.count == 1 && only.caseName == nil)
        let (problems, trace) = only.problems()
        #expect(problems.map { $0.location?.line } == [5, 6])
        #expect(problems[0].message.contains("kiled") && problems[1].message.contains("tilte"))
        #expect(trace == nil)
        withKnownIssue {
            only.run()
        } matching: { issue in
            issue.sourceLocation?.line == 5 || issue.sourceLocation?.line == 6
        }
    }

    @Test("a failing case is recorded at its line with its trace; a passing case carries none")
    func failingCaseCarriesItsTrace() throws {
        let broken = try #require(try Self.fixture("broken.scn").cases().first)
        let (problems, trace) = broken.problems()
        #expect(problems.count == 1 && problems.first?.location?.line == 7)
        let lines = try #require(trace, "the failing case's trace, for the attachment")
        #expect(lines.contains { $0.contains("banner-shown") })
        withKnownIssue {
            broken.run()
        } matching: { issue in
            issue.sourceLocation?.line == 7
        }
        let passing = try #require(Self.suite.cases.first)
        #expect(passing.problems().trace == nil)
    }

    @Test("a deliberately broken scenario fails with the scenario's message and location")
    func brokenScenarioFails() throws {
        let file = try Self.fixture("broken.scn")
        let problems = file.problems()
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.location == FileLocation(path: file.path, line: 7, column: 1))
        #expect(problem.message.contains("expect banner \"Bob\""))
        #expect(problem.message.contains("= expected: newest banner \"Bob\""))
        // The same path the library test takes: the issue is recorded, at the scenario.
        withKnownIssue {
            file.record(problems)
        } matching: { issue in
            issue.sourceLocation?.line == 7 && String(describing: issue).contains("newest banner \"Bob\"")
        }
    }

    @Test("a reproduced known bug is a known issue; one that no longer reproduces is a failure")
    func knownBugs() throws {
        let file = try Self.fixture("known-bug.scn")
        let problems = file.problems()
        #expect(problems.count == 3)
        let reproduced = try #require(problems.first { $0.knownBug != nil })
        #expect(reproduced.knownBug == "https://example.com/issues/1")
        #expect(
            reproduced.by == "expectation failed: expect banner \"Bob\" (10:3)",
            "the known issue names what reproduced it")
        // Recorded as a known issue: this test does not fail because of it.
        file.record([reproduced])
        let fixed = try #require(problems.first { $0.knownBug == nil })
        #expect(fixed.message.contains("known bug no longer reproduces: https://example.com/issues/2"))
        withKnownIssue {
            file.record([fixed])
        } matching: { issue in
            String(describing: issue).contains("no longer reproduces")
        }
        // A known bug that did not reproduce as stated is an issue naming both.
        let otherwise = try #require(problems.last)
        #expect(otherwise.knownBug == nil)
        #expect(otherwise.message.contains("known bug did not reproduce as stated"))
        #expect(otherwise.message.contains("stated:   because \"swallowed the tap\""))
        #expect(otherwise.message.contains("happened: expectation failed: expect banner \"Bob\" (22:3)"))
        withKnownIssue {
            file.record([otherwise])
        } matching: { issue in
            String(describing: issue).contains("did not reproduce as stated")
        }
    }
}
