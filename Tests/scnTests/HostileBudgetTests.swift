import Foundation
import Testing

/// Hostile inputs aimed at the work a run does, not at its input's size: properties
/// checked after every step, cases made by `for` around `case`, defs inside called defs,
/// `explore`'s search, the REPL's memory. Each runs the `scn` binary in a process of its
/// own with its data segment limited to 256 MiB (`ulimit -d`), so running past the memory
/// budget is a crash the test reports, and each must end with the right result or a clear
/// error.
@Suite struct HostileBudgetTests {
    /// The memory a hostile input may use.
    static let memoryKiB = 256 * 1024

    /// Runs `scn arguments…` in `dir` under the memory budget.
    static func budgeted(_ arguments: [String], in dir: TempDir, input: String? = nil) throws -> CLIResult {
        try CLI.run(arguments, in: dir.url, input: input.map { Data($0.utf8) }, memoryKiB: memoryKiB)
    }

    static func expectEnds(
        _ r: CLIResult, status: Int32, _ needle: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(r.exited, "\(r.description.prefix(2000))", sourceLocation: sourceLocation)
        #expect(r.status == status, "\(r.description.prefix(2000))", sourceLocation: sourceLocation)
        #expect(
            (r.stdout + r.stderr).contains(needle), "\(r.description.prefix(2000))", sourceLocation: sourceLocation)
    }

    // MARK: 1. Properties

    @Test(
        "properties over long runs read each new event once, and a property line in a loop counts once",
        arguments: [
            // `always` over a long loop, reading the trace and the log.
            "launch background\nalways expect no trace \"zzz\"\nalways expect no log \"zzz\"\nrepeat 100000 { wait 1s }\n",
            // A property inside `repeat 3000`.
            "launch background\nrepeat 3000 {\n    always expect app background\n    never expect trace \"zzz\"\n    wait 1s\n}\n",
            // `never expect history …` over a 9,000-message history.
            "launch foreground\nscreen chat\nnever expect history \"zzz\"\nrepeat 9000 { send \"m\" }\nexpect history count 9000\n",
        ])
    func properties(body: String) throws {
        let dir = try TempDir()
        try dir.write("p.scn", "sdk kindly\n" + body)
        Self.expectEnds(try Self.budgeted(["run", "p.scn"], in: dir), status: 0, "PASS")
    }

    @Test("a property violated after 9,000 messages is reported at the step that broke it")
    func propertyViolatedLate() throws {
        let dir = try TempDir()
        try dir.write(
            "p.scn",
            "sdk kindly\nlaunch foreground\nscreen chat\nnever expect history \"stop\"\nrepeat 9000 { send \"m\" }\nsend \"stop\"\n"
        )
        let r = try Self.budgeted(["run", "p.scn"], in: dir)
        Self.expectEnds(r, status: 1, "property violated: never expect history \"stop\"")
        #expect(r.stdout.contains("p.scn:6:1"), "\(r)")
    }

    // MARK: 2. Case expansion

    /// `depth` nested `for`s over 100 values around one case: 100^depth cases.
    static func nestedCases(_ depth: Int, prologue: String = "") -> String {
        let values = "[" + (0..<100).map(String.init).joined(separator: ", ") + "]"
        var text = "sdk kindly\n" + prologue
        for d in 0..<depth { text += String(repeating: "    ", count: d) + "for v\(d) in \(values) {\n" }
        let name = (0..<depth).map { "${v\($0)}" }.joined(separator: " ")
        text += String(repeating: "    ", count: depth) + "case \"c \(name)\" { launch background }\n"
        for d in (0..<depth).reversed() { text += String(repeating: "    ", count: d) + "}\n" }
        return text
    }

    @Test("nested fors over cases are counted before they are made: 10^8 cases is a check error at the for")
    func caseExpansion() throws {
        let dir = try TempDir()
        try dir.write("c.scn", Self.nestedCases(4))
        for command in ["check", "run", "test"] {
            let r = try Self.budgeted([command, "c.scn"], in: dir)
            Self.expectEnds(
                r, status: 2, "too many cases: this 'for' makes 100000000 cases, and a file makes at most 10000")
            #expect((r.stdout + r.stderr).contains("c.scn:2:1"), "\(r.description.prefix(2000))")
        }
        // 10,000 is the most a file makes.
        try dir.write("ok.scn", Self.nestedCases(2, prologue: "skip \"not run\"\n"))
        Self.expectEnds(try Self.budgeted(["check", "ok.scn"], in: dir), status: 0, "10000 cases")
    }

    @Test("a run of 11 files of 10,000 cases each stops at the run's case limit")
    func caseExpansionPerRun() throws {
        let dir = try TempDir()
        for i in 0..<11 { try dir.write("s/f\(10 + i).scn", Self.nestedCases(2, prologue: "skip \"not run\"\n")) }
        let r = try Self.budgeted(["test", "s"], in: dir)
        Self.expectEnds(r, status: 2, "error: too many cases: 's/f20.scn' takes the run past 100000 cases")
        #expect(r.stdout.contains("100000 skipped"), "\(r.stdout.suffix(500))")
    }

    // MARK: 3. Defs inside called defs

    @Test("2,000 defs that each define a def when called, called 20,000 times: each call shares the defs")
    func defsInsideCalls() throws {
        let dir = try TempDir()
        var text = "sdk kindly\nlaunch background\n"
        for i in 0..<2_000 { text += "def d\(i) {\n    def inner\(i) { wait 1s }\n    inner\(i)\n}\n" }
        text += "repeat 10 {\n" + (0..<2_000).map { "    d\($0)\n" }.joined() + "}\n"
        // A def of the call stays the call's: the caller does not see it.
        text += "expect app background\n"
        try dir.write("d.scn", text)
        Self.expectEnds(try Self.budgeted(["run", "d.scn"], in: dir), status: 0, "PASS")
        try dir.write("e.scn", "sdk kindly\ndef f { def g { wait 1s } }\nlaunch background\nf\ng\n")
        Self.expectEnds(try Self.budgeted(["check", "e.scn"], in: dir), status: 2, "unknown command 'g'")
    }

    // MARK: 4. Explore

    @Test(
        "explore stops at its memory budget, says which limit it hit and how to raise it, and exits 4 (0 with --allow-partial)",
        arguments: [
            // A heavy prologue: 3,000 messages in the chat, at depth 3.
            ("sdk kindly\nlaunch foreground\nscreen chat\nrepeat 3000 { send \"m\" }\nlaunch background\n", "3"),
            // The default alphabet at the deepest depth allowed.
            ("sdk kindly\nlaunch background\n", "64"),
        ])
    func exploreBudget(prologue: String, depth: String) throws {
        let dir = try TempDir()
        try dir.write("e.scn", prologue)
        // The search holds a fingerprint per world, and whole worlds only along the paths its
        // threads replay: the smallest budget is what stops it.
        let r = try Self.budgeted(["explore", "e.scn", "--depth", depth, "--max-memory", "1"], in: dir)
        Self.expectEnds(
            r, status: 4, "(stopped at the memory budget, --max-memory 1 MiB, during depth")
        #expect(r.stdout.contains("raise it with --max-memory MIB"), "\(r)")
        #expect(r.stderr.contains("of \(depth): it checked less than asked"), "\(r)")
        let partial = try Self.budgeted(
            ["explore", "e.scn", "--depth", depth, "--max-memory", "1", "--allow-partial"], in: dir)
        Self.expectEnds(partial, status: 0, "(stopped at the memory budget")
        let deeper = try Self.budgeted(["explore", "e.scn", "--depth", "65"], in: dir)
        Self.expectEnds(deeper, status: 2, "option '--depth' is at most 64")
    }

    @Test("a heavy step explored to depth 4 stays within the budget")
    func exploreHeavyStep() throws {
        let dir = try TempDir()
        try dir.write(
            "e.scn",
            "sdk kindly\ndef heavy { repeat 2000 { send \"m\" } }\nlaunch foreground\nscreen chat\n"
                + "alphabet {\n    heavy\n    wait 1s\n    launch background\n    screen chat\n    launch foreground\n}\n"
        )
        let r = try Self.budgeted(["explore", "e.scn", "--depth", "4"], in: dir)
        Self.expectEnds(r, status: 0, "invariants: holds for every sequence up to depth 4")
    }

    // MARK: 5. Output

    @Test("scn run --json and --trace of 1,000 pushes of a 60 KB payload: each event's text cut at 8 KiB, written as made")
    func boundedTraceOutput() throws {
        let dir = try TempDir()
        let payload = String(repeating: "x", count: 60_000)
        try dir.write(
            "p.scn",
            "sdk kindly\nlaunch background\nlet p = \"\(payload)\"\nrepeat 1000 { push raw {\"aps\": {\"alert\": $p}} }\n")
        for flag in ["--json", "--trace"] {
            let r = try Self.budgeted(["run", flag, "p.scn"], in: dir)
            Self.expectEnds(r, status: 0, "bytes)")
            // 60 MB before: each push's 60 KB payload whole in its event.
            #expect(r.stdoutData.count < 15_000_000, "\(flag): \(r.stdoutData.count) bytes")
            let longest = r.stdout.split(separator: "\n").map(\.utf8.count).max() ?? 0
            #expect(longest < 8_192 + 400, "\(flag): a line of \(longest) bytes")
        }
        let repro = try Self.budgeted(["repro", "p.scn"], in: dir)
        #expect(repro.exited, "\(repro.description.prefix(2000))")
    }

    @Test("a megabyte apns-topic is a check error, not a megabyte in every push")
    func longTopic() throws {
        let dir = try TempDir()
        try dir.write(
            "t.scn",
            "sdk none\nprovider topic \"\(String(repeating: "t", count: 1_000_000))\"\nlaunch background\n"
                + "repeat 300 { push app visible title \"a\" }\n")
        for command in ["check", "run", "repro"] {
            let r = try Self.budgeted([command, "t.scn"], in: dir)
            Self.expectEnds(r, status: 2, "an apns-topic longer than 255 bytes (1000000)")
            #expect((r.stdout + r.stderr).contains("t.scn:2:16"), "\(r.description.prefix(500))")
        }
    }
}
