/// The language's front door: text → tree → checked tree, the formatter and the
/// renderer, each one call.
///
/// ```swift
/// let source = SourceFile(path: "Scenarios/cold-start.scn", bytes: bytes)
/// let result = Language.check(source, registry: vocabulary.registry,
///                             loader: DirectoryLoader(root: "Scenarios"))
/// guard let script = result.script else {
///     print(Language.render(result.diagnostics, color: useColor))
///     exit(2)
/// }
/// ```
public enum Language {
    /// Lexes and parses a file. Never fails: syntax errors are in the tree's diagnostics.
    public static func parse(_ source: SourceFile, limits: LanguageLimits = .standard) -> SyntaxTree {
        Parser.parse(source, limits: limits)
    }

    /// Parses and checks a file against the registry; includes are read through `loader`
    /// (none: `include` is an error). The script is nil when there is any diagnostic.
    public static func check(
        _ source: SourceFile, registry: Registry, loader: (any SourceLoader)? = nil,
        limits: LanguageLimits = .standard
    ) -> CheckResult {
        Checker(registry: registry, loader: loader, limits: limits).check(Parser.parse(source, limits: limits))
    }

    /// Checks an already parsed file.
    public static func check(
        _ tree: SyntaxTree, registry: Registry, loader: (any SourceLoader)? = nil,
        limits: LanguageLimits = .standard
    ) -> CheckResult {
        Checker(registry: registry, loader: loader, limits: limits).check(tree)
    }

    /// Checks one more piece of text (a REPL line or block) in the context earlier ones
    /// left. On success, keep `result.context` and run `result.statements`; on error the
    /// returned context is the one given.
    public static func check(
        _ source: SourceFile, in context: CheckContext, registry: Registry, loader: (any SourceLoader)? = nil,
        limits: LanguageLimits = .standard
    ) -> IncrementalCheck {
        Checker(registry: registry, loader: loader, limits: limits).check(
            Parser.parse(source, limits: limits), in: context)
    }

    /// The canonical layout of a file, or its syntax errors.
    public static func format(_ source: SourceFile, limits: LanguageLimits = .standard) -> Result<String, FormatError> {
        do {
            return .success(try Formatter.format(source, limits: limits))
        } catch {
            return .failure(error)
        }
    }

    /// Renders diagnostics for people (docs/RELIABILITY.md), separated by blank lines.
    public static func render(_ diagnostics: [Diagnostic], color: Bool = false) -> String {
        DiagnosticRenderer(color: color).render(diagnostics)
    }

    /// Whether a REPL line needs more lines: it leaves a `{`, `[` or `'` open. Unterminated
    /// double-quoted strings do not continue (they end at the newline).
    /// Whether `line`, added to a block that needs continuation, cannot end it: it has no
    /// `}`, `]` or `'` (so no bracket closes and no raw string ends). A REPL asks this
    /// first, so that a block of many lines is not lexed again at every line.
    public static func cannotEndBlock(_ line: String) -> Bool {
        !line.utf8.contains { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "'") }
    }

    public static func needsContinuation(_ text: String) -> Bool {
        let lexed = Lexer.tokenize(SourceFile(path: "<input>", text: text))
        var open = 0
        for token in lexed.tokens {
            switch token.kind {
            case .leftBrace, .leftBracket: open += 1
            case .rightBrace, .rightBracket: open -= 1
            default: break
            }
        }
        if open > 0 { return true }
        return lexed.diagnostics.contains { $0.message.hasPrefix("unterminated raw string") }
    }
}

/// The statements that mark cases and expectations rather than run (§5.3 of the spec), for
/// `scn help`, docs/COMMANDS.md and completion: they are keywords of the parser, not
/// commands of the registry, so their reference lives here, next to the language.
public enum StatementForms {
    public struct Form: Sendable {
        /// The keyword that starts it.
        public var keyword: String
        public var usage: String
        public var summary: String
        /// The words after the keyword that are the statement's own (`because`, `in`), not
        /// a value's or a command's.
        public var clauses: [String] = []
        /// Whether an expectation follows the keyword (and its clauses): `bug expect …`.
        public var takesExpectation: Bool { usage.hasSuffix("expect …") }
    }

    public static let all: [Form] = [
        Form(
            keyword: "known-bug", usage: "known-bug TEXT [because TEXT [in PUSH]]",
            summary: "the case (at its top; in the prologue, every case) states what should happen and fails until "
                + "the bug is fixed; because: the cause, as text of a trace event after the install line "
                + "(among PUSH's events with in)",
            clauses: ["because", "in"]),
        Form(
            keyword: "bug", usage: "bug expect …",
            summary: "an expectation the known bug breaks: the case reproduces only when one of these fails "
                + "(outside a known-bug case, a check error)"),
        Form(
            keyword: "bug", usage: "bug always|never expect …",
            summary: "a property the known bug breaks", clauses: ["always", "never"]),
        Form(
            keyword: "always", usage: "always expect …",
            summary: "a property: must hold where it stands and after every later step"),
        Form(keyword: "never", usage: "never expect …", summary: "a property: must never hold"),
    ]
}
