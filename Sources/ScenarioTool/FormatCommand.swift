import ScenarioLanguage
import ScenarioTesting

/// `scn fmt [--check] PATH…`: rewrites files in the canonical layout; with `--check`,
/// lists the files that are not and exits 1. A folder stands for every `*.scn` below it.
enum FormatCommand {
    static let usage = "usage: scn fmt [--check] PATH…  (a file, or a folder: every *.scn below it)\n"

    static func main(_ arguments: [String]) -> Int32 {
        let parsed: CommandArguments
        switch CommandArguments.parse(arguments, command: "fmt", usage: usage, flags: ["--check"]) {
        case .exit(let code): return code
        case .parsed(let p): parsed = p
        }
        let check = parsed.flags.contains("--check")
        let paths = parsed.paths
        guard !paths.isEmpty else {
            Terminal.writeError(usage)
            return ExitCode.usage
        }
        let color = Terminal.useColor(terminal: Terminal.stderrIsTerminal, environment: environment)
        let (files, found) = Files.scenarios(paths)
        var errors = !found
        var unformatted = false
        for path in files.map(\.path) {
            let bytes: [UInt8]
            do throws(LoadError) {
                bytes = try Files.read(path)
            } catch {
                Terminal.writeError("error: \(TerminalText.escape(error.message))\n")
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
                    Terminal.write("\(TerminalText.escape(path)): not formatted\n")
                    unformatted = true
                } else if !Files.rewrite(text, at: path) {
                    Terminal.writeError("error: cannot write '\(TerminalText.escape(path))'\n")
                    errors = true
                }
            }
        }
        if errors { return ExitCode.usage }
        return unformatted ? ExitCode.failure : ExitCode.success
    }
}
