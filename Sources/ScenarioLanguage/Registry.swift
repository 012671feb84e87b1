/// A configuration statement of one case, as the checker saw it before the first action:
/// what case rules (``Registry/CaseRule``) inspect.
public struct ConfiguredCommand: Sendable {
    public var signature: Signature
    public var arguments: BoundArguments
    public var range: SourceRange
    /// The file it was written in (an included file's path inside an include).
    public var path: String
    public init(signature: Signature, arguments: BoundArguments, range: SourceRange, path: String) {
        self.signature = signature
        self.arguments = arguments
        self.range = range
        self.path = path
    }
}

/// What a case rule sees of one case: its configuration statements before the first
/// action (prologue first, then the case body, includes inlined), and where that first
/// action is.
public struct CaseConfiguration: Sendable {
    public var caseName: String
    public var settings: [ConfiguredCommand]
    /// The first action's range and file, if the case has an action.
    public var firstAction: (range: SourceRange, path: String)?
    /// Runtime settings that come after the first action (in order).
    public var laterSettings: [ConfiguredCommand]
    /// The actions and expectations of the case: the first use of each command (by its name
    /// and first literal argument), in order.
    public var actions: [ConfiguredCommand]
    public init(
        caseName: String, settings: [ConfiguredCommand], firstAction: (range: SourceRange, path: String)?,
        laterSettings: [ConfiguredCommand] = [], actions: [ConfiguredCommand] = []
    ) {
        self.caseName = caseName
        self.settings = settings
        self.firstAction = firstAction
        self.laterSettings = laterSettings
        self.actions = actions
    }
}

/// A problem a case rule found.
public struct RuleViolation: Sendable {
    public var message: String
    public var range: SourceRange
    public var path: String
    public var label: String?
    public init(message: String, range: SourceRange, path: String, label: String? = nil) {
        self.message = message
        self.range = range
        self.path = path
        self.label = label
    }
}

/// The table of commands and expectations: the one source of truth that the checker,
/// `scn help`, REPL completion and docs/COMMANDS.md read.
///
/// The registry knows signatures only. What a command *does* is bound by the runtime's
/// vocabulary, which registers each signature together with its handler.
public struct Registry: Sendable {
    /// A rule over one case's configuration (e.g. "`extension kindly` needs Kindly
    /// 3.0.12 or later", "exactly one `sdk` line before the first action"). Rules come
    /// from the vocabulary, so the language itself knows no domain words.
    public typealias CaseRule = @Sendable (CaseConfiguration) -> [RuleViolation]

    public private(set) var signatures: [Signature] = []
    /// The commands' paths as a tree of words: node 0 is the root; a node holds the
    /// signature whose path ends there, if any. ``resolve(_:)`` walks it a word at a time,
    /// so finding a statement's command builds no string; names and head words are found
    /// in it too.
    private var pathNodes: [PathNode] = [PathNode()]
    /// The tree's edges, (node, word) → child, in one table.
    private var edges = PathEdges()
    public private(set) var caseRules: [CaseRule] = []
    /// A rule over one statement of a command, as written (e.g. "a silent push carries no
    /// badge"): checked where the statement is, whatever case it is in.
    public typealias StatementRule = @Sendable (ConfiguredCommand) -> [RuleViolation]
    /// The statement rules, by command name.
    public private(set) var statementRules: [String: [StatementRule]] = [:]
    /// The most statements of a command one case or def may hold, and what they declare
    /// (`categories`), by command name: a configuration list's length budget.
    public private(set) var countLimits: [String: (limit: Int, what: String)] = [:]

    public init() {}

    /// At most `limit` statements of the command `name` in one case (or def): the check
    /// reports the one past it, where it is.
    public mutating func limitCount(of name: String, to limit: Int, what: String) {
        countLimits[name] = (limit, what)
    }

    public enum RegistrationError: Error, Equatable {
        case duplicate(String)
        case emptyPath
    }

    /// Adds a signature. Names are unique; statements are matched by the longest path.
    public mutating func register(_ signature: Signature) throws(RegistrationError) {
        guard !signature.path.isEmpty else { throw .emptyPath }
        var node = 0
        for word in signature.path {
            if let next = edges.child(of: node, word) {
                node = next
            } else {
                pathNodes.append(PathNode())
                edges.add(node, word, child: pathNodes.count - 1)
                node = pathNodes.count - 1
            }
        }
        guard pathNodes[node].signature == nil else { throw .duplicate(signature.name) }
        pathNodes[node].signature = signatures.count
        var signature = signature
        // (Rules are added after their command, as a rule: nothing to look up then.)
        if !statementRules.isEmpty, statementRules[signature.name] != nil { signature.hasStatementRules = true }
        signatures.append(signature)
    }

    public mutating func addCaseRule(_ rule: @escaping CaseRule) {
        caseRules.append(rule)
    }

    /// Adds a rule that every statement of the command `name` is checked against.
    public mutating func addStatementRule(for name: String, _ rule: @escaping StatementRule) {
        statementRules[name, default: []].append(rule)
        if let i = index(named: name) { signatures[i].hasStatementRules = true }
    }

    /// Marks a registered command as a step exploration draws (or, with nil, not). False
    /// when no command has that name.
    @discardableResult
    public mutating func setExploration(_ exploration: Exploration?, for name: String) -> Bool {
        guard let i = index(named: name) else { return false }
        signatures[i].exploration = exploration
        return true
    }

    /// Adds `owner` to a registered command's owners (a plug-in that shares a command:
    /// `start` is Kindly's and an app of its own's). False when no command has that name.
    @discardableResult
    public mutating func addOwner(_ owner: CommandOwner, for name: String) -> Bool {
        guard let i = index(named: name) else { return false }
        if !signatures[i].owners.contains(owner) { signatures[i].owners.append(owner) }
        return true
    }

    /// Replaces the registered command with `signature`'s name by `signature` (its traits:
    /// exploration, owners, whether it reads records). False when no command has that name.
    @discardableResult
    public mutating func replace(_ signature: Signature) -> Bool {
        guard let i = index(named: signature.name) else { return false }
        var signature = signature
        let hasRules = !statementRules.isEmpty && statementRules[signature.name] != nil
        if signature.hasStatementRules != hasRules { signature.hasStatementRules = hasRules }
        signatures[i] = signature
        return true
    }

    public func signature(named name: String) -> Signature? {
        index(named: name).map { signatures[$0] }
    }

    /// The index of the signature named `name` (its words joined by single spaces).
    private func index(named name: String) -> Int? {
        var node = 0
        for word in name.split(separator: " ", omittingEmptySubsequences: false) {
            guard let next = edges.child(of: node, String(word)) else { return nil }
            node = next
        }
        return pathNodes[node].signature
    }

    /// The signature whose path is the longest prefix of `words`, and how many words it
    /// takes. `words` are the statement's leading word-like values.
    public func resolve(_ words: [String]) -> (signature: Signature, consumed: Int)? {
        var node = 0
        var found: (index: Int, consumed: Int)?
        for (k, word) in words.enumerated() {
            guard let next = edges.child(of: node, word) else { break }
            node = next
            if let index = pathNodes[node].signature { found = (index, k + 1) }
        }
        return found.map { (signatures[$0.index], $0.consumed) }
    }

    /// ``resolve(_:)`` over a statement's values as written: its leading words, `true`,
    /// `false` and `none` (no array of words is built).
    func resolve(leading arguments: [Expr]) -> (signature: Signature, consumed: Int)? {
        var node = 0
        var found: (index: Int, consumed: Int)?
        for (k, argument) in arguments.enumerated() {
            let word: String
            switch argument.kind {
            case .word(let w): word = w
            case .bool(let b): word = b ? "true" : "false"
            case .none: word = "none"
            default: return found.map { (signatures[$0.index], $0.consumed) }
            }
            guard let next = edges.child(of: node, word) else { break }
            node = next
            if let index = pathNodes[node].signature { found = (index, k + 1) }
        }
        return found.map { (signatures[$0.index], $0.consumed) }
    }

    /// A node of the path tree: the command whose path ends here (its next words are edges).
    private struct PathNode: Sendable {
        var signature: Int?
    }

    /// The words that may follow `prefix` to continue some command's path (for
    /// completion and "did you mean").
    public func nextWords(after prefix: [String]) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for s in signatures where s.path.count > prefix.count && Array(s.path.prefix(prefix.count)) == prefix {
            let w = s.path[prefix.count]
            if seen.insert(w).inserted { out.append(w) }
        }
        return out
    }

    /// The most words a command's path has (`push app` is 2): a statement's first words
    /// longer than it continue no path.
    public var longestPath: Int { signatures.reduce(0) { max($0, $1.path.count) } }

    /// Every command's first word, in registration order, without repeats.
    public var headWords: [String] { nextWords(after: []) }

    /// Whether some command's name starts with `word`.
    public func isHeadWord(_ word: String) -> Bool { edges.child(of: 0, word) != nil }
}
