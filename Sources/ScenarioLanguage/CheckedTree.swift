/// The checked tree: what the checker hands the evaluator. Commands are resolved against
/// the registry, includes are inlined, and cases are separated from the prologue.

/// A resolved built-in (or host-registered) command.
public struct BoundCommand: Hashable, Sendable {
    public var signature: Signature
    public var arguments: BoundArguments
    public init(signature: Signature, arguments: BoundArguments) {
        self.signature = signature
        self.arguments = arguments
    }
}

public struct CheckedStmt: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case command(BoundCommand)
        /// A call of a user-defined command (`def`), with its argument values.
        case call(name: Name, arguments: [Expr])
        case `let`(Name, Expr)
        case `repeat`(count: Expr, body: [CheckedStmt])
        case `for`(variable: Name, sequence: Expr, body: [CheckedStmt])
        case def(name: Name, parameters: [Name], body: [CheckedStmt])
        /// An included file's statements, inlined; `path` is as written.
        case include(path: String, source: SourceFile, body: [CheckedStmt])
        /// `always expect …` / `never expect …`: checked where it stands and after every
        /// later step of the case. Not an action.
        case property(PropertyKind, BoundCommand)
        /// `alphabet { … }`: the steps `scn explore` draws from; running a case skips it.
        case alphabet([CheckedStmt])
    }
    public var kind: Kind
    public var range: SourceRange
    /// The file the statement was written in (differs from the script's own file inside
    /// an include).
    public var path: String
    /// Whether the statement is marked `bug` (`bug expect …`, `bug always expect …`): an
    /// expectation the case's known bug breaks.
    public var bug = false
    public init(_ kind: Kind, _ range: SourceRange, path: String) {
        self.kind = kind
        self.range = range
        self.path = path
    }
}

/// What a case's `known-bug` line states (§5.3 of the spec).
public struct KnownBugMark: Hashable, Sendable {
    /// The reference: the bug's thread, or any text.
    public var reference: String
    /// `because "TEXT"`: the cause, as text of a trace event after the install line.
    public var because: String?
    /// `in PUSH`: the push among whose events the cause is.
    public var push: String?
    public init(reference: String, because: String? = nil, push: String? = nil) {
        self.reference = reference
        self.because = because
        self.push = push
    }

    /// The most bytes of a `because` text.
    public static let becauseLimit = 200
}

/// A `bug expect …` line as written, and where.
public struct StatedExpectation: Hashable, Sendable {
    /// `bug expect route "chat/1"`, one line.
    public var text: String
    public var path: String
    public var line: Int
    public var column: Int
    public init(text: String, path: String, line: Int, column: Int) {
        self.text = text
        self.path = path
        self.line = line
        self.column = column
    }
}

/// One independent case: it runs in a fresh world, prologue first.
public struct CheckedCase: Hashable, Sendable {
    public var name: String
    public var nameRange: SourceRange
    /// File-level tags and the case's own, in order, without repeats.
    public var tags: [String]
    /// The reason given by `skip`, if the case (or its file) is skipped.
    public var skip: String?
    /// The reference given by `known-bug` (in the case or its file's prologue): the case
    /// states what should happen, so a failure reproduces the bug and a pass means it may
    /// be fixed.
    public var knownBug: String?
    /// Everything the case's `known-bug` line states (its reference is ``knownBug``).
    public var knownBugMark: KnownBugMark?
    /// The case's `bug expect …` lines (the prologue's first), in order.
    public var statedExpectations: [StatedExpectation] = []
    /// Loop variables bound when the case was made by a `for` around `case` blocks.
    public var bindings: [Name: Value]
    public var body: [CheckedStmt]
    public init(
        name: String, nameRange: SourceRange, tags: [String], skip: String?,
        bindings: [Name: Value], body: [CheckedStmt], knownBug: String? = nil, knownBugMark: KnownBugMark? = nil
    ) {
        self.name = name
        self.nameRange = nameRange
        self.tags = tags
        self.skip = skip
        self.knownBug = knownBug ?? knownBugMark?.reference
        self.knownBugMark = knownBugMark ?? knownBug.map { KnownBugMark(reference: $0) }
        self.bindings = bindings
        self.body = body
    }
}

/// A checked file, ready to run.
public struct CheckedScript: Sendable {
    public var source: SourceFile
    /// The top-level statements outside `case` blocks.
    public var prologue: [CheckedStmt]
    /// At least one: a file without `case` blocks is one case named after the file.
    public var cases: [CheckedCase]
    /// Every file read (the script itself first, then includes), for diagnostics.
    public var sources: [String: SourceFile]
    public init(
        source: SourceFile, prologue: [CheckedStmt], cases: [CheckedCase],
        sources: [String: SourceFile]
    ) {
        self.source = source
        self.prologue = prologue
        self.cases = cases
        self.sources = sources
    }
}

extension CheckedStmt.Kind {
    /// Whether it is an `expect …` command.
    public var isExpectation: Bool {
        if case .command(let bound) = self { return bound.signature.role == .expectation }
        return false
    }
}

extension CheckedScript {
    /// The steps of the file's `alphabet { … }` block (top level, at most one), if it has one.
    public var alphabet: [CheckedStmt]? {
        for statement in prologue {
            if case .alphabet(let steps) = statement.kind { return steps }
        }
        return nil
    }
}
