import CommandLineKit
import ScenarioExploration
import ScenarioLanguage
import ScenarioRuntime

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `scn explore FILE [--depth N] [--jobs N] [--out DIR] [--check P,…] [--max-worlds N]`:
/// searches every step sequence of up to N steps from the file's prologue for a violated
/// property and prints the shortest as a runnable scenario (docs/EXPLORE.md).
enum ExploreCommand {
    /// The built-in properties' names, for `--check`'s help (every command declares its
    /// options at start-up: ``Swift/Sequence/concatenated(separator:)``, not `joined`).
    private static var builtinNames: String { BuiltinCheck.standard.map(\.name).concatenated(separator: ", ") }

    static let subcommand = Subcommand(
        spec: CommandSpec(
            "explore", abstract: "search every step sequence from the file's prologue for a violated property",
            arguments: [
                ArgumentSpec(
                    "FILE", .scenario, .oneOrMore,
                    "the scenario file whose prologue sets up the world (with --merge: the shards' folders or files)")
            ],
            options: [
                .value("--depth", "N", .number, "the longest step sequence to search (default 5, at most 64)"),
                .value(
                    "--jobs", "N", .number,
                    "threads (default: the machine's cores; at most 64); the report does not depend on it"),
                .value("--out", "DIR", .folder, "write each counterexample to DIR/<property>.scn"),
                .value(
                    "--check", "P,…", .choices(BuiltinCheck.standard.map(\.name)),
                    "built-in properties to add: " + builtinNames),
                .value("--max-worlds", "N", .number, "stop after N distinct worlds (default 1000000)"),
                .value(
                    "--max-memory", "MIB", .number,
                    "stop before what the search holds (96 bytes a world seen, the worlds each thread replays) takes more than MIB mebibytes, estimated (default 96); with --merge, the join holds MIB/96 bytes worlds (default 2,000,000)"
                ),
                .value(
                    "--shard", "K/N", .text,
                    "search the K-th of N parts (by first step) and write DIR/shard-K-of-N.txt into --out"),
                .flag("--merge", "join the shard files in each FILE (a folder or a file) into one machine's report"),
                .flag(
                    "--allow-partial",
                    "exit 0 when a budget stops the search before --depth (without it, exit 4: it checked less than asked)"
                ),
                SharedOptions.root, SharedOptions.color,
            ],
            discussion: """
                With --shard K/N the search is split by the first step of each sequence: N
                machines (a CI matrix) each search their part and write a shard file into --out;
                'scn explore --merge DIR…' joins them into exactly the report and counterexamples
                one machine writes (the time aside). Each shard has the default budgets to itself.
                Exit codes: 0 every property holds up to --depth (or every reachable world was
                seen); 1 a counterexample; 2 a usage or check error; 4 no counterexample, but
                --max-worlds or --max-memory stopped the search before --depth (--allow-partial
                makes that 0).
                """),
        run: main)

    static func main(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        if parsed.flag("--merge") { return merge(parsed, tool) }
        guard let path = parsed.positionals.first else { return tool.usageError("missing FILE", command: "explore") }
        guard parsed.positionals.count == 1 else {
            return tool.usageError("explore takes one scenario file (several only with --merge)", command: "explore")
        }
        var shard: ExploreShard?
        if let spelled = parsed.value("--shard") {
            guard let parsedShard = ExploreShard(spelled: spelled) else {
                return tool.usageError(
                    "option '--shard' takes K/N, 1 ≤ K ≤ N ≤ 256 (got '\(TerminalText.escape(spelled))')",
                    command: "explore")
            }
            guard parsed.value("--out") != nil else {
                return tool.usageError("--shard writes its shard file into --out DIR: give --out", command: "explore")
            }
            // Fingerprints that agree across machines need the same hash seed in each.
            if let problem = Platform.requireDeterministicHashing() {
                Terminal.writeError("error: \(problem)\n")
                return ExitCode.internal
            }
            shard = parsedShard
        }
        var options = Explorer.Options()
        options.jobs = ProcessInfo.processInfo.activeProcessorCount
        do throws(UsageError) {
            if let n = try parsed.positiveInteger("--depth") { options.depth = n }
            if let n = try parsed.positiveInteger("--jobs") { options.jobs = n }
            if let n = try parsed.positiveInteger("--max-worlds") { options.maxWorlds = n }
            if let bytes = try maxMemory(parsed) { options.maxMemory = bytes }
        } catch {
            return tool.usageError(error, command: "explore")
        }
        if options.depth > Explorer.Options.maxDepth {
            return tool.usageError("option '--depth' is at most \(Explorer.Options.maxDepth)", command: "explore")
        }
        options.jobs = min(options.jobs, Threads.maxThreads)
        if let list = parsed.value("--check") {
            for name in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                guard let check = BuiltinCheck.named(name) else {
                    let known = BuiltinCheck.standard.map(\.name)
                    let guess = Suggestion.closest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
                    return tool.usageError(
                        "unknown check '\(TerminalText.escape(name))'\(guess) (the checks: \(known.joined(separator: ", ")))",
                        command: "explore")
                }
                if !options.checks.contains(where: { $0.name == name }) { options.checks.append(check) }
            }
        }
        let root = parsed.value("--root")
        if let root, !Files.isFolder(root) {
            return tool.usageError("--root '\(TerminalText.escape(root))' is not a folder", command: "explore")
        }
        let out = parsed.value("--out")
        if let out, FileManager.default.fileExists(atPath: out), !Files.isFolder(out) {
            return tool.usageError("--out '\(TerminalText.escape(out))' is a file, not a folder", command: "explore")
        }
        if path != "-" && Files.isFolder(path) {
            Terminal.writeError(
                "error: '\(TerminalText.escape(path))' is a folder; scn explore takes one scenario file\n")
            return ExitCode.usage
        }
        let input = FileRun.input(path, root: root)
        let loaded = tool.load(input)
        if let error = loaded.error {
            Terminal.writeError("error: \(TerminalText.escape(error))\n")
            return ExitCode.usage
        }
        let color = Terminal.useColor(terminal: Terminal.stderrIsTerminal, environment: tool.environment)
        guard let result = loaded.result, let script = result.script, result.diagnostics.isEmpty else {
            Terminal.writeError(Language.render(loaded.result?.diagnostics ?? [], color: color) + "\n")
            return ExitCode.usage
        }

        let explorer: Explorer
        do throws(Explorer.SetupError) {
            explorer = try Explorer(
                script: script, vocabulary: tool.vocabulary, options: options, loader: loaded.loader)
        } catch {
            switch error {
            case .message(let message):
                Terminal.writeError("error: \(TerminalText.escape(message))\n")
                return ExitCode.usage
            case .prologue(let failure):
                Terminal.writeError(
                    "error: the prologue fails, so there is no world to explore from\n"
                        + FailureReport.render(failure, sources: script.sources, fallback: script.source, trace: []))
                return failure.kind == .internal ? ExitCode.internal : ExitCode.failure
            }
        }
        let showProgress = Terminal.stderrIsTerminal
        var progress: Explorer.Progress?
        if showProgress {
            progress = { depth, explored, unique in
                Terminal.writeError("\r\u{1B}[Kdepth \(depth): \(explored) worlds explored, \(unique) unique")
            }
        }
        if let shard, let out {
            let result = explorer.run(shard: shard, path: input.path, progress: progress)
            if showProgress { Terminal.writeError("\r\u{1B}[K") }
            let file = (out.hasSuffix("/") ? out : out + "/") + "shard-\(shard.index + 1)-of-\(shard.count).txt"
            guard makeFolder(out) else { return ExitCode.usage }
            guard FileManager.default.createFile(atPath: file, contents: Data(result.fileText.utf8)) else {
                Terminal.writeError("error: cannot write '\(TerminalText.escape(file))'\n")
                return ExitCode.usage
            }
            Terminal.write(
                "explore \(TerminalText.escape(input.path)) --shard \(shard.index + 1)/\(shard.count): "
                    + "\(result.worldCount) worlds seen, written to \(TerminalText.escape(file))\n")
            return ExitCode.success
        }
        let found = explorer.run(progress: progress)
        if showProgress { Terminal.writeError("\r\u{1B}[K") }
        return finish(found, path: input.path, out: out, allowPartial: parsed.flag("--allow-partial"))
    }

    /// `--merge DIR…`: the shard files in each folder (or each file given), joined.
    static func merge(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        guard !parsed.positionals.isEmpty else {
            return tool.usageError("--merge needs the shards' folders or files", command: "explore")
        }
        if parsed.value("--shard") != nil {
            return tool.usageError("--merge and --shard cannot be combined", command: "explore")
        }
        var files: [String] = []
        for place in parsed.positionals {
            if Files.isFolder(place) {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: place)) ?? []
                let shards = names.filter { $0.hasPrefix("shard-") && $0.hasSuffix(".txt") }.sorted()
                files += shards.map { (place.hasSuffix("/") ? place : place + "/") + $0 }
            } else {
                files.append(place)
            }
        }
        guard !files.isEmpty else {
            Terminal.writeError(
                "error: no shard files (shard-K-of-N.txt) in \(parsed.positionals.map { "'\(TerminalText.escape($0))'" }.joined(separator: ", "))\n"
            )
            return ExitCode.usage
        }
        // A join reads at most 256 shards (N's limit), each at most a gibibyte: a file or a
        // folder of anything else is refused before it is read.
        guard files.count <= 256 else {
            Terminal.writeError("error: \(files.count) shard files: a search splits into at most 256\n")
            return ExitCode.usage
        }
        // Each file is read a line at a time into the join and checked whole (its end line
        // counts its worlds): a file cut short, or a number no search gives, is an error.
        // The join's table is bounded by --max-memory when given (a join of a depth-7 search
        // holds millions of worlds), else by ShardMerge.maxWorlds.
        let memory: Int?
        do throws(UsageError) {
            memory = try maxMemory(parsed)
        } catch {
            return tool.usageError(error, command: "explore")
        }
        var merge = ShardMerge(limit: ShardMerge.limit(memory: memory))
        for file in files {
            var reader = ShardFileReader()
            var number: Int?
            do throws(BoundedFile.LineError<ShardMergeError>) {
                try BoundedFile.forEachLine(
                    file, maxBytes: ShardResult.maxFileBytes, maxLineBytes: ShardResult.maxLineBytes
                ) {
                    (line, last) throws(ShardMergeError) in
                    if last {
                        _ = try reader.finish(rest: String(decoding: line, as: UTF8.self)[...])
                        return
                    }
                    let state = try reader.read(bytes: line)
                    if number == nil, let header = reader.header { number = merge.add(header) }
                    if let state, let number { try merge.add(state, of: number) }
                }
            } catch {
                switch error {
                case .load(let problem):
                    Terminal.writeError("error: \(TerminalText.escape(problem.message))\n")
                case .stopped(let problem):
                    Terminal.writeError(
                        "error: \(TerminalText.escape(file)): \(TerminalText.escape(problem.message))\n")
                }
                return ExitCode.usage
            }
        }
        do throws(ShardMergeError) {
            let (path, result) = try merge.result()
            return finish(result, path: path, out: parsed.value("--out"), allowPartial: parsed.flag("--allow-partial"))
        } catch {
            Terminal.writeError("error: \(TerminalText.escape(error.message))\n")
            return ExitCode.usage
        }
    }

    /// `--max-memory MIB` in bytes, or nil when not given; at most 1,048,576 MiB.
    static func maxMemory(_ parsed: ParsedArguments) throws(UsageError) -> Int? {
        guard let n = try parsed.positiveInteger("--max-memory") else { return nil }
        guard n <= 1 << 20 else { throw UsageError("option '--max-memory' is at most 1048576 (MiB)") }
        return n << 20
    }

    /// Makes the folder `out` (and its parents); says so when it cannot.
    static func makeFolder(_ out: String) -> Bool {
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            return true
        } catch {
            Terminal.writeError("error: cannot create '\(TerminalText.escape(out))'\n")
            return false
        }
    }

    /// The most counterexample files one run writes into `--out`.
    static let maxFiles = 1_000

    /// Writes each counterexample into `out` (when given) and prints the report.
    static func finish(_ found: ExploreResult, path: String, out: String?, allowPartial: Bool) -> Int32 {
        var written: [String: String] = [:]
        if let out {
            // A file per violated property: as many as a search checks (a shard file may name
            // thousands), so a run writes at most ``maxFiles``, and past that none.
            guard found.counterexamples.count <= maxFiles else {
                Terminal.writeError(
                    "error: \(found.counterexamples.count) counterexamples: scn explore writes at most \(maxFiles) files "
                        + "into --out; nothing written (run without --out to see them)\n")
                return ExitCode.usage
            }
            guard makeFolder(out) else { return ExitCode.usage }
            var used = Set<String>()
            for (index, property) in found.properties.enumerated() {
                guard let counterexample = found.counterexamples[property] else { continue }
                var name = fileName(for: property, index: index)
                if used.contains(name) { name = "property-\(index).scn" }
                used.insert(name)
                let file = (out.hasSuffix("/") ? out : out + "/") + name
                guard FileManager.default.createFile(atPath: file, contents: Data(counterexample.scenario.utf8)) else {
                    Terminal.writeError("error: cannot write '\(TerminalText.escape(file))'\n")
                    return ExitCode.usage
                }
                written[property] = file
            }
        }
        Terminal.write(TerminalText.escape(found.report(path: path, written: written), keepingLineBreaks: true))
        if !found.counterexamples.isEmpty { return ExitCode.failure }
        if found.stoppedAtMaxWorlds || found.stoppedAtMaxMemory, !allowPartial {
            Terminal.writeError(
                "error: the search stopped at depth \(found.depthReached) of \(found.depth): it checked less than asked "
                    + "(raise the budget, shard the search, or pass --allow-partial)\n")
            return ExitCode.partial
        }
        return ExitCode.success
    }

    /// `no-lost-tap.scn`, `invariants.scn`; a file's own property: `property-N.scn`.
    static func fileName(for property: String, index: Int) -> String {
        let plain = property.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
        return plain ? property + ".scn" : "property-\(index).scn"
    }
}
