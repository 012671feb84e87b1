/// What a command is, for the rule "the first action installs the app".
public enum CommandRole: String, Hashable, Sendable {
    /// Install-time configuration: only before the first action.
    case setting
    /// Configuration that may also change after install (*runtime* in the reference).
    case runtimeSetting
    /// An action (the first one installs the app).
    case action
    /// An `expect …` line (also an action).
    case expectation

    public var isAction: Bool { self == .action || self == .expectation }
}

/// A positional parameter.
public struct Parameter: Hashable, Sendable {
    public var name: String
    public var kind: ValueKind
    public var optional: Bool
    /// A file the command reads, relative to the file that names it: a literal must stay
    /// inside the scenario root (checked like an `include` path).
    public var isFilePath: Bool
    public init(_ name: String, _ kind: ValueKind, optional: Bool = false, isFilePath: Bool = false) {
        self.name = name
        self.kind = kind
        self.optional = optional
        self.isFilePath = isFilePath
    }
}

/// A keyword option, in any order after the positionals: `title "Anna"`, or a flag like
/// `tampered` when `value` is nil.
public struct Option: Hashable, Sendable {
    public var keyword: String
    public var value: ValueKind?
    public var required: Bool
    public init(_ keyword: String, _ value: ValueKind?, required: Bool = false) {
        self.keyword = keyword
        self.value = value
        self.required = required
    }
}

/// How exploration (`scn explore`) draws a command as a step of its default alphabet.
public struct Exploration: Hashable, Sendable {
    /// The argument lists to try, each as written after the command's words (`"61s"`,
    /// `"\"user-1\""`); `""` is the bare command. Empty: every combination of the choices
    /// of the command's choice parameters (optional ones included, other optional ones
    /// left out).
    public var arguments: [String]
    /// Traits the world must have for the step to be drawn (`kindly`: the app integrates
    /// Kindly), as the vocabulary names them; empty: always drawn.
    public var requires: Set<String>
    public init(arguments: [String] = [], requires: Set<String> = []) {
        self.arguments = arguments
        self.requires = requires
    }
}

/// One command of the registry: its words, its parameters, its role and one line of help.
///
/// The checker validates statements against it; `scn help`, REPL completion and
/// docs/COMMANDS.md are generated from it.
public struct Signature: Hashable, Sendable {
    /// The literal words that name the command: `["push", "kindly"]`.
    public var path: [String] {
        didSet { name = Self.name(of: path) }
    }
    public var positionals: [Parameter]
    public var options: [Option]
    public var role: CommandRole
    /// One line of help.
    public var summary: String
    /// A heading for the reference (e.g. "Kindly", "Device", "Expectations").
    public var topic: String
    /// Whether and how exploration draws this command as a step; nil: never.
    public var exploration: Exploration?

    public init(
        _ path: [String], _ positionals: [Parameter] = [], options: [Option] = [],
        role: CommandRole, topic: String, summary: String
    ) {
        self.path = path
        self.name = Self.name(of: path)
        self.positionals = positionals
        self.options = options
        self.role = role
        self.summary = summary
        self.topic = topic
    }

    /// `push kindly` — the registry key.
    public private(set) var name: String

    /// The words joined by single spaces. A loop, not `joined(separator:)`: the library's
    /// unspecialised `joined` builds its types' metadata at run time, and the first call
    /// scans every loaded image's conformance records (0.2M instructions of each start-up).
    private static func name(of path: [String]) -> String {
        var name = path.first ?? ""
        for word in path.dropFirst() {
            name += " "
            name += word
        }
        return name
    }

    /// `push kindly [visible|silent] [title TEXT] [body TEXT] …`
    public var usage: String {
        var parts = path
        for p in positionals {
            parts.append(p.optional ? "[\(p.kind.placeholder)]" : p.kind.placeholder)
        }
        for o in options {
            let body = o.value.map { "\(o.keyword) \($0.placeholder)" } ?? o.keyword
            parts.append(o.required ? body : "[\(body)]")
        }
        return parts.joined(separator: " ")
    }
}

/// The values a statement gave for a signature's parameters, as written (literals are
/// checked; variables are checked when the step runs).
public struct BoundArguments: Hashable, Sendable {
    /// One slot per ``Signature/positionals``; nil when an optional one was left out.
    public var positionals: [Expr?]
    /// Valued options by keyword.
    public var options: [String: Expr]
    /// Flags that were given.
    public var flags: Set<String>
    public init(positionals: [Expr?] = [], options: [String: Expr] = [:], flags: Set<String> = []) {
        self.positionals = positionals
        self.options = options
        self.flags = flags
    }
}
