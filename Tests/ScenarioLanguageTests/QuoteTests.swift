import Testing

@testable import ScenarioLanguage

/// The string a lone string literal lexes to, and what the lexer said about it.
private func lexed(_ literal: String) -> (text: String?, diagnostics: [Diagnostic], warnings: [Diagnostic]) {
    let out = Lexer.tokenize(SourceFile(path: "t.scn", text: literal))
    guard out.tokens.count == 2, case .string(let parts) = out.tokens[0].kind else {
        return (nil, out.diagnostics, out.warnings)
    }
    var text = ""
    for part in parts {
        guard case .text(let t) = part else { return (nil, out.diagnostics, out.warnings) }
        text += t
    }
    return (text, out.diagnostics, out.warnings)
}

/// A small seeded generator: the same strings on every run.
private struct QuoteRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Strings made to trouble a quoting: the characters with a meaning in a literal, controls,
/// invisible characters, emoji, and random bytes read as UTF-8.
private func troublesomeStrings(count: Int, seed: UInt64) -> [String] {
    var rng = QuoteRandom(state: seed)
    let pieces: [String] = [
        "\"", "\\", "$", "${x}", "$x", "${", "}", "\\$", "\\n", "\n", "\r", "\r\n", "\t", "\u{0}", "\u{1B}[2J",
        "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{200B}",
        "\u{200D}", "\u{FEFF}", "é", "e\u{301}", "😀", "👩‍👩‍👧", "🇫🇷", "a", " ", "'", "#", "{", "[", "u{41}",
        "\\u{41}", "\u{10FFFF}", "\u{FFFD}",
    ]
    var out: [String] = []
    for _ in 0..<count {
        var s = ""
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                s += pieces[Int.random(in: 0..<pieces.count, using: &rng)]
            }
        case 1:
            let bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            s = String(decoding: bytes, as: UTF8.self)
        default:
            for _ in 0..<Int.random(in: 0...20, using: &rng) {
                let value = UInt32.random(in: 0...0x10FFFF, using: &rng)
                if let scalar = Unicode.Scalar(value) { s.unicodeScalars.append(scalar) }
            }
        }
        out.append(s)
    }
    return out
}

@Suite struct QuoteTests {
    @Test func writesOnlyWhatTheLexerNeedsEscaped() {
        #expect(Quote.string("") == "\"\"")
        #expect(Quote.string("hello, world") == "\"hello, world\"")
        #expect(Quote.string("say \"hi\"") == #""say \"hi\"""#)
        #expect(Quote.string(#"C:\dir"#) == #""C:\\dir""#)
        #expect(Quote.string("${x} costs $5") == #""\${x} costs \$5""#)
        #expect(Quote.string("a\nb\tc\rd") == #""a\nb\tc\u{D}d""#)
        #expect(Quote.string("\u{0}\u{1B}\u{7F}\u{85}") == #""\u{0}\u{1B}\u{7F}\u{85}""#)
        #expect(Quote.string("abc\u{202E}def") == #""abc\u{202E}def""#)
        #expect(Quote.string("é 😀 👩‍👩‍👧 'x'") == "\"é 😀 👩‍👩‍👧 'x'\"")
    }

    @Test(arguments: [
        "", "plain", "\"", "\\", "$", "${x}", "$x", "\\${x}", "\n", "\r\n", "\t", "\u{0}", "\u{1B}[31m", "\u{202E}",
        "😀", "a\u{200D}b", "trailing \\",
    ])
    func readsBackAsTheSameString(_ s: String) {
        let back = lexed(Quote.string(s))
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        #expect(back.warnings.isEmpty, "\(back.warnings)")
        #expect(back.text == s)
    }

    @Test func randomStringsReadBackAsThemselves() {
        for s in troublesomeStrings(count: 3000, seed: 0x5C4E_0001) {
            let quoted = Quote.string(s)
            let back = lexed(quoted)
            #expect(back.diagnostics.isEmpty && back.warnings.isEmpty, "\(quoted): \(back.diagnostics + back.warnings)")
            #expect(back.text == s, "\(quoted)")
            // One line, nothing a terminal acts on: the literal prints as it is.
            #expect(TerminalText.escape(quoted) == quoted)
        }
    }

    @Test func valuesDisplayStringsWithQuote() {
        #expect(Value.string("a$b\n").display == #""a\$b\n""#)
        #expect(Value.list([.string("\""), .word("w")]).display == #"["\"", w]"#)
        #expect(Value.object([Value.Field("k\"", .string("${v}"))]).display == #"{"k\"": "\${v}"}"#)
    }
}
