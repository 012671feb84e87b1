import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `scn test` and its reports, `scn repro`, `scn apns`.
@Suite struct CLIReportTests {
    /// A folder with one passing and one failing case, in two files.
    func suite() throws -> TempDir {
        let dir = try TempDir()
        try dir.write("suite/pass.scn", Fixture.passing)
        try dir.write("suite/fail.scn", Fixture.failing)
        return dir
    }

    @Test func testSummary() throws {
        let dir = try suite()
        let r = try dir.scn("test", "suite")
        #expect(r.status == 1, "\(r)")
        #expect(r.stdoutLines.contains("1 passed, 1 failed"), "\(r)")
        #expect(r.stdout.hasSuffix("1 passed, 1 failed\n"))
        #expect(r.stdout.contains("--> suite/fail.scn:7:5"))

        // Only the passing file: exit 0.
        let pass = try dir.scn("test", "suite/pass.scn")
        #expect(pass.status == 0, "\(pass)")
        #expect(pass.stdoutLines.contains("1 passed, 0 failed"))
    }

    /// A push's trace line carries its whole payload (some 400 bytes): the console's excerpt,
    /// `scn repro` and the HTML page all quote it cut the same way, and `scn run --json` whole.
    @Test func aLongTraceLineIsCutTheSameWayInEveryReport() throws {
        let dir = try suite()
        let json = try dir.scn("run", "--json", "suite/fail.scn")
        let event = try #require(
            json.stdoutLines.first { $0.contains("\"kind\":\"push-sent\"") }, "no push-sent event:\n\(json)")
        #expect(event.contains("\\\"tag\\\""), "scn run --json keeps the payload whole: \(event)")
        let console = try dir.scn("test", "suite/fail.scn")
        let cut = try #require(console.stdoutLines.first { $0.contains("push-sent: p1") }, "\(console)")
        #expect(cut.count <= 2 + 160, "the console quotes the line whole: \(cut)")
        #expect(cut.hasSuffix(" bytes; whole in scn run --json)"), "\(cut)")
        let quoted = String(cut.dropFirst(2))
        let repro = try dir.scn("repro", "suite/fail.scn")
        #expect(repro.stdout.contains(quoted), "scn repro cuts it otherwise:\n\(repro.stdout)")
        #expect(!repro.stdout.contains("\"tag\""), "scn repro quotes a payload whole")
        _ = try dir.scn("test", "--html", "report.html", "suite/fail.scn")
        let page = try String(contentsOf: dir.url.appendingPathComponent("report.html"), encoding: .utf8)
        let escaped = quoted.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        #expect(page.contains(escaped), "the HTML page cuts it otherwise")
        #expect(!page.contains("&quot;tag&quot;"), "the HTML page quotes a payload whole")
    }

    @Test func testJUnit() throws {
        let dir = try suite()
        let r = try dir.scn("test", "suite", "--junit", "report.xml")
        #expect(r.status == 1, "\(r)")
        let data = try Data(contentsOf: dir.url.appendingPathComponent("report.xml"))
        let document = try XMLDocument(data: data, options: [])
        let testcases = try document.nodes(forXPath: "//testcase")
        let failures = try document.nodes(forXPath: "//testcase/failure")
        #expect(testcases.count == 2)
        #expect(failures.count == 1)
        let names = testcases.compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
        #expect(names.sorted() == ["background push shows the decrypted banner", "the wrong title"])
        let failed = try #require(failures.first?.parent as? XMLElement)
        #expect(failed.attribute(forName: "name")?.stringValue == "the wrong title")
        #expect(failures.first?.stringValue?.contains("suite/fail.scn:7:5") == true)
    }

    @Test func testTAP() throws {
        let dir = try suite()
        let r = try dir.scn("test", "suite", "--tap")
        #expect(r.status == 1, "\(r)")
        let lines = r.stdoutLines
        #expect(lines.contains("1..2"))
        #expect(lines.filter { $0.hasPrefix("not ok ") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("ok ") }.count == 1)
        #expect(lines.contains { $0.hasPrefix("not ok ") && $0.hasSuffix("suite/fail.scn › the wrong title") })
    }

    @Test func reproIsAMarkdownBugReport() throws {
        let dir = try TempDir()
        try dir.write("two.scn", Fixture.twoCases)
        let version = try dir.scn("--version").stdout.dropLast()  // "scn X.Y.Z"
        let r = try dir.scn("repro", "two.scn")
        #expect(r.status == 0, "the report was written: \(r)")
        let out = r.stdout
        #expect(out.hasPrefix("**Result:** 1 passed, 1 failed (exit 1) · `two.scn` · \(version)\n- **Case:** "), "\(r)")
        #expect(out.contains("```scn\n" + Fixture.twoCases + "```\n"), "the scenario, verbatim, in a fence")
        #expect(out.contains("- PASS passes\n- FAIL fails\n"))
        #expect(out.contains("<details><summary>Trace of &quot;passes&quot;"))
        #expect(out.contains("```mermaid\nsequenceDiagram\n"))
        #expect(out.contains("[   0.000s] step: push kindly visible title \"Anna\" body \"Hi\"\n"))
        // Every fence is closed.
        #expect(r.stdoutLines.filter { $0.hasPrefix("```") }.count % 2 == 0)

        let one = try dir.scn("repro", "two.scn", "--case", "passes")
        #expect(one.status == 0, "\(one)")
        #expect(one.stdout.hasPrefix("**Result:** 1 passed, 0 failed (exit 0)"))
        #expect(!one.stdout.contains("Trace of \"fails\""))

        let none = try dir.scn("repro", "two.scn", "--case", "nope")
        #expect(none.status == 2)
        #expect(none.stderr == "error: no case 'nope' in two.scn; its cases: 'passes', 'fails'\n")
    }

    @Test func reproFencesAScenarioHoldingBackticks() throws {
        let dir = try TempDir()
        let text = "# ```` four backticks in a comment\nsdk kindly\nlaunch background\n"
        try dir.write("ticks.scn", text)
        let r = try dir.scn("repro", "ticks.scn")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("`````scn\n" + text + "`````\n"))
    }

    @Test func reproOfAFileThatDoesNotCheck() throws {
        let dir = try TempDir()
        try dir.write("bad.scn", "sdk kindly\nfrobnicate\n")
        let r = try dir.scn("repro", "bad.scn")
        #expect(r.status == 2, "a file that does not check is refused: \(r)")
        #expect(r.stdout.hasPrefix("**Result:** check failed (exit 2)"))
        #expect(r.stdout.contains("--> bad.scn:2:1"))
    }

    @Test func apnsWritesOneFilePerPush() throws {
        let dir = try TempDir()
        try dir.write(
            "pushes.scn",
            """
            sdk kindly
            extension kindly
            app bundle "com.acme.chat"

            case "two pushes" {
                launch background
                push kindly visible title "Anna" body "Hi"
                push other title "Other" body "Yo"
            }

            case "one raw push" {
                launch background
                push raw {"aps": {"alert": {"title": "Raw"}}, "custom": [1, 2]}
            }

            """)
        let r = try dir.scn("apns", "pushes.scn", "--out", "out")
        #expect(r.status == 0, "\(r)")
        let written = r.stdoutLines.dropLast()
        #expect(written.count == 3, "\(r)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("out").path)
        #expect(names.sorted() == ["one-raw-push-p1.apns", "two-pushes-p1.apns", "two-pushes-p2.apns"])
        #expect(Set(written) == Set(names.map { "out/" + $0 }))

        // As many files as the pushes the trace shows.
        let json = try dir.scn("run", "--json", "pushes.scn")
        #expect(json.stdout.components(separatedBy: "\"kind\":\"push-sent\"").count - 1 == names.count)

        for name in names {
            let data = try Data(contentsOf: dir.url.appendingPathComponent("out/" + name))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(name)")
            #expect(object["Simulator Target Bundle"] as? String == "com.acme.chat", "\(name)")
            #expect(object["aps"] is [String: Any], "\(name)")
        }
        let raw = try JSONSerialization.jsonObject(
            with: Data(contentsOf: dir.url.appendingPathComponent("out/one-raw-push-p1.apns")))
        #expect((raw as? [String: Any])?["custom"] as? [Int] == [1, 2])
    }

    @Test func apnsSingleCaseAndDefaultBundle() throws {
        let dir = try TempDir()
        try dir.write("one.scn", "sdk kindly\nextension kindly\nlaunch background\npush kindly visible\n")
        let r = try dir.scn("apns", "one.scn", "--out", "deep/er")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "deep/er/p1.apns\n")
        let data = try Data(contentsOf: dir.url.appendingPathComponent("deep/er/p1.apns"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["Simulator Target Bundle"] as? String == "com.example.app")
        #expect(object["aps"] is [String: Any])
    }

    @Test func apnsExportsAnAppsOwnPushWithBadgeThreadCategoryLevelAndSound() throws {
        let dir = try TempDir()
        try dir.write(
            "own.scn",
            "sdk none\nlaunch background\npush app visible title \"A\" badge 2 thread \"t\" category \"chat\""
                + " interruption-level time-sensitive sound \"default\"\npush app silent removes all\n")
        let r = try dir.scn("apns", "own.scn", "--out", "out")
        #expect(r.status == 0, "\(r)")
        let data = try Data(contentsOf: dir.url.appendingPathComponent("out/p1.apns"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let aps = try #require(object["aps"] as? [String: Any])
        #expect(aps["badge"] as? Int == 2)
        #expect(aps["thread-id"] as? String == "t")
        #expect(aps["category"] as? String == "chat")
        #expect(aps["interruption-level"] as? String == "time-sensitive")
        #expect(aps["sound"] as? String == "default")
        let removal = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("out/p2.apns")))
                as? [String: Any])
        #expect(removal["removes"] as? String == "all")
        #expect((removal["aps"] as? [String: Any])?["content-available"] as? Int == 1)
    }

    @Test func apnsFileNamesStayDistinctWhenCaseNamesLookAlike() throws {
        let dir = try TempDir()
        try dir.write(
            "alike.scn",
            """
            sdk kindly

            case "push!" {
                launch background
                push other title "first"
            }

            case "push?" {
                launch background
                push other title "second"
            }

            """)
        let r = try dir.scn("apns", "alike.scn", "--out", "out")
        #expect(r.status == 0, "\(r)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("out").path)
        #expect(names.sorted() == ["push-2-p1.apns", "push-p1.apns"])
        let titles = try names.sorted().map { name -> String? in
            let data = try Data(contentsOf: dir.url.appendingPathComponent("out/" + name))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let aps = object?["aps"] as? [String: Any]
            return (aps?["alert"] as? [String: Any])?["title"] as? String
        }
        #expect(titles == ["second", "first"])
    }

    @Test func apnsWithoutPushes() throws {
        let dir = try TempDir()
        try dir.write("quiet.scn", "sdk kindly\nlaunch background\n")
        let r = try dir.scn("apns", "quiet.scn", "--out", "out")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "note: the scenario sends no push\n")
    }

    @Test(
        "scn apns --bundle sets the Simulator's bundle; the payload is what the server sent, nothing of the model's own"
    )
    func apnsBundleAndCleanPayload() throws {
        let dir = try TempDir()
        try dir.write("other.scn", "sdk none\nlaunch background\npush other title \"Hi\"\n")
        let r = try dir.scn("apns", "other.scn", "--out", "out", "--bundle", "com.acme.app-debug")
        #expect(r.status == 0, "\(r)")
        let text = try String(contentsOf: dir.url.appendingPathComponent("out/p1.apns"), encoding: .utf8)
            .trimmingCharacters(in: .newlines)
        #expect(
            text
                == #"{"aps":{"alert":{"title":"Hi","body":"Message 1"},"mutable-content":1},"Simulator Target Bundle":"com.acme.app-debug"}"#
        )
        for bad in ["", "a b", "com.acme/x", String(repeating: "a", count: 256)] {
            let refused = try dir.scn("apns", "other.scn", "--out", "out2", "--bundle", bad)
            #expect(refused.status == 2 && refused.stderr.contains("--bundle"), "\(bad): \(refused)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out2").path))
    }

}
