import ScenarioLanguage

/// A REPL command that is not part of the language: `:help`, `:state`, …
///
/// The table below is the one list: `:help`, completion and "did you mean" read it.
enum MetaCommand: Equatable {
    case help([String])
    case state
    case trace
    case undo
    case reset
    case load(String)
    case save(String)
    case quit

    /// What an argument of a meta command is, for completion.
    enum Argument {
        case none
        /// A command of the registry (`:help push kindly`).
        case command
        /// A file path.
        case file
    }

    struct Entry {
        var name: String
        var usage: String
        var argument: Argument
        var summary: String
    }

    static let table: [Entry] = [
        Entry(name: ":help", usage: ":help [COMMAND]", argument: .command, summary: "this help, or one command's"),
        Entry(
            name: ":state", usage: ":state", argument: .none, summary: "the world now: app, screen, banners, SDK, time"),
        Entry(name: ":trace", usage: ":trace", argument: .none, summary: "everything that happened so far"),
        Entry(name: ":undo", usage: ":undo", argument: .none, summary: "back one accepted entry (or a :reset, :load)"),
        Entry(name: ":reset", usage: ":reset", argument: .none, summary: "start again: a fresh, uninstalled world"),
        Entry(
            name: ":load", usage: ":load FILE", argument: .file,
            summary: "check and run a file's statements here (no case blocks)"),
        Entry(
            name: ":save", usage: ":save FILE", argument: .file,
            summary: "the accepted entries as a formatted FILE.scn; a failing expect last, as a known bug"),
        Entry(name: ":quit", usage: ":quit", argument: .none, summary: "leave (:q and Ctrl-D too)"),
    ]

    static var names: [String] { table.map(\.name) }

    static func entry(named name: String) -> Entry? { table.first { $0.name == name } }

    /// Parses a line that starts with `:`. The error is a message ready to show.
    static func parse(_ line: String) -> Result<MetaCommand, MetaCommandError> {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = words.first else { return .failure(MetaCommandError("empty meta command")) }
        let rest = Array(words.dropFirst())
        // A file name keeps its spaces: everything after the command word.
        let argument = trimBlanks(line.drop(while: { $0 == " " || $0 == "\t" }).dropFirst(name.count))
        func none(_ command: MetaCommand) -> Result<MetaCommand, MetaCommandError> {
            rest.isEmpty ? .success(command) : .failure(MetaCommandError("'\(name)' takes no argument"))
        }
        func file(_ make: (String) -> MetaCommand) -> Result<MetaCommand, MetaCommandError> {
            guard !argument.isEmpty else { return .failure(MetaCommandError("'\(name)' needs a file: \(name) FILE")) }
            return .success(make(unquote(argument)))
        }
        switch name {
        case ":help": return .success(.help(rest))
        case ":state": return none(.state)
        case ":trace": return none(.trace)
        case ":undo": return none(.undo)
        case ":reset": return none(.reset)
        case ":quit", ":q": return none(.quit)
        case ":load": return file { .load($0) }
        case ":save": return file { .save($0) }
        default:
            var message = "unknown meta command '\(name)'"
            if let near = suggestion(for: name) {
                message += "; did you mean '\(near)'?"
            } else {
                message += "; ':help' lists them"
            }
            return .failure(MetaCommandError(message))
        }
    }

    /// The meta command a mistyped name most likely meant: the nearest by edit distance, or
    /// the only one it begins (`:q` → `:quit`).
    static func suggestion(for name: String) -> String? {
        if let near = Suggestion.closest(to: name, among: names) { return near }
        let starting = names.filter { $0.hasPrefix(name) }
        return starting.count == 1 ? starting.first : nil
    }

    /// `"my file.scn"` → `my file.scn`.
    private static func unquote(_ text: String) -> String {
        if text.count >= 2, let first = text.first, first == text.last, first == "\"" || first == "'" {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}

/// A meta command that could not be parsed.
struct MetaCommandError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Without leading and trailing blanks.
private func trimBlanks<S: StringProtocol>(_ text: S) -> String {
    var s = Substring(text)
    while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
    while let c = s.last, c == " " || c == "\t" { s.removeLast() }
    return String(s)
}
