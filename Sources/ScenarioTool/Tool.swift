import Foundation
import ScenarioRuntime

// scn, the command-line tool, as a library: one file per subcommand; this one dispatches.
// The `scn` executable is one call to `ScenarioTool.main`; a host's own tool is the same call.

/// The whole `scn` tool: every subcommand and the REPL.
public enum ScenarioTool {
    /// Runs the tool on `arguments` (without the program name) and returns its exit code.
    public static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        signal(SIGPIPE, SIG_IGN)  // `scn test | head` ends quietly
        return dispatch(arguments)
    }
}

let environment = ProcessInfo.processInfo.environment

let usage = """
    usage: scn <command> [options]

    commands:
      test [PATH…]         run every *.scn under each path (default: Scenarios) as a test suite
      run PATH…            run scenarios and print each case's result (--trace, --json)
      check PATH…          check scenarios without running them
      fmt [--check] PATH…  rewrite scenarios in the canonical layout
      repl                 the interactive shell (also: scn on a terminal)
      repro FILE           a Markdown bug report: the scenario, its result and its trace
      apns FILE --out DIR  each push of a scenario as an .apns file for the iOS Simulator
      help [COMMAND…]      the command reference (--markdown: docs/COMMANDS.md)
      lsp                  a language server for editors, on standard input and output
      --version            the tool's version

    a PATH is a .scn file or a folder (every *.scn below it, sorted); COMMAND --help: its usage

    exit codes: 0 passed, 1 a case failed, 2 usage or check error, 3 internal error

    """

func dispatch(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
        return ReplCommand.main([])
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "test": return TestSubcommand.main(rest)
    case "run": return RunCommand.main(rest)
    case "check": return CheckCommand.main(rest)
    case "fmt": return FormatCommand.main(rest)
    case "help": return HelpCommand.main(rest)
    case "repl": return ReplCommand.main(rest)
    case "repro": return ReproCommand.main(rest)
    case "apns": return ApnsCommand.main(rest)
    case "lsp": return LspCommand.main(rest)
    case "--version", "version":
        Terminal.write("scn \(ToolVersion.string)\n")
        return ExitCode.success
    case "--help", "-h":
        Terminal.write(usage)
        return ExitCode.success
    default:
        Terminal.writeError("error: unknown command '\(command)'\n\n" + usage)
        return ExitCode.usage
    }
}

