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

    @Test("a reproduced known bug: KNOWN with its by: line, exit 0, counted apart from passed")
    func reproducedCountsAsPassing() throws {
        let dir = try TempDir()
        try dir.write("bugs/reproduces.scn", Self.reproduces)
        let r = try dir.scn("test", "bugs")
        #expect(r.status == 0, "\(r)")
        #expect(
            r.stdout.contains(
                "  KNOWN  still broken — https://example.com/issues/1\n"
                    + "    by: expectation failed: expect banner \"Bob\" (8:5)\n"), "\(r)")
        #expect(r.stdout.hasSuffix("known bugs: 1 reproduced\n0 passed, 0 failed, 1 known\n"), "\(r)")
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
        #expect(r.stdout.hasSuffix("known bugs: 0 reproduced, 1 no longer reproduces\n0 passed, 1 failed\n"), "\(r)")

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
        #expect(
            lines.contains(
                "not ok 1 - bugs/a.scn › still broken # TODO known bug: https://example.com/issues/1 "
                    + "(by: expectation failed: expect banner \"Bob\" (8:5))"))
        let fixed = try #require(lines.first { $0.hasPrefix("not ok 2 - ") })
        #expect(fixed.contains("known bug no longer reproduces: https://example.com/issues/2"))
        #expect(!fixed.contains("# TODO") && !fixed.contains("# SKIP"))
    }

    @Test("JUnit: <skipped type=\"known-bug\" message=\"known bug: ref; by: …\">, scn.known, and a <failure> when it no longer reproduces")
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
                == "known bug: https://example.com/issues/1; by: expectation failed: expect banner \"Bob\" (8:5)")
        #expect((skipped.first as? XMLElement)?.attribute(forName: "type")?.stringValue == "known-bug")
        let known = try document.nodes(forXPath: "//testsuite/properties/property[@name='scn.known']/@value")
        #expect(known.compactMap(\.stringValue) == ["1"], "skipped = skipped + known; scn.known gives the split")
        let failure = try #require(try document.nodes(forXPath: "//testcase/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "message")?.stringValue?.contains("no longer reproduces") == true)

        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("j.json")))
                as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["known_bugs_reproduced"] as? Int == 1)
        #expect(summary["passed"] as? Int == 0, "a reproduced known bug is not counted as passed")
        let first = try #require((json["files"] as? [[String: Any]])?.first?["cases"] as? [[String: Any]])
        let by = try #require(first.first?["reproduced_by"] as? [String: Any])
        #expect(by["kind"] as? String == "expectation")
        #expect(by["line"] as? Int == 8)
        #expect(by["message"] as? String == "expectation failed: expect banner \"Bob\" (8:5)")
        #expect(summary["known_bugs_no_longer_reproducing"] as? Int == 1)
        let files = try #require(json["files"] as? [[String: Any]])
        let statuses = files.flatMap { ($0["cases"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String } }
        #expect(statuses == ["reproduced", "no-longer-reproduces"])
    }

    /// The case states its cause, but fails for another one: no push was ever sent.
    static let otherwise = """
        sdk kindly
        extension kindly
        launch background

        case "faulty: the plug-in swallows taps" {
            known-bug "https://example.com/issues/3" because "swallowed the tap"
            tap
            bug expect chat open
        }

        """

    @Test("a known bug that did not reproduce as stated is a failure in every format, exit 1")
    func notAsStated() throws {
        let dir = try TempDir()
        try dir.write("bugs/c.scn", Self.otherwise)
        let r = try dir.scn("test", "bugs", "--junit", "j.xml", "--json", "j.json", "--html", "h.html")
        #expect(r.status == 1, "\(r)")
        #expect(
            r.stdout.contains(
                "  FAIL  faulty: the plug-in swallows taps — known bug did not reproduce as stated\n"
                    + "    stated:   because \"swallowed the tap\"; bug expect chat open (8:5)\n"
                    + "    happened: step failed at 7:5: tap: no banner"), "\(r)")
        #expect(r.stdout.contains("Failed (1):\n  bugs/c.scn › faulty: the plug-in swallows taps (known bug did not reproduce as stated)\n"), "\(r)")
        #expect(r.stdout.hasSuffix("known bugs: 0 reproduced\n0 passed, 1 failed\n"), "\(r)")

        let tap = try dir.scn("test", "bugs", "--tap")
        let point = try #require(tap.stdoutLines.first { $0.hasPrefix("not ok 1 - ") })
        #expect(point == "not ok 1 - bugs/c.scn › faulty: the plug-in swallows taps", "no directive")
        #expect(tap.stdout.contains("type: known bug did not reproduce as stated"))

        let document = try XMLDocument(data: try Data(contentsOf: dir.url.appendingPathComponent("j.xml")))
        let failure = try #require(try document.nodes(forXPath: "//testcase/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "type")?.stringValue == "known bug did not reproduce as stated")

        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("j.json")))
                as? [String: Any])
        let c = try #require(((json["files"] as? [[String: Any]])?.first?["cases"] as? [[String: Any]])?.first)
        #expect(c["status"] as? String == "failed")
        #expect(c["known_bug"] as? String == "https://example.com/issues/3")
        #expect(c["stated"] as? String == "because \"swallowed the tap\"; bug expect chat open (8:5)")
        #expect(c["reproduced_by"] == nil)

        let html = try String(contentsOf: dir.url.appendingPathComponent("h.html"), encoding: .utf8)
        #expect(html.contains("<span class=\"word bad\">FAIL</span>"))
        #expect(!html.contains("<h2>Known bugs"))
    }

    @Test("HTML: a KNOWN chip and a Known bugs index after Failed, with each case's by: line")
    func htmlKnownIndex() throws {
        let dir = try TempDir()
        try dir.write("bugs/a.scn", Self.reproduces)
        try dir.write("bugs/c.scn", Self.otherwise)
        _ = try dir.scn("test", "bugs", "--html", "h.html")
        let html = try String(contentsOf: dir.url.appendingPathComponent("h.html"), encoding: .utf8)
        let failed = try #require(html.range(of: "Failed (1):"))
        let index = try #require(html.range(of: "<h2>Known bugs (1)</h2>"))
        #expect(failed.upperBound < index.lowerBound)
        #expect(html.contains("by: expectation failed: expect banner &quot;Bob&quot; (8:5)"))
        #expect(html.contains("<span class=\"word known\">KNOWN</span>"))
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
