import ScenarioLanguage

/// What the editor features need from a parsed file: its commands, defs, variables,
/// includes and cases, each with its range. Built from the parser's tree (so it exists
/// even when the file does not check); nothing here re-parses or re-checks anything.
///
/// The tree is gone through with ``Walk``, which keeps its own stack: nesting does not
/// deepen the call stack.
struct DocumentIndex: Sendable {
    struct Command {
        var arguments: [Expr]
        var range: SourceRange
    }
    struct Def {
        var name: Name
        var parameters: [Name]
        var range: SourceRange
        var path: String
    }
    struct Include {
        var written: String
        /// The path literal's range.
        var range: SourceRange
    }
    struct Binding {
        var name: Name
        /// Where the name is visible: the rest of the enclosing block.
        var scope: SourceRange
    }
    /// A case or def, for the outline.
    struct Symbol {
        var name: String
        var detail: String?
        var kind: DocumentSymbol.Kind
        var range: SourceRange
        var selection: SourceRange
        var children: [Symbol]
    }

    var commands: [Command] = []
    var defs: [Def] = []
    var includes: [Include] = []
    var bindings: [Binding] = []
    var symbols: [Symbol] = []
    /// Every use of a variable (`$name`, `${name}` in a string), its name's range without
    /// the `$`, in source order: what references and rename look through.
    var variableUses: [Name] = []
    /// The first def of each name, by its place in ``defs``.
    private var defIndex: [String: Int] = [:]
    /// The statements that mark a case rather than run (`known-bug`, `bug`, `always`,
    /// `never`): the keyword that starts each, and the range a hover over it covers.
    var forms: [(keyword: String, range: SourceRange)] = []

    init(_ tree: SyntaxTree) {
        let file = SourceRange(0, tree.source.bytes.count)
        let path = tree.source.path
        // Defs and cases open a symbol whose children are the symbols in their bodies;
        // `repeat`, `for` and `alphabet` blocks add theirs to the symbol around them.
        var open: [(depth: Int, symbol: Symbol)] = []
        func close(downTo depth: Int) {
            while let last = open.last, last.depth >= depth {
                open.removeLast()
                if open.isEmpty {
                    symbols.append(last.symbol)
                } else {
                    open[open.count - 1].symbol.children.append(last.symbol)
                }
            }
        }
        // The blocks around the statement met, by depth: a `let` is in scope to its block's end.
        var blocks: [(depth: Int, range: SourceRange)] = []
        // Every body: the editor features look into all of them.
        for visit in Walk(tree.statements, skipping: []) {
            let statement = visit.node
            DocumentIndex.collectVariables(in: statement.kind, into: &variableUses)
            close(downTo: visit.depth)
            while let last = blocks.last, last.depth >= visit.depth { blocks.removeLast() }
            if let block = statement.block { blocks.append((visit.depth, block.range)) }
            switch statement.kind {
            case .command(let arguments):
                commands.append(Command(arguments: arguments, range: statement.range))
            case .let(let name, _):
                let scope = blocks.last?.range ?? file
                bindings.append(Binding(name: name, scope: SourceRange(statement.range.end, scope.end)))
            case .for(let variable, _, let body):
                bindings.append(Binding(name: variable, scope: body.range))
            case .def(let name, let parameters, let body):
                if defIndex[name.text] == nil { defIndex[name.text] = defs.count }
                defs.append(Def(name: name, parameters: parameters, range: statement.range, path: path))
                for p in parameters { bindings.append(Binding(name: p, scope: body.range)) }
                let symbol = Symbol(
                    name: name.text, detail: (["def", name.text] + parameters.map(\.text)).joined(separator: " "),
                    kind: .function, range: statement.range, selection: name.range, children: [])
                open.append((visit.depth, symbol))
            case .include(let expr):
                if let written = DocumentIndex.literal(expr) {
                    includes.append(Include(written: written, range: expr.range))
                }
            case .case(let name, _):
                let title = DocumentIndex.literal(name) ?? tree.source.text(name.range)
                let symbol = Symbol(
                    name: title, detail: "case", kind: .method, range: statement.range, selection: name.range,
                    children: [])
                open.append((visit.depth, symbol))
            case .property(let kind, let keyword, let expectation):
                forms.append((kind.rawValue, keyword))
                commands.append(Command(arguments: expectation, range: statement.range))
            case .bug(let keyword, _, let expectation):
                forms.append(("bug", keyword))
                commands.append(Command(arguments: expectation, range: statement.range))
            case .knownBug:
                // The whole statement: `known-bug`, `because` and `in` between its values.
                forms.append(("known-bug", statement.range))
            case .repeat, .alphabet, .tags, .skip:
                break
            }
        }
        close(downTo: 0)
        variableUses.sort { $0.range.start < $1.range.start }
        // In source order already (the walk is); kept so for ``command(at:)`` whatever the tree.
        if zip(commands, commands.dropFirst()).contains(where: { $0.range.start > $1.range.start }) {
            commands.sort { $0.range.start < $1.range.start }
        }
    }

    /// The expressions a statement holds, each searched for variables (its body's statements
    /// are visited on their own by the walk).
    static func collectVariables(in kind: Stmt.Kind, into uses: inout [Name]) {
        var exprs: [Expr] = []
        switch kind {
        case .command(let arguments): exprs = arguments
        case .let(_, let value): exprs = [value]
        case .repeat(let count, _): exprs = [count]
        case .for(_, let sequence, _): exprs = [sequence]
        case .include(let path): exprs = [path]
        case .case(let name, _): exprs = [name]
        case .skip(let reason): exprs = reason.map { [$0] } ?? []
        case .knownBug(let reference, let because, let push): exprs = [reference, because, push].compactMap { $0 }
        case .bug(_, _, let expectation), .property(_, _, let expectation): exprs = expectation
        case .def, .tags, .alphabet: break
        }
        // Lists and objects nest: a stack of our own, not recursion.
        while let expr = exprs.popLast() {
            switch expr.kind {
            case .variable(let name):
                // `$name`: the name after the dollar sign.
                uses.append(Name(name, SourceRange(expr.range.start + 1, expr.range.end)))
            case .string(let parts):
                for case .interpolation(let name) in parts { uses.append(name) }
            case .list(let items): exprs.append(contentsOf: items)
            case .object(let entries): exprs.append(contentsOf: entries.map(\.value))
            default: break
            }
        }
    }

    /// The text of a string without interpolations, or of a word.
    static func literal(_ expr: Expr) -> String? {
        switch expr.kind {
        case .rawString(let s): return s
        case .word(let w): return w
        case .string(let parts):
            var out = ""
            for part in parts {
                guard case .text(let t) = part else { return nil }
                out += t
            }
            return out
        default: return nil
        }
    }

    /// The innermost command whose range holds `offset` (its end included, for a cursor
    /// just after the last word). Commands hold no statements, so their ranges do not
    /// nest and are met in source order: a binary search finds the last one starting at or
    /// before `offset`, and the one before it may end exactly there.
    func command(at offset: Int) -> Command? {
        var low = 0
        var high = commands.count
        while low < high {
            let mid = (low + high) / 2
            if commands[mid].range.start <= offset { low = mid + 1 } else { high = mid }
        }
        var best: Command?
        for k in stride(from: low - 1, through: max(0, low - 2), by: -1) {
            let range = commands[k].range
            if range.start <= offset && offset <= range.end, best.map({ range.count < $0.range.count }) ?? true {
                best = commands[k]
            }
        }
        return best
    }

    /// The first def named `name`.
    func def(named name: String) -> Def? {
        defIndex[name].map { defs[$0] }
    }

    /// The keyword of the marking statement whose hover range holds `offset`.
    func form(at offset: Int) -> (keyword: String, range: SourceRange)? {
        // Keywords are met in source order and do not overlap: the last one starting at or
        // before `offset`, by a binary search (a hover flood over a long document stays cheap).
        var low = 0
        var high = forms.count
        while low < high {
            let mid = (low + high) / 2
            if forms[mid].range.start <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0, offset <= forms[low - 1].range.end else { return nil }
        return forms[low - 1]
    }

    /// The include whose path literal holds `offset`.
    func include(at offset: Int) -> Include? {
        includes.first { $0.range.start <= offset && offset <= $0.range.end }
    }

    /// The binding of `$name` visible at `offset`: the nearest one declared before it.
    func binding(named name: String, at offset: Int) -> Binding? {
        bindings.filter { $0.name.text == name && $0.scope.start <= offset && offset <= $0.scope.end }
            .max { $0.scope.start < $1.scope.start }
    }

    /// Names of variables (for completion): every one declared in the file, sorted.
    var variableNames: [String] {
        Array(Set(bindings.map(\.name.text))).sorted()
    }
}
