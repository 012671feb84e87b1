import Foundation
import Testing

/// `scn fmt`.
@Suite struct CLIFormatTests {
    @Test func rewritesInTheCanonicalLayoutKeepingComments() throws {
        let dir = try TempDir()
        try dir.write("a.scn", Fixture.unformatted)
        let r = try dir.scn("fmt", "a.scn")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.isEmpty)
        let text = try dir.read("a.scn")
        #expect(text == Fixture.formatted)
        for comment in ["# leading comment", "# trailing comment", "# before the case", "# after a step"] {
            #expect(text.contains(comment))
        }
    }

    @Test func checkReportsUnformattedFilesAndPassesAfterFmt() throws {
        let dir = try TempDir()
        try dir.write("a.scn", Fixture.unformatted)
        try dir.write("b.scn", Fixture.formatted)
        let before = try dir.scn("fmt", "--check", "a.scn", "b.scn")
        #expect(before.status == 1, "\(before)")
        #expect(before.stdout == "a.scn: not formatted\n")
        // --check changes nothing.
        #expect(try dir.read("a.scn") == Fixture.unformatted)

        #expect(try dir.scn("fmt", "a.scn").status == 0)
        let after = try dir.scn("fmt", "--check", "a.scn", "b.scn")
        #expect(after.status == 0, "\(after)")
        #expect(after.stdout.isEmpty)
    }

    @Test func fmtIsIdempotent() throws {
        let dir = try TempDir()
        let messy = [
            Fixture.unformatted, Fixture.twoCases.replacingOccurrences(of: "    ", with: "\t  "),
            "sdk kindly;launch background;repeat 2 { push kindly visible ; wait 1s }\n"
                + "let p = {\"aps\":{\"alert\":\"x\"},  \"n\":[1,2,  3]}\npush raw $p\n",
            "sdk kindly\n\n\n\ndef twice n {\nrepeat 2 { wait $n }\n}\ntwice 1s  # why\n",
        ]
        for (i, text) in messy.enumerated() {
            try dir.write("once\(i).scn", text)
            try dir.write("twice\(i).scn", text)
        }
        let once = (0..<messy.count).map { "once\($0).scn" }
        let twice = (0..<messy.count).map { "twice\($0).scn" }
        #expect(try dir.scn(["fmt"] + once + twice).status == 0)
        #expect(try dir.scn(["fmt"] + twice).status == 0)
        for i in 0..<messy.count {
            let a = try dir.read("once\(i).scn")
            #expect(a == (try dir.read("twice\(i).scn")), "fmt twice differs from fmt once for \(i)")
            #expect(a != messy[i], "case \(i) was already formatted: the test proves nothing")
        }
        // And the formatted files still check (formatting changed the layout only).
        let check = try dir.scn(["check"] + once)
        #expect(check.status == 0, "\(check)")
    }

    @Test func foldersAreFormattedRecursively() throws {
        let dir = try TempDir()
        try dir.write("lib/z.scn", Fixture.unformatted)
        try dir.write("lib/sub/a.scn", Fixture.unformatted)
        try dir.write("lib/ok.scn", Fixture.formatted)
        try dir.write("lib/readme.txt", "keep   me")
        let check = try dir.scn("fmt", "--check", "lib")
        #expect(check.status == 1)
        #expect(check.stdout == "lib/sub/a.scn: not formatted\nlib/z.scn: not formatted\n")
        #expect(try dir.scn("fmt", "lib").status == 0)
        #expect(try dir.read("lib/z.scn") == Fixture.formatted)
        #expect(try dir.read("lib/sub/a.scn") == Fixture.formatted)
        #expect(try dir.read("lib/readme.txt") == "keep   me")
        #expect(try dir.scn("fmt", "--check", "lib").status == 0)
    }

    @Test func aSyntaxErrorLeavesTheFileAlone() throws {
        let dir = try TempDir()
        let broken = "sdk   kindly\npush raw {\"a\": 1\n"
        try dir.write("broken.scn", broken)
        let r = try dir.scn("fmt", "broken.scn")
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains("--> broken.scn:"))
        #expect(try dir.read("broken.scn") == broken)
    }

    @Test func rewritingKeepsPermissionsAndLeavesLinksAlone() throws {
        let dir = try TempDir()
        let fm = FileManager.default
        try dir.write("private.scn", Fixture.unformatted)
        try dir.write("target.scn", Fixture.unformatted)
        let privatePath = dir.url.appendingPathComponent("private.scn").path
        try fm.setAttributes([.posixPermissions: 0o600], ofItemAtPath: privatePath)
        try fm.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("link.scn").path, withDestinationPath: "target.scn")

        let r = try dir.scn("fmt", "private.scn", "link.scn")
        // A link named on the command line is refused (fmt never writes through a link);
        // the other file is formatted all the same.
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains("'link.scn' is a symbolic link; fmt does not follow links"), "\(r)")
        #expect(try dir.read("private.scn") == Fixture.formatted)
        let permissions = try fm.attributesOfItem(atPath: privatePath)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        // The link is still a link, and its target is as it was.
        let destination = try fm.destinationOfSymbolicLink(atPath: dir.url.appendingPathComponent("link.scn").path)
        #expect(destination == "target.scn")
        #expect(try dir.read("target.scn") == Fixture.unformatted)
    }

    /// Done when: the scenario library is kept formatted.
    @Test func theScenarioLibraryIsFormatted() throws {
        let files = scenarioFiles()
        #expect(files.count > 10)
        let r = try CLI.run(["fmt", "--check"] + files, in: CLI.packageRoot)
        #expect(r.status == 0, "run 'scn fmt Scenarios': \(r)")
        #expect(r.stdout.isEmpty, "\(r)")
        #expect(r.stderr.isEmpty, "\(r)")
        let folder = try CLI.run(["fmt", "--check", "Scenarios"], in: CLI.packageRoot)
        #expect(folder.status == 0, "\(folder)")
    }
}
