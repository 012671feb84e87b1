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
            arguments: [ArgumentSpec("FILE", .scenario, .one, "the scenario file whose prologue sets up the world")],
            options: [
                .value("--depth", "N", .number, "the longest step sequence to search (default 5, at most 64)"),
                .value(
                    "--jobs", "N", .number, "threads (default: the machine's cores); the report does not depend on it"),
                .value("--out", "DIR", .folder, "write each counterexample to DIR/<property>.scn"),
                .value(
                    "--check", "P,…", .choices(BuiltinCheck.standard.map(\.name)),
                    "built-in properties to add: " + builtinNames),
                .value("--max-worlds", "N", .number, "stop after N distinct worlds (default 1000000)"),
                .value(
                    "--max-memory", "MIB", .number,
                    "stop before the worlds held take more than MIB mebibytes, estimated (default 96)"),
                SharedOptions.root,
            ]),
        run: main)

    static func main(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        guard let path = parsed.positionals.first else { return tool.usageError("missing FILE", command: "explore") }
        var options = Explorer.Options()
        options.jobs = ProcessInfo.processInfo.activeProcessorCount
        do throws(UsageError) {
            if let n = try parsed.positiveInteger("--depth") { options.depth = n }
            if let n = try parsed.positiveInteger("--jobs") { options.jobs = n }
            if let n = try parsed.positiveInteger("--max-worlds") { options.maxWorlds = n }
            if let n = try parsed.positiveInteger("--max-memory") {
                guard n <= 1 << 20 else { throw UsageError("option '--max-memory' is at most 1048576 (MiB)") }
                options.maxMemory = n << 20
            }
        } catch {
            return tool.usageError(error, command: "explore")
        }
        if options.depth > Explorer.Options.maxDepth {
            return tool.usageError("option '--depth' is at most \(Explorer.Options.maxDepth)", command: "explore")
        }
        options.jobs = min(options.jobs, 256)
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
        let found = explorer.run(progress: progress)
        if showProgress { Terminal.writeError("\r\u{1B}[K") }

        var written: [String: String] = [:]
        if let out {
            do {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            } catch {
                Terminal.writeError("error: cannot create '\(TerminalText.escape(out))'\n")
                return ExitCode.usage
            }
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
        Terminal.write(TerminalText.escape(found.report(path: input.path, written: written), keepingLineBreaks: true))
        return found.counterexamples.isEmpty ? ExitCode.success : ExitCode.failure
    }

    /// `no-lost-tap.scn`, `invariants.scn`; a file's own property: `property-N.scn`.
    static func fileName(for property: String, index: Int) -> String {
        let plain = property.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
        return plain ? property + ".scn" : "property-\(index).scn"
    }
}
