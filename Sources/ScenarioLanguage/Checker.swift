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
private final class CheckRun {
    let registry: Registry
    let loader: (any SourceLoader)?
    let limits: LanguageLimits
    let root: SourceFile

    private var diagnostics: [Diagnostic] = []
    private var seen = Set<DiagnosticKey>()
    private var fileOrder: [String: Int] = [:]
    var sources: [String: SourceFile] = [:]

    /// Every `def` seen, by id; calls are resolved to ids by their site.
    private var defs: [DefinedCommand] = []
    private var callTargets: [SiteKey: Int] = [:]
    private var defsInProgress = Set<Int>()
    /// Normalised paths of the files being included (the root first).
    private var includeStack: [String] = []
    /// Includes expanded so far in this file, nested ones counted (``LanguageLimits/maxIncludes``).
    private var includeCount = 0
    private var includeBudgetReported = false
    /// Each included file is read and parsed once per check, whatever how often it is included.
    private var includeCache: [String: (SourceFile, SyntaxTree)] = [:]
    /// Blocks open now, across includes.
    private var nesting = 0
    /// Literal values of top-level variables.
    private var constants: [String: Value] = [:]
    /// Where the file's `alphabet` block is, once one was seen.
    private var alphabetRange: SourceRange?
    /// Every top-level variable of the file, wherever its `let` is: a def body sees them
    /// (they are looked up when the def is called, as globals are in Starlark).
    private var globals = Set<String>()

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
            for frame in frames.reversed() {
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
    private var warned = Set<String>()

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
    private var checkWarnings = 0

    func error(
        _ message: String, _ file: SourceFile, _ range: SourceRange, label: String? = nil, notes: [String] = []
    ) {
        add(file.diagnostic(message, at: range, label: label, notes: notes))
    }

    func add(
        warning message: String, _ file: SourceFile, _ range: SourceRange, label: String? = nil, notes: [String] = []
    ) {
        warn(file.diagnostic(message, at: range, label: label, notes: notes, severity: .warning))
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
        var caseStatements: [Stmt] = []
        var fileTags: [String] = []
        var fileSkip: (reason: String, range: SourceRange)?
        var fileKnownBug: (reason: String, range: SourceRange)?

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
            case .knownBug(let reference):
                collectKnownBug(reference, stmt: stmt, into: &fileKnownBug, file: file)
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
                fileKnownBug: fileKnownBug?.reason, prologue: prologueSummary, names: &caseNames, into: &cases)
        }
        if caseStatements.isEmpty && !CheckRun.isLibrary(tree.statements) {
            let name = CheckRun.caseName(forPath: file.path)
            applyCaseRules(name: name, summary: prologueSummary, file: file)
            cases.append(
                CheckedCase(
                    name: name, nameRange: SourceRange(0, 0), tags: fileTags, skip: fileSkip?.reason, bindings: [:],
                    body: [], knownBug: fileKnownBug?.reason))
        }
        return CheckedScript(source: file, prologue: prologue, cases: cases, sources: sources)
    }

    func checkIncrement(_ tree: SyntaxTree, context: CheckContext) -> ([CheckedStmt], CheckContext) {
        let file = tree.source
        var scope = Scope()
        scope.frames[0].variables = context.variables
        globals = context.variables.union(CheckRun.topLevelVariables(tree.statements))
        constants = context.constants
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
        updated.constants = constants
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
        for case .let(let name, _) in statements.map(\.kind) { names.insert(name.text) }
        return names
    }

    static func caseName(forPath path: String) -> String {
        var base = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        if base.hasSuffix(".scn") { base.removeLast(4) }
        return base.isEmpty ? path : base
    }

    /// The key for include cycles.
    static func normalize(_ path: String) -> String { normalizePath(path) }

    // MARK: - Cases

    /// Whether a file is a library, not a case: its top level holds only `def`, `let` and
    /// `include` statements (at least one). Its checks still run; it has no case to run.
    static func isLibrary(_ statements: [Stmt]) -> Bool {
        !statements.isEmpty
            && statements.allSatisfy {
                switch $0.kind {
                case .def, .let, .include: return true
                default: return false
                }
            }
    }

    /// Whether a `for` body makes cases: it holds a `case`, directly or in a nested `for`.
    static func containsCases(_ body: Block) -> Bool {
        body.statements.contains { stmt in
            switch stmt.kind {
            case .case: return true
            case .for(_, _, let inner): return containsCases(inner)
            default: return false
            }
        }
    }

    private func expandCases(
        _ stmt: Stmt, file: SourceFile, scope: Scope, bindings: [Name: Value], fileTags: [String],
        fileSkip: String?, fileKnownBug: String?, prologue: ConfigurationSummary,
        names: inout [String: SourceRange],
        into cases: inout [CheckedCase]
    ) {
        switch stmt.kind {
        case .case(let nameExpr, let body):
            let caseScope = scope.pushed(Scope.Frame(variables: Set(bindings.keys.map(\.text))))
            var tags = fileTags
            var skip: (reason: String, range: SourceRange)?
            var knownBug: (reason: String, range: SourceRange)?
            var statements: [CheckedStmt] = []
            var inner = caseScope.pushed()
            nesting += 1
            for s in body.statements {
                switch s.kind {
                case .tags(let names): collectTags(names, into: &tags, file: file)
                case .skip(let reason): collectSkip(reason, stmt: s, into: &skip, file: file)
                case .knownBug(let reference):
                    if let step = statements.first {
                        error(
                            "'known-bug' goes at the top of the case", file, s.range,
                            label: "move it above the case's first step",
                            notes: ["the first step is on line \(file.location(of: step.range.start).line)"])
                    }
                    collectKnownBug(reference, stmt: s, into: &knownBug, file: file)
                default:
                    if let checked = checkStatement(s, file: file, scope: &inner, position: .nested) {
                        statements.append(checked)
                    }
                }
            }
            nesting -= 1
            guard let name = caseName(nameExpr, bindings: bindings, file: file) else { return }
            if let first = names[name] {
                let line = file.location(of: first.start).line
                let note =
                    first == nameExpr.range
                    ? "the 'for' around it gives this name twice"
                    : "the first case with this name is on line \(line)"
                error(
                    "duplicate case '\(Token.abbreviate(name))'", file, nameExpr.range,
                    label: "case names in a file are unique", notes: [note])
                return
            }
            names[name] = nameExpr.range
            var summary = prologue
            summary.append(summarize(statements))
            applyCaseRules(name: name, summary: summary, file: file)
            cases.append(
                CheckedCase(
                    name: name, nameRange: nameExpr.range, tags: tags, skip: skip?.reason ?? fileSkip,
                    bindings: bindings,
                    body: statements, knownBug: knownBug?.reason ?? fileKnownBug))

        case .for(let variable, let sequence, let body):
            var ok = true
            for s in body.statements {
                switch s.kind {
                case .case: continue
                case .for(_, _, let inner) where CheckRun.containsCases(inner): continue
                default:
                    ok = false
                    error(
                        "a 'for' around cases can only hold 'case' blocks", file, s.range,
                        label: "move this into the cases, or out of the 'for'")
                }
            }
            guard ok, let values = caseLoopValues(sequence, file: file, scope: scope) else { return }
            if bindings.keys.contains(where: { $0.text == variable.text }) {
                error("'\(variable.text)' is already the variable of an enclosing 'for'", file, variable.range)
                return
            }
            for value in values {
                var inner = bindings
                inner[variable] = value
                for s in body.statements {
                    expandCases(
                        s, file: file, scope: scope, bindings: inner, fileTags: fileTags, fileSkip: fileSkip,
                        fileKnownBug: fileKnownBug, prologue: prologue, names: &names, into: &cases)
                }
            }
        default:
            break
        }
    }

    /// How many cases `stmt` makes (a `case`, or a `for` around cases), without making
    /// them; at most `Int.max`. Recursion as deep as the nesting limit lets blocks go.
    private func caseCount(_ stmt: Stmt) -> Int {
        switch stmt.kind {
        case .case:
            return 1
        case .for(_, let sequence, let body):
            let values: Int
            switch sequence.kind {
            case .list(let items): values = items.count
            case .variable(let name):
                guard case .list(let items)? = constants[name] else { return 0 }
                values = items.count
            default: return 0
            }
            var inner = 0
            for s in body.statements {
                let (sum, overflow) = inner.addingReportingOverflow(caseCount(s))
                inner = overflow ? Int.max : sum
            }
            let (product, overflow) = values.multipliedReportingOverflow(by: inner)
            return overflow ? Int.max : product
        default:
            return 0
        }
    }

    /// The error for a `case` or `for` that takes the file past ``LanguageLimits/maxCases``.
    private func caseBudget(_ stmt: Stmt, count: Int, before: Int, file: SourceFile) {
        let limit = limits.maxCases
        let made = count == Int.max ? "more than \(Int.max)" : "\(count)"
        let earlier = before > 0 ? " (after \(before) before it)" : ""
        switch stmt.kind {
        case .for(_, let sequence, _):
            error(
                "too many cases: this 'for' makes \(made) cases\(earlier), and a file makes at most \(limit)", file,
                SourceRange(stmt.range.start, sequence.range.end),
                label: "cases are counted before they are made; nested 'for's multiply")
        case .case(let name, _):
            error(
                "too many cases: a file makes at most \(limit)", file, name.range,
                label: "case \(before + 1) of the file")
        default:
            break
        }
    }

    /// The values a `for` around cases iterates: a literal list, or a variable bound to one.
    private func caseLoopValues(_ sequence: Expr, file: SourceFile, scope: Scope) -> [Value]? {
        switch sequence.kind {
        case .list(let items):
            checkExpr(sequence, file: file, scope: scope)
            var values: [Value] = []
            for item in items {
                guard let v = item.literalValue else {
                    error(
                        "the values of a 'for' around cases must be literals", file, item.range,
                        label: "cases are made before anything runs")
                    return nil
                }
                values.append(v)
            }
            return values
        case .variable(let name):
            guard scope.hasVariable(name) else {
                error("undefined variable '\(name)'", file, sequence.range)
                return nil
            }
            guard case .list(let values)? = constants[name] else {
                error(
                    "a 'for' around cases needs a literal list", file, sequence.range,
                    label: "'$\(name)' is not bound to a literal list")
                return nil
            }
            return values
        default:
            error(
                "a 'for' around cases needs a literal list like [a, b], got '\(text(file, sequence.range))'", file,
                sequence.range)
            return nil
        }
    }

    /// The case name, with `${v}` resolved from the loop bindings (or top-level literals).
    private func caseName(_ expr: Expr, bindings: [Name: Value], file: SourceFile) -> String? {
        var name = ""
        switch expr.kind {
        case .rawString(let s): name = s
        case .string(let parts):
            for part in parts {
                switch part {
                case .text(let s): name += s
                case .interpolation(let n):
                    if let value = bindings.first(where: { $0.key.text == n.text })?.value ?? constants[n.text] {
                        guard let t = value.text else {
                            error(
                                "a case name cannot hold a list or an object", file, n.range,
                                label: "'\(n.text)' is not a word, string or number here")
                            return nil
                        }
                        name += t
                    } else {
                        error(
                            "a case name can only use the variables of the 'for' around it", file, n.range,
                            label: "'\(n.text)' is not known before the case runs")
                        return nil
                    }
                }
            }
        default:
            error(
                "a case name must be a quoted string, got '\(text(file, expr.range))'", file, expr.range,
                label: "write case \"name\" { … }")
            return nil
        }
        if name.isEmpty {
            error("a case name cannot be empty", file, expr.range)
            return nil
        }
        return name
    }

    private func collectTags(_ names: [Name], into tags: inout [String], file: SourceFile) {
        for name in names {
            if ["and", "or", "not"].contains(name.text) {
                error(
                    "'\(name.text)' cannot be a tag", file, name.range,
                    label: "it is an operator in --tags expressions")
                continue
            }
            if !tags.contains(name.text) { tags.append(name.text) }
        }
    }

    private func collectSkip(
        _ reason: Expr?, stmt: Stmt, into skip: inout (reason: String, range: SourceRange)?, file: SourceFile
    ) {
        if let previous = skip {
            error(
                "'skip' given twice", file, stmt.range,
                notes: ["the first 'skip' is on line \(file.location(of: previous.range.start).line)"])
            return
        }
        guard let reason else {
            skip = ("", stmt.range)
            return
        }
        guard case .string(let text)? = reason.literalValue else {
            error(
                "'skip' takes a quoted reason, got '\(text(file, reason.range))'", file, reason.range,
                label: "write skip \"reason\"")
            return
        }
        skip = (text, stmt.range)
    }

    private func collectKnownBug(
        _ reference: Expr?, stmt: Stmt, into knownBug: inout (reason: String, range: SourceRange)?, file: SourceFile
    ) {
        if let previous = knownBug {
            error(
                "'known-bug' given twice", file, stmt.range,
                notes: ["the first 'known-bug' is on line \(file.location(of: previous.range.start).line)"])
            return
        }
        guard let reference else {
            error(
                "'known-bug' needs a reference", file, stmt.range,
                label: "write known-bug \"https://…\" (the bug's thread, or any text)")
            return
        }
        guard case .string(let text)? = reference.literalValue, !text.isEmpty else {
            error(
                "'known-bug' takes a quoted reference, got '\(text(file, reference.range))'", file, reference.range,
                label: "write known-bug \"https://…\"")
            return
        }
        knownBug = (text, stmt.range)
    }

    // MARK: - Statements

    private func checkBlock(_ block: Block, file: SourceFile, scope: Scope) -> [CheckedStmt] {
        nesting += 1
        defer { nesting -= 1 }
        if nesting > limits.maxNesting {
            error(
                "nesting deeper than the limit of \(limits.maxNesting) levels", file,
                SourceRange(block.range.start, block.range.start + 1),
                label: "blocks nest too deep here (includes count)")
            return []
        }
        var inner = scope.pushed()
        var out: [CheckedStmt] = []
        for stmt in block.statements {
            if let checked = checkStatement(stmt, file: file, scope: &inner, position: .nested) {
                out.append(checked)
            }
        }
        return out
    }

    private func checkStatement(
        _ stmt: Stmt, file: SourceFile, scope: inout Scope, position: Position
    ) -> CheckedStmt? {
        let path = file.path
        switch stmt.kind {
        case .command(let arguments):
            return checkCommand(arguments, stmt: stmt, file: file, scope: scope)

        case .let(let name, let value):
            checkExpr(value, file: file, scope: scope)
            scope.declare(variable: name.text)
            if scope.frames.count == 1 {
                if let v = value.literalValue {
                    constants[name.text] = v
                } else {
                    constants.removeValue(forKey: name.text)
                }
            }
            return CheckedStmt(.let(name, value), stmt.range, path: path)

        case .repeat(let count, let body):
            switch count.kind {
            case .number(let t, _) where ValueKind.wholeNumber(t) != nil:
                break
            case .number(let t, _) where !t.isEmpty && t.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }):
                error(
                    "'repeat' count \(Token.abbreviate(t)) is out of range", file, count.range,
                    label: "at most \(ValueKind.maxWholeNumber)")
            case .variable:
                checkExpr(count, file: file, scope: scope)
            default:
                error(
                    "'repeat' needs a whole number or a variable, got '\(text(file, count.range))'", file, count.range,
                    label: "write repeat 3 { … }")
            }
            let checked = checkBlock(body, file: file, scope: scope)
            return CheckedStmt(.repeat(count: count, body: checked), stmt.range, path: path)

        case .for(let variable, let sequence, let body):
            switch sequence.kind {
            case .list, .variable:
                checkExpr(sequence, file: file, scope: scope)
            default:
                error(
                    "'for' needs a list like [a, b] or a variable, got '\(text(file, sequence.range))'", file,
                    sequence.range)
            }
            let checked = checkBlock(body, file: file, scope: scope.pushed(Scope.Frame(variables: [variable.text])))
            return CheckedStmt(.for(variable: variable, sequence: sequence, body: checked), stmt.range, path: path)

        case .def(let name, let parameters, let body):
            return checkDef(name: name, parameters: parameters, body: body, stmt: stmt, file: file, scope: &scope)

        case .include(let pathExpr):
            return checkInclude(pathExpr, stmt: stmt, file: file, scope: &scope)

        case .case(let name, _):
            switch position {
            case .included:
                error("an included file cannot have cases", file, name.range, label: "cases go in the including file")
            case .repl:
                error(
                    "'case' blocks belong in files", file, stmt.range, label: "in the REPL, type the steps themselves")
            case .top, .nested:
                error(
                    "'case' blocks go at the top level of a file", file, SourceRange(stmt.range.start, name.range.end),
                    label: "not inside repeat, def, case or a 'for' with other statements")
            }
            return nil

        case .property(let kind, let keyword, let expectation):
            return checkProperty(kind, keyword: keyword, expectation, stmt: stmt, file: file, scope: scope)

        case .alphabet(let body):
            return checkAlphabet(body, stmt: stmt, file: file, scope: scope, position: position)

        case .tags, .skip, .knownBug:
            let word = stmt.kind.keyword
            switch position {
            case .included:
                error("an included file cannot use '\(word)'", file, stmt.range, label: "put it in the including file")
            case .repl:
                error("'\(word)' only applies to the cases of a file", file, stmt.range)
            case .top, .nested:
                error(
                    "'\(word)' goes at the top level of a file or directly in a case", file, stmt.range)
            }
            return nil
        }
    }

    // MARK: - Expressions

    /// Variables defined, object keys unique.
    private func checkExpr(_ expr: Expr, file: SourceFile, scope: Scope) {
        switch expr.kind {
        case .variable(let name):
            if !scope.hasVariable(name) { undefinedVariable(name, expr.range, file: file, scope: scope) }
        case .string(let parts):
            for case .interpolation(let n) in parts where !scope.hasVariable(n.text) {
                undefinedVariable(n.text, n.range, file: file, scope: scope)
            }
        case .list(let items):
            for item in items { checkExpr(item, file: file, scope: scope) }
        case .object(let entries):
            var keys: [String: SourceRange] = [:]
            for entry in entries {
                if let first = keys[entry.key.text] {
                    error(
                        "duplicate key '\(Token.abbreviate(entry.key.text))'", file, entry.key.range,
                        notes: [
                            "the first '\(Token.abbreviate(entry.key.text))' is at \(file.location(of: first.start))"
                        ])
                } else {
                    keys[entry.key.text] = entry.key.range
                }
                checkExpr(entry.value, file: file, scope: scope)
            }
        default:
            break
        }
    }

    private func undefinedVariable(_ name: String, _ range: SourceRange, file: SourceFile, scope: Scope) {
        guard !gaveUp else { return }
        var known: [String] = []
        for frame in scope.frames { known.append(contentsOf: frame.variables.sorted()) }
        let label =
            Suggestion.closest(to: name, among: known).map { "did you mean '$\($0)'?" }
            ?? "define it with let \(name) = …"
        error("undefined variable '\(name)'", file, range, label: label)
    }

    // MARK: - Commands

    private func checkCommand(_ arguments: [Expr], stmt: Stmt, file: SourceFile, scope: Scope) -> CheckedStmt? {
        for argument in arguments.dropFirst() { checkExpr(argument, file: file, scope: scope) }
        guard let head = arguments.first, case .word(let headWord) = head.kind else { return nil }

        // A user-defined command.
        if let id = scope.def(headWord) {
            let def = defs[id]
            let given = arguments.count - 1
            if given != def.parameters.count {
                let names = def.parameters.map(\.text).joined(separator: " ")
                let takes = def.parameters.count == 1 ? "1 argument" : "\(def.parameters.count) arguments"
                let range =
                    given > def.parameters.count
                    ? arguments[def.parameters.count + 1].range.union(arguments[given].range) : stmt.range
                error(
                    "'\(headWord)' takes \(takes)\(names.isEmpty ? "" : " (\(names))"), got \(given)", file, range,
                    label: given > def.parameters.count ? "too many arguments" : "missing arguments")
            }
            callTargets[SiteKey(path: file.path, start: stmt.range.start)] = id
            return CheckedStmt(
                .call(name: Name(headWord, head.range), arguments: Array(arguments.dropFirst())), stmt.range,
                path: file.path)
        }

        // A registered command: the longest path of leading words.
        guard let resolved = registry.resolve(leading: arguments) else {
            var words: [String] = []
            for argument in arguments {
                switch argument.kind {
                case .word, .bool, .none:
                    if let w = argument.wordText { words.append(w) }
                    continue
                default:
                    break
                }
                break
            }
            unknownCommand(arguments, words: words, file: file, scope: scope)
            return nil
        }
        let (signature, consumed) = resolved
        let pathRange = arguments[0].range.union(arguments[consumed - 1].range)
        if let (range, command) = countAsWords(arguments[consumed...], signature: signature) {
            error(
                "expected \(signature.positionals.first.map { CheckRun.describe($0.kind) } ?? "no argument"), "
                    + "got '\(text(file, range))'", file, range, label: "did you mean '\(command)'?",
                notes: ["a count is the number after its own command's words"])
            return nil
        }
        let bound = bind(
            arguments[consumed...], to: signature, pathRange: pathRange, file: file,
            context: WordContext(pathWords: arguments[..<consumed], scope: scope))
        checkFilePaths(bound, of: signature, file: file)
        if let rules = registry.statementRules[signature.name] {
            let command = ConfiguredCommand(signature: signature, arguments: bound, range: stmt.range, path: file.path)
            for rule in rules {
                for violation in rule(command) {
                    add(file.diagnostic(violation.message, at: violation.range, label: violation.label))
                }
            }
        }
        return CheckedStmt(.command(BoundCommand(signature: signature, arguments: bound)), stmt.range, path: file.path)
    }

    /// The words a count is written as (`expect banner count 1`).
    static let countWords: Set<String> = ["count", "number", "total"]

    /// `expect banner count 1`: a count written as a word and a number after a command that
    /// takes no count, where a neighbouring command takes the number itself — the same path
    /// with its last word in the plural (`expect banners 1`), or one word longer (`expect
    /// handler calls 1`). The range of the word and the number, and the command to write.
    private func countAsWords(_ rest: ArraySlice<Expr>, signature: Signature) -> (SourceRange, String)? {
        guard rest.count >= 2, let word = rest.first, case .word(let w) = word.kind, CheckRun.countWords.contains(w),
            !signature.options.contains(where: { $0.keyword == w })
        else { return nil }
        let number = rest[rest.startIndex + 1]
        guard case .number(let digits, _) = number.kind, ValueKind.wholeNumber(digits) != nil else { return nil }
        let path = signature.path
        var candidates: [[String]] = []
        if let last = path.last { candidates.append(path.dropLast() + [last + "s"]) }
        candidates += registry.nextWords(after: path).map { path + [$0] }
        for candidate in candidates {
            guard let other = registry.signature(named: candidate.joined(separator: " ")),
                let first = other.positionals.first, CheckRun.accepts(first.kind, number) == true,
                !other.positionals.dropFirst().contains(where: { !$0.optional })
            else { continue }
            return (word.range.union(number.range), (candidate + [digits]).joined(separator: " "))
        }
        return nil
    }

    /// A literal file path must stay inside the scenario root (the file itself is read when
    /// the step runs).
    private func checkFilePaths(_ bound: BoundArguments, of signature: Signature, file: SourceFile) {
        guard let loader else { return }
        for (index, parameter) in signature.positionals.enumerated() where parameter.isFilePath {
            guard index < bound.positionals.count, let expr = bound.positionals[index],
                case .string(let path)? = expr.literalValue
            else { continue }
            do {
                try loader.confine(path, from: file.path)
            } catch {
                self.error(
                    "'\(signature.name)' cannot read '\(Token.abbreviate(path))': \(error.message)", file, expr.range)
            }
        }
    }

    /// The defs in scope whose names could be two edits from `word` (their length is
    /// within 2), in the order they were defined, from the first
    /// ``Suggestion/maxCandidates`` defs: the candidates of a "did you mean", in a time
    /// that does not grow with the file.
    private func defNames(near word: String, in scope: Scope) -> [String] {
        let length = word.unicodeScalars.count
        var out: [String] = []
        for (id, def) in defs.prefix(Suggestion.maxCandidates).enumerated()
        where abs(def.name.text.unicodeScalars.count - length) <= 2 && scope.def(def.name.text) == id {
            out.append(def.name.text)
        }
        return out
    }

    private func unknownCommand(_ arguments: [Expr], words: [String], file: SourceFile, scope: Scope) {
        guard !gaveUp else { return }
        // How far the words follow some command's path.
        var k = 0
        while k < words.count && registry.nextWords(after: Array(words[0..<k])).contains(words[k]) { k += 1 }
        let prefix = Array(words[0..<k])
        let candidates = registry.nextWords(after: prefix)
        if k < words.count {
            let wrong = words[k]
            let shown = (prefix + [wrong]).joined(separator: " ")
            var pool = candidates
            if k == 0 { pool += defNames(near: wrong, in: scope) }
            let label = Suggestion.closest(to: wrong, among: pool).map {
                "did you mean '\((prefix + [$0]).joined(separator: " "))'?"
            }
            error(
                "unknown command '\(Token.abbreviate(shown, max: 60))'", file, arguments[k].range,
                label: label
                    ?? (k == 0
                        ? "see 'scn help' for the commands"
                        : "'\(prefix.joined(separator: " "))' is followed by \(CheckRun.list(candidates))"))
        } else {
            let range = arguments[0].range.union(arguments[max(0, k - 1)].range)
            let name = prefix.joined(separator: " ")
            error(
                "incomplete command '\(Token.abbreviate(name, max: 60))'", file, range,
                label: "expected \(CheckRun.list(candidates)) after it")
        }
    }

    /// `a, b or c`, at most eight.
    static func list(_ words: [String]) -> String {
        let shown = words.prefix(8).map { "'\($0)'" }
        let more = words.count > 8 ? ", …" : ""
        if shown.count <= 1 { return (shown.first ?? "nothing") + more }
        if more.isEmpty { return shown.dropLast().joined(separator: ", ") + " or " + (shown.last ?? "") }
        return shown.joined(separator: ", ") + more
    }

    /// How a kind is named in "expected …": choices as `a|b|c`.
    static func describe(_ kind: ValueKind) -> String {
        switch kind {
        case .choice(let words): return words.joined(separator: "|")
        case .oneOf(let kinds): return kinds.map(describe).joined(separator: " or ")
        default: return kind.description
        }
    }

    /// Whether `kind` accepts the expression: nil when that depends on a variable's value
    /// (checked when the step runs).
    static func accepts(_ kind: ValueKind, _ expr: Expr) -> Bool? {
        switch expr.kind {
        case .variable:
            return nil
        case .string(let parts)
        where parts.contains(where: { if case .interpolation = $0 { return true } else { return false } }):
            let a = kind.accepts(.string("1"))
            let b = kind.accepts(.string("x"))
            return a == b ? a : nil
        case .list, .object:
            return kind.accepts(shape(expr))
        default:
            guard let value = expr.literalValue else { return nil }
            if case .quotedText = kind {
                // A literal text is quoted; only a variable may bring a word or a number.
                if case .string = value { return true }
                return false
            }
            return kind.accepts(value)
        }
    }

    /// A literal with the same structure as `expr`, variables replaced by `none`.
    static func shape(_ expr: Expr) -> Value {
        if let v = expr.literalValue { return v }
        switch expr.kind {
        case .list(let items): return .list(items.map(shape))
        case .object(let entries): return .object(entries.map { Value.Field($0.key.text, shape($0.value)) })
        case .string: return .string("")
        default: return .none
        }
    }

    /// The choice words a kind offers (for "did you mean").
    static func choices(_ kind: ValueKind) -> [String] {
        switch kind {
        case .choice(let words), .words(let words): return words
        case .boolean: return ["true", "false"]
        case .oneOf(let kinds): return kinds.flatMap(choices)
        default: return []
        }
    }

    /// What a "bare word where a text goes" hint can use: the command's words so far, and the
    /// variables in scope.
    struct WordContext {
        /// The command's words as written (made into text only for a message).
        var pathWords: ArraySlice<Expr>
        var scope: Scope
        var path: [String] { pathWords.compactMap(\.wordText) }
    }

    private func bind(
        _ arguments: ArraySlice<Expr>, to signature: Signature, pathRange: SourceRange, file: SourceFile,
        context: WordContext? = nil
    ) -> BoundArguments {
        let positionals = signature.positionals
        var bound = BoundArguments(positionals: Array(repeating: nil, count: positionals.count))
        // The options are few (a dozen at most): they are found by a scan of the signature's
        // list, the first of a keyword winning, and where each was given is kept by its
        // place in that list. Nothing is hashed or built per statement but the result.
        let options = signature.options
        func optionIndex(_ keyword: String) -> Int? { options.firstIndex { $0.keyword == keyword } }
        var optionRanges: [SourceRange?] = options.isEmpty ? [] : Array(repeating: nil, count: options.count)
        var optionWords: [String] { options.map(\.keyword) }
        let name = signature.name
        var slot = 0
        var i = arguments.startIndex
        var missingReported = false

        /// "unknown option" for a word close to an option keyword; returns how many
        /// arguments to skip (the option's value too, when it takes one).
        func unknownOption(_ word: String, _ range: SourceRange, suggestion: String?) -> Int {
            let label = suggestion.map { "did you mean '\($0)'?" } ?? "'\(name)' takes \(CheckRun.list(optionWords))"
            error("unknown option '\(Token.abbreviate(word))' for '\(name)'", file, range, label: label)
            if let s = suggestion, let index = optionIndex(s), options[index].value != nil { return 2 }
            return 1
        }

        while i < arguments.endIndex {
            let argument = arguments[i]
            // A keyword option — unless the next positional is required, still empty and
            // takes this very word (`push edna campaign "…" campaign ID`).
            var fillsRequiredSlot: Bool {
                slot < positionals.count && !positionals[slot].optional
                    && CheckRun.accepts(positionals[slot].kind, argument) == true
            }
            if case .word(let w) = argument.kind, !options.isEmpty, let index = optionIndex(w), !fillsRequiredSlot {
                if let first = optionRanges[index] {
                    error(
                        "option '\(w)' given twice", file, argument.range,
                        notes: ["it is first given at \(file.location(of: first.start))"])
                }
                optionRanges[index] = argument.range
                guard let kind = options[index].value else {
                    bound.flags.insert(w)
                    i += 1
                    continue
                }
                guard i + 1 < arguments.endIndex else {
                    error(
                        "option '\(w)' needs a value: \(CheckRun.describe(kind))", file, argument.range,
                        label: "write \(w) \(kind.placeholder)")
                    i += 1
                    continue
                }
                let value = arguments[i + 1]
                if CheckRun.accepts(kind, value) == false {
                    wrongKind(value, kind, file: file, what: "option '\(w)'", context: context)
                }
                // Sized once for the options the statement can still give.
                if bound.options.isEmpty { bound.options.reserveCapacity(min(options.count, arguments.count / 2)) }
                bound.options[w] = value
                i += 2
                continue
            }

            // A positional: an optional slot is skipped when the literal fits a later one.
            var s = slot
            if s < positionals.count, positionals[s].optional, CheckRun.accepts(positionals[s].kind, argument) == false
            {
                var j = s + 1
                while j < positionals.count {
                    if CheckRun.accepts(positionals[j].kind, argument) != false {
                        s = j
                        break
                    }
                    if !positionals[j].optional { break }
                    j += 1
                }
            }
            let word: String? = { if case .word(let w) = argument.kind { return w } else { return nil } }()
            // Only on the error paths: a "did you mean" costs an edit distance per option.
            func optionGuess() -> (candidate: String, distance: Int)? {
                word.flatMap { Suggestion.best(for: $0, among: optionWords) }
            }

            guard s < positionals.count else {
                if let word, !optionWords.isEmpty {
                    i += unknownOption(word, argument.range, suggestion: optionGuess()?.candidate)
                } else {
                    error(
                        "too many arguments for '\(name)'", file,
                        argument.range.union(arguments[arguments.endIndex - 1].range),
                        label: "usage: \(signature.usage)")
                    i = arguments.endIndex
                }
                continue
            }
            let parameter = positionals[s]
            // A required word left out before the argument that fills the next slot
            // (`push edna "Hi"`): one error for what is missing, the argument kept for its slot.
            if !parameter.optional, CheckRun.accepts(parameter.kind, argument) == false, s + 1 < positionals.count,
                CheckRun.accepts(positionals[s + 1].kind, argument) == true,
                i + 1 == arguments.endIndex || arguments[i + 1].wordText.flatMap(optionIndex) != nil,
                !positionals[(s + 1)...].dropFirst().contains(where: { !$0.optional })
            {
                let expected = {
                    if case .choice = parameter.kind { return parameter.kind.placeholder }
                    return CheckRun.describe(parameter.kind)
                }()
                let given = text(file, argument.range)
                error(
                    "'\(name)' needs \(expected) before \(given)", file, argument.range,
                    label: "missing \(parameter.name): write \(name) \(parameter.kind.placeholder) \(given)")
                bound.positionals[s + 1] = argument
                missingReported = true
                slot = s + 2
                i += 1
                continue
            }
            if CheckRun.accepts(parameter.kind, argument) == false {
                let choiceGuess = word.flatMap { Suggestion.best(for: $0, among: CheckRun.choices(parameter.kind)) }
                if let word, let optionGuess = optionGuess(),
                    choiceGuess.map({ optionGuess.distance < $0.distance }) ?? true
                {
                    i += unknownOption(word, argument.range, suggestion: optionGuess.candidate)
                    continue
                }
                wrongKind(
                    argument, parameter.kind, file: file, what: nil,
                    context: s == 0 && slot == 0 && i == arguments.startIndex
                        ? context
                        : context.map {
                            WordContext(pathWords: [], scope: $0.scope)
                        })
            }
            if let means = parameter.bareWordMeans, case .word(let w) = argument.kind,
                CheckRun.accepts(parameter.kind, argument) == true, context?.scope.hasVariable(w) != true
            {
                add(
                    warning: "the bare word '\(Token.abbreviate(w))' is read as \(means)", file, argument.range,
                    label: "if \(means) is meant, quote it: \"\(Token.abbreviate(w))\"",
                    notes: ["usage: \(signature.usage)"])
            }
            bound.positionals[s] = argument
            slot = s + 1
            i += 1
        }

        if !missingReported,
            let missing = positionals.indices.first(where: { !positionals[$0].optional && bound.positionals[$0] == nil }
            )
        {
            let parameter = positionals[missing]
            let expected: String
            if case .choice = parameter.kind {
                expected = parameter.kind.placeholder
            } else {
                expected = CheckRun.describe(parameter.kind)
            }
            error("'\(name)' needs \(expected)", file, pathRange, label: "missing \(parameter.name)")
        }
        for option in options where option.required && optionRanges[optionIndex(option.keyword) ?? 0] == nil {
            let body = option.value.map { "\(option.keyword) \($0.placeholder)" } ?? option.keyword
            error("'\(name)' needs the option '\(body)'", file, pathRange, label: "missing \(option.keyword)")
        }
        return bound
    }

    private func wrongKind(
        _ argument: Expr, _ kind: ValueKind, file: SourceFile, what: String?, context: WordContext? = nil
    ) {
        guard !gaveUp else { return }
        let got = text(file, argument.range)
        var label: String?
        // A bare word where a text goes: the word is not read as text. It may be a variable
        // without its `$`, or the next word of a longer command (`expect banner titel "A"`).
        let longer = context.flatMap { c -> String? in
            guard !c.path.isEmpty, case .word(let w) = argument.kind else { return nil }
            return Suggestion.closest(to: w, among: registry.nextWords(after: c.path)).map {
                (c.path + [$0]).joined(separator: " ")
            }
        }
        if case .word(let w) = argument.kind, let guess = Suggestion.closest(to: w, among: CheckRun.choices(kind)) {
            label = "did you mean '\(guess)'?"
        } else if case .word(let w) = argument.kind, context?.scope.hasVariable(w) == true, kind == .quotedText {
            label = "a bare word is not text: write $\(w) for the variable, or put it in quotes"
        } else if let longer, kind == .quotedText {
            label = "a bare word is not text: did you mean '\(longer)'?"
        } else if let w = argument.wordText, kind == .quotedText {
            label = "a bare word is not text: put it in quotes: \"\(Token.abbreviate(w))\""
        } else if let w = argument.wordText, kind.accepts(.string(w)) {
            label = "put it in quotes: \"\(Token.abbreviate(w))\""
        } else if case .string = argument.kind, case .choice = kind {
            label = "choices are bare words, without quotes"
        } else if case .number(let t, _) = argument.kind, t.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            kind.accepts(.duration(text: t + "s", milliseconds: 1))
        {
            label = "durations carry a unit: \(t)s, \(t)ms, \(t)m"
        } else if case .number(let t, _) = argument.kind, kind.accepts(.number(text: "1", value: 1)) {
            label =
                t.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 })
                ? "out of range: at most \(ValueKind.maxWholeNumber)" : "a whole number has digits only"
        } else if case .duration = argument.kind, kind.accepts(.duration(text: "1s", milliseconds: 1)) {
            label = "must be longer than 0"
        }
        let prefix = what.map { "\($0) expected" } ?? "expected"
        error("\(prefix) \(CheckRun.describe(kind)), got '\(got)'", file, argument.range, label: label)
    }

    // MARK: - Properties and the alphabet

    /// `always expect …` / `never expect …`: the command must be an expectation.
    private func checkProperty(
        _ kind: PropertyKind, keyword: SourceRange, _ expectation: [Expr], stmt: Stmt, file: SourceFile, scope: Scope
    ) -> CheckedStmt? {
        let inner = Stmt(
            .command(expectation), SourceRange(expectation.first?.range.start ?? stmt.range.end, stmt.range.end))
        guard let checked = checkCommand(expectation, stmt: inner, file: file, scope: scope) else { return nil }
        guard case .command(let bound) = checked.kind, bound.signature.role == .expectation else {
            let what = text(file, expectation.first?.range ?? inner.range)
            error(
                "'\(kind.rawValue)' takes an expectation, got '\(what)'", file, inner.range,
                label: "write \(kind.rawValue) expect …")
            return nil
        }
        return CheckedStmt(.property(kind, bound), stmt.range, path: file.path)
    }

    /// `alphabet { … }`: once, at the top level of a file; its statements are steps
    /// (actions, runtime settings, calls of user commands).
    private func checkAlphabet(
        _ body: Block, stmt: Stmt, file: SourceFile, scope: Scope, position: Position
    ) -> CheckedStmt? {
        guard position == .top else {
            error(
                "'alphabet' goes at the top level of a file", file, SourceRange(stmt.range.start, body.range.start),
                label: position == .repl ? "it lists the steps of 'scn explore'" : "not inside a block or an include")
            return nil
        }
        if let first = alphabetRange {
            error(
                "'alphabet' given twice", file, SourceRange(stmt.range.start, body.range.start),
                notes: ["the first 'alphabet' is on line \(file.location(of: first.start).line)"])
            return nil
        }
        alphabetRange = stmt.range
        let steps = checkBlock(body, file: file, scope: scope)
        for step in steps {
            switch step.kind {
            case .command(let bound) where bound.signature.role == .action || bound.signature.role == .runtimeSetting:
                continue
            case .call:
                continue
            case .command(let bound):
                let role = bound.signature.role == .expectation ? "an expectation" : "install-time configuration"
                error(
                    "'\(bound.signature.name)' is \(role): an alphabet holds steps", file, step.range,
                    label: "actions and runtime settings only")
            default:
                error(
                    "an alphabet holds steps, one per line", file, step.range,
                    label: "actions, runtime settings and calls of user commands only")
            }
        }
        if steps.isEmpty && body.statements.isEmpty {
            error("an empty alphabet gives exploration nothing to do", file, body.range)
        }
        return CheckedStmt(.alphabet(steps), stmt.range, path: file.path)
    }

    // MARK: - def

    private func checkDef(
        name: Name, parameters: [Name], body: Block, stmt: Stmt, file: SourceFile, scope: inout Scope
    ) -> CheckedStmt? {
        var ok = true
        if registry.isHeadWord(name.text) {
            error(
                "'\(name.text)' is a built-in command", file, name.range,
                label: "a def cannot replace it; choose another name")
            ok = false
        } else if Parser.keywords.contains(name.text) {
            error("'\(name.text)' is a keyword", file, name.range)
            ok = false
        } else if let existing = scope.def(name.text) {
            let first = SourceSite(path: defs[existing].path, range: defs[existing].name.range)
            error(
                "'\(name.text)' is already defined", file, name.range,
                notes: ["the first definition is on \(place(first, from: file))"])
            ok = false
        }
        var seenParameters: [String: SourceRange] = [:]
        for parameter in parameters {
            if seenParameters[parameter.text] != nil {
                error("duplicate parameter '\(parameter.text)'", file, parameter.range)
            }
            seenParameters[parameter.text] = parameter.range
        }
        let id = defs.count
        defs.append(
            DefinedCommand(name: name, parameters: parameters, path: file.path, summary: ConfigurationSummary()))
        if ok { scope.declare(def: name.text, id: id) }

        // The body sees the top-level variables, the scope where the def is written,
        // itself, and its parameters.
        var bodyScope = scope
        bodyScope.frames.insert(Scope.Frame(variables: globals), at: 0)
        if !ok { bodyScope.declare(def: name.text, id: id) }
        let checked = checkBlock(
            body, file: file, scope: bodyScope.pushed(Scope.Frame(variables: Set(parameters.map(\.text)))))
        defsInProgress.insert(id)
        defs[id].summary = summarize(checked)
        defsInProgress.remove(id)
        return CheckedStmt(.def(name: name, parameters: parameters, body: checked), stmt.range, path: file.path)
    }

    // MARK: - include

    private func checkInclude(_ pathExpr: Expr, stmt: Stmt, file: SourceFile, scope: inout Scope) -> CheckedStmt? {
        guard case .string(let path)? = pathExpr.literalValue else {
            error(
                "'include' needs a quoted path, got '\(text(file, pathExpr.range))'", file, pathExpr.range,
                label: "write include \"lib/common.scn\"")
            return nil
        }
        guard let loader else {
            error("cannot include '\(Token.abbreviate(path))': no scenario root to read from", file, pathExpr.range)
            return nil
        }
        guard includeStack.count <= limits.maxIncludeDepth else {
            error(
                "includes nested deeper than the limit of \(limits.maxIncludeDepth)", file, pathExpr.range,
                label: "this include is one too many")
            return nil
        }
        guard includeCount < limits.maxIncludes else {
            // Reported once: every later include in the file is past the budget too.
            if !includeBudgetReported {
                includeBudgetReported = true
                error(
                    "more than \(limits.maxIncludes) includes in one file, counting includes inside included files",
                    file, pathExpr.range, label: "this include is one too many",
                    notes: ["an included file is expanded wherever it is included; include a library once"])
            }
            return nil
        }
        includeCount += 1
        let source: SourceFile
        let tree: SyntaxTree
        let cacheKey = file.path + "\u{0}" + path
        if let cached = includeCache[cacheKey] {
            (source, tree) = cached
        } else {
            do {
                source = try loader.load(path, from: file.path)
            } catch {
                self.error("cannot include '\(Token.abbreviate(path))': \(error.message)", file, pathExpr.range)
                return nil
            }
            tree = Parser.parse(source, limits: limits)
            includeCache[cacheKey] = (source, tree)
        }
        let key = CheckRun.normalize(source.path)
        if let start = includeStack.firstIndex(of: key) {
            let cycle = (includeStack[start...] + [key]).joined(separator: " → ")
            error("include cycle: \(cycle)", file, pathExpr.range, label: "this file is already being included")
            return nil
        }
        if sources[source.path] == nil { sources[source.path] = source }
        if fileOrder[source.path] == nil { fileOrder[source.path] = fileOrder.count }
        add(tree.diagnostics)
        warn(tree.warnings)
        includeStack.append(key)
        var body: [CheckedStmt] = []
        for s in tree.statements {
            if let checked = checkStatement(s, file: source, scope: &scope, position: .included) {
                body.append(checked)
            }
        }
        includeStack.removeLast()
        return CheckedStmt(.include(path: path, source: source, body: body), stmt.range, path: file.path)
    }

    // MARK: - Configuration

    func summarize(_ statements: [CheckedStmt]) -> ConfigurationSummary {
        var summary = ConfigurationSummary()
        for stmt in statements {
            switch stmt.kind {
            case .command(let command):
                let role = command.signature.role
                if role.isAction {
                    if summary.first == nil {
                        summary.first = SourceSite(path: stmt.path, range: stmt.range)
                    }
                    guard summary.keepsActions else { continue }
                    summary.addAction(
                        ConfiguredCommand(
                            signature: command.signature, arguments: command.arguments, range: stmt.range,
                            path: stmt.path))
                } else if summary.keepsSetting(role) {
                    summary.addSetting(
                        ConfiguredCommand(
                            signature: command.signature, arguments: command.arguments, range: stmt.range,
                            path: stmt.path))
                }
            case .call:
                if let id = callTargets[SiteKey(path: stmt.path, start: stmt.range.start)], !defsInProgress.contains(id)
                {
                    summary.append(defs[id].summary)
                }
            case .repeat(_, let body), .for(_, _, let body), .include(_, _, let body):
                summary.append(summarize(body))
            case .def, .let, .property, .alphabet:
                break
            }
        }
        return summary
    }

    private func settingAfterAction(_ c: ConfiguredCommand, first: SourceSite, file: SourceFile) {
        let source = sources[c.path] ?? file
        add(
            source.diagnostic(
                "'\(c.signature.name)' is install-time configuration: it must come before the first action",
                at: c.range, label: "after the app was installed",
                notes: ["the first action, on \(place(first, from: source)), installs the app"]))
    }

    private func applyCaseRules(name: String, summary: ConfigurationSummary, file: SourceFile) {
        if let first = summary.first {
            for c in summary.after { settingAfterAction(c, first: first, file: file) }
        }
        let configuration = CaseConfiguration(
            caseName: name, settings: summary.before, firstAction: summary.first.map { ($0.range, $0.path) },
            laterSettings: summary.later, actions: summary.actions)
        for rule in registry.caseRules {
            for violation in rule(configuration) {
                let source = sources[violation.path] ?? file
                add(source.diagnostic(violation.message, at: violation.range, label: violation.label))
            }
        }
    }
}

extension Stmt.Kind {
    /// The keyword of a statement that marks cases (`tags`, `skip`, `known-bug`).
    fileprivate var keyword: String {
        switch self {
        case .tags: "tags"
        case .knownBug: "known-bug"
        default: "skip"
        }
    }
}
