/// A subcommand's command line: paths, flags and valued options, with the usage errors
/// every subcommand reports the same way.
struct CommandArguments {
    var paths: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]

    /// What parsing decided: go on with these arguments, or exit now with this code (help
    /// was printed, or a usage error was).
    enum Outcome {
        case parsed(CommandArguments)
        case exit(Int32)
    }

    /// Parses `arguments` for `scn <command>`. `flags` take no value; `values` maps each
    /// valued option to what it needs ("a folder"), for the error when it is missing.
    static func parse(
        _ arguments: [String], command: String, usage: String, flags: Set<String> = [], values: [String: String] = [:]
    ) -> Outcome {
        var parsed = CommandArguments()
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if Help.isHelp(a) {
                Terminal.write(usage)
                return .exit(ExitCode.success)
            } else if flags.contains(a) {
                parsed.flags.insert(a)
            } else if let needs = values[a] {
                i += 1
                guard i < arguments.count else {
                    Terminal.writeError("error: \(a) needs \(needs)\n")
                    return .exit(ExitCode.usage)
                }
                parsed.values[a] = arguments[i]
            } else if a.hasPrefix("-") && a != "-" {
                Terminal.writeError("error: unknown option '\(a)' for 'scn \(command)'\n")
                return .exit(ExitCode.usage)
            } else {
                parsed.paths.append(a)
            }
            i += 1
        }
        return .parsed(parsed)
    }
}
