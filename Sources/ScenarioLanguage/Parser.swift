/// Recursive descent from the lexer's tokens (``Lexeme``s) to a ``SyntaxTree`` (the grammar is in Syntax.swift
/// and docs/LANGUAGE.md).
///
/// - Statements end at a newline, `;`, or the `}` that closes their block.
/// - `{` after the header of `repeat`, `for`, `def` and `case` opens a block; in argument
///   position it opens an object value. Newlines inside the brackets of a value are
///   skipped; newlines between statements are not.
/// - On a syntax error the parser records a diagnostic and synchronises at the next
///   statement boundary, so one run reports every error. Blocks and value brackets
///   nested deeper than ``LanguageLimits/maxNesting`` are one error, skipped as a whole:
///   no stack overflow, no cascade.
public struct Parser {
    /// Parses a whole file. Never fails: problems are in ``SyntaxTree/diagnostics``.
    public static func parse(_ source: SourceFile, limits: LanguageLimits = .standard) -> SyntaxTree {
        let (lexed, output) = Lexer.scan(source, limits: limits)
        var parser = Parser(source: source, lexed: lexed, limits: limits)
        let statements = parser.parseStatements(opener: nil).statements
        var diagnostics = output.diagnostics + parser.diagnostics
        diagnostics.sort { $0.range.start < $1.range.start }
        let truncated =
            output.diagnostics.count >= limits.maxErrors || parser.gaveUp || diagnostics.count > limits.maxErrors
        if diagnostics.count > limits.maxErrors {
            diagnostics.removeLast(diagnostics.count - limits.maxErrors)
        }
        if truncated, !diagnostics.isEmpty {
            diagnostics[diagnostics.count - 1].notes.append("too many errors: stopped after \(diagnostics.count)")
        }
        var tree = SyntaxTree(
            source: source, statements: statements, comments: output.comments, diagnostics: diagnostics)
        tree.warnings = output.warnings
        return tree
    }

    /// The statement keywords, recognised by their text at the start of a statement.
    public static let keywords: Set<String> = Set(Keyword.allCases.filter(\.startsStatement).map(\.text))

    private let source: SourceFile
    private let lexed: Lexed
    private let tokens: [Lexeme]
    private let limits: LanguageLimits
    private var p = 0
    private var diagnostics: [Diagnostic] = []
    /// Blocks and value brackets open now.
    private var depth = 0
    /// The value brackets open in the current statement (for recovery and notes).
    private var openers: [Lexeme] = []
    /// Set once the end of the file was reached while something was open: the one
    /// "never closed" error is reported, the enclosing ones are consequences.
    private var reachedEndOpen = false
    /// A statement salvaged from a failed parse (a `let` or `def` whose name is known),
    /// so that the checker does not report its uses as undefined.
    private var recovered: Stmt?
    private var gaveUp = false

    /// Thrown after a syntax error has been recorded; caught at the statement boundary.
    private struct SyntaxError: Error {}

    private init(source: SourceFile, lexed: Lexed, limits: LanguageLimits) {
        self.source = source
        self.lexed = lexed
        self.tokens = lexed.lexemes
        self.limits = limits
        var starts = 0
        var previous = Lexeme.Tag.newline
        for token in lexed.lexemes {
            if token.tag == .word, previous == .newline || previous == .semicolon || previous == .leftBrace
                || previous == .rightBrace
            {
                starts += 1
            }
            previous = token.tag
        }
        statementStarts = starts
    }

    /// Words where a statement could start (after a newline, `;`, `{` or `}`, or first): at
    /// least the file's statements, and no more than its words.
    private let statementStarts: Int

    // MARK: - Tokens

    private var peek: Lexeme { tokens[p] }

    /// The keyword a token is, if it is one.
    private func keyword(_ t: Lexeme) -> Keyword? {
        t.tag == .word ? Keyword(rawValue: t.payload) : nil
    }

    /// How a syntax error names the token: `word 'tap'`, `'}'`, `newline`.
    private func describe(_ t: Lexeme) -> String { lexed.token(t).description }

    @discardableResult
    private mutating func advance() -> Lexeme {
        let t = tokens[p]
        if p < tokens.count - 1 { p += 1 }
        return t
    }

    private var previousEnd: Int { p > 0 ? tokens[p - 1].range.end : 0 }

    private mutating func skipNewlines() {
        while peek.tag == .newline { advance() }
    }

    private mutating func skipSeparators() {
        while true {
            switch peek.tag {
            case .newline, .semicolon: advance()
            default: return
            }
        }
    }

    // MARK: - Errors

    private mutating func report(
        _ message: String, at range: SourceRange, label: String? = nil, notes: [String] = []
    ) {
        guard !gaveUp else { return }
        if diagnostics.count >= limits.maxErrors {
            gaveUp = true
            return
        }
        diagnostics.append(source.diagnostic(message, at: range, label: label, notes: notes))
    }

    /// Where to point for an error about `t`: a missing thing at the end of a line is
    /// pointed at right after the last token, not after a trailing comment.
    private func spot(_ t: Lexeme) -> SourceRange {
        switch t.tag {
        case .newline, .end: return SourceRange(previousEnd, previousEnd)
        default: return t.range
        }
    }

    /// Records an error and unwinds to the statement boundary.
    private mutating func fail(
        _ message: String, at range: SourceRange, label: String? = nil, notes: [String] = []
    ) -> SyntaxError {
        report(message, at: range, label: label, notes: notes)
        return SyntaxError()
    }

    private func lineNumber(_ offset: Int) -> Int { source.lineIndex(of: offset) + 1 }

    /// "'{' is never closed", once per file.
    private mutating func unclosed(_ opener: Lexeme, what: String) -> SyntaxError {
        if !reachedEndOpen {
            reachedEndOpen = true
            let closer = opener.tag == .leftBracket ? "]" : "}"
            report(
                "unclosed '\(opener.tag == .leftBracket ? "[" : "{")'", at: opener.range,
                label: "this \(what) has no matching '\(closer)'")
        }
        return SyntaxError()
    }

    /// Whether the token at `index` looks like the start of a statement rather than the
    /// next entry of a value: a word not followed by `:`, `,`, `]` or `}`.
    private func looksLikeStatementStart(_ index: Int) -> Bool {
        guard index < tokens.count, tokens[index].tag == .word else { return false }
        let next = tokens[min(index + 1, tokens.count - 1)].tag
        switch next {
        case .colon, .comma, .rightBracket, .rightBrace: return false
        default: return true
        }
    }

    private func isFirstOnLine(_ index: Int) -> Bool {
        index == 0 || tokens[index - 1].tag == .newline
    }

    /// Skips to the next statement boundary after an error: a newline or `;` outside the
    /// brackets of a value, or the `}` of the enclosing block. Inside a value left open,
    /// a line that starts like a statement also ends the skipping.
    private mutating func synchronize() {
        var open = openers.count
        openers.removeAll()
        if open > 0 && isFirstOnLine(p) && looksLikeStatementStart(p) { return }
        while true {
            switch peek.tag {
            case .end:
                return
            case .newline, .semicolon:
                if open == 0 { return }
                advance()
                var k = p
                while tokens[k].tag == .newline && k < tokens.count - 1 { k += 1 }
                if looksLikeStatementStart(k) {
                    p = k
                    return
                }
            case .leftBrace, .leftBracket:
                open += 1
                advance()
            case .rightBrace:
                if open == 0 { return }
                open -= 1
                advance()
            case .rightBracket:
                if open > 0 { open -= 1 }
                advance()
            default:
                advance()
            }
        }
    }

    /// Skips from an opening bracket to its match (any mix of `{ [ } ]`). Used when the
    /// nesting limit is reached: the whole construct is one error.
    private mutating func skipBalanced() {
        var open = 0
        while true {
            switch peek.tag {
            case .end:
                reachedEndOpen = true
                return
            case .leftBrace, .leftBracket:
                open += 1
            case .rightBrace, .rightBracket:
                open -= 1
                if open <= 0 {
                    advance()
                    return
                }
            default:
                break
            }
            advance()
        }
    }

    /// Checks the nesting limit before opening a bracket at `peek`. False (with the error
    /// reported and the construct skipped) when it is reached.
    private mutating func enterNesting() -> Bool {
        if depth >= limits.maxNesting {
            report(
                "nesting deeper than the limit of \(limits.maxNesting) levels", at: spot(peek),
                label: "blocks and brackets nest too deep here")
            skipBalanced()
            return false
        }
        depth += 1
        return true
    }

    // MARK: - Statements

    /// Statements until the end of the file (`opener` nil) or the `}` closing the block
    /// opened by `opener`. Returns the statements and the end of the closing `}`.
    private mutating func parseStatements(opener: Lexeme?) -> (statements: [Stmt], end: Int?) {
        var statements: [Stmt] = []
        // A file's statements are sized once: growing an array of large elements copied them
        // all at every doubling.
        if opener == nil { statements.reserveCapacity(statementStarts) }
        while !gaveUp {
            skipSeparators()
            switch peek.tag {
            case .end:
                if let opener { _ = unclosed(opener, what: "block") }
                return (statements, nil)
            case .rightBrace:
                if opener != nil {
                    return (statements, advance().range.end)
                }
                report("unexpected '}'", at: spot(peek), label: "no block to close")
                advance()
                continue
            default:
                break
            }
            let depthBefore = depth
            recovered = nil
            do {
                let statement = try parseStatement()
                let isCommand = if case .command = statement.kind { true } else { false }
                statements.append(statement)
                try expectStatementEnd(afterCommand: isCommand)
            } catch {
                if let r = recovered { statements.append(r) }
                recovered = nil
                depth = depthBefore
                synchronize()
            }
        }
        return (statements, nil)
    }

    private mutating func expectStatementEnd(afterCommand isCommand: Bool) throws(SyntaxError) {
        let t = peek
        if t.tag.endsStatement { return }
        var label = "a statement ends at the end of the line or at ';'"
        if isCommand {
            switch t.tag {
            case .comma: label = "arguments are separated by spaces"
            case .colon: label = "a ':' only separates a key from its value inside { }"
            case .equals: label = "'=' only follows the name in 'let NAME = VALUE'"
            default: break
            }
        }
        throw fail("unexpected \(describe(t))", at: spot(t), label: label)
    }

    private mutating func parseStatement() throws(SyntaxError) -> Stmt {
        let head = peek
        guard head.tag == .word else {
            if head.tag.startsValue {
                throw fail(
                    "expected a command, got \(describe(head))", at: head.range,
                    label: "a statement starts with a command word")
            }
            throw fail("unexpected \(describe(head))", at: spot(head))
        }
        switch keyword(head) {
        case .let?: return try parseLet()
        case .repeat?: return try parseRepeat()
        case .for?: return try parseFor()
        case .def?: return try parseDef()
        case .include?: return try parseInclude()
        case .case?: return try parseCase()
        case .tags?: return try parseTags()
        case .skip?: return try parseSkip()
        case .knownBug?: return try parseKnownBug()
        case .always?: return try parseProperty(.always)
        case .never?: return try parseProperty(.never)
        case .bug?: return try parseBug()
        case .alphabet?: return try parseAlphabet()
        default: return try parseCommand()
        }
    }

    private mutating func parseCommand() throws(SyntaxError) -> Stmt {
        let head = advance()
        guard head.tag == .word else { throw fail("expected a command", at: head.range) }
        // The values up to the end of the statement, counted so the array is made once.
        var count = 1
        var k = p
        while tokens[k].tag.startsValue, tokens[k].tag != .leftBracket, tokens[k].tag != .leftBrace {
            count += 1
            k += 1
        }
        var arguments: [Expr] = []
        arguments.reserveCapacity(tokens[k].tag.startsValue ? count + 4 : count)
        arguments.append(Expr(.word(lexed.word(head)), head.range))
        while peek.tag.startsValue {
            arguments.append(try parseValue(inside: false))
        }
        return Stmt(.command(arguments), SourceRange(head.range.start, previousEnd))
    }

    /// A name after `let`, `for` or `def`, or as a parameter.
    private mutating func parseName(after what: String) throws(SyntaxError) -> Name {
        let t = peek
        guard t.tag == .word else {
            throw fail("expected a name after \(what), got \(describe(t))", at: spot(t))
        }
        let w = lexed.word(t)
        advance()
        if !Lexer.isName(w) {
            report(
                "'\(Token.abbreviate(w))' is not a valid name", at: t.range,
                label: "names are a letter then letters, digits, '_' or '-'")
        } else if let k = keyword(t), k != .null {
            report("'\(w)' is a keyword and cannot be a name", at: t.range)
        }
        return Name(w, t.range)
    }

    private mutating func parseLet() throws(SyntaxError) -> Stmt {
        let keyword = advance()
        let name = try parseName(after: "'let'")
        let placeholder = Stmt(
            .let(name, Expr(.none, SourceRange(name.range.end, name.range.end))), keyword.range.union(name.range))
        guard peek.tag == .equals else {
            recovered = placeholder
            throw fail(
                "expected '=' after 'let \(name.text)', got \(describe(peek))", at: spot(peek),
                label: "write let \(name.text) = VALUE")
        }
        advance()
        guard peek.tag.startsValue else {
            recovered = placeholder
            throw fail("expected a value after '=', got \(describe(peek))", at: spot(peek), label: "missing value")
        }
        do {
            let value = try parseValue(inside: false)
            return Stmt(.let(name, value), SourceRange(keyword.range.start, previousEnd))
        } catch {
            recovered = placeholder
            throw SyntaxError()
        }
    }

    /// A value in a block header (`repeat N`, `for x in LIST`, `case "name"`): a `{` there
    /// opens the block, so it is not a value.
    private mutating func parseHeaderValue(_ expected: String, after what: String) throws(SyntaxError) -> Expr {
        let t = peek
        if t.tag == .leftBrace {
            throw fail("expected \(expected) after \(what), got '{'", at: t.range)
        }
        guard t.tag.startsValue else {
            throw fail("expected \(expected) after \(what), got \(describe(t))", at: spot(t))
        }
        return try parseValue(inside: false)
    }

    /// After a header error: if the block's `{` is on this line, parse the block anyway
    /// (its own errors are real ones) and carry on; otherwise unwind.
    private mutating func recoverBlock() throws(SyntaxError) -> Block {
        openers.removeAll()
        var k = p
        while true {
            switch tokens[k].tag {
            case .leftBrace:
                p = k
                return try parseBlock(for: "")
            case .newline, .semicolon, .end, .rightBrace:
                throw SyntaxError()
            default:
                k += 1
            }
        }
    }

    /// `{ statement* }`, its `{` on the header's line.
    private mutating func parseBlock(for header: @autoclosure () -> String) throws(SyntaxError) -> Block {
        let open = peek
        guard open.tag == .leftBrace else {
            throw fail(
                "expected '{' after \(header()), got \(describe(open))", at: spot(open),
                label: "the block's '{' goes on the same line")
        }
        guard enterNesting() else {
            return Block(statements: [], range: SourceRange(open.range.start, previousEnd))
        }
        advance()
        let savedOpeners = openers
        openers = []
        let (statements, end) = parseStatements(opener: open)
        openers = savedOpeners
        depth -= 1
        guard let end else { throw SyntaxError() }
        return Block(statements: statements, range: SourceRange(open.range.start, end))
    }

    private mutating func parseRepeat() throws(SyntaxError) -> Stmt {
        let keyword = advance()
        let count: Expr
        do {
            count = try parseHeaderValue("a count", after: "'repeat'")
        } catch {
            _ = try recoverBlock()
            throw SyntaxError()
        }
        let file = source
        let body = try parseBlock(for: "'repeat \(Token.abbreviate(file.text(count.range)))'")
        return Stmt(.repeat(count: count, body: body), SourceRange(keyword.range.start, body.range.end))
    }

    private mutating func parseFor() throws(SyntaxError) -> Stmt {
        let keyword = advance()
        let variable: Name
        let sequence: Expr
        do {
            variable = try parseName(after: "'for'")
            guard self.keyword(peek) == .in else {
                throw fail(
                    "expected 'in' after 'for \(variable.text)', got \(describe(peek))", at: spot(peek),
                    label: "write for \(variable.text) in [a, b] { … }")
            }
            advance()
            sequence = try parseHeaderValue("a list", after: "'in'")
        } catch {
            _ = try recoverBlock()
            throw SyntaxError()
        }
        let body = try parseBlock(for: "'for \(variable.text) in …'")
        return Stmt(
            .for(variable: variable, sequence: sequence, body: body), SourceRange(keyword.range.start, body.range.end))
    }

    private mutating func parseDef() throws(SyntaxError) -> Stmt {
        let keyword = advance()
        let name: Name
        do {
            name = try parseName(after: "'def'")
        } catch {
            _ = try recoverBlock()
            throw SyntaxError()
        }
        var parameters: [Name] = []
        let emptyBody = Block(statements: [], range: SourceRange(name.range.end, name.range.end))
        recovered = Stmt(.def(name: name, parameters: [], body: emptyBody), keyword.range.union(name.range))
        do {
            while peek.tag == .word {
                parameters.append(try parseName(after: "the name of 'def'"))
            }
            if peek.tag != .leftBrace && !peek.tag.endsStatement {
                throw fail(
                    "expected a parameter name or '{', got \(describe(peek))", at: spot(peek),
                    label: "parameters are plain names; use them as $name in the body")
            }
        } catch {
            let body = try recoverBlock()
            recovered = nil
            return Stmt(
                .def(name: name, parameters: parameters, body: body), SourceRange(keyword.range.start, body.range.end))
        }
        recovered = Stmt(.def(name: name, parameters: parameters, body: emptyBody), keyword.range.union(name.range))
        let body = try parseBlock(for: "'def \(name.text)'")
        recovered = nil
        return Stmt(
            .def(name: name, parameters: parameters, body: body), SourceRange(keyword.range.start, body.range.end))
    }

    private mutating func parseInclude() throws(SyntaxError) -> Stmt {
        let keyword = advance()
        guard peek.tag.startsValue, peek.tag != .leftBrace else {
            throw fail("expected a quoted path after 'include', got \(describe(peek))", at: spot(peek))
        }
        let path = try parseValue(inside: false)
        return Stmt(.include(path: path), SourceRange(keyword.range.start, previousEnd))
    }

    private mutating func parseCase() throws(SyntaxError) -> Stmt {
        let keyword = advance()
        let name: Expr
        do {
            name = try parseHeaderValue("a quoted case name", after: "'case'")
        } catch {
            _ = try recoverBlock()
            throw SyntaxError()
        }
        let file = source
        let body = try parseBlock(for: "'case \(Token.abbreviate(file.text(name.range)))'")
        return Stmt(.case(name: name, body: body), SourceRange(keyword.range.start, body.range.end))
    }

    private mutating func parseTags() throws(SyntaxError) -> Stmt {
        let keyword = advance()
        var names: [Name] = []
        while true {
            switch lexed.kind(peek) {
            case .word(let w), .number(let w, _), .duration(let w, _):
                names.append(Name(w, advance().range))
                continue
            default:
                break
            }
            break
        }
        if names.isEmpty {
            throw fail(
                "expected at least one tag after 'tags', got \(describe(peek))", at: spot(peek),
                label: "tags are words")
        }
        return Stmt(.tags(names), SourceRange(keyword.range.start, previousEnd))
    }

    private mutating func parseSkip() throws(SyntaxError) -> Stmt {
        let keyword = advance()
        var reason: Expr?
        if peek.tag.startsValue {
            reason = try parseValue(inside: false)
        }
        return Stmt(.skip(reason: reason), SourceRange(keyword.range.start, previousEnd))
    }

    /// `known-bug ["REF" [because "TEXT" [in PUSH]]]` (the checker checks the values).
    private mutating func parseKnownBug() throws(SyntaxError) -> Stmt {
        let keyword = advance()
        var reference: Expr?
        var because: Expr?
        var push: Expr?
        if peek.tag.startsValue, !isWord(peek, "because") {
            reference = try parseValue(inside: false)
        }
        if isWord(peek, "because") {
            advance()
            guard peek.tag.startsValue else {
                throw fail(
                    "expected the cause as quoted trace text after 'because', got \(describe(peek))",
                    at: spot(peek), label: "write known-bug \"REF\" because \"text of a trace event\"")
            }
            because = try parseValue(inside: false)
            if self.keyword(peek) == .in {
                advance()
                guard peek.tag.startsValue else {
                    throw fail(
                        "expected a push after 'in', got \(describe(peek))", at: spot(peek),
                        label: "write … because \"TEXT\" in p1")
                }
                push = try parseValue(inside: false)
            }
        }
        return Stmt(
            .knownBug(reference: reference, because: because, push: push), SourceRange(keyword.range.start, previousEnd))
    }

    /// Whether `t` is the word `text` (not a keyword of its own).
    private func isWord(_ t: Lexeme, _ text: String) -> Bool {
        t.tag == .word && lexed.word(t) == text
    }

    /// `bug COMMAND` / `bug always|never COMMAND` (the checker makes sure it is an expectation).
    private mutating func parseBug() throws(SyntaxError) -> Stmt {
        let keyword = advance()
        var property: PropertyKind?
        switch self.keyword(peek) {
        case .always?: property = .always
        case .never?: property = .never
        default: break
        }
        if property != nil { advance() }
        guard peek.tag == .word else {
            throw fail(
                "expected an expectation after 'bug', got \(describe(peek))", at: spot(peek),
                label: "write bug expect …")
        }
        let command = try parseCommand()
        guard case .command(let arguments) = command.kind else { throw SyntaxError() }
        return Stmt(
            .bug(keyword: keyword.range, property: property, expectation: arguments),
            SourceRange(keyword.range.start, command.range.end))
    }

    /// `always COMMAND` / `never COMMAND` (the checker makes sure it is an expectation).
    private mutating func parseProperty(_ kind: PropertyKind) throws(SyntaxError) -> Stmt {
        let keyword = advance()
        guard peek.tag == .word else {
            throw fail(
                "expected an expectation after '\(kind.rawValue)', got \(describe(peek))", at: spot(peek),
                label: "write \(kind.rawValue) expect …")
        }
        let command = try parseCommand()
        guard case .command(let arguments) = command.kind else { throw SyntaxError() }
        return Stmt(
            .property(kind, keyword: keyword.range, expectation: arguments),
            SourceRange(keyword.range.start, command.range.end))
    }

    /// `alphabet { statement* }`.
    private mutating func parseAlphabet() throws(SyntaxError) -> Stmt {
        let keyword = advance()
        let body = try parseBlock(for: "'alphabet'")
        return Stmt(.alphabet(body), SourceRange(keyword.range.start, body.range.end))
    }

    // MARK: - Values

    /// One value. `inside` is true within the brackets of a list or object, where `null`
    /// (JSON) means `none`.
    private mutating func parseValue(inside: Bool) throws(SyntaxError) -> Expr {
        let t = peek
        switch t.tag {
        case .word:
            advance()
            switch keyword(t) {
            case .true?: return Expr(.bool(true), t.range)
            case .false?: return Expr(.bool(false), t.range)
            case .none?: return Expr(.none, t.range)
            case .null? where inside: return Expr(.none, t.range)
            default: return Expr(.word(lexed.word(t)), t.range)
            }
        case .variable:
            advance()
            return Expr(.variable(lexed.word(t)), t.range)
        case .number, .duration, .string, .rawString:
            advance()
            switch lexed.literals[Int(t.payload)] {
            case .number(let text, let value): return Expr(.number(text: text, value: value), t.range)
            case .duration(let text, let ms): return Expr(.duration(text: text, milliseconds: ms), t.range)
            case .string(let parts): return Expr(.string(parts), t.range)
            case .rawString(let text): return Expr(.rawString(text), t.range)
            default: throw fail("expected a value, got \(describe(t))", at: spot(t))
            }
        case .leftBracket, .leftBrace:
            guard enterNesting() else {
                return Expr(t.tag == .leftBracket ? .list([]) : .object([]), SourceRange(t.range.start, previousEnd))
            }
            openers.append(advance())
            let value = t.tag == .leftBracket ? try parseListRest(t) : try parseObjectRest(t)
            openers.removeLast()
            depth -= 1
            if openers.isEmpty && value.range.count > limits.maxLiteralBytes {
                report(
                    "\(t.tag == .leftBracket ? "list" : "object") literal of \(value.range.count) bytes is longer than the limit of 64 KiB (\(limits.maxLiteralBytes) bytes)",
                    at: SourceRange(t.range.start, t.range.end), label: "this literal is too long")
            }
            return value
        case .end:
            throw fail("expected a value, got end of file", at: spot(t))
        default:
            throw fail("expected a value, got \(describe(t))", at: spot(t))
        }
    }

    /// The error for a missing `,` or closer inside a value.
    private mutating func badSeparator(_ opener: Lexeme, what: String, closer: String) -> SyntaxError {
        let t = peek
        if t.tag == .end { return unclosed(opener, what: what) }
        var notes: [String] = []
        if lineNumber(t.range.start) > lineNumber(opener.range.start) {
            notes.append("the '\(closer == "]" ? "[" : "{")' on line \(lineNumber(opener.range.start)) is not closed")
        }
        return fail("expected ',' or '\(closer)' in \(what), got \(describe(t))", at: spot(t), notes: notes)
    }

    private mutating func parseListRest(_ open: Lexeme) throws(SyntaxError) -> Expr {
        var items: [Expr] = []
        skipNewlines()
        if peek.tag != .rightBracket { items.reserveCapacity(4) }  // one allocation for most lists
        while true {
            if peek.tag == .rightBracket { break }
            if peek.tag == .end { throw unclosed(open, what: "list") }
            items.append(try parseValue(inside: true))
            skipNewlines()
            if peek.tag == .comma {
                advance()
                skipNewlines()
                continue
            }
            if peek.tag == .rightBracket { break }
            throw badSeparator(open, what: "list", closer: "]")
        }
        let close = advance()
        return Expr(.list(items), SourceRange(open.range.start, close.range.end))
    }

    private mutating func parseObjectRest(_ open: Lexeme) throws(SyntaxError) -> Expr {
        var entries: [ObjectEntry] = []
        skipNewlines()
        while true {
            if peek.tag == .rightBrace { break }
            if peek.tag == .end { throw unclosed(open, what: "object") }
            let key = try parseKey()
            guard peek.tag == .colon else {
                if peek.tag == .end { throw unclosed(open, what: "object") }
                var label: String? = nil
                if key.text.utf8.contains(UInt8(ascii: ":")) {
                    label = "put a space after the ':' in '\(Token.abbreviate(key.text))'"
                }
                throw fail(
                    "expected ':' after the key '\(Token.abbreviate(key.text))', got \(describe(peek))", at: spot(peek),
                    label: label)
            }
            advance()
            skipNewlines()
            let value = try parseValue(inside: true)
            entries.append(ObjectEntry(key: key, value: value))
            skipNewlines()
            if peek.tag == .comma {
                advance()
                skipNewlines()
                continue
            }
            if peek.tag == .rightBrace { break }
            throw badSeparator(open, what: "object", closer: "}")
        }
        let close = advance()
        return Expr(.object(entries), SourceRange(open.range.start, close.range.end))
    }

    /// An object key: a word (`title`), a quoted string without interpolation
    /// (`"title"`), a raw string or a number.
    private mutating func parseKey() throws(SyntaxError) -> Name {
        let t = peek
        switch lexed.kind(t) {
        case .word(let w), .number(let w, _), .duration(let w, _):
            advance()
            return Name(w, t.range)
        case .rawString(let s):
            advance()
            return Name(s, t.range)
        case .string(let parts):
            advance()
            var text = ""
            for part in parts {
                switch part {
                case .text(let s): text += s
                case .interpolation:
                    report("a key cannot interpolate a variable", at: t.range)
                }
            }
            return Name(text, t.range)
        default:
            throw fail("expected a key, got \(describe(t))", at: spot(t), label: "keys are words or quoted strings")
        }
    }
}
