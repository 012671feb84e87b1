import Foundation
import Testing

/// `scn run`.
@Suite struct CLIRunTests {
    @Test func passingRunExits0() throws {
        let dir = try TempDir()
        try dir.write("pass.scn", Fixture.passing)
        let r = try dir.scn("run", "pass.scn")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "PASS pass.scn › background push shows the decrypted banner\n")
        #expect(r.stderr.isEmpty)
    }

    @Test func failingRunExits1WithTheFailure() throws {
        let dir = try TempDir()
        try dir.write("two.scn", Fixture.twoCases)
        let r = try dir.scn("run", "two.scn")
        #expect(r.status == 1, "\(r)")
        let lines = r.stdoutLines
        #expect(lines.first == "PASS two.scn › passes")
        #expect(lines.contains("FAIL two.scn › fails"))
        #expect(lines.contains("  error: expectation failed: expect banner \"Bob\" \"Hi\""))
        #expect(lines.contains("     --> two.scn:14:5"))
        #expect(lines.contains { $0.hasPrefix("      = expected: newest banner \"Bob\" \"Hi\"") })
        #expect(lines.contains { $0.hasPrefix("      = actual:   newest banner b1: \"Anna\" \"Hi\"") })
        // No line ends in spaces.
        #expect(!lines.contains { $0.hasSuffix(" ") }, "\(r)")
        #expect(r.stdout.hasSuffix("\n") && !r.stdout.hasSuffix("\n\n"))
    }

    @Test func severalFilesAndFoldersWorstExitCode() throws {
        let dir = try TempDir()
        try dir.write("s/pass.scn", Fixture.passing)
        try dir.write("s/fail.scn", Fixture.failing)
        let r = try dir.scn("run", "s")
        #expect(r.status == 1, "\(r)")
        let verdicts = r.stdoutLines.filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
        #expect(
            verdicts == [
                "FAIL s/fail.scn › the wrong title", "PASS s/pass.scn › background push shows the decrypted banner",
            ])
        // A check error is worse than a failure: exit 2, and the runnable files still run.
        try dir.write("s/zbad.scn", "sdk kindly\nfrobnicate\n")
        let bad = try dir.scn("run", "s")
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stdout.contains("PASS s/pass.scn"))
        #expect(bad.stderr.contains("--> s/zbad.scn:2:1"))
    }

    @Test func traceShowsTheTimeline() throws {
        let dir = try TempDir()
        try dir.write("pass.scn", Fixture.passing)
        let plain = try dir.scn("run", "pass.scn")
        let r = try dir.scn("run", "--trace", "pass.scn")
        #expect(r.status == 0, "\(r)")
        let lines = r.stdoutLines.dropLast()  // the final newline
        #expect(lines.first == "PASS pass.scn › background push shows the decrypted banner")
        let events = lines.dropFirst()
        #expect(events.count > 5)
        #expect(events.allSatisfy { $0.hasPrefix("  [") && $0.contains("s] ") }, "\(r)")
        #expect(events.contains("  [   0.000s] step: launch background"))
        #expect(events.contains("  [   0.000s] step: push kindly visible title \"Anna\" body \"Hi\""))
        #expect(events.contains { $0.contains("banner-shown: ") && $0.contains("\"Anna\" / \"Hi\"") })
        #expect(r.stdout.count > plain.stdout.count)
    }

    @Test func traceIsDeterministic() throws {
        let dir = try TempDir()
        try dir.write("two.scn", Fixture.twoCases)
        let a = try dir.scn("run", "--trace", "two.scn")
        let b = try dir.scn("run", "--trace", "two.scn")
        #expect(a.status == 1)
        #expect(a.stdoutData == b.stdoutData)
        #expect(a.stderrData == b.stderrData)
        let j1 = try dir.scn("run", "--json", "two.scn")
        let j2 = try dir.scn("run", "--json", "two.scn")
        #expect(j1.stdoutData == j2.stdoutData)
    }

    @Test func jsonLines() throws {
        let dir = try TempDir()
        try dir.write("two.scn", Fixture.twoCases)
        let r = try dir.scn("run", "--json", "two.scn")
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.isEmpty)
        #expect(r.stdout.hasSuffix("\n"))
        var objects: [[String: Any]] = []
        for line in r.stdoutLines.dropLast() {
            let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
            objects.append(try #require(value as? [String: Any], "not an object: \(line)"))
        }
        let cases = objects.filter { $0["type"] as? String == "case" }
        let events = objects.filter { $0["type"] as? String == "event" }
        #expect(cases.count == 2)
        #expect(events.count + cases.count == objects.count, "only case and event lines")
        // Each case's events come before its case line.
        #expect(objects.last?["type"] as? String == "case")
        let firstCase = try #require(objects.firstIndex { $0["type"] as? String == "case" })
        #expect(objects[..<firstCase].allSatisfy { $0["case"] as? String == "passes" })

        for event in events {
            #expect(event["file"] as? String == "two.scn")
            #expect(["passes", "fails"].contains(event["case"] as? String))
            #expect(event["time_ms"] is NSNumber)
            #expect((event["kind"] as? String)?.isEmpty == false)
            #expect(event["text"] is String)
        }
        #expect(events.contains { $0["kind"] as? String == "step" && $0["text"] as? String == "launch background" })

        let passed = try #require(cases.first { $0["case"] as? String == "passes" })
        #expect(passed["status"] as? String == "passed")
        #expect(passed["file"] as? String == "two.scn")
        #expect((passed["steps"] as? Int ?? 0) > 0)
        #expect(passed["message"] == nil)

        let failed = try #require(cases.first { $0["case"] as? String == "fails" })
        #expect(failed["status"] as? String == "failed")
        #expect(failed["message"] as? String == "expectation failed: expect banner \"Bob\" \"Hi\"")
        #expect(failed["line"] as? Int == 14)
        #expect(failed["column"] as? Int == 5)
        #expect(failed["expected"] as? String == "newest banner \"Bob\" \"Hi\"")
        #expect((failed["actual"] as? String)?.hasPrefix("newest banner b1: \"Anna\" \"Hi\"") == true)
    }

    @Test("a failure inside a def in a for: the notes in the text and in --json")
    func failureContext() throws {
        let dir = try TempDir()
        try dir.write(
            "loop.scn",
            "sdk kindly\nextension kindly\nlaunch background\npush kindly visible title \"Anna\"\n"
                + "def check who {\n    expect banner $who\n}\nfor who in [\"Anna\", \"Bob\"] {\n    check $who\n}\n")
        let text = try dir.scn("run", "loop.scn")
        #expect(text.status == 1, "\(text)")
        #expect(
            text.stdout.contains(
                "     = note: called from loop.scn:9:5\n     = note: in for who = \"Bob\" (item 2 of 2) at loop.scn:8:1\n"
            ))
        let r = try dir.scn("run", "--json", "loop.scn")
        let line = try #require(r.stdoutLines.first { $0.contains("\"type\":\"case\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(
            object["notes"] as? [String] == [
                "called from loop.scn:9:5", "in for who = \"Bob\" (item 2 of 2) at loop.scn:8:1",
            ])
    }

    @Test func jsonSkippedCase() throws {
        let dir = try TempDir()
        try dir.write(
            "skip.scn", "sdk kindly\n\ncase \"later\" {\n    skip \"not yet\"\n    launch background\n}\n")
        let r = try dir.scn("run", "--json", "skip.scn")
        #expect(r.status == 0, "\(r)")
        let line = try #require(r.stdoutLines.first { $0.contains("\"type\":\"case\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "skipped")
        #expect(object["reason"] as? String == "not yet")
        let text = try dir.scn("run", "skip.scn")
        #expect(text.stdout == "SKIP skip.scn › later (not yet)\n")
    }

    @Test func jsonEscapesUntrustedText() throws {
        let dir = try TempDir()
        // Quotes, backslashes, control characters and non-ASCII in names and texts.
        try dir.write(
            "odd.scn",
            "sdk kindly\nextension kindly\n\ncase \"tab\\there \\\"q\\\" \\\\ é 😀\" {\n    launch background\n"
                + "    push kindly visible title \"a\\nb\\u{1}\" body \"\\\\\"\n    expect banners 2\n}\n")
        let r = try dir.scn("run", "--json", "odd.scn")
        #expect(r.status == 1, "\(r)")
        for line in r.stdoutLines.dropLast() {
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
        }
        let last = try #require(r.stdoutLines.dropLast().last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(object["case"] as? String == "tab\there \"q\" \\ é 😀")
    }

    @Test func maxSteps() throws {
        let dir = try TempDir()
        try dir.write("loop.scn", "sdk kindly\nlaunch background\nrepeat 100 {\n    wait 1s\n}\n")
        let ok = try dir.scn("run", "loop.scn")
        #expect(ok.status == 0, "\(ok)")
        let limited = try dir.scn("run", "--max-steps", "10", "loop.scn")
        #expect(limited.status == 1, "\(limited)")
        #expect(limited.stdout.contains("FAIL loop.scn › loop"))
        #expect(limited.stdout.contains("limit reached: "), "\(limited)")
    }
}
