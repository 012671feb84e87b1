// `def` and `include`: user commands, and files included from the scenario root.

extension CheckRun {
    // MARK: - def

    func checkDef(
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

    func checkInclude(_ pathExpr: Expr, stmt: Stmt, file: SourceFile, scope: inout Scope) -> CheckedStmt? {
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
}
