// The six figures: each one a measurement, its anchor or target, and whether it holds.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One measured figure.
struct Figure {
    var name: String
    /// What the target says, in words.
    var target: String
    var meets: Bool
    /// The headline numbers, in order (name, value, unit).
    var values: [(String, Double, String)]
    /// Detail rows (e.g. one per scaling generator).
    var details: [(String, [(String, Double, String)])] = []
}

struct Bench {
    var quick: Bool
    var log: (String) -> Void

    let directory: String = {
        let dir = NSTemporaryDirectory() + "scn-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    /// The executables built beside this one: `scn` and the `hello` anchor.
    let binaries: String = {
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return (me as NSString).deletingLastPathComponent
    }()
    /// `SCN_BENCH_SCN` measures another build of scn (the statically linked one `make
    /// install` builds on Linux), else the one built beside this program.
    var scn: String { ProcessInfo.processInfo.environment["SCN_BENCH_SCN"] ?? binaries + "/scn" }
    var hello: String { binaries + "/hello" }
    var me: String { binaries + "/scn-bench" }

    func write(_ name: String, _ text: String) -> String {
        let path = directory + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// A folder of `files` corpus files.
    func corpus(_ name: String, files: Int) -> String {
        let dir = directory + "/" + name
        if FileManager.default.fileExists(atPath: dir) { return dir }
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for n in 0..<files {
            let shard = dir + "/" + String(format: "d%03d", n / 100)
            if n % 100 == 0 {
                try? FileManager.default.createDirectory(atPath: shard, withIntermediateDirectories: true)
            }
            FileManager.default.createFile(
                atPath: shard + String(format: "/case%05d.scn", n), contents: Data(Generate.corpusFile(n).utf8))
        }
        return dir
    }

    func instructions(_ arguments: [String]) -> Double {
        Double(Measure.instructions(arguments))
    }

    /// The figures' names, for `--only`, in the order they are taken.
    static let names = ["start-up", "check", "case", "scaling", "memory", "worlds", "explore"]

    /// Every figure, or those `only` names.
    func all(only: [String]? = nil) -> [Figure] {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let measures: [() -> Figure] = [startUp, check, aCase, scaling, memory, worlds, explore]
        return zip(Self.names, measures).compactMap { name, measure in
            only.map { $0.contains(name) } ?? true ? measure() : nil
        }
    }

    // MARK: 1. start-up

    func startUp() -> Figure {
        log("start-up: scn run of a four-line scenario vs a Swift + Foundation hello world")
        let file = write("four.scn", Generate.fourLines)
        let tool = instructions([scn, "run", file])
        let anchor = instructions([hello])
        // Wall time too, in alternating pairs (the median of each), for the record.
        var toolTimes: [Double] = []
        var helloTimes: [Double] = []
        for _ in 0..<(quick ? 5 : 21) {
            toolTimes.append(Measure.run([scn, "run", file]).seconds)
            helloTimes.append(Measure.run([hello]).seconds)
        }
        let ratio = tool / anchor
        return Figure(
            name: "start-up", target: "scn run of 4 lines ≤ 0.5× a Swift + Foundation hello (instructions)",
            meets: ratio <= 0.5,
            values: [
                ("scn run", tool, "instructions"), ("hello", anchor, "instructions"), ("ratio", ratio, "×"),
                ("scn run wall median", median(toolTimes) * 1000, "ms"),
                ("hello wall median", median(helloTimes) * 1000, "ms"),
                ("wall ratio", median(toolTimes) / median(helloTimes), "×"),
            ])
    }

    // MARK: 2. parse + check

    func check() -> Figure {
        let lines = quick ? 20_000 : 100_000
        log("parse + check: scn check of \(lines) lines vs luac5.4 -p of the same statements as Lua")
        let big = write("check.scn", Generate.checkInput(lines))
        let quarter = write("check-quarter.scn", Generate.checkInput(lines / 4))
        let empty = write("check-empty.scn", Generate.checkInput(0))
        let lua = write("check.lua", Generate.luaInput(lines))
        let tool = instructions([scn, "check", big])
        let toolQuarter = instructions([scn, "check", quarter])
        let toolEmpty = instructions([scn, "check", empty])
        let toolPeak = Measure.peak([scn, "check", big]).peakBytes
        var values: [(String, Double, String)] = [("scn check", tool, "instructions")]
        var meets = true
        if let luac = Measure.which("luac5.4") {
            let anchor = instructions([luac, "-p", lua])
            let peak = Measure.peak([luac, "-p", lua]).peakBytes
            // Wall time too, in alternating runs (the median of each).
            var toolTimes: [Double] = []
            var luacTimes: [Double] = []
            for _ in 0..<(quick ? 3 : 7) {
                toolTimes.append(Measure.run([scn, "check", big]).seconds)
                luacTimes.append(Measure.run([luac, "-p", lua]).seconds)
            }
            let wall = median(toolTimes) / median(luacTimes)
            values += [
                ("luac5.4 -p", anchor, "instructions"), ("ratio", tool / anchor, "×"),
                ("wall ratio", wall, "×"),
                ("scn check peak", Double(toolPeak) / 1_048_576, "MiB"),
                ("luac5.4 -p peak", Double(peak) / 1_048_576, "MiB"),
            ]
            meets = tool <= anchor && wall <= 1.0
        } else {
            values.append(("scn check peak", Double(toolPeak) / 1_048_576, "MiB"))
            log("  luac5.4 is not installed (Debian: lua5.4): no anchor")
            meets = false
        }
        let growth = (tool - toolEmpty) / (toolQuarter - toolEmpty)
        values += [("lines", Double(lines), "lines"), ("4× the lines", growth, "× the instructions")]
        return Figure(
            name: "parse + check",
            target: "scn check ≤ 1.0× luac5.4 -p (instructions and wall time), linear (4× lines ≤ 4.5×)",
            meets: meets && growth <= 4.5, values: values)
    }

    // MARK: 3. a case

    func aCase() -> Figure {
        let small = 20
        let large = quick ? 60 : 100
        log("a case: scn test of \(small) and \(large) corpus files (5 cases each), and the direct-API floor")
        let smallDir = corpus("corpus-\(small)", files: small)
        let largeDir = corpus("corpus-\(large)", files: large)
        let cases = Double((large - small) * 5)
        let perCase =
            (instructions([scn, "test", "--jobs", "1", largeDir])
                - instructions([scn, "test", "--jobs", "1", smallDir]))
            / cases
        let floor =
            (instructions([me, "work", "floor", "\(large)"]) - instructions([me, "work", "floor", "\(small)"])) / cases
        // Cases per second with two jobs: wall time, on the whole corpus (noisy on a busy machine).
        let files = quick ? 400 : 2_000
        let suite = corpus("corpus-\(files)", files: files)
        let run = Measure.run([scn, "test", "--jobs", "2", suite])
        let rate = Double(files * 5) / run.seconds
        return Figure(
            name: "a case",
            target: "≤ 150K instructions per corpus case, ≤ 1.5× the direct-API floor, ≥ 40,000 cases/s with --jobs 2",
            meets: perCase <= 150_000 && perCase <= 1.5 * floor && rate >= 40_000,
            values: [
                ("scn test, per case", perCase, "instructions"), ("floor, per case", floor, "instructions"),
                ("ratio", perCase / floor, "×"), ("scn test --jobs 2", rate, "cases/s (wall)"),
                ("corpus", Double(files * 5), "cases"),
            ])
    }

    // MARK: 4. no super-linear step

    func scaling() -> Figure {
        let n = quick ? 100 : 250
        log("scaling: each generator at \(n) and \(4 * n), beside its 0")
        var details: [(String, [(String, Double, String)])] = []
        var worst = 0.0
        for (index, generator) in Generate.scaling.enumerated() {
            let zero = instructions([scn, "run", write("scale\(index)-0.scn", generator.make(0))])
            let one = instructions([scn, "run", write("scale\(index)-1.scn", generator.make(n))])
            let four = instructions([scn, "run", write("scale\(index)-4.scn", generator.make(4 * n))])
            let ratio = (four - zero) / (one - zero)
            worst = max(worst, ratio)
            details.append(
                (
                    generator.name,
                    [
                        ("per unit at n", (one - zero) / Double(n), "instructions"),
                        ("per unit at 4n", (four - zero) / Double(4 * n), "instructions"), ("4× the work", ratio, "×"),
                    ]
                ))
            log("  \(generator.name): 4× the work costs \(String(format: "%.2f", ratio))× the instructions")
        }
        return Figure(
            name: "no super-linear step", target: "every generator: 4× the work ≤ 4.5× the instructions",
            meets: worst <= 4.5, values: [("n", Double(n), "units"), ("worst", worst, "×")], details: details)
    }

    // MARK: 5. memory

    func memory() -> Figure {
        let steps = quick ? 100_000 : 1_000_000
        let files = quick ? 2_000 : 20_000
        log("memory: peak of a \(steps)-step case, and of scn test on \(files) files")
        let long = write("million.scn", Generate.millionSteps(steps))
        let one = Measure.peak([scn, "run", long])
        let suite = corpus("corpus-\(files)", files: files)
        let all = Measure.peak([scn, "test", "--jobs", "2", suite])
        let mib = 1_048_576.0
        return Figure(
            name: "memory", target: "1,000,000-step case ≤ 24 MiB peak; 20,000-file suite < 128 MiB",
            meets: one.status == 0 && all.status == 0 && Double(one.peakBytes) <= 24 * mib
                && Double(all.peakBytes) < 128 * mib,
            values: [
                ("steps", Double(steps), "steps"), ("case peak", Double(one.peakBytes) / mib, "MiB"),
                ("files", Double(files), "files"), ("suite peak", Double(all.peakBytes) / mib, "MiB"),
            ])
    }

    // MARK: 6. worlds per second

    func worlds() -> Figure {
        let small = 1_000
        let large = 5_000
        log("exploration: world copy + step + hash")
        let perWorld =
            (instructions([me, "work", "worlds", "\(large)"]) - instructions([me, "work", "worlds", "\(small)"]))
            / Double(large - small)
        let count = 20_000
        let cost = Measure.run([me, "work", "worlds", "\(count)"])
        return Figure(
            name: "worlds per second", target: "reported (exploration copies and hashes a world per state)",
            meets: true,
            values: [
                ("per world", perWorld, "instructions"), ("worlds/s", Double(count) / cost.seconds, "worlds/s (wall)"),
            ])
    }
}

extension Bench {
    // MARK: 7. explore, on one machine and in shards

    /// `scn explore` of the default Kindly alphabet with every built-in check: worlds per
    /// second with two jobs, and the same search in two shards joined (each shard's wall time
    /// is what one machine of a two-machine matrix spends; the join must be one machine's
    /// report).
    func explore() -> Figure {
        let depth = quick ? 4 : 5
        log("explore: default Kindly, depth \(depth), --jobs 2; then 2 shards and their join; then depth 6")
        let file = write("explore.scn", "sdk kindly 3.0.12\nextension kindly\n")
        let checks = ["--check", "no-duplicates,no-lost-tap,no-banner-over-open-chat"]
        // A budget large enough for the whole depth: a search stopped by it is not comparable.
        let base = [scn, "explore", file, "--depth", "\(depth)", "--max-memory", "2048"] + checks
        let single = directory + "/explore-single.txt"
        let one = Measure.run(base + ["--jobs", "2"], stdout: single)
        var shardSeconds: [Double] = []
        for k in 1...2 {
            let cost = Measure.run(
                base + ["--jobs", "1", "--shard", "\(k)/2", "--out", directory + "/shards"])
            shardSeconds.append(cost.seconds)
        }
        let joined = directory + "/explore-joined.txt"
        let join = Measure.run([scn, "explore", "--merge", directory + "/shards"], stdout: joined)
        func report(_ path: String) -> [Substring] {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").filter { !$0.hasPrefix("  time: ") }
        }
        let same = one.status == join.status && report(single) == report(joined) && !report(single).isEmpty
        let explored =
            report(single).first { $0.contains("worlds explored") }
            .flatMap { line in
                line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) }
            } ?? 0
        let rate = explored / one.seconds
        // One level deeper, with the budget the level needs (depth 7 needs some 20 GB of
        // worlds: not run).
        var deeper: [(String, Double, String)] = []
        if !quick {
            let six = Measure.run(
                [scn, "explore", file, "--depth", "6", "--max-memory", "8192", "--jobs", "2"] + checks)
            deeper = [("depth 6, --jobs 2", six.seconds, "s")]
        }
        return Figure(
            name: "explore",
            target: "≥ 200,000 worlds/s on 2 cores; depth 7 ≤ 60 s; shards joined = one machine's report",
            meets: false,
            values: deeper + [
                ("depth", Double(depth), "steps"), ("worlds explored", explored, "worlds"),
                ("one machine, --jobs 2", one.seconds, "s"), ("worlds/s", rate, "worlds/s (wall)"),
                ("slowest of 2 shards, --jobs 1", shardSeconds.max() ?? 0, "s"),
                ("join", join.seconds, "s"), ("joined report identical", same ? 1 : 0, "bool"),
            ])
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

enum Report {
    static func key(_ name: String) -> String {
        name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
            .replacingOccurrences(of: "__", with: "_")
    }

    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.3f", value)
    }

    static func json(_ figures: [Figure], quick: Bool) -> String {
        func values(_ list: [(String, Double, String)]) -> String {
            "{"
                + list.map { "\"\(key($0.0))\": {\"value\": \(number($0.1)), \"unit\": \"\($0.2)\"}" }
                .joined(separator: ", ") + "}"
        }
        var uname = utsname()
        Glibc.uname(&uname)
        let machine = withUnsafeBytes(of: &uname.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let date = ISO8601DateFormatter().string(from: Date())
        var out =
            "{\"date\": \"\(date)\", \"machine\": \"\(machine), \(ProcessInfo.processInfo.activeProcessorCount) cores\", "
        out += "\"quick\": \(quick), \"figures\": [\n"
        out += figures.map { figure in
            var text = "  {\"name\": \"\(figure.name)\", \"target\": \"\(figure.target)\", \"meets\": \(figure.meets), "
            text += "\"values\": \(values(figure.values))"
            if !figure.details.isEmpty {
                text +=
                    ", \"details\": {"
                    + figure.details.map { "\"\(key($0.0))\": \(values($0.1))" }
                    .joined(separator: ", ") + "}"
            }
            return text + "}"
        }.joined(separator: ",\n")
        return out + "\n]}"
    }

    static func table(_ figures: [Figure]) -> String {
        var out = ""
        for figure in figures {
            out += "\(figure.meets ? "MEETS" : "MISSES")  \(figure.name) — \(figure.target)\n"
            for (name, value, unit) in figure.values {
                out += "    \(name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(format(value)) \(unit)\n"
            }
            for (name, list) in figure.details {
                out += "    \(name):"
                out += list.map { " \($0.0) \(format($0.1))\($0.2 == "×" ? "×" : " " + $0.2)" }.joined(separator: ",")
                out += "\n"
            }
        }
        return out
    }

    static func format(_ value: Double) -> String {
        if abs(value) >= 1_000_000 { return String(format: "%.2fM", value / 1_000_000) }
        if abs(value) >= 10_000 { return String(format: "%.1fK", value / 1_000) }
        if value.rounded() == value { return String(Int(value)) }
        return String(format: "%.2f", value)
    }
}
