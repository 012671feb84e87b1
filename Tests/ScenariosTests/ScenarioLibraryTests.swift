import Foundation
import ScenarioSwiftTesting
import ScenarioTesting
import Testing

/// Every file under Scenarios/ is one test, through the same library a host package uses:
/// checked, then every case run, failing with the scenario's own message and location.
@Suite("Scenario library")
struct ScenarioLibraryTests {
    static let suite = ScenarioSuite("Scenarios")

    @Test("the library is found from the package root")
    func libraryIsFound() {
        let files = Self.suite.files
        #expect(files.count > 10)
        #expect(files.allSatisfy { $0.name.hasPrefix("Scenarios/") && $0.name.hasSuffix(".scn") })
    }

    @Test("scenario file passes", arguments: ScenarioLibraryTests.suite.files)
    func scenarioFilePasses(_ file: ScenarioTestFile) {
        file.run()
    }

    @Test("a deliberately broken scenario fails with the scenario's message and location")
    func brokenScenarioFails() throws {
        let fixtures = ScenarioSuite("Tests/ScenariosTests/Fixtures")
        let file = try #require(fixtures.files.first { $0.name.hasSuffix("/broken.scn") })
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
}
