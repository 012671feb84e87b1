import ScenarioLanguage
import ScenarioRuntime

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The interactive shell: `scn` on a terminal, or `scn repl`. See docs/REPL.md.
///
/// This file is the loop that joins the terminal (``LineEditor``) to the state machine
/// (``ReplMachine``): it gathers lines into entries (a block continues on `...> ` while a
/// `{`, `[` or `'` is open), hands each complete entry to the machine and prints its reply.
enum Repl {
    static let prompt = "scn> "
    static let continuationPrompt = "...> "

    static func main(_ tool: Tool) -> Int32 {
        let environment = tool.environment
        let color = Terminal.useColor(terminal: Terminal.stdoutIsTerminal, environment: environment)
        var console = ReplConsole(
            root: FileManager.default.currentDirectoryPath, vocabulary: tool.vocabulary, color: color)

        var historyPath = HistoryFile.path(environment: environment)
        if let path = historyPath, !HistoryFile.prepare(path) {
            Terminal.writeError("note: cannot write '\(path)': history is kept for this session only\n")
            historyPath = nil
        }
        let editor: LineEditor
        do {
            editor = try LineEditor(
                historyPath: historyPath, completer: completer(for: console.machine),
                preference: Readline.Preference(environment: environment["SCN_LINE_EDITOR"]))
        } catch {
            Terminal.writeError("scn repl: \(error.description)\n")
            return ExitCode.usage
        }
        defer { editor.close() }

        Terminal.write(
            "scn \(ToolVersion.string) (\(editor.library.rawValue)) — :help for help, Tab completes, :quit or Ctrl-D leaves\n"
        )
        while true {
            editor.setContinuation(console.continuing)
            let input = editor.read(prompt: console.continuing ? continuationPrompt : prompt)
            switch input {
            case .endOfInput:
                if console.continuing { Terminal.write("\n(the unfinished block was dropped)") }
                Terminal.write("\n")
                return ExitCode.success
            case .interrupted:
                console.interrupt()
            case .line(let line):
                editor.remember(line)
                guard let reply = console.line(line) else { continue }
                if reply.isError {
                    Terminal.writeError(reply.text)
                } else {
                    Terminal.write(reply.text)
                }
                if reply.quit { return ExitCode.success }
                editor.update(completer(for: console.machine))
            }
        }
    }

    /// Adds a typed line to the open block: the block's text once it is complete (the
    /// block is then empty again), nil while a `{`, `[` or `'` is still open. Each line is
    /// scanned once (``OpenBlock``), so a block of many lines costs time in proportion to
    /// its length.
    static func add(_ line: String, to block: inout OpenBlock) -> String? {
        block.add(line)
    }

    static func completer(for machine: ReplMachine) -> Completer {
        Completer(
            registry: machine.vocabulary.registry, variables: machine.checkContext.variableNames,
            defs: machine.checkContext.defNames)
    }
}
