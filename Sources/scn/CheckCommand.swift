import ScenarioLanguage
import ScenarioRuntime

/// `scn check FILE…`: syntax and checker only; nothing runs.
enum CheckCommand {
    static func main(_ arguments: [String]) -> Int32 {
        guard !arguments.isEmpty else {
            Terminal.writeError("usage: scn check FILE…\n")
            return ExitCode.usage
        }
        let color = Terminal.useColor(terminal: Terminal.stderrIsTerminal, environment: environment)
        let loader = ScenarioLoader()
        var failed = 0
        for path in arguments {
            if path.hasPrefix("-") {
                Terminal.writeError("error: unknown option '\(path)' for 'scn check'\n")
                return ExitCode.usage
            }
            let loaded = loader.load(path: path, root: Files.folder(of: path))
            if let error = loaded.error {
                Terminal.writeError("error: \(error)\n")
                failed += 1
                continue
            }
            guard let result = loaded.result, result.diagnostics.isEmpty else {
                Terminal.writeError(Language.render(loaded.result?.diagnostics ?? [], color: color) + "\n")
                failed += 1
                continue
            }
            let cases = result.script?.cases.count ?? 0
            Terminal.write("ok \(path) (\(cases) case\(cases == 1 ? "" : "s"))\n")
        }
        return failed == 0 ? ExitCode.success : ExitCode.usage
    }
}
