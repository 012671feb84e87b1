/// Validates a ``SyntaxTree`` against a ``Registry`` and builds the ``CheckedScript``
/// the runtime runs. Every problem of a file (and of the files it includes) is reported
/// at once, each with its position; nothing runs when there is one.
///
/// What it checks:
/// - commands: resolved by the longest registered path; arguments bound to the
///   signature (positionals in order, options by keyword, literals tested against their
///   kind; `$variables` are tested when the step runs); user `def`s called with the
///   right number of arguments;
/// - variables: defined before use, with lexical scope; `def` names and parameters;
/// - cases: only at the top level (or in a top-level `for` around cases), unique names;
/// - configuration: install-time settings only before the first action, then the
///   registry's case rules over each case's configuration;
/// - includes: through the ``SourceLoader``, confined to the scenario root, depth and
///   cycles limited; included files may not hold cases.
public struct Checker: Sendable {
    /// The commands and case rules statements are checked against.
    public var registry: Registry
    /// How `include` reads files; nil makes `include` an error.
    public var loader: (any SourceLoader)?
    /// Nesting, include depth and the lexer's limits (for included files).
    public var limits: LanguageLimits

    public init(registry: Registry, loader: (any SourceLoader)? = nil, limits: LanguageLimits = .standard) {
        self.registry = registry
        self.loader = loader
        self.limits = limits
    }

    /// Checks a parsed file (its syntax errors are reported with the check errors).
    public func check(_ tree: SyntaxTree) -> CheckResult {
        let run = CheckRun(checker: self, root: tree.source)
        run.add(tree.diagnostics)
        run.warn(tree.warnings)
        let script = run.checkScript(tree)
        let diagnostics = run.sortedDiagnostics()
        var result = CheckResult(script: diagnostics.isEmpty ? script : nil, diagnostics: diagnostics, tree: tree)
        result.warnings = run.warnings
        result.diagnosticsMade = run.diagnosticsMade
        return result
    }

    /// Checks more statements (a REPL line or block) in the context earlier ones left.
    public func check(_ tree: SyntaxTree, in context: CheckContext) -> IncrementalCheck {
        let run = CheckRun(checker: self, root: tree.source)
        run.add(tree.diagnostics)
        run.warn(tree.warnings)
        let (statements, updated) = run.checkIncrement(tree, context: context)
        let diagnostics = run.sortedDiagnostics()
        if diagnostics.isEmpty {
            var step = IncrementalCheck(statements: statements, context: updated, diagnostics: [])
            step.warnings = run.warnings
            return step
        }
        return IncrementalCheck(statements: [], context: context, diagnostics: diagnostics)
    }
}

/// The mutable state of one check: diagnostics, files read, defs, includes.
final class CheckRun {
    let registry: Registry
    let loader: (any SourceLoader)?
    let limits: LanguageLimits
    let root: SourceFile

    var diagnostics: [Diagnostic] = []
    var seen = Set<DiagnosticKey>()
    var fileOrder: [String: Int] = [:]
    var sources: [String: SourceFile] = [:]

    /// Every `def` seen, by id; calls are resolved to ids by their site.
    var defs: [DefinedCommand] = []
    var callTargets: [SiteKey: Int] = [:]
    var defsInProgress = Set<Int>()
    /// Normalised paths of the files being included (the root first).
    var includeStack: [String] = []
    /// Includes expanded so far in this file, nested ones counted (``LanguageLimits/maxIncludes``).
    var includeCount = 0
    var includeBudgetReported = false
    /// Each included file is read and parsed once per check, whatever how often it is included.
    var includeCache: [String: (SourceFile, SyntaxTree)] = [:]
    /// Blocks open now, across includes.
    var nesting = 0
    /// Literal values of top-level variables.
    var constants = Constants()
    /// Where the file's `alphabet` block is, once one was seen.
    var alphabetRange: SourceRange?
    /// Every top-level variable of the file, wherever its `let` is: a def body sees them
    /// (they are looked up when the def is called, as globals are in Starlark).
    var globals = Set<String>()

    struct DiagnosticKey: Hashable {
        var path: String
        var start: Int
        var end: Int
        var message: String
    }

    struct SiteKey: Hashable {
        var path: String
        var start: Int
    }

    /// Lexical scopes: the innermost last.
    struct Scope {
        struct Frame {
            var variables = Set<String>()
            var defs: [String: Int] = [:]
        }
        var frames: [Frame] = [Frame()]

        func hasVariable(_ name: String) -> Bool {
            frames.contains { $0.variables.contains(name) }
        }
        func def(_ name: String) -> Int? {
            for frame in frames.reversed() where !frame.defs.isEmpty {
                if let id = frame.defs[name] { return id }
            }
            return nil
        }

        mutating func declare(variable: String) {
            frames[frames.count - 1].variables.insert(variable)
        }
        mutating func declare(def name: String, id: Int) {
            frames[frames.count - 1].defs[name] = id
        }
        func pushed(_ frame: Frame = Frame()) -> Scope {
            var copy = self
            copy.frames.append(frame)
            return copy
        }
    }

    /// Where statements are, for what they may contain.
    enum Position: Equatable {
        /// The top level of the file being checked.
        case top
        /// Inside a `repeat`, `for`, `def` or `case` body.
        case nested
        /// The statements of an included file.
        case included
        /// A REPL line.
        case repl
    }

    init(checker: Checker, root: SourceFile) {
        self.registry = checker.registry
        self.loader = checker.loader
        self.limits = checker.limits
        self.root = root
        sources[root.path] = root
        fileOrder[root.path] = 0
        includeStack = [CheckRun.normalize(root.path)]
    }

    // MARK: - Diagnostics

    func add(_ list: [Diagnostic]) {
        for d in list { add(d) }
    }

    /// Whether the file has reached ``LanguageLimits/maxErrors``: later diagnostics are
    /// dropped, and the work that only serves a message ("did you mean") is skipped.
    private(set) var gaveUp = false

    func add(_ d: Diagnostic) {
        guard !gaveUp else { return }
        let key = DiagnosticKey(path: d.path, start: d.range.start, end: d.range.end, message: d.message)
        guard seen.insert(key).inserted else { return }
        if diagnostics.count >= limits.maxErrors {
            gaveUp = true
            return
        }
        if fileOrder[d.path] == nil { fileOrder[d.path] = fileOrder.count }
        diagnostics.append(d)
    }

    /// The warnings of the files read, each once (a file included twice is read once), in
    /// the order the files were first read.
    private(set) var warnings: [Diagnostic] = []
    var warned = Set<String>()

    /// The warnings of one check are capped like its errors, across every file it reads:
    /// 1,000 includes of 100 warnings each must not print 100,000 of them.
    func warn(_ list: [Diagnostic]) {
        guard let first = list.first, warned.insert(first.path).inserted else { return }
        let room = max(0, limits.maxErrors - warnings.count)
        warnings += list.prefix(room)
        if list.count > room, let last = warnings.indices.last,
            !warnings[last].notes.contains(where: { $0.hasPrefix("too many warnings") })
        {
            warnings[last].notes.append("too many warnings: stopped after \(warnings.count)")
        }
    }

    /// A warning of the check itself (not the lexer's), each place once, at most
    /// ``LanguageLimits/maxErrors`` of them.
    func warn(_ d: Diagnostic) {
        guard checkWarnings < limits.maxErrors else { return }
        let key = DiagnosticKey(path: d.path, start: d.range.start, end: d.range.end, message: d.message)
        guard seen.insert(key).inserted else { return }
        checkWarnings += 1
        warnings.append(d)
    }
    var checkWarnings = 0

    /// An error at `range`. Nothing of it is made once the file has given up: placing a
    /// diagnostic reads its line (and a note may place another), so a 400 KB line of
    /// 50,000 repeated options cost a line's scan per option after the hundredth error.
    func error(
        _ message: @autoclosure () -> String, _ file: SourceFile, _ range: SourceRange,
        label: @autoclosure () -> String? = nil, notes: @autoclosure () -> [String] = [],
        replacement: @autoclosure () -> String? = nil
    ) {
        guard !gaveUp else { return }
        diagnosticsMade += 1
        var diagnostic = file.diagnostic(message(), at: range, label: label(), notes: notes())
        diagnostic.replacement = replacement()
        add(diagnostic)
    }

    /// How many diagnostics ``error(_:_:_:label:notes:)`` and ``add(warning:_:_:label:notes:)``
    /// made (the work the limit bounds).
    private(set) var diagnosticsMade = 0

    func add(
        warning message: @autoclosure () -> String, _ file: SourceFile, _ range: SourceRange,
        label: @autoclosure () -> String? = nil, notes: @autoclosure () -> [String] = []
    ) {
        guard checkWarnings < limits.maxErrors else { return }
        diagnosticsMade += 1
        warn(file.diagnostic(message(), at: range, label: label(), notes: notes(), severity: .warning))
    }

    func sortedDiagnostics() -> [Diagnostic] {
        var sorted = diagnostics.enumerated().sorted { a, b in
            let fa = fileOrder[a.element.path] ?? Int.max
            let fb = fileOrder[b.element.path] ?? Int.max
            if fa != fb { return fa < fb }
            if a.element.range.start != b.element.range.start { return a.element.range.start < b.element.range.start }
            return a.offset < b.offset
        }.map(\.element)
        let note = "too many errors: stopped after \(sorted.count)"
        if gaveUp, let last = sorted.indices.last,
            !sorted[last].notes.contains(where: { $0.hasPrefix("too many errors") })
        {
            sorted[last].notes.append(note)
        }
        return sorted
    }

    /// `line 4`, or `lib/common.scn:4` in another file.
    func place(_ site: SourceSite, from file: SourceFile) -> String {
        let source = sources[site.path] ?? file
        let location = source.location(of: site.range.start)
        return site.path == file.path ? "line \(location.line)" : "\(site.path):\(location.line)"
    }

    func text(_ file: SourceFile, _ range: SourceRange) -> String {
        Token.abbreviate(file.text(range))
    }

    // MARK: - Files

    func checkScript(_ tree: SyntaxTree) -> CheckedScript {
        let file = tree.source
        var scope = Scope()
        globals = CheckRun.topLevelVariables(tree.statements)
        var prologue: [CheckedStmt] = []
        prologue.reserveCapacity(tree.statements.count)
        var caseStatements: [Stmt] = []
        var fileTags: [String] = []
        var fileSkip: (reason: String, range: SourceRange)?
        var fileKnownBug: (mark: KnownBugMark, range: SourceRange)?

        // The prologue first: every case runs all of it, whatever its place in the file.
        for stmt in tree.statements {
            switch stmt.kind {
            case .case:
                caseStatements.append(stmt)
            case .for(_, _, let body) where CheckRun.containsCases(body):
                caseStatements.append(stmt)
            case .tags(let names):
                collectTags(names, into: &fileTags, file: file)
            case .skip(let reason):
                collectSkip(reason, stmt: stmt, into: &fileSkip, file: file)
            case .knownBug(let reference, let because, let push):
                collectKnownBug(reference, because: because, push: push, stmt: stmt, into: &fileKnownBug, file: file)
            default:
                if let checked = checkStatement(stmt, file: file, scope: &scope, position: .top) {
                    prologue.append(checked)
                }
            }
        }
        let prologueSummary = summarize(prologue)

        var cases: [CheckedCase] = []
        var caseNames: [String: SourceRange] = [:]
        var made = 0
        for stmt in caseStatements {
            // Counted before they are made: nested `for`s multiply.
            let count = caseCount(stmt)
            if count > limits.maxCases - made {
                caseBudget(stmt, count: count, before: made, file: file)
                break
            }
            made += count
            expandCases(
                stmt, file: file, scope: scope, bindings: [:], fileTags: fileTags, fileSkip: fileSkip?.reason,
                fileKnownBug: fileKnownBug?.mark, prologue: prologueSummary, names: &caseNames, into: &cases)
        }
        if caseStatements.isEmpty && !CheckRun.isLibrary(tree.statements) {
            let name = CheckRun.caseName(forPath: file.path)
            applyCaseRules(name: name, summary: prologueSummary, file: file)
            cases.append(
                CheckedCase(
                    name: name, nameRange: SourceRange(0, 0), tags: fileTags, skip: fileSkip?.reason, bindings: [:],
                    body: [], knownBugMark: fileKnownBug?.mark))
        }
        collectStatedExpectations(prologue: prologue, cases: &cases)
        return CheckedScript(source: file, prologue: prologue, cases: cases, sources: sources)
    }

    func checkIncrement(_ tree: SyntaxTree, context: CheckContext) -> ([CheckedStmt], CheckContext) {
        let file = tree.source
        var scope = Scope()
        scope.frames[0].variables = context.variables
        globals = context.variables.union(CheckRun.topLevelVariables(tree.statements))
        constants = Constants(values: context.constants)
        for (name, def) in context.defs.sorted(by: { $0.key < $1.key }) {
            scope.declare(def: name, id: defs.count)
            defs.append(def)
        }
        var statements: [CheckedStmt] = []
        for stmt in tree.statements {
            if let checked = checkStatement(stmt, file: file, scope: &scope, position: .repl) {
                statements.append(checked)
            }
        }
        var updated = context
        updated.variables = scope.frames[0].variables
        updated.constants = constants.all
        updated.defs = [:]
        for (name, id) in scope.frames[0].defs { updated.defs[name] = defs[id] }

        // The configuration rule, across lines.
        let summary = summarize(statements)
        if let first = context.firstAction {
            for c in summary.before where c.signature.role == .setting {
                settingAfterAction(c, first: first, file: file)
            }
            for c in summary.after { settingAfterAction(c, first: first, file: file) }
        } else {
            updated.settings += summary.before
            for c in summary.after {
                if let first = summary.first { settingAfterAction(c, first: first, file: file) }
            }
            if let first = summary.first {
                updated.firstAction = first
                var whole = ConfigurationSummary()
                whole.before = updated.settings
                whole.first = first
                applyCaseRules(name: "", summary: whole, file: file)
            }
        }
        return (statements, updated)
    }

    static func topLevelVariables(_ statements: [Stmt]) -> Set<String> {
        var names = Set<String>()
        for stmt in statements {
            if case .let(let name, _) = stmt.kind { names.insert(name.text) }
        }
        return names
    }

    static func caseName(forPath path: String) -> String {
        var base = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        if base.hasSuffix(".scn") { base.removeLast(4) }
        return base.isEmpty ? path : base
    }

    /// The key for include cycles.
    static func normalize(_ path: String) -> String { normalizePath(path) }

}

extension Stmt.Kind {
    /// The keyword of a statement that marks cases (`tags`, `skip`, `known-bug`).
    var keyword: String {
        switch self {
        case .tags: "tags"
        case .knownBug: "known-bug"
        default: "skip"
        }
    }
}

/// The literal values of a file's top-level variables. A `let` keeps its expression; it is
/// made a value only where one is read (a `for` around cases, a case name), so that the
/// thousands of `let`s a file may have build no values at check time.
struct Constants {
    /// Values known before the file (earlier REPL lines).
    var values: [String: Value] = [:]
    /// The file's top-level `let`s, the last of each name.
    var expressions: [String: Expr] = [:]

    /// The literal value of `name`; nil when it is not a top-level variable bound to a literal.
    subscript(name: String) -> Value? {
        if let expr = expressions[name] { return expr.literalValue }
        return values[name]
    }

    /// Every literal value, for the next REPL line.
    var all: [String: Value] {
        var out = values
        for (name, expr) in expressions {
            if let value = expr.literalValue { out[name] = value } else { out.removeValue(forKey: name) }
        }
        return out
    }
}
