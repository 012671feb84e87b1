import ScenarioRuntime

/// `scn help [COMMAND…]`, `scn help --markdown`: the reference, from the registry.
enum HelpCommand {
    static func main(_ arguments: [String]) -> Int32 {
        let registry = Vocabulary.standard.registry
        if arguments == ["--markdown"] {
            Terminal.write(Reference.markdown(registry))
            return ExitCode.success
        }
        if arguments.isEmpty {
            Terminal.write(usage + "\n" + Reference.text(registry))
            return ExitCode.success
        }
        guard let text = Reference.text(registry, command: arguments) else {
            if arguments.count == 1, let usage = subcommandUsage[arguments[0]] {
                Terminal.write(usage)
                return ExitCode.success
            }
            Terminal.writeError("error: no command '\(arguments.joined(separator: " "))'; 'scn help' lists them all\n")
            return ExitCode.usage
        }
        Terminal.write(text)
        return ExitCode.success
    }

    /// `scn help run` and the like, when no scenario command has that name.
    static let subcommandUsage: [String: String] = [
        "run": RunCommand.usage, "check": CheckCommand.usage, "fmt": FormatCommand.usage,
        "repro": ReproCommand.usage, "apns": ApnsCommand.usage,
        "test": "usage: scn test [PATH…] [options]  ('scn test --help' lists the options)\n",
        "repl": "usage: scn repl  (also: scn alone on a terminal)\n",
        "help": "usage: scn help [COMMAND…] | scn help --markdown\n",
    ]
}

/// `--help` and `-h` after a subcommand print its usage.
enum Help {
    static func isHelp(_ argument: String) -> Bool {
        argument == "--help" || argument == "-h"
    }
}
