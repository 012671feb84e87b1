import ScenarioLanguage

/// `scn fmt [--check] FILE…`: rewrites files in the canonical layout; with `--check`,
/// lists the files that are not and exits 1.
enum FormatCommand {
    static func main(_ arguments: [String]) -> Int32 {
        var check = false
        var paths: [String] = []
        for a in arguments {
            switch a {
            case "--check": check = true
            case _ where a.hasPrefix("-"):
                Terminal.writeError("error: unknown option '\(a)' for 'scn fmt'\n")
                return ExitCode.usage
            default: paths.append(a)
            }
        }
        guard !paths.isEmpty else {
            Terminal.writeError("usage: scn fmt [--check] FILE…\n")
            return ExitCode.usage
        }
        let color = Terminal.useColor(terminal: Terminal.stderrIsTerminal, environment: environment)
        var errors = false
        var unformatted = false
        for path in paths {
            guard let bytes = Files.read(path) else {
                Terminal.writeError("error: cannot read '\(path)'\n")
                errors = true
                continue
            }
            let source = SourceFile(path: path, bytes: bytes)
            switch Language.format(source) {
            case .failure(let error):
                Terminal.writeError(Language.render(error.diagnostics, color: color) + "\n")
                errors = true
            case .success(let text):
                guard Array(text.utf8) != bytes else { continue }
                if check {
                    Terminal.write("\(path): not formatted\n")
                    unformatted = true
                } else if !Files.write(text, to: path) {
                    Terminal.writeError("error: cannot write '\(path)'\n")
                    errors = true
                }
            }
        }
        if errors { return ExitCode.usage }
        return unformatted ? ExitCode.failure : ExitCode.success
    }
}
