/// Turns the bytes of a ``SourceFile`` into ``Token``s, in one pass, in linear time.
///
/// The lexer reads UTF-8 bytes, never `Character`s. It never fails: a problem (invalid
/// UTF-8, a NUL byte, an unterminated string, a bad escape, an unknown character, a
/// string over the size limit, a duration over 1000 days) becomes a ``Diagnostic`` at
/// its exact position, and lexing goes on so that one run reports every problem.
///
/// Newlines are tokens; the parser decides where they matter (statements) and where
/// they do not (inside the brackets of a value). Comments are collected apart, for the
/// formatter.
public struct Lexer {
    /// The tokens (ending with ``Token/Kind/end``), the comments, and the problems.
    public struct Output: Sendable {
        /// Every token but comments, in order, ending with ``Token/Kind/end``.
        public var tokens: [Token]
        /// The comments, in order.
        public var comments: [Comment]
        /// Lexical errors, in order.
        public var diagnostics: [Diagnostic]
        /// Warnings (they do not stop a file from running), in order: a direction control
        /// character inside a string or a comment.
        public var warnings: [Diagnostic] = []
    }

    /// Lexes a whole file.
    public static func tokenize(_ source: SourceFile, limits: LanguageLimits = .standard) -> Output {
        let (lexed, output) = scan(source, limits: limits)
        var out = output
        out.tokens = lexed.lexemes.map(lexed.token)
        return out
    }

    /// Lexes a whole file into ``Lexeme``s (what the parser reads); the output's `tokens`
    /// are left empty.
    static func scan(_ source: SourceFile, limits: LanguageLimits = .standard) -> (Lexed, Output) {
        var lexer = Lexer(source: source, limits: limits)
        lexer.run()
        return (
            Lexed(lexemes: lexer.lexemes, literals: lexer.literals, words: lexer.words),
            Output(
                tokens: [], comments: lexer.comments, diagnostics: lexer.diagnostics, warnings: lexer.warnings)
        )
    }

    private let source: SourceFile
    private let b: [UInt8]
    private let limits: LanguageLimits
    private var i = 0
    private var lexemes: [Lexeme] = []
    private var literals: [Token.Kind] = []
    private var words = WordTable()
    private var comments: [Comment] = []
    private var diagnostics: [Diagnostic] = []
    private var warnings: [Diagnostic] = []

    private init(source: SourceFile, limits: LanguageLimits) {
        self.source = source
        self.b = source.bytes
        self.limits = limits
        // About one token in five bytes in real files; growing past that is amortised.
        lexemes.reserveCapacity(b.count / 5 + 1)
    }

    // MARK: - Bytes

    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")
    private static let quote = UInt8(ascii: "\"")
    private static let apostrophe = UInt8(ascii: "'")
    private static let backslash = UInt8(ascii: "\\")
    private static let dollar = UInt8(ascii: "$")
    private static let hash = UInt8(ascii: "#")
    private static let colon = UInt8(ascii: ":")
    private static let minus = UInt8(ascii: "-")
    private static let plus = UInt8(ascii: "+")
    private static let dot = UInt8(ascii: ".")

    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isASCIILetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    static func isHex(_ c: UInt8) -> Bool { isDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66) }
    /// ASCII bytes that may appear inside a word.
    static func isASCIIWordByte(_ c: UInt8) -> Bool {
        isDigit(c) || isASCIILetter(c) || c == UInt8(ascii: "_") || c == minus || c == dot
            || c == UInt8(ascii: "/") || c == colon
    }
    /// ASCII bytes that stand for themselves inside a `"…"` string: not NUL, a newline, `"`,
    /// `\` or `$`.
    static func isPlainStringByte(_ c: UInt8) -> Bool {
        c != 0 && c < 0x80 && c != lf && c != quote && c != backslash && c != dollar
    }
    /// Bytes of a variable name after its first letter.
    static func isNameByte(_ c: UInt8) -> Bool {
        isDigit(c) || isASCIILetter(c) || c == UInt8(ascii: "_") || c == minus
    }
    /// Whether `s` is a valid variable, parameter or `def` name: an ASCII letter or `_`,
    /// then letters, digits, `_` or `-`.
    public static func isName(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard let first = u.first, isASCIILetter(first) || first == UInt8(ascii: "_") else { return false }
        return u.dropFirst().allSatisfy(isNameByte)
    }

    /// Decodes the Unicode scalar starting at `at`, strictly (no overlong forms, no
    /// surrogates, nothing above U+10FFFF). Nil when the bytes are not valid UTF-8.
    static func decodeScalar(_ b: [UInt8], at: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let n = b.count
        let c0 = b[at]
        if c0 < 0x80 { return (Unicode.Scalar(c0), 1) }
        func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> UInt32? {
            guard k < n, b[k] >= lo, b[k] <= hi else { return nil }
            return UInt32(b[k] & 0x3F)
        }
        var value: UInt32
        var length: Int
        switch c0 {
        case 0xC2...0xDF:
            guard let x = cont(at + 1) else { return nil }
            value = UInt32(c0 & 0x1F) << 6 | x
            length = 2
        case 0xE0...0xEF:
            let lo: UInt8 = c0 == 0xE0 ? 0xA0 : 0x80
            let hi: UInt8 = c0 == 0xED ? 0x9F : 0xBF
            guard let x = cont(at + 1, lo, hi), let y = cont(at + 2) else { return nil }
            value = UInt32(c0 & 0x0F) << 12 | x << 6 | y
            length = 3
        case 0xF0...0xF4:
            let lo: UInt8 = c0 == 0xF0 ? 0x90 : 0x80
            let hi: UInt8 = c0 == 0xF4 ? 0x8F : 0xBF
            guard let x = cont(at + 1, lo, hi), let y = cont(at + 2), let z = cont(at + 3) else { return nil }
            value = UInt32(c0 & 0x07) << 18 | x << 12 | y << 6 | z
            length = 4
        default:
            return nil
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// Length of the word character at `at` (0 if it is not one): ASCII word bytes and
    /// letters outside ASCII.
    private func wordCharLength(at k: Int) -> Int {
        guard k < b.count else { return 0 }
        let c = b[k]
        if c < 0x80 { return Lexer.isASCIIWordByte(c) ? 1 : 0 }
        guard let (scalar, length) = Lexer.decodeScalar(b, at: k), scalar.properties.isAlphabetic else { return 0 }
        return length
    }

    // MARK: - Diagnostics

    private mutating func error(_ message: String, _ start: Int, _ end: Int, label: String? = nil) {
        guard diagnostics.count < limits.maxErrors else { return }
        diagnostics.append(source.diagnostic(message, at: SourceRange(start, end), label: label))
    }

    private var gaveUp: Bool { diagnostics.count >= limits.maxErrors }

    /// Where a character is read: what the warning about it advises depends on whether the
    /// place has escapes.
    private enum Place {
        case string, rawString, comment
    }

    /// A direction control character (``TerminalText/isDirectionControl(_:)``) at `k`: a
    /// warning at its exact position saying what it is and how to write it visibly.
    private mutating func warnIfInvisible(_ scalar: Unicode.Scalar, at k: Int, length: Int, in place: Place) {
        guard TerminalText.isDirectionControl(scalar), warnings.count < limits.maxErrors else { return }
        let code = Lexer.describe(scalar)
        let name = scalar.properties.name.map { " (\($0))" } ?? ""
        let escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        let (what, label): (String, String)
        switch place {
        case .string:
            (what, label) = ("a string", "if it is meant, write it as \(escape)")
        case .rawString:
            (what, label) = ("a raw string", "a '…' string has no escapes: remove it, or write \"…\" with \(escape)")
        case .comment:
            (what, label) = ("a comment", "remove it: a comment has no escapes")
        }
        warnings.append(
            source.diagnostic(
                "invisible direction control \(code)\(name) in \(what)", at: SourceRange(k, k + length), label: label,
                notes: [
                    "it reorders how the text around it is shown: the line can read differently from what it is"
                ],
                severity: .warning))
    }

    private mutating func emit(_ tag: Lexeme.Tag, _ start: Int, _ end: Int, payload: Int32 = 0) {
        lexemes.append(Lexeme(tag: tag, payload: payload, range: SourceRange(start, end)))
    }

    /// A number, duration, string or raw string: its payload goes to the literals table.
    private mutating func emit(_ tag: Lexeme.Tag, literal: Token.Kind, _ start: Int, _ end: Int) {
        emit(tag, start, end, payload: Int32(literals.count))
        literals.append(literal)
    }

    /// Describes a character for "unexpected character" errors: `'@'` or `U+00A0`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value >= 0x21 && scalar.value < 0x7F { return "'\(Character(scalar))'" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    // MARK: - The loop

    private mutating func run() {
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }  // byte order mark
        while i < b.count && !gaveUp {
            let c = b[i]
            switch c {
            case Lexer.space, Lexer.tab, Lexer.cr:
                i += 1
            case Lexer.lf:
                emit(.newline, i, i + 1)
                i += 1
            case Lexer.hash:
                lexComment()
            case UInt8(ascii: "{"): punct(.leftBrace)
            case UInt8(ascii: "}"): punct(.rightBrace)
            case UInt8(ascii: "["): punct(.leftBracket)
            case UInt8(ascii: "]"): punct(.rightBracket)
            case UInt8(ascii: ","): punct(.comma)
            case Lexer.colon: punct(.colon)
            case UInt8(ascii: "="): punct(.equals)
            case UInt8(ascii: ";"): punct(.semicolon)
            case Lexer.quote: lexString()
            case Lexer.apostrophe: lexRawString()
            case Lexer.dollar: lexVariable()
            case 0:
                error("NUL byte in the source", i, i + 1)
                i += 1
            case Lexer.minus where i + 1 < b.count && Lexer.isDigit(b[i + 1]):
                lexWordLike()
            default:
                if Lexer.isDigit(c) || Lexer.isASCIILetter(c) {
                    lexWordLike()
                } else if c >= 0x80 {
                    if let (scalar, length) = Lexer.decodeScalar(b, at: i) {
                        if scalar.properties.isAlphabetic {
                            lexWordLike()
                        } else {
                            error("unexpected character \(Lexer.describe(scalar))", i, i + length)
                            i += length
                        }
                    } else {
                        error("invalid UTF-8", i, i + 1)
                        i += 1
                    }
                } else {
                    error(
                        "unexpected character \(Lexer.describe(Unicode.Scalar(c)))", i, i + 1,
                        label: c == UInt8(ascii: "(") || c == UInt8(ascii: ")")
                            ? "arguments are separated by spaces, without parentheses" : nil)
                    i += 1
                }
            }
        }
        emit(.end, b.count, b.count)
    }

    private mutating func punct(_ tag: Lexeme.Tag) {
        emit(tag, i, i + 1)
        i += 1
    }

    // MARK: - Comments

    private mutating func lexComment() {
        let start = i
        i += 1
        var end = i
        while end < b.count && b[end] != Lexer.lf { end += 1 }
        // Validate what the comment holds: invalid UTF-8 and NUL are errors anywhere.
        var k = i
        var clean = true
        while k < end {
            let c = b[k]
            if c == 0 {
                error("NUL byte in the source", k, k + 1)
                clean = false
                k += 1
            } else if c < 0x80 {
                k += 1
            } else if let (scalar, length) = Lexer.decodeScalar(b, at: k), k + length <= end {
                warnIfInvisible(scalar, at: k, length: length, in: .comment)
                k += length
            } else {
                error("invalid UTF-8", k, k + 1)
                clean = false
                k += 1
            }
        }
        var textEnd = end
        if textEnd > i, b[textEnd - 1] == Lexer.cr { textEnd -= 1 }
        let text = clean ? String(decoding: b[i..<textEnd], as: UTF8.self) : ""
        comments.append(Comment(text: text, range: SourceRange(start, textEnd)))
        i = end
    }

    // MARK: - Words, numbers, durations

    /// A run of word characters starting at `i` (a letter, a digit, or `-` before a digit):
    /// a number, a duration, or a word. A trailing `:` is not part of it.
    private mutating func lexWordLike() {
        let start = i
        var end = start
        while true {
            let n = wordCharLength(at: end)
            if n == 0 { break }
            end += n
        }
        // `key:` — the colon(s) at the end are colon tokens, so `{key: value}` works.
        while end > start + 1 && b[end - 1] == Lexer.colon { end -= 1 }

        let first = b[start]
        if Lexer.isDigit(first) || first == Lexer.minus {
            if let numberEnd = scanNumber(from: start), numberEnd == end || extendsPastSign(numberEnd, end) {
                emitNumber(start, numberEnd)
                i = numberEnd
                return
            }
            if first != Lexer.minus, lexDuration(start, end) {
                i = end
                return
            }
        }
        if first == Lexer.minus {
            error("unexpected character '-'", start, start + 1)
            i = start + 1
            return
        }
        emit(.word, start, end, payload: words.intern(b, start, end))
        i = end
    }

    /// `1e+5`: the word run stops at `+`, but the number goes on.
    private func extendsPastSign(_ numberEnd: Int, _ wordEnd: Int) -> Bool {
        numberEnd > wordEnd && wordEnd < b.count && b[wordEnd] == Lexer.plus
            && wordCharLength(at: numberEnd) == 0
    }

    /// `-?digits(.digits)?([eE][+-]?digits)?` from `start`; the end offset, or nil.
    private func scanNumber(from start: Int) -> Int? {
        var k = start
        if k < b.count && b[k] == Lexer.minus { k += 1 }
        let intStart = k
        while k < b.count && Lexer.isDigit(b[k]) { k += 1 }
        guard k > intStart else { return nil }
        if k + 1 < b.count && b[k] == Lexer.dot && Lexer.isDigit(b[k + 1]) {
            k += 1
            while k < b.count && Lexer.isDigit(b[k]) { k += 1 }
        }
        if k < b.count && (b[k] | 0x20) == UInt8(ascii: "e") {
            var e = k + 1
            if e < b.count && (b[e] == Lexer.plus || b[e] == Lexer.minus) { e += 1 }
            let expStart = e
            while e < b.count && Lexer.isDigit(b[e]) { e += 1 }
            if e > expStart { k = e }
        }
        return k
    }

    private mutating func emitNumber(_ start: Int, _ end: Int) {
        let text = String(decoding: b[start..<end], as: UTF8.self)
        // Up to 15 digits, without a fraction or an exponent: exact as a Double, read here
        // rather than by strtod.
        let negative = b[start] == Lexer.minus
        let digitsStart = negative ? start + 1 : start
        if end - digitsStart <= 15, b[digitsStart..<end].allSatisfy(Lexer.isDigit) {
            var n = 0
            for k in digitsStart..<end { n = n * 10 + Int(b[k] - 0x30) }
            emit(.number, literal: .number(text: text, value: negative ? -Double(n) : Double(n)), start, end)
            return
        }
        guard let value = Double(text), value.isFinite else {
            error("number \(Token.abbreviate(text)) is out of range", start, end)
            emit(.number, literal: .number(text: text, value: 0), start, end)
            return
        }
        emit(.number, literal: .number(text: text, value: value), start, end)
    }

    /// A duration: groups of digits and a unit (`d h m s ms`), largest unit first, each
    /// unit once. Returns false (emitting nothing) when the run is not duration-shaped.
    private mutating func lexDuration(_ start: Int, _ end: Int) -> Bool {
        let unitMilliseconds: [Int64] = [86_400_000, 3_600_000, 60_000, 1000, 1]
        var k = start
        var total: Int64 = 0
        var lastUnit = -1
        var ordered = true
        var tooLong = false
        let max = limits.maxDurationMilliseconds
        while k < end {
            let digitsStart = k
            var amount: Int64 = 0
            while k < end && Lexer.isDigit(b[k]) {
                if amount <= max { amount = amount * 10 + Int64(b[k] - 0x30) }
                k += 1
            }
            guard k > digitsStart, k < end else { return false }
            let unit: Int
            switch b[k] {
            case UInt8(ascii: "d"): unit = 0
            case UInt8(ascii: "h"): unit = 1
            case UInt8(ascii: "s"): unit = 3
            case UInt8(ascii: "m"):
                if k + 1 < end && b[k + 1] == UInt8(ascii: "s") {
                    unit = 4
                    k += 1
                } else {
                    unit = 2
                }
            default: return false
            }
            k += 1
            if k < end && !Lexer.isDigit(b[k]) { return false }
            if unit <= lastUnit { ordered = false }
            lastUnit = unit
            if amount > max || amount > max / unitMilliseconds[unit] + 1 {
                tooLong = true
            } else {
                total += amount * unitMilliseconds[unit]
                if total > max { tooLong = true }
            }
        }
        let text = String(decoding: b[start..<end], as: UTF8.self)
        if !ordered {
            error(
                "malformed duration '\(Token.abbreviate(text))'", start, end,
                label: "write each unit once, largest first, like 1m30s")
        } else if tooLong {
            error("duration '\(Token.abbreviate(text))' is longer than the limit of 1000 days", start, end)
        }
        emit(.duration, literal: .duration(text: text, milliseconds: tooLong ? max : total), start, end)
        return true
    }

    // MARK: - Variables

    private mutating func lexVariable() {
        let start = i
        var k = i + 1
        let braced = k < b.count && b[k] == UInt8(ascii: "{")
        if braced { k += 1 }
        let nameStart = k
        if k < b.count && (Lexer.isASCIILetter(b[k]) || b[k] == UInt8(ascii: "_")) {
            k += 1
            while k < b.count && Lexer.isNameByte(b[k]) { k += 1 }
        }
        let nameEnd = k
        if nameEnd == nameStart || (braced && (k >= b.count || b[k] != UInt8(ascii: "}"))) {
            error("expected a variable name after '$'", start, max(start + 1, nameEnd), label: "write $name")
            i = max(start + 1, nameEnd)
            return
        }
        if braced { k += 1 }
        emit(.variable, start, k, payload: words.intern(b, nameStart, nameEnd))
        i = k
    }

    // MARK: - Strings

    /// Appends the valid UTF-8 scalar at `k` to `buffer`, or reports it. Returns the next offset.
    private mutating func copyScalar(at k: Int, into buffer: inout [UInt8], keep: Bool, in place: Place) -> Int {
        let c = b[k]
        if c == 0 {
            error("NUL byte in the source", k, k + 1)
            return k + 1
        }
        if c < 0x80 {
            if keep { buffer.append(c) }
            return k + 1
        }
        guard let (scalar, length) = Lexer.decodeScalar(b, at: k) else {
            error("invalid UTF-8", k, k + 1)
            return k + 1
        }
        warnIfInvisible(scalar, at: k, length: length, in: place)
        if keep { buffer.append(contentsOf: b[k..<(k + length)]) }
        return k + length
    }

    private mutating func tooLongString(_ start: Int) {
        error(
            "string longer than the limit of 1 MiB (\(limits.maxStringBytes) bytes)", start, start + 1,
            label: "this string is too long")
    }

    /// `"…"`: escapes and `${name}`; no raw newlines.
    private mutating func lexString() {
        let start = i
        var k = i + 1
        var parts: [StringPart] = []
        var buffer: [UInt8] = []
        var tooLong = false
        var terminated = false
        let maxBytes = limits.maxStringBytes

        func flush(_ parts: inout [StringPart], _ buffer: inout [UInt8]) {
            if !buffer.isEmpty {
                parts.append(.text(String(decoding: buffer, as: UTF8.self)))
                buffer.removeAll(keepingCapacity: true)
            }
        }

        while k < b.count {
            if !tooLong && k - start > maxBytes {
                tooLong = true
                tooLongString(start)
                buffer = []
                parts = []
            }
            let c = b[k]
            if c == Lexer.quote {
                k += 1
                terminated = true
                break
            }
            if c == Lexer.lf { break }
            if c == Lexer.backslash {
                k = lexEscape(at: k, into: &buffer, keep: !tooLong)
                continue
            }
            if c == Lexer.dollar && k + 1 < b.count && b[k + 1] == UInt8(ascii: "{") {
                let nameStart = k + 2
                var e = nameStart
                if e < b.count && (Lexer.isASCIILetter(b[e]) || b[e] == UInt8(ascii: "_")) {
                    e += 1
                    while e < b.count && Lexer.isNameByte(b[e]) { e += 1 }
                }
                if e > nameStart && e < b.count && b[e] == UInt8(ascii: "}") {
                    if !tooLong {
                        flush(&parts, &buffer)
                        let name = String(decoding: b[nameStart..<e], as: UTF8.self)
                        parts.append(.interpolation(Name(name, SourceRange(k, e + 1))))
                    }
                    k = e + 1
                } else {
                    error(
                        "invalid interpolation", k, Swift.max(k + 2, e),
                        label: "write ${name}, or \\$ for a literal '$'")
                    if !tooLong { buffer.append(c) }
                    k += 1
                }
                continue
            }
            // A run of ASCII bytes that mean themselves, copied at once; a string that is one
            // such run becomes its text straight from the source, without a buffer.
            var run = k
            let runLimit = Swift.min(b.count, start + maxBytes + 2)
            while run < runLimit, Lexer.isPlainStringByte(b[run]) { run += 1 }
            if run > k {
                if !tooLong {
                    if buffer.isEmpty, run < b.count, b[run] == Lexer.quote {
                        parts.append(.text(String(decoding: b[k..<run], as: UTF8.self)))
                    } else {
                        buffer.append(contentsOf: b[k..<run])
                    }
                }
                k = run
                continue
            }
            k = copyScalar(at: k, into: &buffer, keep: !tooLong, in: .string)
        }
        if !terminated {
            error("unterminated string", start, start + 1, label: "no closing '\"' on this line")
        }
        if !tooLong { flush(&parts, &buffer) }
        emit(.string, literal: .string(parts), start, k)
        i = k
    }

    /// One escape sequence at `k` (the backslash). Returns the offset after it.
    private mutating func lexEscape(at k: Int, into buffer: inout [UInt8], keep: Bool) -> Int {
        guard k + 1 < b.count, b[k + 1] != Lexer.lf else {
            error("invalid escape '\\' at the end of the line", k, k + 1)
            return k + 1
        }
        let e = b[k + 1]
        func put(_ s: Unicode.Scalar, _ buffer: inout [UInt8]) {
            if keep { buffer.append(contentsOf: Array(String(s).utf8)) }
        }
        switch e {
        case UInt8(ascii: "n"): put("\n", &buffer)
        case UInt8(ascii: "t"): put("\t", &buffer)
        case UInt8(ascii: "r"): put("\r", &buffer)
        case UInt8(ascii: "b"): put("\u{8}", &buffer)
        case UInt8(ascii: "f"): put("\u{C}", &buffer)
        case Lexer.quote, Lexer.backslash, UInt8(ascii: "/"), Lexer.dollar: put(Unicode.Scalar(e), &buffer)
        case UInt8(ascii: "u"):
            return lexUnicodeEscape(at: k, into: &buffer, keep: keep)
        default:
            var length = 1
            var shown = "\\"
            if let (scalar, n) = Lexer.decodeScalar(b, at: k + 1) {
                length = n
                shown += scalar.value < 0x20 || scalar.value == 0x7F ? "" : String(scalar)
            }
            error(
                "invalid escape '\(shown)'", k, k + 1 + length,
                label: "valid escapes are \\n \\t \\\" \\\\ \\$ \\u{…}")
            return k + 1 + length
        }
        return k + 2
    }

    /// `\u{1F600}` (1–6 hex digits) or, as in JSON, `\u00E9` (4 hex digits, surrogate
    /// pairs allowed).
    private mutating func lexUnicodeEscape(at k: Int, into buffer: inout [UInt8], keep: Bool) -> Int {
        func hexValue(_ from: Int, _ to: Int) -> UInt32 {
            var v: UInt32 = 0
            for j in from..<to {
                let c = b[j]
                let d = Lexer.isDigit(c) ? c - 0x30 : (c | 0x20) - 0x61 + 10
                v = v << 4 | UInt32(d)
            }
            return v
        }
        func put(_ v: UInt32, _ buffer: inout [UInt8]) {
            if keep, let s = Unicode.Scalar(v) { buffer.append(contentsOf: Array(String(s).utf8)) }
        }
        var j = k + 2
        if j < b.count && b[j] == UInt8(ascii: "{") {
            j += 1
            let digitsStart = j
            while j < b.count && Lexer.isHex(b[j]) && j - digitsStart < 8 { j += 1 }
            let closed = j < b.count && b[j] == UInt8(ascii: "}")
            let end = closed ? j + 1 : j
            guard closed, j > digitsStart, j - digitsStart <= 6 else {
                error("invalid Unicode escape", k, end, label: "write \\u{…} with 1 to 6 hex digits")
                return end
            }
            let v = hexValue(digitsStart, j)
            guard Unicode.Scalar(v) != nil else {
                let shown = String(decoding: b[k..<end], as: UTF8.self)
                error("invalid Unicode scalar '\(shown)'", k, end, label: "not a Unicode scalar value")
                return end
            }
            put(v, &buffer)
            return end
        }
        // JSON style: exactly four hex digits.
        guard j + 4 <= b.count, (j..<(j + 4)).allSatisfy({ Lexer.isHex(b[$0]) }) else {
            error("invalid Unicode escape", k, min(b.count, j), label: "write \\u{…} with 1 to 6 hex digits")
            return j
        }
        var v = hexValue(j, j + 4)
        var end = j + 4
        if v >= 0xD800 && v <= 0xDBFF {
            // A high surrogate must be followed by a low one: `\uD83D\uDE00`.
            if end + 6 <= b.count, b[end] == Lexer.backslash, b[end + 1] == UInt8(ascii: "u"),
                (end + 2..<end + 6).allSatisfy({ Lexer.isHex(b[$0]) })
            {
                let low = hexValue(end + 2, end + 6)
                if low >= 0xDC00 && low <= 0xDFFF {
                    v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                    end += 6
                }
            }
        }
        guard Unicode.Scalar(v) != nil else {
            let shown = String(decoding: b[k..<end], as: UTF8.self)
            error("invalid Unicode scalar '\(shown)'", k, end, label: "a lone surrogate is not a Unicode scalar value")
            return end
        }
        put(v, &buffer)
        return end
    }

    /// `'…'`: verbatim, may span lines.
    private mutating func lexRawString() {
        let start = i
        var k = i + 1
        var buffer: [UInt8] = []
        var tooLong = false
        var terminated = false
        let maxBytes = limits.maxStringBytes
        while k < b.count {
            if !tooLong && k - start > maxBytes {
                tooLong = true
                tooLongString(start)
                buffer = []
            }
            let c = b[k]
            if c == Lexer.apostrophe {
                k += 1
                terminated = true
                break
            }
            // Plain ASCII runs are copied in one go: a 2 MB string lexes in milliseconds.
            if c >= 0x20 && c < 0x80 || c == Lexer.lf || c == Lexer.tab || c == Lexer.cr {
                var e = k + 1
                while e < b.count, e - start <= maxBytes || tooLong {
                    let d = b[e]
                    guard d != Lexer.apostrophe,
                        d >= 0x20 && d < 0x80 || d == Lexer.lf || d == Lexer.tab || d == Lexer.cr
                    else { break }
                    e += 1
                }
                if !tooLong { buffer.append(contentsOf: b[k..<e]) }
                k = e
                continue
            }
            k = copyScalar(at: k, into: &buffer, keep: !tooLong, in: .rawString)
        }
        if !terminated {
            error("unterminated raw string", start, start + 1, label: "no closing \"'\" before the end of the file")
        }
        emit(.rawString, literal: .rawString(tooLong ? "" : String(decoding: buffer, as: UTF8.self)), start, k)
        i = k
    }
}
