/// One token of a `.scn` file: what it is (with its decoded payload) and where it is.
///
/// The lexer keeps every token's byte range so that the parser, the checker and the
/// formatter can go back to the exact source spelling.
public struct Token: Hashable, Sendable, CustomStringConvertible {
    /// What the token is, with its decoded payload.
    public enum Kind: Hashable, Sendable {
        /// Letters, digits and `_ - . / :`, starting with a letter or a digit.
        /// Keywords (`let`, `repeat`, …, `true`, `none`) are words too: the parser
        /// recognises them by their text where they have a meaning.
        case word(String)
        /// `42`, `3.5`, `-1`, `1e3`; `text` is the source spelling.
        case number(text: String, value: Double)
        /// `61s`, `1m30s`, `500ms`, `2d`, in milliseconds; `text` is the source spelling.
        case duration(text: String, milliseconds: Int64)
        /// `"…"` with escapes resolved and `${name}` interpolations split out.
        case string([StringPart])
        /// `'…'`, verbatim.
        case rawString(String)
        /// `$name` (or `${name}`).
        case variable(String)
        case leftBrace, rightBrace, leftBracket, rightBracket
        case comma, colon, equals, semicolon
        case newline
        /// The end of the file (always the last token).
        case end
    }

    public var kind: Kind
    /// The token's bytes in the source (a string's include its quotes).
    public var range: SourceRange

    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// How a syntax error names the token: `word 'tap'`, `'}'`, `newline`.
    public var description: String {
        switch kind {
        case .word(let w): return "word '\(Token.abbreviate(w))'"
        case .number(let t, _): return "number \(Token.abbreviate(t))"
        case .duration(let t, _): return "duration \(t)"
        case .string: return "string"
        case .rawString: return "raw string"
        case .variable(let n): return "variable $\(n)"
        case .leftBrace: return "'{'"
        case .rightBrace: return "'}'"
        case .leftBracket: return "'['"
        case .rightBracket: return "']'"
        case .comma: return "','"
        case .colon: return "':'"
        case .equals: return "'='"
        case .semicolon: return "';'"
        case .newline: return "newline"
        case .end: return "end of file"
        }
    }

    /// Whether the token can start a value (an argument).
    public var startsValue: Bool {
        switch kind {
        case .word, .number, .duration, .string, .rawString, .variable, .leftBrace, .leftBracket:
            return true
        default:
            return false
        }
    }

    /// Whether the token ends a statement: a newline, `;`, `}` or the end of the file.
    public var endsStatement: Bool {
        switch kind {
        case .newline, .semicolon, .rightBrace, .end: return true
        default: return false
        }
    }

    static func abbreviate(_ s: String, max: Int = 40) -> String {
        // A text of at most `max` bytes has at most `max` scalars: nothing to cut.
        if s.utf8.count <= max { return s }
        let scalars = s.unicodeScalars
        guard let cut = scalars.index(scalars.startIndex, offsetBy: max, limitedBy: scalars.endIndex),
            cut != scalars.endIndex
        else { return s }
        return String(scalars[..<cut]) + "…"
    }
}
