import ScenarioLanguage

/// Reads a command line against a ``CommandSpec``.
///
/// The rules, the same for every command: options and other words may come in any order;
/// `--name VALUE` and `--name=VALUE` are the same, and so are `-n VALUE` and `-nVALUE`; a
/// value given as its own word may start with a dash (`--filter -x`); `--` ends the options
/// (every word after it is a positional, even `--help`); `-` alone is a positional (standard
/// input, where the command reads it); when an option is given twice the last value counts
/// (``ParsedArguments/values`` keeps them all). An unknown option is an error that suggests
/// the closest known one.
public enum ArgumentParser {
    /// Parses `arguments` (the words after the command's name).
    ///
    /// With `--help` anywhere before `--`, the count of positionals is not checked: the
    /// caller prints help.
    ///
    /// - Throws: ``UsageError`` for an unknown option, a missing value, a value given to a
    ///   flag, or too few or too many positionals.
    public static func parse(_ arguments: [String], for command: CommandSpec, program: String = "scn")
        throws(UsageError)
        -> ParsedArguments
    {
        var parsed = ParsedArguments(command: command)
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let word = arguments[i]
            i += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var name = word
            var inline: String?
            if word.hasPrefix("--") {
                if let eq = word.firstIndex(of: "=") {
                    name = String(word[..<eq])
                    inline = String(word[word.index(after: eq)...])
                }
            } else if word.count > 2 {
                // -j4: a short option with its value attached.
                name = String(word.prefix(2))
                inline = String(word.dropFirst(2))
            }
            guard let option = command.option(named: name) else {
                throw unknown(word.hasPrefix("--") ? name : word, in: command)
            }
            if !option.takesValue {
                if inline != nil {
                    if !word.hasPrefix("--") { throw unknown(word, in: command) }
                    throw UsageError("option '\(option.name)' takes no value")
                }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else {
                    // What the value is, from the declaration: `--json FILE` is not a flag.
                    let what = option.placeholder.map { ": \($0) (\(option.help))" } ?? ""
                    throw UsageError("option '\(option.name)' needs a value\(what)")
                }
                value = arguments[i]
                i += 1
            }
            parsed.values[option.name, default: []].append(value)
        }
        if !parsed.help { try checkCount(parsed.positionals, of: command, program: program) }
        return parsed
    }

    /// "unknown option '--trase'; did you mean '--trace'?"
    static func unknown(_ word: String, in command: CommandSpec) -> UsageError {
        let names = command.allOptions.map(\.name)
        let suggestion = Suggestion.closest(to: word, among: names).map { "; did you mean '\($0)'?" } ?? ""
        return UsageError("unknown option '\(word)'\(suggestion)")
    }

    /// Too few or too many positionals for what `command` declares.
    static func checkCount(_ positionals: [String], of command: CommandSpec, program: String) throws(UsageError) {
        let usage = "\(program) \(command.name) \(command.argumentSynopsis)"
        var remaining = positionals[...]
        for argument in command.arguments {
            switch argument.count {
            case .one, .oneOrMore:
                guard remaining.popFirst() != nil else {
                    throw UsageError("missing \(argument.placeholder) (\(usage))")
                }
                if argument.count == .oneOrMore { remaining = [] }
            case .optional:
                _ = remaining.popFirst()
            case .any:
                remaining = []
            }
        }
        if let extra = remaining.first {
            throw UsageError("unexpected argument '\(extra)' (\(usage))")
        }
    }
}
