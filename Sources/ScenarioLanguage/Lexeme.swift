/// The lexer's output as data, for the parser: a token is a tag, its byte range, and a
/// number — a word's interned number, or a literal's place in ``Lexed/literals`` — so that
/// tokens are plain values, copied without reference counts, and a word's text is made once
/// per distinct word, not once per use. ``Token`` is the same token with its payload decoded,
/// made on demand (``Lexed/token(_:)``) for error messages and for readers other than the
/// parser.
struct Lexeme {
    enum Tag: UInt8 {
        case word, number, duration, string, rawString, variable
        case leftBrace, rightBrace, leftBracket, rightBracket
        case comma, colon, equals, semicolon
        case newline, end

        /// Whether the token can start a value (an argument).
        var startsValue: Bool { rawValue <= Tag.leftBracket.rawValue && self != .rightBrace }
        /// Whether the token ends a statement: a newline, `;`, `}` or the end of the file.
        var endsStatement: Bool { self == .newline || self == .semicolon || self == .rightBrace || self == .end }
    }

    var tag: Tag
    /// A word's or a variable's interned number (``WordTable``); a number's, a duration's or
    /// a string's place in ``Lexed/literals``; 0 for punctuation.
    var payload: Int32
    var range: SourceRange
}

/// The words the parser recognises, interned first, so that their numbers are fixed.
enum Keyword: Int32, CaseIterable {
    case `let`, `repeat`, `for`, def, include, `case`, tags, skip, knownBug, always, never, bug, alphabet
    case `in`, `true`, `false`, none, null

    /// Written out: `"\(self)"` would print the case through reflection (2.7M instructions at
    /// start-up).
    var text: String {
        switch self {
        case .let: "let"
        case .repeat: "repeat"
        case .for: "for"
        case .def: "def"
        case .include: "include"
        case .case: "case"
        case .tags: "tags"
        case .skip: "skip"
        case .knownBug: "known-bug"
        case .always: "always"
        case .never: "never"
        case .bug: "bug"
        case .alphabet: "alphabet"
        case .in: "in"
        case .true: "true"
        case .false: "false"
        case .none: "none"
        case .null: "null"
        }
    }

    /// The statement keywords (`let` … `alphabet`), recognised at the start of a statement.
    var startsStatement: Bool { rawValue <= Keyword.alphabet.rawValue }
}

/// Every token of a file as ``Lexeme``s, with the tables their payloads point into.
struct Lexed {
    var lexemes: [Lexeme]
    /// The decoded payloads of numbers, durations, strings and raw strings, in order.
    var literals: [Token.Kind]
    var words: WordTable

    /// The word (or variable name) a lexeme's payload names.
    func word(_ t: Lexeme) -> String { words.texts[Int(t.payload)] }

    /// The token with its payload decoded.
    func token(_ t: Lexeme) -> Token { Token(kind(t), t.range) }

    func kind(_ t: Lexeme) -> Token.Kind {
        switch t.tag {
        case .word: return .word(word(t))
        case .variable: return .variable(word(t))
        case .number, .duration, .string, .rawString: return literals[Int(t.payload)]
        case .leftBrace: return .leftBrace
        case .rightBrace: return .rightBrace
        case .leftBracket: return .leftBracket
        case .rightBracket: return .rightBracket
        case .comma: return .comma
        case .colon: return .colon
        case .equals: return .equals
        case .semicolon: return .semicolon
        case .newline: return .newline
        case .end: return .end
        }
    }
}

/// Interned words: each distinct spelling gets a number and one `String`, found again by a
/// hash of its bytes (open addressing, at most half full). The keywords come first, so a
/// keyword's number is its ``Keyword`` raw value.
struct WordTable {
    /// The text of each word, by number.
    private(set) var texts: [String] = []
    private var bytes: [UInt8] = []
    private var spans: [Range<Int>] = []
    private var hashes: [UInt32] = []
    private var slots: [Int32]
    private var mask: Int

    /// The table of the keywords alone, made once: a file's table starts as a copy of it.
    static let keywords: WordTable = {
        var table = WordTable(empty: ())
        for keyword in Keyword.allCases {
            let utf8 = Array(keyword.text.utf8)
            _ = table.intern(utf8, 0, utf8.count)
        }
        return table
    }()

    init() { self = WordTable.keywords }

    private init(empty: Void) {
        slots = Array(repeating: -1, count: 64)
        mask = 63
    }

    /// The number of the word spelled by `b[start..<end]`, interned if new.
    mutating func intern(_ b: [UInt8], _ start: Int, _ end: Int) -> Int32 {
        b.withUnsafeBufferPointer { all in intern(UnsafeBufferPointer(rebasing: all[start..<end])) }
    }

    private mutating func intern(_ word: UnsafeBufferPointer<UInt8>) -> Int32 {
        var h: UInt32 = 2_166_136_261
        for c in word { h = (h ^ UInt32(c)) &* 16_777_619 }
        let found: Int32? = slots.withUnsafeBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                spans.withUnsafeBufferPointer { spans in
                    bytes.withUnsafeBufferPointer { bytes in
                        var slot = Int(h) & mask
                        while true {
                            let id = slots[slot]
                            if id < 0 { return nil }
                            if hashes[Int(id)] == h {
                                let span = spans[Int(id)]
                                if span.count == word.count && WordTable.same(bytes, span.lowerBound, word) {
                                    return id
                                }
                            }
                            slot = (slot + 1) & mask
                        }
                    }
                }
            }
        }
        if let found { return found }
        var slot = Int(h) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        let id = Int32(texts.count)
        let from = bytes.count
        bytes.append(contentsOf: word)
        spans.append(from..<bytes.count)
        hashes.append(h)
        texts.append(String(decoding: word, as: UTF8.self))
        slots[slot] = id
        if texts.count * 2 > slots.count { grow() }
        return id
    }

    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = from
        for c in word {
            if bytes[k] != c { return false }
            k += 1
        }
        return true
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = Array(repeating: -1, count: size)
        mask = size - 1
        for id in hashes.indices {
            var slot = Int(hashes[id]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }
}
