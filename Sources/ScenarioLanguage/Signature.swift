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
    /// What a bare word here is read as, when that is seldom meant (`tap banner` taps the
    /// banner titled "banner"): the checker warns, and the quoted form says it is meant.
    public var bareWordMeans: String?
    public init(_ name: String, _ kind: ValueKind, optional: Bool = false, isFilePath: Bool = false) {
        self.name = name
        self.kind = kind
        self.optional = optional
        self.isFilePath = isFilePath
    }

    /// A parameter where a bare word is read as `bareWordMeans`, with a warning.
    public init(_ name: String, _ kind: ValueKind, optional: Bool = false, bareWordMeans: String) {
        self.init(name, kind, optional: optional)
        self.bareWordMeans = bareWordMeans
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
    /// Where the step stands in the alphabet, which runs simplest first: lower ranks first,
    /// equal ranks in registry order. The built-in steps run 10 (launch) to 120 (unlock);
    /// an SDK's start is 30, its pushes 50; a step without a rank comes after them all.
    public var rank: Int
    public init(arguments: [String] = [], requires: Set<String> = [], rank: Int = 1000) {
        self.arguments = arguments
        self.requires = requires
        self.rank = rank
    }
}

/// One command of the registry: its words, its parameters, its role and one line of help.
///
/// The checker validates statements against it; `scn help`, REPL completion and
/// docs/COMMANDS.md are generated from it.
///
/// Every checked statement holds its command's signature: the fields live in one shared,
/// copy-on-write box, so that holding or copying a signature is one reference count.
/// Who a command belongs to: a plug-in (`kindly`, with its display name `Kindly`). A command
/// with owners is a check error in a case whose app has none of them.
public struct CommandOwner: Hashable, Sendable {
    /// The plug-in's name (`kindly`).
    public var name: String
    /// How messages name it (`Kindly`).
    public var title: String
    public init(name: String, title: String) {
        self.name = name
        self.title = title
    }
}

public struct Signature: Hashable, Sendable {
    private final class Storage: @unchecked Sendable {
        // Mutated only through `Signature.update`, when this box is not shared.
        var path: [String]
        var name: String
        var positionals: [Parameter]
        var options: [Option]
        var role: CommandRole
        var summary: String
        var topic: String
        var exploration: Exploration?
        var owners: [CommandOwner] = []
        var readsRecords = false
        var hasStatementRules = false

        init(
            path: [String], name: String, positionals: [Parameter], options: [Option], role: CommandRole,
            summary: String, topic: String, exploration: Exploration?
        ) {
            self.path = path
            self.name = name
            self.positionals = positionals
            self.options = options
            self.role = role
            self.summary = summary
            self.topic = topic
            self.exploration = exploration
        }

        func copy() -> Storage {
            let copy = Storage(
                path: path, name: name, positionals: positionals, options: options, role: role, summary: summary,
                topic: topic, exploration: exploration)
            copy.owners = owners
            copy.readsRecords = readsRecords
            copy.hasStatementRules = hasStatementRules
            return copy
        }
    }

    private var storage: Storage

    private mutating func update(_ change: (Storage) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        change(storage)
    }

    /// The literal words that name the command: `["push", "kindly"]`.
    public var path: [String] {
        get { storage.path }
        set {
            update {
                $0.path = newValue
                $0.name = Self.name(of: newValue)
            }
        }
    }
    public var positionals: [Parameter] {
        get { storage.positionals }
        set { update { $0.positionals = newValue } }
    }
    public var options: [Option] {
        get { storage.options }
        set { update { $0.options = newValue } }
    }
    public var role: CommandRole {
        get { storage.role }
        set { update { $0.role = newValue } }
    }
    /// One line of help.
    public var summary: String {
        get { storage.summary }
        set { update { $0.summary = newValue } }
    }
    /// A heading for the reference (e.g. "Kindly", "Device", "Expectations").
    public var topic: String {
        get { storage.topic }
        set { update { $0.topic = newValue } }
    }
    /// Whether and how exploration draws this command as a step; nil: never.
    public var exploration: Exploration? {
        get { storage.exploration }
        set { update { $0.exploration = newValue } }
    }
    /// The plug-ins the command belongs to, declared when it is registered; empty: every app's.
    public var owners: [CommandOwner] {
        get { storage.owners }
        set { update { $0.owners = newValue } }
    }
    /// Whether the command reads the whole trace or the whole log (`expect trace`): a script
    /// that uses none runs with only the newest events kept.
    public var readsRecords: Bool {
        get { storage.readsRecords }
        set { update { $0.readsRecords = newValue } }
    }

    /// Whether the registry holds rules that every statement of this command is checked
    /// against (``Registry/addStatementRule(for:_:)``): the checker looks them up only then.
    /// Not part of the signature's equality: it says where the signature is registered.
    public internal(set) var hasStatementRules: Bool {
        get { storage.hasStatementRules }
        set { update { $0.hasStatementRules = newValue } }
    }

    public init(
        _ path: [String], _ positionals: [Parameter] = [], options: [Option] = [],
        role: CommandRole, topic: String, summary: String
    ) {
        storage = Storage(
            path: path, name: Self.name(of: path), positionals: positionals, options: options, role: role,
            summary: summary, topic: topic, exploration: nil)
    }

    /// `push kindly` — the registry key.
    public var name: String { storage.name }

    /// The words joined by single spaces.
    private static func name(of path: [String]) -> String { path.concatenated(separator: " ") }

    public static func == (a: Signature, b: Signature) -> Bool {
        if a.storage === b.storage { return true }
        let x = a.storage
        let y = b.storage
        return x.path == y.path && x.positionals == y.positionals && x.options == y.options && x.role == y.role
            && x.summary == y.summary && x.topic == y.topic && x.exploration == y.exploration && x.owners == y.owners
            && x.readsRecords == y.readsRecords
    }

    public func hash(into hasher: inout Hasher) {
        let x = storage
        hasher.combine(x.path)
        hasher.combine(x.positionals)
        hasher.combine(x.options)
        hasher.combine(x.role)
        hasher.combine(x.summary)
        hasher.combine(x.topic)
        hasher.combine(x.exploration)
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
    /// Valued options by keyword, in the order they were written.
    public var options: GivenOptions<Expr>
    /// Flags that were given.
    public var flags: Set<String>
    public init(positionals: [Expr?] = [], options: GivenOptions<Expr> = [:], flags: Set<String> = []) {
        self.positionals = positionals
        self.options = options
        self.flags = flags
    }
}
