import Foundation
import ScenarioExploration
import ScenarioLanguage
import ScenarioRuntime

/// `scn explore FILE [--depth N] [--jobs N] [--out DIR] [--check P,…] [--max-worlds N]`:
/// searches every step sequence of up to N steps from the file's prologue for a violated
/// property and prints the shortest as a runnable scenario (docs/EXPLORE.md).
enum ExploreCommand {
    static let usage = """
        usage: scn explore FILE [--depth N] [--jobs N] [--out DIR] [--check P,…] [--max-worlds N]
          --depth N        the longest step sequence to search (default 5)
          --jobs N         threads (default: the machine's cores); the report does not depend on it
          --out DIR        write each counterexample to DIR/<property>.scn
          --check P,…      built-in properties to add: \(BuiltinCheck.standard.map(\.name).joined(separator: ", "))
          --max-worlds N   stop after N distinct worlds (default 1000000)

        """

    static func main(_ arguments: [String]) -> Int32 {
        let parsed: CommandArguments
        switch CommandArguments.parse(
            arguments, command: "explore", usage: usage,
            values: [
                "--depth": "a number of steps", "--jobs": "a number of threads", "--out": "a folder",
                "--check": "a list of checks", "--max-worlds": "a number of worlds",
            ])
        {
        case .exit(let code): return code
        case .parsed(let p): parsed = p
        }
        guard parsed.paths.count == 1, let path = parsed.paths.first else {
            Terminal.writeError("error: scn explore takes one scenario file\n" + usage)
            return ExitCode.usage
        }
        var options = Explorer.Options()
        options.jobs = ProcessInfo.processInfo.activeProcessorCount
        for (flag, minimum) in [("--depth", 1), ("--jobs", 1), ("--max-worlds", 1)] {
            guard let text = parsed.values[flag] else { continue }
            guard let n = Int(text), n >= minimum, n <= 1_000_000_000 else {
                Terminal.writeError("error: \(flag) needs a whole number of at least \(minimum), got '\(text)'\n")
                return ExitCode.usage
            }
            switch flag {
            case "--depth": options.depth = n
            case "--jobs": options.jobs = n
            default: options.maxWorlds = n
            }
        }
        if options.depth > 64 {
            Terminal.writeError("error: --depth is at most 64\n")
            return ExitCode.usage
        }
        if let list = parsed.values["--check"] {
            for name in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                guard let check = BuiltinCheck.named(name) else {
                    let known = BuiltinCheck.standard.map(\.name)
                    let guess = Suggestion.closest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
                    Terminal.writeError(
                        "error: unknown check '\(name)'\(guess); the checks are \(known.joined(separator: ", "))\n")
                    return ExitCode.usage
                }
                if !options.checks.contains(where: { $0.name == name }) { options.checks.append(check) }
            }
        }
        let out = parsed.values["--out"]
        if let out, FileManager.default.fileExists(atPath: out), !Files.isFolder(out) {
            Terminal.writeError("error: --out '\(out)' is a file, not a folder\n")
            return ExitCode.usage
        }
        if Files.isFolder(path) {
            Terminal.writeError("error: '\(path)' is a folder; scn explore takes one scenario file\n")
            return ExitCode.usage
        }
        let loaded = ScenarioLoader().load(path: path, root: Files.folder(of: path))
        if let error = loaded.error {
            Terminal.writeError("error: \(error)\n")
            return ExitCode.usage
        }
        let color = Terminal.useColor(terminal: Terminal.stderrIsTerminal, environment: environment)
        guard let result = loaded.result, let script = result.script, result.diagnostics.isEmpty else {
            Terminal.writeError(Language.render(loaded.result?.diagnostics ?? [], color: color) + "\n")
            return ExitCode.usage
        }

        let explorer: Explorer
        do throws(Explorer.SetupError) {
            explorer = try Explorer(script: script, vocabulary: .standard, options: options, loader: loaded.loader)
        } catch {
            switch error {
            case .message(let message):
                Terminal.writeError("error: \(message)\n")
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
                Terminal.writeError("error: cannot create '\(out)': \(error.localizedDescription)\n")
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
                    Terminal.writeError("error: cannot write '\(file)'\n")
                    return ExitCode.usage
                }
                written[property] = file
            }
        }
        Terminal.write(found.report(path: path, written: written))
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
