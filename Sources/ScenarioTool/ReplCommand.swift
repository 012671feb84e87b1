import CommandLineKit
import ScenarioLanguage
import ScenarioRuntime

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `scn repl` / `scn` alone. On a terminal, the interactive shell; otherwise standard input
/// is run as one scenario (its folder: the working directory).
enum ReplCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            "repl", abstract: "the interactive shell (also: scn alone on a terminal)",
            options: [SharedOptions.color],
            discussion: """
                The interactive shell: each line runs at once against one world; Tab completes
                commands, arguments and options; ':help' lists the meta commands (:state,
                :trace, :undo, :reset, :load, :save, :quit). History is kept between sessions.
                With standard input not a terminal, what it reads is run as one scenario.
                """),
        run: main)

    static func main(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        if !Terminal.stdinIsTerminal {
            return runStandardInput(tool)
        }
        return Repl.main(tool)
    }

    static func runStandardInput(_ tool: Tool) -> Int32 {
        let input = FileRun.input("-", root: nil)
        let color = Terminal.useColor(terminal: Terminal.stdoutIsTerminal, environment: tool.environment)
        let run = FileRun.run(input, tool: tool, limits: Limits())
        if run.script == nil {
            let errorColor = Terminal.useColor(terminal: Terminal.stderrIsTerminal, environment: tool.environment)
            Terminal.writeError(RunCommand.render(run, trace: false, color: errorColor))
            return run.exitCode
        }
        Terminal.write(RunCommand.render(run, trace: false, color: color))
        return run.exitCode
    }
}
