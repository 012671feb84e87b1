import ScenarioLanguage
import ScenarioRuntime
import ScenarioTesting

/// `scn check PATH…`: syntax and checker only; nothing runs. A folder stands for every
/// `*.scn` below it.
enum CheckCommand {
    static let usage = "usage: scn check PATH…  (a file, or a folder: every *.scn below it)\n"

    static func main(_ arguments: [String]) -> Int32 {
        let parsed: CommandArguments
        switch CommandArguments.parse(arguments, command: "check", usage: usage) {
        case .exit(let code): return code
        case .parsed(let p): parsed = p
        }
        guard !parsed.paths.isEmpty else {
            Terminal.writeError(usage)
            return ExitCode.usage
        }
        let color = Terminal.useColor(terminal: Terminal.stderrIsTerminal, environment: environment)
        let loader = ScenarioLoader()
        let (files, found) = Files.scenarios(parsed.paths)
        var failed = found ? 0 : 1
        for file in files {
            let loaded = loader.load(path: file.path, root: file.root)
            if let error = loaded.error {
                Terminal.writeError("error: \(TerminalText.escape(error))\n")
                failed += 1
                continue
            }
            guard let result = loaded.result, result.diagnostics.isEmpty else {
                Terminal.writeError(Language.render(loaded.result?.diagnostics ?? [], color: color) + "\n")
                failed += 1
                continue
            }
            let cases = result.script?.cases.count ?? 0
            Terminal.write("ok \(TerminalText.escape(file.path)) (\(cases) case\(cases == 1 ? "" : "s"))\n")
        }
        return failed == 0 ? ExitCode.success : ExitCode.usage
    }
}
