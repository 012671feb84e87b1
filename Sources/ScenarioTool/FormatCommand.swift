import CommandLineKit
import ScenarioLanguage
import ScenarioTesting

/// `scn fmt [--check] PATH…`: rewrites files in the canonical layout; with `--check`,
/// lists the files that are not and exits 1. A folder stands for every `*.scn` below it;
/// `-` reads standard input and writes the result to standard output (an editor's format
/// filter), and writes nothing there when the input does not parse. Symbolic links are
/// not followed: a linked file named on the command line is refused, one found under a
/// folder (or reached through a linked folder that leads out of it) is skipped with a
/// warning, so fmt never writes outside the paths it was given.
enum FormatCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            "fmt", abstract: "rewrite scenarios in the canonical layout",
            arguments: [
                ArgumentSpec(
                    "PATH", .scenario, .oneOrMore, "a .scn file, a folder, or - (standard input to standard output)")
            ],
            options: [
                .flag("--check", "change nothing: list the files that are not formatted, and exit 1 if any"),
                SharedOptions.color,
            ],
            discussion: """
                Rewrites each file in the canonical layout, keeping its comments; formatting a
                formatted file changes nothing. With - the text is read from standard input and
                the result written to standard output, as an editor's format filter expects.
                """),
        run: main)

    static func main(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        let check = parsed.flag("--check")
        let color = Terminal.useColor(terminal: Terminal.stderrIsTerminal, environment: tool.environment)
        let (files, found) = Files.scenarios(parsed.positionals)
        var errors = !found
        var unformatted = false
        let given = Set(parsed.positionals.map(Files.tidy))
        for file in files {
            let path = file.path
            if let problem = Files.linkProblem(file) {
                // Named on the command line: refused. Found under a folder: skipped.
                if given.contains(path) {
                    Terminal.writeError("error: \(problem)\n")
                    errors = true
                } else {
                    Terminal.writeError("warning: skipped \(problem)\n")
                }
                continue
            }
            let bytes: [UInt8]
            do throws(LoadError) {
                bytes = try Files.read(file)
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
                if file.isStandardInput && !check {
                    Terminal.write(text)
                    continue
                }
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
