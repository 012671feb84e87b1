import Testing

@testable import ScenarioLanguage

/// The pieces that keep hostile text cheap and harmless: terminal escaping, bounded value
/// display, and the bounded "did you mean" distance.
@Suite struct HostileTextTests {
    @Test("escape: controls, line breaks, DEL, C1, separators, bidi controls and zero-width spaces; the rest kept")
    func escape() {
        #expect(TerminalText.escape("a\nb\rc\td") == "a\\nb\\rc\\td")
        #expect(TerminalText.escape("\u{1B}[2J\u{7}") == "\\u{1B}[2J\\u{7}")
        #expect(TerminalText.escape("x\u{7F}\u{9B}") == "x\\u{7F}\\u{9B}")
        #expect(
            TerminalText.escape("\u{202E}txt.exe\u{2066}\u{200F}\u{61C}")
                == "\\u{202E}txt.exe\\u{2066}\\u{200F}\\u{61C}")
        #expect(TerminalText.escape("\u{2028}\u{2029}") == "\\u{2028}\\u{2029}")
        #expect(TerminalText.escape("Anna › 👩‍👩‍👧 é") == "Anna › 👩‍👩‍👧 é")
        // Zero-width characters that join nothing: "Anna" and "An\u{200B}na" must not look alike.
        #expect(TerminalText.escape("An\u{200B}na\u{2060}\u{FEFF}") == "An\\u{200B}na\\u{2060}\\u{FEFF}")
        #expect(TerminalText.escape("a\nb\tc\u{1B}", keepingLineBreaks: true) == "a\nb\tc\\u{1B}")
        #expect(TerminalText.escapedWidth("\u{1B}") == "\\u{1B}".count)
        #expect(TerminalText.escapedWidth("a") == 1)
    }

    @Test("a diagnostic's carets stay under the span when the line holds escaped characters")
    func caretsUnderEscapedText() {
        let source = SourceFile(path: "t.scn", text: "tap \"\u{1B}x\" zz\n")
        let d = source.diagnostic("bad", at: SourceRange(9, 11))
        let lines = d.rendered.split(separator: "\n").map(String.init)
        let code = lines[3]
        let carets = lines[4]
        let column = code.distance(from: code.startIndex, to: code.range(of: "zz")!.lowerBound)
        let caret = carets.distance(from: carets.startIndex, to: carets.firstIndex(of: "^")!)
        #expect(column == caret, "\(d.rendered)")
        #expect(!d.rendered.unicodeScalars.contains("\u{1B}"))
    }

    @Test("display stops at its limit, without recursion")
    func boundedDisplay() {
        var v = Value.word("x")
        for _ in 0..<150 { v = .list([v, v]) }  // 2^150 parts, shared
        let shown = v.display(limit: 100)
        #expect(!shown.complete)
        #expect(shown.text.utf8.count <= 100)
        #expect(shown.text.hasSuffix("…"))
        #expect(v.preview.utf8.count <= Value.previewLimit)
        let small = Value.object([.init("a", .list([.string("q\""), .number(text: "1", value: 1)]))])
        #expect(small.display == "{\"a\": [\"q\\\"\", 1]}")
        #expect(small.display(limit: 1000).complete)
    }

    @Test("a string is shown as the literal that reads back as it (Quote), other text as it is")
    func quotedDisplay() {
        #expect(Value.string("Anna 1").display == "\"Anna 1\"")
        #expect(Value.string("").display == "\"\"")
        #expect(Value.string("é ✓ \n").display == #""é ✓ \n""#)
        #expect(Value.string("${x} $5").display == #""\${x} \$5""#)
        #expect(Value.string(#"a\b"c"#).display == #""a\\b\"c""#)
        #expect(Value.string(#"\"#).display == #""\\""#)
        #expect(Value.object([.init(#"k""#, .string("v"))]).display == #"{"k\"": "v"}"#)
    }

    @Test("the bounded distance agrees with the full one up to its bound")
    func boundedDistance() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcde".unicodeScalars)
        for _ in 0..<3000 {
            let a = (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
            }
            let b = (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
            }
            let full = Suggestion.distance(a, b)
            #expect(Suggestion.distance(a, b, bound: 2) == min(full, 3), "\(a) \(b)")
        }
        #expect(Suggestion.closest(to: "tilte", among: ["body", "title"]) == "title")
    }

    @Test("a suggestion looks at a bounded number of candidates")
    func boundedCandidates() {
        let many = (0..<50_000).map { "cmd\($0)" }
        #expect(Suggestion.closest(to: "cmd0x", among: many) == "cmd0")
        // Past the cap, a candidate is not looked at.
        let far = (0..<Suggestion.maxCandidates).map { "zzzzzzzz\($0)" }
        #expect(Suggestion.closest(to: "tilte", among: far + ["title"]) == nil)
        #expect(Suggestion.closest(to: "tilte", among: ["title"] + far) == "title")
    }

    @Test("whole numbers: digits only, at most a billion")
    func wholeNumbers() {
        #expect(ValueKind.wholeNumber("0") == 0)
        #expect(ValueKind.wholeNumber("1000000000") == 1_000_000_000)
        #expect(ValueKind.wholeNumber("1000000001") == nil)
        #expect(ValueKind.wholeNumber("99999999999999999999") == nil)
        #expect(ValueKind.wholeNumber("2.5") == nil)
        #expect(ValueKind.wholeNumber("1e3") == nil)
        #expect(ValueKind.wholeNumber("-1") == nil)
        #expect(ValueKind.wholeNumber("") == nil)
        #expect(!ValueKind.oneOf([.integer, .text]).accepts(.number(text: "2.5", value: 2.5)))
        #expect(ValueKind.oneOf([.integer, .text]).accepts(.word("Anna")))
        #expect(!ValueKind.positiveDuration.accepts(.duration(text: "0ms", milliseconds: 0)))
    }

    @Test("one option repeated 50,000 times on a 400 KB line: 100 errors, and no diagnostic is made past them")
    func repeatedOptionStopsAtTheErrorLimit() {
        let line = "push kindly visible" + String(repeating: " tampered", count: 50_000)
        let result = check("launch background\n" + line + "\n")
        #expect(result.diagnostics.count == 100)
        #expect(result.diagnostics.first?.message == "option 'tampered' given twice")
        #expect(result.diagnostics.last?.notes.last == "too many errors: stopped after 100")
        // Each made diagnostic reads its line (to place it): past the limit none is made.
        #expect(result.diagnosticsMade <= 101, "\(result.diagnosticsMade)")
    }
}
