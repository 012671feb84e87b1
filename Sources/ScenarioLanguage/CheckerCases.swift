// Cases: expanding `case` statements (and the `for` loops around them), their names, tags,
// skip and known-bug marks, and the budget of how many a file makes.

extension CheckRun {
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

    func expandCases(
        _ stmt: Stmt, file: SourceFile, scope: Scope, bindings: [Name: Value], fileTags: [String],
        fileSkip: String?, fileKnownBug: KnownBugMark?, prologue: ConfigurationSummary,
        names: inout [String: SourceRange],
        into cases: inout [CheckedCase]
    ) {
        switch stmt.kind {
        case .case(let nameExpr, let body):
            let caseScope = scope.pushed(Scope.Frame(variables: Set(bindings.keys.map(\.text))))
            var tags = fileTags
            var skip: (reason: String, range: SourceRange)?
            var knownBug: (mark: KnownBugMark, range: SourceRange)?
            var statements: [CheckedStmt] = []
            var inner = caseScope.pushed()
            nesting += 1
            for s in body.statements {
                switch s.kind {
                case .tags(let names): collectTags(names, into: &tags, file: file)
                case .skip(let reason): collectSkip(reason, stmt: s, into: &skip, file: file)
                case .knownBug(let reference, let because, let push):
                    if let step = statements.first {
                        error(
                            "'known-bug' goes at the top of the case", file, s.range,
                            label: "move it above the case's first step",
                            notes: ["the first step is on line \(file.location(of: step.range.start).line)"])
                    }
                    collectKnownBug(reference, because: because, push: push, stmt: s, into: &knownBug, file: file)
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
                    body: statements, knownBugMark: knownBug?.mark ?? fileKnownBug))

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
    func caseCount(_ stmt: Stmt) -> Int {
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
    func caseBudget(_ stmt: Stmt, count: Int, before: Int, file: SourceFile) {
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
    func caseLoopValues(_ sequence: Expr, file: SourceFile, scope: Scope) -> [Value]? {
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
    func caseName(_ expr: Expr, bindings: [Name: Value], file: SourceFile) -> String? {
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

    func collectTags(_ names: [Name], into tags: inout [String], file: SourceFile) {
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

    func collectSkip(
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

    func collectKnownBug(
        _ reference: Expr?, because: Expr?, push: Expr?, stmt: Stmt,
        into knownBug: inout (mark: KnownBugMark, range: SourceRange)?, file: SourceFile
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
        var mark = KnownBugMark(reference: text)
        if let because {
            guard case .string(let cause)? = because.literalValue, !cause.isEmpty else {
                error(
                    "'because' takes the cause as quoted trace text, got '\(self.text(file, because.range))'", file,
                    because.range, label: "write because \"text of a trace event\" (no variables)")
                return
            }
            guard cause.utf8.count <= KnownBugMark.becauseLimit, !cause.contains("\n") else {
                error(
                    "a 'because' text is one line of at most \(KnownBugMark.becauseLimit) bytes", file, because.range,
                    label: "quote the part of the trace event that states the cause")
                return
            }
            mark.because = cause
        }
        if let push {
            guard let name = push.wordText, case .word = push.kind, name.utf8.count <= 64 else {
                error(
                    "'in' takes a push's id, got '\(self.text(file, push.range))'", file, push.range,
                    label: "write … in p1 (the push's id in the trace)")
                return
            }
            mark.push = name
        }
        knownBug = (mark, stmt.range)
    }
}
