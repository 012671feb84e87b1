import StandardVocabulary
import Foundation
import Testing

@testable import ScenarioTesting

@Suite struct DiscoveryTests {
    @Test func findsScnFilesRecursivelyInByteOrderByComponent() throws {
        let suite = try TemporarySuite([
            "Scenarios/b.scn": "", "Scenarios/a-b.scn": "", "Scenarios/a/z.scn": "", "Scenarios/a/b/c.scn": "",
            "Scenarios/B.scn": "", "Scenarios/notes.txt": "", "Scenarios/.hidden/x.scn": "", "Scenarios/.y.scn": "",
        ])
        let files = try Discovery.discover(paths: ["Scenarios"], workingDirectory: suite.directory)
        #expect(
            files.map(\.path) == [
                "Scenarios/B.scn", "Scenarios/a/b/c.scn", "Scenarios/a/z.scn", "Scenarios/a-b.scn", "Scenarios/b.scn",
            ])
        #expect(files.allSatisfy { $0.root == "Scenarios" })
    }

    @Test func defaultsToScenarios() throws {
        let suite = try TemporarySuite(["Scenarios/x.scn": ""])
        let files = try Discovery.discover(paths: [], workingDirectory: suite.directory)
        #expect(files == [ScenarioFile(path: "Scenarios/x.scn", root: "Scenarios")])
    }

    @Test func keepsArgumentOrderAndRootsPerPath() throws {
        let suite = try TemporarySuite([
            "Scenarios/kindly/a.scn": "", "Scenarios/edna/b.scn": "", "extra/c.txt": "",
        ])
        let files = try Discovery.discover(
            paths: ["./Scenarios/kindly/", "Scenarios/edna", "extra/c.txt"], workingDirectory: suite.directory)
        #expect(
            files == [
                ScenarioFile(path: "Scenarios/kindly/a.scn", root: "Scenarios/kindly"),
                ScenarioFile(path: "Scenarios/edna/b.scn", root: "Scenarios/edna"),
                // a file given directly is taken whatever its extension; its folder is the root
                ScenarioFile(path: "extra/c.txt", root: "extra"),
            ])
    }

    @Test func listsAFileReachedTwiceOnce() throws {
        let suite = try TemporarySuite(["Scenarios/a.scn": "", "Scenarios/sub/b.scn": ""])
        let files = try Discovery.discover(
            paths: ["Scenarios/sub/b.scn", "Scenarios", "Scenarios/sub"], workingDirectory: suite.directory)
        #expect(
            files == [
                ScenarioFile(path: "Scenarios/sub/b.scn", root: "Scenarios/sub"),
                ScenarioFile(path: "Scenarios/a.scn", root: "Scenarios"),
            ])
    }

    @Test func followsSymlinksWithoutLooping() throws {
        let suite = try TemporarySuite(["Scenarios/a/x.scn": ""])
        try FileManager.default.createSymbolicLink(
            atPath: suite.directory + "/Scenarios/a/loop", withDestinationPath: suite.directory + "/Scenarios")
        let files = try Discovery.discover(paths: ["Scenarios"], workingDirectory: suite.directory)
        #expect(files.map(\.path) == ["Scenarios/a/x.scn"])
    }

    @Test func aFileInTheWorkingDirectoryHasRootDot() throws {
        let suite = try TemporarySuite(["x.scn": ""])
        let files = try Discovery.discover(paths: ["x.scn"], workingDirectory: suite.directory)
        #expect(files == [ScenarioFile(path: "x.scn", root: ".")])
    }

    @Test func aMissingPathIsAnError() throws {
        let suite = try TemporarySuite([:])
        #expect(throws: DiscoveryError(message: "no such file or directory: nope")) {
            try Discovery.discover(paths: ["nope"], workingDirectory: suite.directory)
        }
        #expect(throws: DiscoveryError(message: "no such file or directory: Scenarios")) {
            try Discovery.discover(paths: [], workingDirectory: suite.directory)
        }
    }

    @Test func tidiesPaths() {
        #expect(Discovery.tidy("./a//b/./") == "a/b")
        #expect(Discovery.tidy("/x/./y/") == "/x/y")
        #expect(Discovery.tidy("./") == ".")
        #expect(Discovery.tidy("../s") == "../s")
    }
}
