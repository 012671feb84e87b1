import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `known-bug "ref"`: a case that states what should happen and fails until the bug is
/// fixed. Its outcomes in every report, and the exit codes.
@Suite struct CLIKnownBugTests {
    /// The expectation fails, as the bug says: the known bug is reproduced.
    static let reproduces = """
        sdk kindly
        extension kindly
        launch background

        case "still broken" {
            known-bug "https://example.com/issues/1"
            push kindly visible title "Anna"
            expect banner "Bob"
        }

        """

    /// The expectation holds: the known bug no longer reproduces.
    static let passes = """
        known-bug "https://example.com/issues/2"
        sdk kindly
        extension kindly
        launch background
        push kindly visible title "Anna"
        expect banner "Anna"

        """

    @Test("a reproduced known bug counts as passing: KNOWN, exit 0, the line before the summary")
    func reproducedCountsAsPassing() throws {
        let dir = try TempDir()
        try dir.write("bugs/reproduces.scn", Self.reproduces)
        let r = try dir.scn("test", "bugs")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("  KNOWN  still broken — https://example.com/issues/1\n"), "\(r)")
        #expect(r.stdout.hasSuffix("1 known bug reproduced\n1 passed, 0 failed\n"), "\(r)")
        // The failure that reproduces it is not printed as a failure.
        #expect(!r.stdout.contains("FAIL"), "\(r)")

        let run = try dir.scn("run", "bugs/reproduces.scn")
        #expect(run.status == 0, "\(run)")
        #expect(
            run.stdout.hasPrefix("KNOWN bugs/reproduces.scn › still broken — known bug: https://example.com/issues/1\n")
        )
    }

    @Test("a passing known-bug case exits 1 and says FIXED? with the reference")
    func passingKnownBugExitsOne() throws {
        let dir = try TempDir()
        try dir.write("bugs/passes.scn", Self.passes)
        let r = try dir.scn("test", "bugs")
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("FIXED? bugs/passes.scn:1:1: case \"passes\"\n"), "\(r)")
        #expect(r.stdout.contains("known bug no longer reproduces: https://example.com/issues/2"), "\(r)")
        #expect(r.stdout.hasSuffix("0 known bugs reproduced, 1 no longer reproduces\n0 passed, 1 failed\n"), "\(r)")

        let run = try dir.scn("run", "bugs/passes.scn")
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stdout.contains(
                "FIXED? bugs/passes.scn › passes — known bug no longer reproduces: https://example.com/issues/2"))
    }

    @Test("TAP: # TODO for a reproduced known bug; no directive when it no longer reproduces")
    func tap() throws {
        let dir = try TempDir()
        try dir.write("bugs/a.scn", Self.reproduces)
        try dir.write("bugs/b.scn", Self.passes)
        let r = try dir.scn("test", "bugs", "--tap")
        #expect(r.status == 1, "\(r)")
        let lines = r.stdoutLines
        #expect(lines.contains("not ok 1 - bugs/a.scn › still broken # TODO known bug: https://example.com/issues/1"))
        let fixed = try #require(lines.first { $0.hasPrefix("not ok 2 - ") })
        #expect(fixed.contains("known bug no longer reproduces: https://example.com/issues/2"))
        #expect(!fixed.contains("# TODO") && !fixed.contains("# SKIP"))
    }

    @Test("JUnit: <skipped message=\"known bug: ref\"> and a <failure> when it no longer reproduces")
    func junit() throws {
        let dir = try TempDir()
        try dir.write("bugs/a.scn", Self.reproduces)
        try dir.write("bugs/b.scn", Self.passes)
        let r = try dir.scn("test", "bugs", "--junit", "j.xml", "--json", "j.json")
        #expect(r.status == 1, "\(r)")
        let document = try XMLDocument(data: try Data(contentsOf: dir.url.appendingPathComponent("j.xml")))
        let root = try #require(document.rootElement())
        let skippedCount = try document.nodes(forXPath: "//testsuite/@skipped").compactMap { Int($0.stringValue ?? "") }
        #expect(skippedCount.reduce(0, +) == 1, "junit-10.xsd counts skips per testsuite only")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let skipped = try document.nodes(forXPath: "//testcase/skipped")
        #expect(
            (skipped.first as? XMLElement)?.attribute(forName: "message")?.stringValue
                == "known bug: https://example.com/issues/1")
        let failure = try #require(try document.nodes(forXPath: "//testcase/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "message")?.stringValue?.contains("no longer reproduces") == true)

        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("j.json")))
                as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["known_bugs_reproduced"] as? Int == 1)
        #expect(summary["known_bugs_no_longer_reproducing"] as? Int == 1)
        let files = try #require(json["files"] as? [[String: Any]])
        let statuses = files.flatMap { ($0["cases"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String } }
        #expect(statuses == ["reproduced", "no-longer-reproduces"])
    }

    @Test("an internal error or a check error is reported as without the marker")
    func errorsAreNotKnownBugs() throws {
        let dir = try TempDir()
        try dir.write("bugs/bad.scn", "known-bug \"x\"\nsdk kindly\nexpect nonsense\n")
        let r = try dir.scn("test", "bugs")
        #expect(r.status == 2, "\(r)")
        #expect(!r.stdout.contains("known bug"), "\(r)")
    }
}
