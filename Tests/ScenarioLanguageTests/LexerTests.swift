import Testing

@testable import ScenarioLanguage

private func lex(_ text: String) -> Lexer.Output {
    Lexer.tokenize(SourceFile(path: "t.scn", text: text))
}

private func kinds(_ text: String) -> [Token.Kind] {
    let out = lex(text)
    #expect(out.diagnostics.isEmpty, "\(out.diagnostics)")
    return out.tokens.dropLast().map(\.kind)
}

private func lexErrors(_ bytes: [UInt8]) -> [Diagnostic] {
    Lexer.tokenize(SourceFile(path: "t.scn", bytes: bytes)).diagnostics
}

@Suite struct LexerTests {
    @Test func wordsOfSpec51() {
        #expect(
            kinds("kindly 3.0.12 chat-1 edna.getChat image-preview lib/x.scn a_b") == [
                .word("kindly"), .word("3.0.12"), .word("chat-1"), .word("edna.getChat"), .word("image-preview"),
                .word("lib/x.scn"), .word("a_b"),
            ])
    }

    @Test func numbersKeepTheirText() {
        #expect(
            kinds("42 3.5 2.0 -1 1e3 0") == [
                .number(text: "42", value: 42), .number(text: "3.5", value: 3.5), .number(text: "2.0", value: 2),
                .number(text: "-1", value: -1), .number(text: "1e3", value: 1000), .number(text: "0", value: 0),
            ])
    }

    @Test func durations() {
        #expect(
            kinds("0s 500ms 61s 2m 1h 1m30s 2d") == [
                .duration(text: "0s", milliseconds: 0), .duration(text: "500ms", milliseconds: 500),
                .duration(text: "61s", milliseconds: 61_000), .duration(text: "2m", milliseconds: 120_000),
                .duration(text: "1h", milliseconds: 3_600_000), .duration(text: "1m30s", milliseconds: 90_000),
                .duration(text: "2d", milliseconds: 172_800_000),
            ])
    }

    @Test func durationLimit() {
        #expect(kinds("1000d") == [.duration(text: "1000d", milliseconds: 86_400_000_000)])
        let over = lex("wait 1001d")
        #expect(over.diagnostics.map(\.message) == ["duration '1001d' is longer than the limit of 1000 days"])
        #expect(over.diagnostics.first?.location == SourceLocation(line: 1, column: 6))
        let huge = lex("wait 99999999999999999999999s")
        #expect(huge.diagnostics.count == 1)
    }

    @Test func durationUnitsOutOfOrder() {
        let out = lex("wait 30s1m")
        #expect(out.diagnostics.map(\.message) == ["malformed duration '30s1m'"])
    }

    @Test func notQuiteDurationsAreWords() {
        #expect(kinds("10min 0.5s 5x 1e") == [.word("10min"), .word("0.5s"), .word("5x"), .word("1e")])
    }

    @Test func trailingColonIsAToken() {
        #expect(
            kinds("{key: value, 42: x, a:b}") == [
                .leftBrace, .word("key"), .colon, .word("value"), .comma, .number(text: "42", value: 42), .colon,
                .word("x"), .comma, .word("a:b"), .rightBrace,
            ])
    }

    @Test func punctuationAndNewlines() {
        #expect(
            kinds("{ } [ ] , : = ;\n") == [
                .leftBrace, .rightBrace, .leftBracket, .rightBracket, .comma, .colon, .equals, .semicolon, .newline,
            ])
    }

    @Test func stringEscapes() {
        #expect(
            kinds(#""a\nb\t\"\\ \u{1F600} \u00E9 \uD83D\uDE00 \$x""#) == [
                .string([.text("a\nb\t\"\\ 😀 é 😀 $x")])
            ])
    }

    @Test("plain runs, escapes, interpolations and letters outside ASCII join into the same text")
    func stringRunsBetweenEscapes() {
        let out = lex(#""Anna said \"hi\" to ${who} in Zürich\tat 9" "x" "" "tab\there""#)
        #expect(out.diagnostics.isEmpty)
        #expect(
            out.tokens[0].kind
                == .string([
                    .text("Anna said \"hi\" to "), .interpolation(Name("who", SourceRange(21, 27))),
                    .text(" in Zürich\tat 9"),
                ]))
        #expect(out.tokens[1].kind == .string([.text("x")]))
        #expect(out.tokens[2].kind == .string([]))
        #expect(out.tokens[3].kind == .string([.text("tab\there")]))
        // A run stops at a line's end: the string is unterminated there, the next line lexes.
        let open = lex("\"plain text\nclear")
        #expect(open.diagnostics.map(\.message) == ["unterminated string"])
        #expect(open.tokens[0].kind == .string([.text("plain text")]))
        #expect(open.tokens[2].kind == .word("clear"))
    }

    @Test func stringInterpolation() {
        let out = lex(#""visible push while ${state}!" "${a}${b}" "$ alone" """#)
        #expect(out.diagnostics.isEmpty)
        guard case .string(let parts) = out.tokens[0].kind else {
            Issue.record("not a string")
            return
        }
        #expect(
            parts == [.text("visible push while "), .interpolation(Name("state", SourceRange(20, 28))), .text("!")])
        #expect(
            out.tokens[1].kind
                == .string([
                    .interpolation(Name("a", SourceRange(32, 36))), .interpolation(Name("b", SourceRange(36, 40))),
                ]))
        #expect(out.tokens[2].kind == .string([.text("$ alone")]))
        #expect(out.tokens[3].kind == .string([]))
    }

    @Test func rawStringsSpanLinesWithoutEscapes() {
        #expect(kinds("'{\n  \"a\": \"${x}\\n\"\n}'") == [.rawString("{\n  \"a\": \"${x}\\n\"\n}")])
    }

    @Test func variables() {
        #expect(kinds("$state ${after} $a_b-c") == [.variable("state"), .variable("after"), .variable("a_b-c")])
    }

    @Test func commentsAreKeptApart() {
        let out = lex("tap # the newest\n# own line\r\nwait 1s")
        #expect(
            out.tokens.map(\.kind) == [
                .word("tap"), .newline, .newline, .word("wait"), .duration(text: "1s", milliseconds: 1000), .end,
            ])
        #expect(out.comments.map(\.text) == [" the newest", " own line"])
        #expect(out.comments[0].range == SourceRange(4, 16))
    }

    @Test func keywordsAreWords() {
        #expect(
            kinds("let repeat for in def include case tags skip true false none") == [
                .word("let"), .word("repeat"), .word("for"), .word("in"), .word("def"), .word("include"), .word("case"),
                .word("tags"), .word("skip"), .word("true"), .word("false"), .word("none"),
            ])
    }

    @Test func unicodeLettersMakeWords() {
        #expect(kinds("café Ånna") == [.word("café"), .word("Ånna")])
    }

    @Test func byteRanges() {
        let out = lex("push kindly title \"Anna\"")
        #expect(
            out.tokens.map(\.range) == [
                SourceRange(0, 4), SourceRange(5, 11), SourceRange(12, 17), SourceRange(18, 24), SourceRange(24, 24),
            ])
    }

    @Test func byteOrderMarkIsSkipped() {
        let out = Lexer.tokenize(SourceFile(path: "t", bytes: [0xEF, 0xBB, 0xBF] + Array("tap".utf8)))
        #expect(out.diagnostics.isEmpty)
        #expect(out.tokens.map(\.kind) == [.word("tap"), .end])
    }

    // MARK: - Errors, each at its exact position

    @Test func invalidUTF8AtTheBadByte() {
        let d = lexErrors(Array("tap \"ab".utf8) + [0xFF] + Array("\"\nwait".utf8) + [0xC3])
        #expect(d.map(\.message) == ["invalid UTF-8", "invalid UTF-8"])
        #expect(d.map(\.range.start) == [7, 14])
        #expect(d[0].location == SourceLocation(line: 1, column: 8))
    }

    @Test func overlongAndSurrogateEncodingsAreInvalid() {
        #expect(lexErrors([0x22, 0xC0, 0xAF, 0x22]).first?.message == "invalid UTF-8")
        #expect(lexErrors([0x22, 0xED, 0xA0, 0x80, 0x22]).first?.message == "invalid UTF-8")
        #expect(lexErrors([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]).first?.message == "invalid UTF-8")
    }

    @Test func nulByte() {
        let d = lexErrors(Array("tap".utf8) + [0] + Array(" # c\0".utf8))
        #expect(d.map(\.message) == ["NUL byte in the source", "NUL byte in the source"])
        #expect(d.map(\.range.start) == [3, 8])
    }

    @Test func unterminatedString() {
        let out = lex("expect banner \"Anna\nwait 1s")
        #expect(out.diagnostics.map(\.message) == ["unterminated string"])
        #expect(out.diagnostics[0].location == SourceLocation(line: 1, column: 15))
        // Lexing goes on at the newline.
        #expect(
            out.tokens.suffix(4).map(\.kind) == [
                .newline, .word("wait"), .duration(text: "1s", milliseconds: 1000), .end,
            ])
    }

    @Test func unterminatedRawString() {
        let out = lex("edna template message '{\n")
        #expect(out.diagnostics.map(\.message) == ["unterminated raw string"])
        #expect(out.diagnostics[0].location == SourceLocation(line: 1, column: 23))
    }

    @Test func badEscape() {
        let out = lex(#"send "a\qb""#)
        #expect(out.diagnostics.map(\.message) == [#"invalid escape '\q'"#])
        #expect(out.diagnostics[0].range == SourceRange(7, 9))
    }

    @Test func invalidUnicodeScalars() {
        #expect(lex(#""\u{D800}""#).diagnostics.map(\.message) == [#"invalid Unicode scalar '\u{D800}'"#])
        #expect(lex(#""\u{110000}""#).diagnostics.map(\.message) == [#"invalid Unicode scalar '\u{110000}'"#])
        #expect(lex(#""\u{}""#).diagnostics.map(\.message) == ["invalid Unicode escape"])
        #expect(lex(#""\u{1F600""#).diagnostics.map(\.message) == ["invalid Unicode escape"])
        #expect(lex(#""\uDE00""#).diagnostics.map(\.message) == [#"invalid Unicode scalar '\uDE00'"#])
    }

    @Test func unknownCharacters() {
        let out = lex("tap @ ( \u{A0}")
        #expect(
            out.diagnostics.map(\.message) == [
                "unexpected character '@'", "unexpected character '('", "unexpected character U+00A0",
            ])
        #expect(out.diagnostics.map(\.location.column) == [5, 7, 9])
    }

    @Test func badInterpolationAndVariable() {
        #expect(lex(#""${1x}""#).diagnostics.map(\.message) == ["invalid interpolation"])
        #expect(lex("tap $ x").diagnostics.map(\.message) == ["expected a variable name after '$'"])
    }

    @Test func twoMegabyteStringIsOneErrorQuickly() {
        let big = "send \"" + String(repeating: "a", count: 2_000_000) + "\"\nwait 1s"
        let clock = ContinuousClock()
        var out: Lexer.Output?
        let elapsed = clock.measure { out = lex(big) }
        #expect(out?.diagnostics.map(\.message) == ["string longer than the limit of 1 MiB (1048576 bytes)"])
        #expect(out?.diagnostics.first?.location == SourceLocation(line: 1, column: 6))
        #expect(out?.tokens.suffix(3).map(\.kind) == [.word("wait"), .duration(text: "1s", milliseconds: 1000), .end])
        #expect(elapsed < .seconds(10))
    }

    @Test func twoMegabyteRawStringIsOneError() {
        let big = "edna template message '" + String(repeating: "{\"a\": 1}\n", count: 250_000) + "'\nwait 1s"
        let out = lex(big)
        #expect(out.diagnostics.map(\.message) == ["string longer than the limit of 1 MiB (1048576 bytes)"])
        #expect(out.tokens.suffix(3).map(\.kind) == [.word("wait"), .duration(text: "1s", milliseconds: 1000), .end])
    }

    @Test func errorsStopAtTheLimit() {
        let out = Lexer.tokenize(SourceFile(path: "t", bytes: [UInt8](repeating: 0xFF, count: 100_000)))
        #expect(out.diagnostics.count == LanguageLimits.standard.maxErrors)
    }
}

/// The lexer's tokens as data: words are interned, keywords first.
@Suite struct LexemeTests {
    @Test func eachKeywordLexesAsTheWordNumberedByItsRawValue() {
        for keyword in Keyword.allCases {
            let (lexed, _) = Lexer.scan(SourceFile(path: "t.scn", text: keyword.text))
            #expect(lexed.lexemes.first?.tag == .word)
            #expect(lexed.lexemes.first?.payload == keyword.rawValue, "\(keyword.text)")
        }
        #expect(
            Parser.keywords == [
                "let", "repeat", "for", "def", "include", "case", "tags", "skip", "known-bug", "always", "never",
                "bug", "alphabet",
            ])
    }

    @Test func aWordUsedTwiceIsOneEntryAndTokensReadBackTheSame() {
        let text = "push kindly visible title \"A\"\npush kindly $x 61s 3.5 'raw' [1, {a: b}]\n"
        let (lexed, _) = Lexer.scan(SourceFile(path: "t.scn", text: text))
        let words = lexed.lexemes.filter { $0.tag == .word }
        let pushes = words.filter { lexed.word($0) == "push" }
        #expect(pushes.count == 2 && pushes[0].payload == pushes[1].payload)
        #expect(lexed.words.texts.count == Keyword.allCases.count + 7)  // push kindly visible title x b a
        #expect(lexed.lexemes.map(lexed.token) == lex(text).tokens)
    }

    @Test func manyDistinctWordsGrowTheTableAndKeepTheirNumbers() {
        let text = (0..<5000).map { "w\($0)" }.joined(separator: " ") + " w17 w4999"
        let (lexed, _) = Lexer.scan(SourceFile(path: "t.scn", text: text))
        let words = lexed.lexemes.filter { $0.tag == .word }
        #expect(words.count == 5002)
        #expect(words[5000].payload == words[17].payload)
        #expect(words[5001].payload == words[4999].payload)
        #expect(Set(words.prefix(5000).map(\.payload)).count == 5000)
    }
}
