/// Where a statement is, in one file: for "the first action, at line 5, installs the app".
public struct SourceSite: Hashable, Sendable {
    /// The file, as its ``SourceFile/path``.
    public var path: String
    /// The statement's byte range in that file.
    public var range: SourceRange
    public init(path: String, range: SourceRange) {
        self.path = path
        self.range = range
    }
}

/// A user-defined command (`def`) as the checker knows it.
public struct DefinedCommand: Sendable {
    /// The name, where the `def` writes it.
    public var name: Name
    /// The parameters, in order: a call gives exactly this many arguments.
    public var parameters: [Name]
    /// The file the `def` is written in.
    public var path: String
    /// What calling it does to the configuration (for the rule "configuration before the
    /// first action").
    var summary: ConfigurationSummary
}

/// What the statements checked so far have defined, for checking one more piece of
/// text against them: the REPL checks each line (or block) it reads in the context the
/// previous lines left, and keeps the context only when the line is accepted.
///
/// ```swift
/// var context = CheckContext()
/// let step = Language.check(SourceFile(path: "<repl>", text: line), in: context, registry: registry)
/// if step.diagnostics.isEmpty { context = step.context; run(step.statements) }
/// ```
public struct CheckContext: Sendable {
    /// Variables defined by `let` so far (and by ``define(variable:value:)``).
    public var variables: Set<String>
    /// The literal values of variables bound to literals (used by `for` around cases and
    /// interpolated case names); a variable bound to something else is absent.
    public var constants: [String: Value]
    /// User-defined commands by name.
    public var defs: [String: DefinedCommand]
    /// Configuration given before the first action, in order.
    public var settings: [ConfiguredCommand]
    /// The first action: it installed the app. Nil until then.
    public var firstAction: SourceSite?

    public init() {
        variables = []
        constants = [:]
        defs = [:]
        settings = []
        firstAction = nil
    }

    /// Whether the app has been installed (an action has been accepted).
    public var isInstalled: Bool { firstAction != nil }

    /// Names of the variables, sorted (for completion).
    public var variableNames: [String] { variables.sorted() }
    /// Names of the defs, sorted (for completion).
    public var defNames: [String] { defs.keys.sorted() }

    /// Defines a variable from outside (a host binding, or a REPL `:load`).
    public mutating func define(variable name: String, value: Value? = nil) {
        variables.insert(name)
        if let value { constants[name] = value } else { constants.removeValue(forKey: name) }
    }
}

/// The result of checking one more piece of text against a ``CheckContext``.
public struct IncrementalCheck: Sendable {
    /// The checked statements, ready to run (empty when there are diagnostics).
    public var statements: [CheckedStmt]
    /// The context after the statements; the context given when there are diagnostics,
    /// so that a rejected line changes nothing.
    public var context: CheckContext
    /// The syntax and check errors of the text; empty when it is accepted.
    public var diagnostics: [Diagnostic]
    /// Warnings of an accepted text: they do not stop it from running.
    public var warnings: [Diagnostic] = []
    /// Whether the text was accepted.
    public var isAccepted: Bool { diagnostics.isEmpty }
}

/// The result of checking a file.
public struct CheckResult: Sendable {
    /// The checked script; nil when there are diagnostics (nothing runs when a check fails).
    public var script: CheckedScript?
    /// Every syntax and check error of the file and its includes, in file order and then
    /// by position.
    public var diagnostics: [Diagnostic]
    /// Warnings of the file and its includes, in the same order: they do not stop it from
    /// running.
    public var warnings: [Diagnostic] = []
    /// Whether the file checked cleanly (and may run).
    public var isAccepted: Bool { diagnostics.isEmpty && script != nil }
    /// The parsed file, held with the result: it is freed with the result (or not at all,
    /// by a tool that exits right after) instead of node by node when the check returns.
    var tree: SyntaxTree?
    /// How many diagnostics the check placed in their files (bounded by the error limit,
    /// whatever the input repeats).
    var diagnosticsMade = 0

    init(script: CheckedScript?, diagnostics: [Diagnostic], tree: SyntaxTree? = nil) {
        self.script = script
        self.diagnostics = diagnostics
        self.tree = tree
    }
}

/// What a run of statements does to the configuration: the settings before its first
/// action, that action, and the install-time settings after it (each an error).
struct ConfigurationSummary: Sendable {
    var before: [ConfiguredCommand] = []
    var first: SourceSite?
    var after: [ConfiguredCommand] = []
    /// Runtime settings after the first action (allowed; case rules still see them).
    var later: [ConfiguredCommand] = []
    /// The first use of each action (by name and first literal argument), at most ``cap``.
    var actions: [ConfiguredCommand] = []
    /// The first literal argument's text of each of ``actions``.
    private var actionFirsts: [String] = []

    /// Enough for any real case; keeps pathological `def` chains linear.
    static let cap = 256

    mutating func append(_ other: ConfigurationSummary) {
        if first != nil {
            for c in other.before {
                if c.signature.role == .setting { addAfter(c) } else { addLater(c) }
            }
            for c in other.after { addAfter(c) }
        } else {
            for c in other.before where before.count < ConfigurationSummary.cap { before.append(c) }
            first = other.first
            for c in other.after { addAfter(c) }
        }
        for c in other.later { addLater(c) }
        for c in other.actions { addAction(c) }
    }

    /// A setting (or runtime setting) met in order: before the first action it configures
    /// the install; after it, it is an error or a later setting.
    mutating func addSetting(_ c: ConfiguredCommand) {
        guard keepsSetting(c.signature.role) else { return }
        if first != nil {
            if c.signature.role == .setting { addAfter(c) } else { addLater(c) }
        } else if before.count < ConfigurationSummary.cap {
            before.append(c)
        }
    }

    /// Whether ``addAction(_:)`` could keep anything (a full summary does not need the
    /// command built).
    var keepsActions: Bool { actions.count < ConfigurationSummary.cap }

    /// Whether ``addSetting(_:)`` could keep a setting of this role.
    func keepsSetting(_ role: CommandRole) -> Bool {
        if first == nil { return before.count < ConfigurationSummary.cap }
        return (role == .setting ? after.count : later.count) < ConfigurationSummary.cap
    }

    mutating func addAction(_ c: ConfiguredCommand) {
        guard keepsActions else { return }
        // At most `cap` kept: a scan is cheaper than hashing for the few a case has.
        let name = c.signature.name
        let first = (c.arguments.positionals.first ?? nil)?.literalText ?? ""
        for (k, kept) in actions.enumerated() where actionFirsts[k] == first && kept.signature.name == name {
            return
        }
        actions.append(c)
        actionFirsts.append(first)
    }

    private mutating func addLater(_ c: ConfiguredCommand) {
        guard later.count < ConfigurationSummary.cap else { return }
        if later.contains(where: { $0.path == c.path && $0.range == c.range }) { return }
        later.append(c)
    }

    private mutating func addAfter(_ c: ConfiguredCommand) {
        guard after.count < ConfigurationSummary.cap else { return }
        if after.contains(where: { $0.path == c.path && $0.range == c.range }) { return }
        after.append(c)
    }
}
