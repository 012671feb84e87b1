// Statements and expressions: blocks, `let`, `repeat`, `for`, `if`, properties and the
// exploration alphabet, variables defined before use.

extension CheckRun {
    // MARK: - Statements

    func checkBlock(_ block: Block, file: SourceFile, scope: Scope) -> [CheckedStmt] {
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

    func checkStatement(
        _ stmt: Stmt, file: SourceFile, scope: inout Scope, position: Position
    ) -> CheckedStmt? {
        let path = file.path
        switch stmt.kind {
        case .command(let arguments):
            return checkCommand(arguments, stmt: stmt, file: file, scope: scope)

        case .let(let name, let value):
            checkExpr(value, file: file, scope: scope)
            scope.declare(variable: name.text)
            if scope.frames.count == 1 { constants.expressions[name.text] = value }
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

        case .bug(let keyword, let property, let expectation):
            if position == .repl {
                error("'bug' only applies to the cases of a file", file, stmt.range, label: "it marks what a known bug breaks")
                return nil
            }
            return checkBug(property, keyword: keyword, expectation, stmt: stmt, file: file, scope: scope)

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
    func checkExpr(_ expr: Expr, file: SourceFile, scope: Scope) {
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

    func undefinedVariable(_ name: String, _ range: SourceRange, file: SourceFile, scope: Scope) {
        guard !gaveUp else { return }
        var known: [String] = []
        for frame in scope.frames { known.append(contentsOf: frame.variables.sorted()) }
        let label =
            Suggestion.closest(to: name, among: known).map { "did you mean '$\($0)'?" }
            ?? "define it with let \(name) = …"
        error("undefined variable '\(name)'", file, range, label: label)
    }

    // MARK: - Properties and the alphabet

    /// `always expect …` / `never expect …`: the command must be an expectation.
    func checkProperty(
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

    /// `bug expect …` / `bug always|never expect …`: an expectation (or a property) marked
    /// as one the case's known bug breaks. Whether the case is a known-bug case is checked
    /// once its cases are made (``collectStatedExpectations(prologue:cases:)``).
    func checkBug(
        _ property: PropertyKind?, keyword: SourceRange, _ expectation: [Expr], stmt: Stmt, file: SourceFile,
        scope: Scope
    ) -> CheckedStmt? {
        let innerStart = expectation.first?.range.start ?? stmt.range.end
        var checked: CheckedStmt?
        if let property {
            let inner = Stmt(.property(property, keyword: keyword, expectation: expectation), stmt.range)
            checked = checkProperty(property, keyword: keyword, expectation, stmt: inner, file: file, scope: scope)
        } else {
            let inner = Stmt(.command(expectation), SourceRange(innerStart, stmt.range.end))
            checked = checkCommand(expectation, stmt: inner, file: file, scope: scope)
            if let command = checked, !(command.kind.isExpectation) {
                error(
                    "'bug' marks an expectation, got '\(text(file, expectation.first?.range ?? inner.range))'", file,
                    inner.range, label: "write bug expect …")
                return nil
            }
        }
        guard var marked = checked else { return nil }
        marked.range = stmt.range
        marked.bug = true
        return marked
    }

    /// The `bug` statements of `statements` and of the blocks inside them (includes, defs,
    /// loops), in order. A stack, not recursion: nesting is bounded, but not by this.
    static func bugStatements(_ statements: [CheckedStmt]) -> [CheckedStmt] {
        var found: [CheckedStmt] = []
        var stack: [(body: [CheckedStmt], next: Int)] = [(statements, 0)]
        while var top = stack.popLast() {
            guard top.next < top.body.count else { continue }
            let statement = top.body[top.next]
            top.next += 1
            stack.append(top)
            if statement.bug { found.append(statement) }
            switch statement.kind {
            case .repeat(_, let body), .for(_, _, let body), .def(_, _, let body), .include(_, _, let body):
                stack.append((body, 0))
            default:
                break
            }
        }
        return found
    }

    /// Gives each case its `bug` lines (the prologue's first). A `bug` line in a case without
    /// a `known-bug` line is an error, once per line.
    func collectStatedExpectations(prologue: [CheckedStmt], cases: inout [CheckedCase]) {
        let shared = Self.bugStatements(prologue)
        var reported = Set<String>()
        for i in cases.indices {
            let lines = shared + Self.bugStatements(cases[i].body)
            guard !lines.isEmpty else { continue }
            guard cases[i].knownBugMark != nil else {
                for line in lines {
                    guard let file = sources[line.path] else { continue }
                    let key = "\(line.path):\(line.range.start)"
                    guard reported.insert(key).inserted else { continue }
                    error(
                        "'bug' marks what a known bug breaks, but the case '\(Token.abbreviate(cases[i].name))' "
                            + "has no 'known-bug' line", file, line.range,
                        label: "add known-bug \"REF\" at the top of the case, or remove 'bug'")
                }
                continue
            }
            cases[i].statedExpectations = lines.compactMap { line in
                guard let file = sources[line.path] else { return nil }
                let at = file.location(of: line.range.start)
                var written = text(file, line.range)
                if let newline = written.firstIndex(of: "\n") { written = String(written[..<newline]) + " …" }
                if written.utf8.count > 160 { written = String(written.prefix(157)) + "…" }
                return StatedExpectation(text: written, path: line.path, line: at.line, column: at.column)
            }
        }
    }

    /// `alphabet { … }`: once, at the top level of a file; its statements are steps
    /// (actions, runtime settings, calls of user commands).
    func checkAlphabet(
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
}
