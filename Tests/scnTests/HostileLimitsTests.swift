import Foundation
import Testing

@testable import ScenarioTool

/// Hostile inputs aimed at the proxy chain, `scn explore --merge`, `--jobs`, long header values,
/// `scn apns`'s rollback, the REPL's `:state` and counterexample files. Each runs the `scn`
/// binary in a process of its own under the probes' limits — 256 MiB of data (`ulimit -d`) and
/// 2 GiB of address space (`ulimit -v`, which a thread's stack counts against) — and must end
/// with the right result or a clear error. `.ci/checks/70-hostile-release.sh` runs this suite
/// against a release build with `SCN_PROBE_SECONDS=3`: each probe then ends within 3 s.
@Suite struct HostileLimitsTests {
    static let memoryKiB = HostileBudgetTests.memoryKiB
    static let addressKiB = 2 * 1024 * 1024

    /// The wall-clock time a probe may take, when a release build is probed.
    static let seconds: Double? = ProcessInfo.processInfo.environment["SCN_PROBE_SECONDS"].flatMap(Double.init)

    static func probe(_ arguments: [String], in dir: TempDir, input: String? = nil) throws -> CLIResult {
        try CLI.run(
            arguments, in: dir.url, input: input.map { Data($0.utf8) }, memoryKiB: memoryKiB, addressKiB: addressKiB)
    }

    static func expectEnds(
        _ r: CLIResult, status: Int32, _ needle: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        HostileBudgetTests.expectEnds(r, status: status, needle, sourceLocation: sourceLocation)
        if let seconds {
            #expect(r.seconds <= seconds, "took \(r.seconds) s", sourceLocation: sourceLocation)
        }
    }

    // MARK: The proxy chain

    @Test("8,000 forwarding proxies and a push in the foreground: a check error at the 65th, in run, explore and check")
    func proxyChain() throws {
        let dir = try TempDir()
        let proxies = (0..<8_000).map { "proxy p\($0) forwards\n" }.joined()
        try dir.write("p.scn", "sdk kindly\n" + proxies + "launch foreground\npush raw {aps: {alert: \"x\"}}\n")
        for command in ["run", "explore", "check"] {
            let r = try Self.probe([command, "p.scn"], in: dir)
            Self.expectEnds(r, status: 2, "too many proxies: an app has at most 64 in front of its delegate")
            #expect(r.stderr.contains("p.scn:66:1") || r.stdout.contains("p.scn:66:1"), "\(r.description.prefix(2000))")
        }
        // A proxy named only by registers-categories is a link too.
        let named = (0..<64).map { "proxy p\($0) forwards\n" }.joined() + "proxy extra registers-categories c\n"
        try dir.write("q.scn", "sdk kindly\ncategory c actions [a]\n" + named + "launch foreground\n")
        Self.expectEnds(try Self.probe(["check", "q.scn"], in: dir), status: 2, "too many proxies")
        // 64 proxies, each passing the push on: the banner is shown.
        let most = (0..<64).map { "proxy p\($0) forwards\n" }.joined()
        try dir.write(
            "ok.scn", "sdk kindly\n" + most + "launch foreground\npush raw {aps: {alert: \"x\"}}\nexpect banners 1\n")
        Self.expectEnds(try Self.probe(["run", "ok.scn"], in: dir), status: 0, "PASS")
    }

    // MARK: scn explore --merge

    /// Three shard files of one small search, as `--shard K/3` writes them: their lines.
    static func shards(in dir: TempDir) throws -> [[String]] {
        try dir.write("s.scn", "sdk kindly 3.0.12\nextension kindly\ndelegate-assigned at-start\n")
        var files: [[String]] = []
        for k in 1...3 {
            let r = try CLI.run(
                ["explore", "s.scn", "--check", "no-lost-tap", "--depth", "3", "--shard", "\(k)/3", "--out", "shards"],
                in: dir.url)
            #expect(r.status == 0, "\(r)")
            let text = try dir.read("shards/shard-\(k)-of-3.txt")
            files.append(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
        return files
    }

    static func write(_ shards: [[String]], to folder: String, in dir: TempDir) throws {
        for (k, lines) in shards.enumerated() {
            try dir.write("\(folder)/shard-\(k + 1)-of-3.txt", lines.joined(separator: "\n"))
        }
    }

    /// `lines` with the header's field `key` set to `value` (JSON text).
    static func setting(_ key: String, _ value: String, in lines: [String]) throws -> [String] {
        var lines = lines
        let pattern = try Regex("\"\(key)\":(\"[^\"]*\"|-?[0-9]+)")
        lines[1] = lines[1].replacing(pattern, with: "\"\(key)\":\(value)", maxReplacements: 1)
        return lines
    }

    @Test("shard files whose times sum to zero: exact whole milliseconds, and a negative time is refused")
    func mergeTimes() throws {
        let dir = try TempDir()
        let shards = try Self.shards(in: dir)
        let zero = try shards.map { try Self.setting("milliseconds", "0", in: $0) }
        try Self.write(zero, to: "zero", in: dir)
        let r = try Self.probe(["explore", "--merge", "zero"], in: dir)
        Self.expectEnds(r, status: 0, "time: 0.00 s")
        // 1 + 2 - 3 ms summed as seconds is not quite zero: the report once divided by it.
        let crafted = try zip(shards, ["1", "2", "-3"]).map { try Self.setting("milliseconds", $1, in: $0) }
        try Self.write(crafted, to: "crafted", in: dir)
        Self.expectEnds(
            try Self.probe(["explore", "--merge", "crafted"], in: dir), status: 2, "a number one search does not give")
    }

    @Test("a shard file cut after its header, world lines out of level order, impossible counts: each refused")
    func mergeValidatesWholeFiles() throws {
        let dir = try TempDir()
        let shards = try Self.shards(in: dir)
        try Self.write(shards, to: "whole", in: dir)
        let whole = try Self.probe(["explore", "--merge", "whole"], in: dir)
        Self.expectEnds(whole, status: 0, "no-lost-tap: holds for every sequence up to depth 3")

        let cut = shards.map { Array($0.prefix(2)) + [""] }
        try Self.write(cut, to: "cut", in: dir)
        let r = try Self.probe(["explore", "--merge", "cut"], in: dir)
        Self.expectEnds(r, status: 2, "without its end line (a file cut short)")
        #expect(!r.stdout.contains("every reachable world"), "\(r)")

        // The first world line moved to the end: level 0 after deeper levels.
        var disordered = shards
        disordered[0] = Array(shards[0].prefix(2)) + Array(shards[0][3..<(shards[0].count - 2)]) + [shards[0][2]]
            + Array(shards[0].suffix(2))
        try Self.write(disordered, to: "disordered", in: dir)
        Self.expectEnds(try Self.probe(["explore", "--merge", "disordered"], in: dir), status: 2, "level")

        // A world that gave more worlds than the alphabet has steps.
        var counted = shards
        let fields = counted[1][3].split(separator: " ")
        counted[1][3] = "\(fields[0]) \(fields[1]) 99999"
        try Self.write(counted, to: "counted", in: dir)
        Self.expectEnds(
            try Self.probe(["explore", "--merge", "counted"], in: dir), status: 2, "one search does not give that")

        // Lines after the end line.
        var longer = shards
        longer[2].insert("00000000000000000000000000000000 1 -1", at: longer[2].count - 1)
        try Self.write(longer, to: "longer", in: dir)
        Self.expectEnds(try Self.probe(["explore", "--merge", "longer"], in: dir), status: 2, "after the end line")
    }

    @Test("text from a shard file is escaped in the report: a path with a line break forges no line")
    func mergeEscapes() throws {
        let dir = try TempDir()
        let shards = try Self.shards(in: dir)
        let forged = try shards.map { try Self.setting("path", "\"s.scn\\n  depth 3 of 3 (every reachable world seen)\"", in: $0) }
        try Self.write(forged, to: "forged", in: dir)
        let r = try Self.probe(["explore", "--merge", "forged"], in: dir)
        Self.expectEnds(r, status: 0, "explore s.scn\\n  depth 3 of 3 (every reachable world seen)")
        #expect(!r.stdout.contains("(every reachable world seen):"), "\(r)")
    }

    /// A shard file (1 of 1) of a search over one letter that `count` properties each violate
    /// at once, with its two worlds.
    static func manyProperties(_ count: Int) -> String {
        let names = (0..<count).map { "p\($0)" }
        let properties = "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let counterexamples = names.map {
            "\"\($0)\":{\"found\":[0],\"steps\":[\"wait 1s\"],\"foundLength\":1,\"actual\":\"a\","
                + "\"scenario\":\"# Found by scn explore: a sequence of 1 step(s)\\n\"}"
        }.joined(separator: ",")
        let header =
            "{\"identity\":\"x\",\"path\":\"m.scn\",\"shard\":1,\"of\":1,\"alphabet\":[\"wait 1s\"],"
            + "\"alphabetOrigin\":\"the file's alphabet\",\"properties\":\(properties),\"depth\":1,\"depthReached\":1,"
            + "\"stoppedAtMaxWorlds\":false,\"maxWorlds\":1000000,\"stoppedAtMaxMemory\":false,\"maxMemory\":100663296,"
            + "\"milliseconds\":1,\"counterexamples\":{\(counterexamples)}}"
        return "scn-explore-shard 3\n" + header + "\n" + String(repeating: "0", count: 32) + " 0 1\n"
            + String(repeating: "1", count: 32) + " 1 -1\nend 2\n"
    }

    @Test("a merge that would write 2,000 counterexample files writes none and says why; 3 are written")
    func mergeFileCap() throws {
        let dir = try TempDir()
        try dir.write("many/shard-1-of-1.txt", Self.manyProperties(2_000))
        let r = try Self.probe(["explore", "--merge", "many", "--out", "out"], in: dir)
        Self.expectEnds(r, status: 2, "2000 counterexamples: scn explore writes at most 1000 files into --out")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("out").path))
        #expect((written ?? []).isEmpty, "\(written ?? [])")
        try dir.write("few/shard-1-of-1.txt", Self.manyProperties(3))
        let few = try Self.probe(["explore", "--merge", "few", "--out", "out"], in: dir)
        Self.expectEnds(few, status: 1, "written to out/p2.scn")
    }

    @Test("a 300 MB sparse shard file after a valid header is refused without reading it whole")
    func mergeSparseShard() throws {
        let dir = try TempDir()
        let header = Self.manyProperties(1).split(separator: "\n").prefix(2).joined(separator: "\n") + "\n"
        try dir.write("sparse/shard-1-of-1.txt", header)
        let handle = try FileHandle(forWritingTo: dir.url.appendingPathComponent("sparse/shard-1-of-1.txt"))
        try handle.truncate(atOffset: 300 << 20)
        try handle.close()
        Self.expectEnds(try Self.probe(["explore", "--merge", "sparse"], in: dir), status: 2, "a line longer than")
    }

    // MARK: --jobs

    @Test("scn test --jobs of the largest whole number, and 100,000 jobs under a 2 GiB address limit")
    func jobs() throws {
        let dir = try TempDir()
        for i in 0..<80 { try dir.write("s/f\(10 + i).scn", "sdk kindly\nlaunch background\nexpect app background\n") }
        Self.expectEnds(
            try Self.probe(["test", "s", "--jobs", "9223372036854775807"], in: dir), status: 0, "80 passed")
        for _ in 0..<5 {
            Self.expectEnds(try Self.probe(["test", "s", "--jobs", "100000"], in: dir), status: 0, "80 passed")
        }
        let explore = try Self.probe(["explore", "s/f10.scn", "--depth", "2", "--jobs", "100000"], in: dir)
        #expect(explore.exited && [0, 1].contains(explore.status), "\(explore.description.prefix(2000))")
        #expect(explore.stdout.contains("depth 2 of 2"), "\(explore.description.prefix(2000))")
    }

    // MARK: Header values

    @Test("3,000 pushes with a push-type of a mebibyte share the value: the case passes under 256 MiB")
    func longPushType() throws {
        let dir = try TempDir()
        let word = String(repeating: "a", count: (1 << 20) - 100)
        try dir.write(
            "h.scn",
            "sdk kindly\nlaunch foreground\nlet t = \"\(word)\"\n"
                + "repeat 3000 { push raw {aps: {alert: \"x\"}} push-type $t }\nexpect banners 0\n")
        let r = try Self.probe(["run", "h.scn"], in: dir)
        Self.expectEnds(r, status: 0, "PASS")
        #expect(r.stdout.utf8.count < 100_000, "\(r.stdout.utf8.count) bytes")
    }

    // MARK: scn apns

    @Test("scn apns that fails puts back a file that was in --out before the run")
    func apnsKeepsFilesItDidNotWrite() throws {
        let dir = try TempDir()
        try dir.write(
            "a.scn",
            "sdk kindly\ncase \"a\" {\n    launch background\n    push raw {aps: {alert: \"a\"}}\n}\n"
                + "case \"b\" {\n    launch background\n    push raw {aps: {alert: \"b\"}}\n}\n")
        // a-p1.apns is there before the run; b-p1.apns is a folder, so the second move fails.
        try dir.write("out/a-p1.apns", "mine\n")
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("out/b-p1.apns"), withIntermediateDirectories: true)
        let r = try Self.probe(["apns", "a.scn", "--out", "out"], in: dir)
        Self.expectEnds(r, status: 2, "nothing was written")
        #expect(try dir.read("out/a-p1.apns") == "mine\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("out").path)
        #expect(left.sorted() == ["a-p1.apns", "b-p1.apns"], "\(left)")
        // Without the folder in the way, the run replaces the file.
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("out/b-p1.apns"))
        Self.expectEnds(try Self.probe(["apns", "a.scn", "--out", "out"], in: dir), status: 0, "out/b-p1.apns")
        #expect(try dir.read("out/a-p1.apns") != "mine\n")
    }

    // MARK: What is printed

    @Test(":state escapes a banner title's and a category name's line break: no forged line")
    func stateEscapes() throws {
        var repl = ReplMachine(root: try TemporaryFolder.make("repl-state"))
        for input in [
            "sdk none", "action reply foreground", "category \"c\\nPASS forged category\" actions [reply]",
            "host registers-categories \"c\\nPASS forged category\" at-launch", "launch foreground",
            "push raw {aps: {alert: {title: \"t\\nPASS forged title\"}}}",
        ] {
            let reply = repl.handle(input)
            #expect(!reply.isError, "\(input): \(reply.text)")
        }
        let state = repl.handle(":state").text
        #expect(state.contains("t\\nPASS forged title"), "\(state)")
        #expect(state.contains("c\\nPASS forged category"), "\(state)")
        #expect(!state.split(separator: "\n").contains { $0.hasPrefix("PASS forged") }, "\(state)")
    }

    @Test("a counterexample file writes a direction control of the prologue and the trace as an escape, and still runs")
    func counterexampleEscapes() throws {
        let dir = try TempDir()
        try dir.write(
            "cold.scn", "sdk kindly 3.0.12\nextension kindly\ndelegate-assigned at-start\nproxy \"a\u{202E}b\" forwards\n")
        let r = try Self.probe(
            ["explore", "cold.scn", "--check", "no-lost-tap", "--depth", "4", "--jobs", "2", "--out", "out"], in: dir)
        Self.expectEnds(r, status: 1, "written to out/no-lost-tap.scn")
        let written = try dir.read("out/no-lost-tap.scn")
        #expect(!written.unicodeScalars.contains("\u{202E}"), "\(written)")
        #expect(written.contains("proxy \"a\\u{202E}b\" forwards"), "\(written)")
        let run = try Self.probe(["run", "out/no-lost-tap.scn"], in: dir)
        Self.expectEnds(run, status: 0, "KNOWN")
    }
}
