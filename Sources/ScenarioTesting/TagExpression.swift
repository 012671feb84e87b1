import ScenarioLanguage

/// A `--tags` expression: tag names combined with `and`, `or`, `not` and parentheses.
///
/// Precedence is `not` > `and` > `or`, and `and`/`or` group to the left, so
/// `a or b and not c` means `a or (b and (not c))`. A tag name is made of letters, digits
/// and `_ - . / :`, like the language's words (docs/LANGUAGE.md); tags compare exactly.
///
/// ```
/// let e = try TagExpression.parse("kindly and not slow")
/// e.matches(["kindly", "smoke"])  // true
/// ```
public indirect enum TagExpression: Sendable, Hashable, CustomStringConvertible {
    /// True when the case has this tag.
    case tag(String)
    /// True when the operand is false.
    case not(TagExpression)
    /// True when both are.
    case and(TagExpression, TagExpression)
    /// True when either is.
    case or(TagExpression, TagExpression)

    /// Whether a case with `tags` is selected.
    public func matches<S: Sequence<String>>(_ tags: S) -> Bool {
        matches(set: Set(tags))
    }

    private func matches(set: Set<String>) -> Bool {
        switch self {
        case .tag(let name): set.contains(name)
        case .not(let e): !e.matches(set: set)
        case .and(let a, let b): a.matches(set: set) && b.matches(set: set)
        case .or(let a, let b): a.matches(set: set) || b.matches(set: set)
        }
    }

    /// The expression with only the parentheses it needs: `a or (b and not c)` →
    /// `a or b and not c`.
    public var description: String { render(atLeast: 1) }

    /// Binding strength: `or` 1, `and` 2, `not` 3, a tag 4.
    private var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .not: 3
        case .tag: 4
        }
    }

    /// The expression, in parentheses when it binds less tightly than `atLeast`.
    private func render(atLeast: Int) -> String {
        let text: String
        switch self {
        case .tag(let name): text = name
        case .not(let e): text = "not " + e.render(atLeast: 3)
        case .and(let a, let b): text = a.render(atLeast: 2) + " and " + b.render(atLeast: 3)
        case .or(let a, let b): text = a.render(atLeast: 1) + " or " + b.render(atLeast: 2)
        }
        return precedence < atLeast ? "(\(text))" : text
    }

    /// Parses `text`.
    ///
    /// - Throws: ``TagExpressionError`` with the 1-based column of the problem.
    public static func parse(_ text: String) throws(TagExpressionError) -> TagExpression {
        let tokens = try tokenize(text)
        // Words, operators and parentheses; the end marker is not one.
        if tokens.count - 1 > maxTokens {
            throw TagExpressionError(
                message: "tag expression too long: at most \(maxTokens) tags, operators and parentheses",
                expression: text, column: tokens[maxTokens].column)
        }
        var parser = Parser(tokens: tokens, text: text)
        return try parser.parseWhole()
    }

    /// The most tags, operators and parentheses in one expression. With it, the tree is
    /// never deeper than this, so matching and freeing it cannot exhaust the stack.
    public static let maxTokens = 1000
    /// The most parentheses and `not`s nested inside each other.
    public static let maxDepth = 64

    // MARK: - Tokens

    enum Token: Equatable {
        case word(String)
        case and, or, not
        case open, close
        case end

        var shown: String {
            switch self {
            case .word(let w): "'\(w)'"
            case .and: "'and'"
            case .or: "'or'"
            case .not: "'not'"
            case .open: "'('"
            case .close: "')'"
            case .end: "the end of the expression"
            }
        }
    }

    struct Located {
        var token: Token
        var column: Int
    }

    static func isTagCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "-" || c == "." || c == "/" || c == ":"
    }

    static func tokenize(_ text: String) throws(TagExpressionError) -> [Located] {
        var tokens: [Located] = []
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            let column = i + 1
            if c.isWhitespace {
                i += 1
            } else if c == "(" {
                tokens.append(Located(token: .open, column: column))
                i += 1
            } else if c == ")" {
                tokens.append(Located(token: .close, column: column))
                i += 1
            } else if isTagCharacter(c) {
                var j = i
                while j < chars.count, isTagCharacter(chars[j]) { j += 1 }
                let word = String(chars[i..<j])
                let token: Token =
                    switch word {
                    case "and": .and
                    case "or": .or
                    case "not": .not
                    default: .word(word)
                    }
                tokens.append(Located(token: token, column: column))
                i = j
            } else {
                let next = i + 1 < chars.count ? chars[i + 1] : nil
                let hint: String? =
                    switch (c, next) {
                    case ("&", _): "write 'and'"
                    case ("|", _): "write 'or'"
                    case ("!", _), ("~", _): "write 'not'"
                    case (",", _): "write 'or' (either tag) or 'and' (both tags)"
                    case ("\"", _), ("'", _): "tag names are written without quotes"
                    default: nil
                    }
                let shown =
                    c.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.value < 0x20 }
                    ? "\(c.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined())"
                    : String(c)
                throw TagExpressionError(
                    message: "unexpected character '\(shown)'" + (hint.map { "; \($0)" } ?? ""),
                    expression: text, column: column)
            }
        }
        tokens.append(Located(token: .end, column: chars.count + 1))
        return tokens
    }

    // MARK: - Parser

    /// Recursive descent: expression := or ; or := and ("or" and)* ; and := not ("and" not)* ;
    /// not := "not" not | primary ; primary := TAG | "(" or ")"
    struct Parser {
        var tokens: [Located]
        var text: String
        var index = 0
        /// Parentheses and `not`s open around the current token.
        var depth = 0

        mutating func enter(at column: Int) throws(TagExpressionError) {
            depth += 1
            if depth > TagExpression.maxDepth {
                throw error(
                    "tag expression nested too deeply: at most \(TagExpression.maxDepth) parentheses and 'not's",
                    at: column)
            }
        }

        var current: Located { tokens[min(index, tokens.count - 1)] }

        mutating func advance() -> Located {
            let t = current
            if index < tokens.count - 1 { index += 1 }
            return t
        }

        func error(_ message: String, at column: Int) -> TagExpressionError {
            TagExpressionError(message: message, expression: text, column: column)
        }

        mutating func parseWhole() throws(TagExpressionError) -> TagExpression {
            if current.token == .end {
                throw error("empty tag expression; expected a tag name", at: 1)
            }
            let e = try parseOr()
            switch current.token {
            case .end:
                return e
            case .close:
                throw error("unexpected ')' with no '(' to close", at: current.column)
            case .word(let w):
                throw error(
                    "unexpected tag '\(w)' after a complete expression; join tags with 'and' or 'or'",
                    at: current.column)
            default:
                throw error("unexpected \(current.token.shown) after a complete expression", at: current.column)
            }
        }

        mutating func parseOr() throws(TagExpressionError) -> TagExpression {
            var left = try parseAnd()
            while current.token == .or {
                let op = advance()
                left = .or(left, try parseOperand(after: op))
            }
            return left
        }

        mutating func parseOperand(after op: Located) throws(TagExpressionError) -> TagExpression {
            if current.token == .end || current.token == .close || current.token == .and || current.token == .or {
                throw error(
                    "expected a tag name, 'not' or '(' after \(op.token.shown), found \(current.token.shown)",
                    at: current.column)
            }
            return op.token == .or ? try parseAnd() : try parseNot()
        }

        mutating func parseAnd() throws(TagExpressionError) -> TagExpression {
            var left = try parseNot()
            while current.token == .and {
                let op = advance()
                left = .and(left, try parseOperand(after: op))
            }
            return left
        }

        mutating func parseNot() throws(TagExpressionError) -> TagExpression {
            if current.token == .not {
                let op = advance()
                try enter(at: op.column)
                defer { depth -= 1 }
                return .not(try parseOperand(after: op))
            }
            return try parsePrimary()
        }

        mutating func parsePrimary() throws(TagExpressionError) -> TagExpression {
            let t = advance()
            switch t.token {
            case .word(let w):
                return .tag(w)
            case .open:
                if current.token == .close {
                    throw error("empty parentheses; expected a tag name, 'not' or '('", at: current.column)
                }
                try enter(at: t.column)
                defer { depth -= 1 }
                let e = try parseOr()
                guard current.token == .close else {
                    if case .word(let w) = current.token {
                        throw error("unexpected tag '\(w)'; join tags with 'and' or 'or'", at: current.column)
                    }
                    throw error(
                        "expected ')' to close the '(' at column \(t.column), found \(current.token.shown)",
                        at: current.column)
                }
                _ = advance()
                return e
            case .close:
                throw error("unexpected ')'; expected a tag name, 'not' or '('", at: t.column)
            case .end:
                throw error("expected a tag name, 'not' or '(', found the end of the expression", at: t.column)
            case .and, .or, .not:
                throw error("expected a tag name before \(t.token.shown)", at: t.column)
            }
        }
    }
}

/// A `--tags` expression that does not parse: a usage error (exit code 2).
public struct TagExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. `expected a tag name, 'not' or '(' after 'and', found the end of the expression`.
    public var message: String
    /// The whole expression.
    public var expression: String
    /// The 1-based column (in characters) of the problem; one past the end for a problem at the end.
    public var column: Int

    /// `column 12: message`, then the expression and a caret under the column.
    public var description: String { lines.joined(separator: "\n") }

    /// ``description``'s lines, each safe to print: the expression escaped
    /// (``TerminalText/escape(_:keepingLineBreaks:)``), the caret still under the column.
    public var lines: [String] {
        var width = 0
        for (k, character) in expression.enumerated() where k < column - 1 {
            for scalar in character.unicodeScalars { width += TerminalText.escapedWidth(scalar) }
            width -= max(0, character.unicodeScalars.count - 1)  // a kept character is one column
        }
        if column - 1 > expression.count { width += column - 1 - expression.count }
        return [
            "column \(column): \(TerminalText.escape(message))", "  " + TerminalText.escape(expression),
            "  " + String(repeating: " ", count: max(0, width)) + "^",
        ]
    }
}
