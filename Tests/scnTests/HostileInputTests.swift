import Foundation
import Testing

/// Scenario files arrive in bug reports from strangers: each input here once crashed the
/// tool, hung it or ate gigabytes. Each now ends with a clear error at a position and
/// exit 1 or 2. They run the `scn` binary in a process of its own, so a regression is a
/// failed test (a crash or a time-out is reported), never a crashed test run.
@Suite struct HostileInputTests {
    static let items = Array(repeating: "$a", count: 100).joined(separator: ", ")

    /// `let a = x`, then `let a = [$a, $a, … 100 times]` `times` times: 100^times parts.
    static func exponential(_ times: Int, then last: String) -> String {
        "sdk kindly\nlet a = x\n" + String(repeating: "let a = [\(items)]\n", count: times) + "launch background\n"
            + last + "\n"
    }

    static func expectEnds(
        _ r: CLIResult, status: Int32, _ needle: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(r.exited, "\(r)", sourceLocation: sourceLocation)
        #expect(r.status == status, "\(r)", sourceLocation: sourceLocation)
        #expect((r.stdout + r.stderr).contains(needle), "\(r)", sourceLocation: sourceLocation)
    }

    // MARK: 1. Exponential values

    @Test(
        "a value that sharing makes exponentially long is an error when it is built",
        arguments: [
            "push raw {aps: {alert: \"x\"}, b: $a}", "let s = \"${a}\"", "send \"${a}\"", "expect banner \"${a}\"",
        ])
    func exponentialValues(last: String) throws {
        let dir = try TempDir()
        try dir.write("e.scn", Self.exponential(5, then: last))
        let r = try dir.scn("run", "e.scn")
        Self.expectEnds(r, status: 1, "value too large")
        #expect(r.stdout.contains("e.scn:5:9"), "\(r)")
    }

    @Test("interpolating a large list stops at the string limit")
    func interpolationStopsAtTheLimit() throws {
        let dir = try TempDir()
        // Two levels: a list written in 30,200 bytes (100 lists of 100 `x`), under the value
        // limit. 34 copies of it fit in the 1 MiB a string may grow to (1,026,800 bytes); a
        // 35th goes past it (1,057,000).
        let fits = String(repeating: "${a}", count: 34)
        try dir.write("fits.scn", Self.exponential(2, then: "let s = \"\(fits)\""))
        let under = try dir.scn("run", "fits.scn")
        #expect(under.status == 0, "\(under)")
        try dir.write("over.scn", Self.exponential(2, then: "let s = \"\(fits)${a}\""))
        let over = try dir.scn("run", "over.scn")
        Self.expectEnds(over, status: 1, "string longer than 1048576 bytes")
        #expect(over.stdout.contains("over.scn:6:9"), "\(over)")
    }

    @Test("'repeat $a' with a huge list says it needs a number, with the value cut short")
    func repeatOfAList() throws {
        let dir = try TempDir()
        try dir.write("e.scn", Self.exponential(2, then: "repeat $a { wait 1s }"))
        let r = try dir.scn("run", "e.scn")
        Self.expectEnds(r, status: 1, "'repeat' needs a whole number, got [[x, x")
        #expect(r.stdout.utf8.count < 10_000, "\(r.stdout.utf8.count) bytes")
    }

    // MARK: 2. Native recursion

    @Test("a value nested 100,000 deep by let chains is an error at the 201st level")
    func deepValue() throws {
        let dir = try TempDir()
        let text =
            "sdk kindly\nlet a = x\n" + String(repeating: "let a = [$a]\n", count: 100_000) + "launch background\n"
        try dir.write("d.scn", text)
        let r = try dir.scn("run", "d.scn")
        Self.expectEnds(r, status: 1, "value nested too deeply")
        #expect(r.stdout.contains("d.scn:203:9"), "\(r)")
        let objects = "sdk kindly\nlet a = x\n" + String(repeating: "let a = {k: $a}\n", count: 100_000)
        try dir.write("o.scn", objects)
        Self.expectEnds(try dir.scn("run", "o.scn"), status: 1, "value nested too deeply")
    }

    @Test("the deep value piped into the REPL")
    func deepValueInTheREPL() throws {
        let dir = try TempDir()
        let text = "sdk kindly\nlet a = x\n" + String(repeating: "let a = [$a]\n", count: 100_000)
        let r = try CLI.run(["repl"], in: dir.url, input: Data(text.utf8))
        Self.expectEnds(r, status: 1, "value nested too deeply")
    }

    /// `def f { repeat 1 { … 40 levels … f } }; f`: calls and blocks nest 10,000 deep.
    static let recursion: String = {
        var body = "f"
        for _ in 0..<40 { body = "repeat 1 { " + body + " }" }
        return "sdk kindly\ndef f { " + body + " }\nf\n"
    }()

    @Test("a def that recurses through 40 nested blocks ends at the call depth limit, in run and test")
    func recursionThroughBlocks() throws {
        let dir = try TempDir()
        try dir.write("s/r.scn", Self.recursion)
        Self.expectEnds(try dir.scn("run", "s/r.scn"), status: 1, "call depth limit reached")
        Self.expectEnds(try dir.scn("test", "s"), status: 1, "call depth limit reached")
    }

    @Test("a tag expression nested 60,000 deep, or 20,000 terms long, is a usage error")
    func deepTagExpression() throws {
        let dir = try TempDir()
        try dir.write("s/a.scn", "sdk kindly\nlaunch background\n")
        // As deep as one command-line argument holds (128 KiB); TagExpressionTests go to 100,000.
        let deep = String(repeating: "(", count: 60_000) + "a" + String(repeating: ")", count: 60_000)
        Self.expectEnds(try dir.scn("test", "--tags", deep, "s"), status: 2, "tag expression too long")
        let nots = String(repeating: "not ", count: 20_000) + "a"
        Self.expectEnds(try dir.scn("test", "--tags", nots, "s"), status: 2, "tag expression too long")
        let nested = String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)
        Self.expectEnds(try dir.scn("test", "--tags", nested, "s"), status: 2, "nested too deeply")
        let long = Array(repeating: "a", count: 20_000).joined(separator: " or ")
        Self.expectEnds(try dir.scn("test", "--tags", long, "s"), status: 2, "tag expression too long")
    }

    // MARK: 3. Include fan-out

    @Test("16 files that each include the next four times end at the include budget")
    func includeFanOut() throws {
        let dir = try TempDir()
        for i in 0..<16 {
            let next = "include \"f\(i + 1).scn\"\n"
            try dir.write("f\(i).scn", i < 15 ? String(repeating: next, count: 4) : "let x = 1\n")
        }
        try dir.write("main.scn", "sdk kindly\ninclude \"f0.scn\"\nlaunch background\n")
        let r = try dir.scn("check", "main.scn")
        Self.expectEnds(r, status: 2, "more than 1000 includes in one file")
        #expect(r.stderr.components(separatedBy: "more than 1000 includes").count == 2, "reported once: \(r)")
        // A file included a few times is fine (and parsed once).
        try dir.write("steps.scn", "launch background\nwait 1s\n")
        try dir.write(
            "ok.scn",
            "sdk kindly\ninclude \"steps.scn\"\ncase \"a\" {\n    include \"steps.scn\"\n    include \"steps.scn\"\n}\n"
        )
        let ok = try dir.scn("run", "ok.scn")
        #expect(ok.status == 0, "\(ok)")
    }

    // MARK: 4. Files

    @Test("a 5 GB sparse file is refused before it is read: top level, found by test, include, push raw file")
    func hugeFiles() throws {
        let dir = try TempDir()
        let big = dir.url.appendingPathComponent("s/big.scn")
        try FileManager.default.createDirectory(
            at: big.deletingLastPathComponent(), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 5 << 30)
        try handle.close()
        Self.expectEnds(try dir.scn("check", "s/big.scn"), status: 2, "is larger than 4194304 bytes")
        Self.expectEnds(try dir.scn("run", "s/big.scn"), status: 2, "is larger than 4194304 bytes")
        Self.expectEnds(try dir.scn("test", "s"), status: 2, "is larger than 4194304 bytes")
        Self.expectEnds(try dir.scn("fmt", "--check", "s/big.scn"), status: 2, "is larger than 4194304 bytes")
        Self.expectEnds(try dir.scn("repro", "s/big.scn"), status: 2, "is larger than 4194304 bytes")
        try dir.write("s/inc.scn", "sdk kindly\ninclude \"big.scn\"\n")
        Self.expectEnds(try dir.scn("check", "s/inc.scn"), status: 2, "cannot include 'big.scn'")
        try dir.write("s/raw.scn", "sdk kindly\nlaunch background\npush raw file \"big.scn\"\n")
        let raw = try dir.scn("run", "s/raw.scn")
        Self.expectEnds(raw, status: 1, "'big.scn' is larger than 65536 bytes")
        #expect(raw.stdout.contains("raw.scn:3:15"), "\(raw)")
    }

    @Test("a FIFO is refused, not waited on")
    func fifo() throws {
        let dir = try TempDir()
        let path = dir.url.appendingPathComponent("f.scn").path
        #expect(Platform.makeFIFO(path))
        Self.expectEnds(try dir.scn("check", "f.scn"), status: 2, "'f.scn' is not a regular file")
        try dir.write("i.scn", "sdk kindly\ninclude \"f.scn\"\n")
        Self.expectEnds(try dir.scn("check", "i.scn"), status: 2, "is not a regular file")
    }

    // MARK: 6. Numbers

    @Test(
        "a number where a whole number goes is a check error at its position",
        arguments: [
            ("expect banners 99999999999999999999", "3:16", "out of range"),
            ("expect history count 18446744073709551617", "3:22", "out of range"),
            ("silent-budget 99999999999999999999 per 1h", "3:15", "out of range"),
            ("tap 99999999999999999999", "3:5", "expected a whole number or a string or word"),
            ("tap 2.5", "3:5", "expected a whole number or a string or word"),
            ("tap 1e3", "3:5", "expected a whole number or a string or word"),
            ("expect banners 2.5", "3:16", "a whole number has digits only"),
            ("repeat 99999999999999999999 { wait 1s }", "3:8", "'repeat' count 99999999999999999999 is out of range"),
            ("silent-budget 1 per 0ms", "3:21", "expected a duration longer than 0"),
        ])
    func numbers(line: String, at position: String, message: String) throws {
        let dir = try TempDir()
        try dir.write("n.scn", "sdk kindly\nlaunch background\n\(line)\n")
        let r = try dir.scn("check", "n.scn")
        Self.expectEnds(r, status: 2, message)
        #expect(r.stderr.contains("n.scn:\(position)"), "\(r)")
    }

    @Test("a whole number from a variable is checked when the step runs")
    func numbersFromVariables() throws {
        let dir = try TempDir()
        try dir.write("n.scn", "sdk kindly\nlet n = 99999999999999999999\nlaunch background\nexpect banners $n\n")
        Self.expectEnds(try dir.scn("run", "n.scn"), status: 1, "expected a whole number, got 99999999999999999999")
        try dir.write("r.scn", "sdk kindly\nlet n = 2.5\nrepeat $n { wait 1s }\n")
        Self.expectEnds(try dir.scn("run", "r.scn"), status: 1, "'repeat' needs a whole number, got 2.5")
    }

    // MARK: 7. Unbounded work

    @Test("20,000 defs and 2,000 unknown commands: the check stops at its error limit")
    func suggestionsAndTheErrorLimit() throws {
        let dir = try TempDir()
        var text = "sdk kindly\n"
        for i in 0..<20_000 { text += "def cmd\(i) { wait 1s }\n" }
        for i in 0..<2_000 { text += "cmx\(i)\n" }
        try dir.write("u.scn", text)
        let r = try dir.scn("check", "u.scn")
        Self.expectEnds(r, status: 2, "too many errors: stopped after 100")
        #expect(r.stderr.components(separatedBy: "error: unknown command").count - 1 == 100, "\(r.stderr.prefix(500))")
        #expect(r.stderr.contains("did you mean 'cmd0'?"), "\(r.stderr.prefix(500))")
    }

    @Test("--filter '.*z' over a 50,000-character case name")
    func filterOverALongName() throws {
        let dir = try TempDir()
        let name = String(repeating: "a", count: 50_000)
        try dir.write("s/l.scn", "sdk kindly\ncase \"\(name)\" {\n    launch background\n}\n")
        let r = try dir.scn("test", "s", "--filter", ".*z")
        #expect(r.exited, "\(r)")
        #expect(r.stderr.contains("no cases selected"), "\(r)")
        let a = try dir.scn("test", "s", "--filter", "› a+$")
        #expect(a.exited, "\(a)")
    }

    @Test("scn apns stops a scenario that would write 500,000 files, and writes none")
    func apnsCap() throws {
        let dir = try TempDir()
        try dir.write("a.scn", "sdk kindly\nlaunch background\nrepeat 500000 { push raw {aps: {alert: \"x\"}} }\n")
        let r = try dir.scn("apns", "a.scn", "--out", "out")
        Self.expectEnds(r, status: 2, "scn apns writes at most 1000 files")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out").path))
    }

    @Test("a case that sends more than 10,000 pushes ends at the push limit")
    func pushLimit() throws {
        let dir = try TempDir()
        try dir.write("p.scn", "sdk kindly\nlaunch background\nrepeat 20000 { push raw {aps: {alert: \"x\"}} }\n")
        let r = try dir.scn("run", "p.scn")
        Self.expectEnds(r, status: 1, "push limit reached: a case may send at most 10000 pushes")
        #expect(r.stdout.contains("p.scn:3:16"), "\(r)")
    }
}
