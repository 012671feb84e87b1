// A command line is declared once, as data; parsing (Parsing/), help and the man page
// (Usage/) and the shell completion scripts (Completions/) are all read from it.

/// What a value on the command line is: it decides what completion offers and how help
/// and the man page name it.
public enum ArgumentKind: Sendable, Hashable {
    /// Any text.
    case text
    /// A whole number.
    case number
    /// A file that exists, or `-` for standard input where the command says so.
    case file
    /// A file to create.
    case output
    /// A folder.
    case folder
    /// A scenario file (`*.scn`) or a folder of them.
    case scenario
    /// One of these words.
    case choices([String])
    /// What `help` takes: one of the tool's ``ToolSpec/topics``.
    case topic
}

/// An option: `--name`, with a short form `-n` or not, taking a value or not (a flag).
public struct OptionSpec: Sendable, Hashable {
    /// The long name with its dashes: `--jobs`.
    public var name: String
    /// The one-letter form: `j` for `-j`.
    public var short: Character?
    /// What the value is called in help (`N`, `FILE`); `nil` for a flag.
    public var placeholder: String?
    /// What the value is, for completion.
    public var kind: ArgumentKind
    /// One line: what the option does.
    public var help: String
    /// The heading it is listed under in help ("Selection"); `nil` for "Options".
    public var section: String?

    /// A flag: present or not.
    public static func flag(_ name: String, short: Character? = nil, _ help: String, section: String? = nil)
        -> OptionSpec
    {
        OptionSpec(name: name, short: short, placeholder: nil, kind: .text, help: help, section: section)
    }

    /// An option that takes a value: `--name VALUE` or `--name=VALUE`.
    public static func value(
        _ name: String, short: Character? = nil, _ placeholder: String, _ kind: ArgumentKind = .text, _ help: String,
        section: String? = nil
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, placeholder: placeholder, kind: kind, help: help, section: section)
    }

    /// Whether it takes a value.
    public var takesValue: Bool { placeholder != nil }

    /// `-j, --jobs N` as help lists it.
    public var label: String {
        var s = short.map { "-\($0), " } ?? ""
        s += name
        if let placeholder { s += " " + placeholder }
        return s
    }
}

/// The words that are not options: `PATH…`, `FILE`, `COMMAND…`.
public struct ArgumentSpec: Sendable, Hashable {
    /// What help calls it: `PATH`.
    public var placeholder: String
    /// What it is, for completion.
    public var kind: ArgumentKind
    /// How many there may be.
    public var count: Count
    /// One line for help and the man page.
    public var help: String

    /// How many of an argument a command takes.
    public enum Count: Sendable, Hashable {
        /// Exactly one.
        case one
        /// None or one.
        case optional
        /// One or more.
        case oneOrMore
        /// Any number.
        case any
    }

    public init(_ placeholder: String, _ kind: ArgumentKind, _ count: Count, _ help: String) {
        self.placeholder = placeholder
        self.kind = kind
        self.count = count
        self.help = help
    }

    /// `PATH…`, `[PATH…]`, `FILE`, `[FILE]`.
    public var synopsis: String {
        switch count {
        case .one: return placeholder
        case .optional: return "[\(placeholder)]"
        case .oneOrMore: return "\(placeholder)…"
        case .any: return "[\(placeholder)…]"
        }
    }
}

/// One subcommand: `scn run`. Everything the tool says about it comes from here.
public struct CommandSpec: Sendable, Hashable {
    /// The word after the program name: `run`.
    public var name: String
    /// One line, lower case, no full stop: what the command does (the command list, the
    /// man page's headings, completion descriptions).
    public var abstract: String
    /// The words that are not options.
    public var arguments: [ArgumentSpec]
    /// Its options (`--help` is added to every command).
    public var options: [OptionSpec]
    /// Paragraphs after the usage line in help (may be empty).
    public var discussion: String
    /// Paragraphs after the options in help (may be empty).
    public var epilogue: String

    public init(
        _ name: String, abstract: String, arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
        discussion: String = "", epilogue: String = ""
    ) {
        self.name = name
        self.abstract = abstract
        self.arguments = arguments
        self.options = options
        self.discussion = discussion
        self.epilogue = epilogue
    }

    /// `--help`, which every command takes.
    public static let helpOption = OptionSpec.flag("--help", short: "h", "show this help")

    /// The declared options and `--help`.
    public var allOptions: [OptionSpec] { options + [Self.helpOption] }

    /// The option spelt `--name` (or `-n`).
    public func option(named name: String) -> OptionSpec? {
        allOptions.first { $0.name == name || ($0.short.map { "-\($0)" } == name) }
    }

    /// `[PATH…] [--check]`: the arguments, in order, as the command list shows them.
    public var argumentSynopsis: String {
        arguments.map(\.synopsis).joined(separator: " ")
    }
}

/// The whole tool: its name, its commands and what is said about all of them.
public struct ToolSpec: Sendable, Hashable {
    /// The program name: `scn`.
    public var name: String
    /// One line: what the tool is.
    public var abstract: String
    /// The subcommands, in the order help lists them.
    public var commands: [CommandSpec]
    /// Options of the tool itself (`--version`), listed after the commands.
    public var options: [OptionSpec]
    /// What follows the command list in help, and the man page's closing sections.
    public var sections: [Section]
    /// The words `help` takes (``ArgumentKind/topic``): the subcommands and whatever else the
    /// tool explains.
    public var topics: [String] = []
    /// The words that may follow others where a ``ArgumentKind/topic`` goes (`help push` →
    /// `kindly`, `edna`, …: a scenario command's words, one at a time), for completion.
    public var topicContinuations: [TopicContinuation] = []
    /// Command lines worth copying, each with what it does: the man page's EXAMPLES.
    public var examples: [Example] = []

    public init(
        name: String, abstract: String, commands: [CommandSpec], options: [OptionSpec] = [], sections: [Section] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.commands = commands
        self.options = options
        self.sections = sections
    }

    /// A titled block of text: `exit codes` and what they mean.
    public struct Section: Sendable, Hashable {
        /// Lower case: `exit codes` (the man page writes it in capitals).
        public var title: String
        /// Lines of plain text.
        public var text: String
        /// Or terms and what each means, in titled groups: the man page gives each its own
        /// tagged paragraph (`.TP`), which roff fills whatever the width, where padded columns
        /// would be re-wrapped.
        public var groups: [Group]

        public init(_ title: String, _ text: String) {
            self.title = title
            self.text = text
            self.groups = []
        }

        public init(_ title: String, groups: [Group]) {
            self.title = title
            self.text = ""
            self.groups = groups
        }

        /// A titled list of terms.
        public struct Group: Sendable, Hashable {
            public var title: String
            public var entries: [Entry]
            public init(_ title: String, _ entries: [Entry]) {
                self.title = title
                self.entries = entries
            }
        }

        /// A term (a command's usage) and its one-line meaning.
        public struct Entry: Sendable, Hashable {
            public var term: String
            public var meaning: String
            public init(_ term: String, _ meaning: String) {
                self.term = term
                self.meaning = meaning
            }
        }
    }

    /// The words that may follow `after` (words of a topic already typed).
    public struct TopicContinuation: Sendable, Hashable {
        public var after: [String]
        public var words: [String]

        public init(after: [String], words: [String]) {
            self.after = after
            self.words = words
        }
    }

    /// The continuations of every path in `paths` (each a topic's words), in the order the
    /// paths come: `[["push", "kindly"], ["push", "edna"]]` → after `push`: `kindly`, `edna`.
    public static func continuations(of paths: [[String]]) -> [TopicContinuation] {
        var order: [[String]] = []
        var words: [[String]: [String]] = [:]
        for path in paths where path.count > 1 {
            for end in 1..<path.count {
                let after = Array(path[..<end])
                if words[after] == nil { order.append(after) }
                if !(words[after]?.contains(path[end]) ?? false) { words[after, default: []].append(path[end]) }
            }
        }
        return order.map { TopicContinuation(after: $0, words: words[$0] ?? []) }
    }

    /// A command line and one line on what it does.
    public struct Example: Sendable, Hashable {
        /// The command line as typed: `scn test Scenarios`.
        public var command: String
        /// What it does, lower case, no full stop.
        public var text: String

        public init(_ command: String, _ text: String) {
            self.command = command
            self.text = text
        }
    }

    /// The subcommand called `name`.
    public func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }
}
