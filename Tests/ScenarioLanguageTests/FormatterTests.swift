import Testing

@testable import ScenarioLanguage

private func fmt(_ text: String) -> String? {
    try? Formatter.format(SourceFile(path: "f.scn", text: text))
}

/// Formats, then checks the two promises: idempotent, and the same tree.
private func canonical(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    guard let once = fmt(text) else {
        Issue.record("refused: \(parse(text).diagnostics.map(\.description))", sourceLocation: sourceLocation)
        return ""
    }
    #expect(fmt(once) == once, "not idempotent:\n\(once)", sourceLocation: sourceLocation)
    #expect(
        dump(parse(once).statements) == dump(parse(text).statements), "meaning changed:\n\(once)",
        sourceLocation: sourceLocation)
    let before = parse(text).comments.map { $0.text.trimmingTrailingSpaces }
    let after = parse(once).comments.map(\.text)
    #expect(before == after, "comments changed", sourceLocation: sourceLocation)
    return once
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var s = self
        while s.hasSuffix(" ") || s.hasSuffix("\t") { s.removeLast() }
        return s
    }
}

@Suite struct FormatterTests {
    @Test func layout() {
        let messy = """


            # A tap that cold-launched the app   
            sdk   kindly 3.0.12 ;extension kindly



            launch killed # state
            push kindly visible   title "Anna"  body 'Hi there'
            repeat 2 {   tap;wait 1s
            }
            def cold_tap delay {
            launch killed
                    wait $delay }
            for state in [killed,background] {
              case "push while ${state}" { launch $state }
            }
            case "empty" {}
            tags   smoke   kindly
            skip   "later"
            known-bug    "https://example.com/1"


            """
        #expect(
            canonical(messy) == """
                # A tap that cold-launched the app
                sdk kindly 3.0.12
                extension kindly

                launch killed # state
                push kindly visible title "Anna" body 'Hi there'
                repeat 2 {
                    tap
                    wait 1s
                }
                def cold_tap delay {
                    launch killed
                    wait $delay
                }
                for state in [killed, background] {
                    case "push while ${state}" {
                        launch $state
                    }
                }
                case "empty" {}
                tags smoke kindly
                skip "later"
                known-bug "https://example.com/1"

                """)
    }

    @Test func propertiesAndTheAlphabet() {
        let messy =
            "always   expect chat  closed\nnever expect banners 2 # two\nalphabet {launch background;  tap\n wait 61s}\n"
        #expect(
            canonical(messy)
                == "always expect chat closed\nnever expect banners 2 # two\nalphabet {\n    launch background\n    tap\n    wait 61s\n}\n"
        )
    }

    @Test func sourceSpellingsAreKept() {
        #expect(
            canonical("tap 2.0 0x 1m30s \"a\\u{1F600}\\n\" 'raw' $v ${w} true none -1e3\n")
                == "tap 2.0 0x 1m30s \"a\\u{1F600}\\n\" 'raw' $v ${w} true none -1e3\n")
    }

    @Test func singleLineValuesStayOnOneLine() {
        #expect(
            canonical("push raw {a:   1,b: [1,2 ,3], \"c d\": {}, e: [ ]}")
                == "push raw {a: 1, b: [1, 2, 3], \"c d\": {}, e: []}\n")
    }

    @Test func multiLineValuesGetOneEntryPerLine() {
        let text = """
            push raw {"aps": {"alert": "hi"},
              "kindly": {"v": 1,
                 "chat_id": "x"},
              "list": [1, 2],
            } title "x"
            tap
            """
        #expect(
            canonical(text) == """
                push raw {
                    "aps": {"alert": "hi"},
                    "kindly": {
                        "v": 1,
                        "chat_id": "x"
                    },
                    "list": [1, 2]
                } title "x"
                tap

                """)
    }

    @Test func commentsInsideValuesAndBlocks() {
        let text = """
            repeat 2 { # twice
                # first a tap
                tap # newest

                # then time
                wait 1s
                # trailing own-line comment
            } # after the block
            push raw { # payload
                # the aps part
                "aps": 1, # one

                "b": 2
                # end
            }
            # the end
            """
        #expect(
            canonical(text) == """
                repeat 2 { # twice
                    # first a tap
                    tap # newest

                    # then time
                    wait 1s
                    # trailing own-line comment
                } # after the block
                push raw { # payload
                    # the aps part
                    "aps": 1, # one

                    "b": 2
                    # end
                }
                # the end

                """)
    }

    @Test func blankLinesCollapseAndNoneAfterOpeningBraces() {
        #expect(
            canonical("repeat 1 {\n\n\n    tap\n\n\n\n    wait 1s\n\n}\n\n\n\ntap\n\n")
                == "repeat 1 {\n    tap\n\n    wait 1s\n}\n\ntap\n")
    }

    @Test func multiLineRawStringsAreVerbatim() {
        let text = "edna template message '{\n  \"aps\": {\"alert\": \"${shortMessage}\"}   \n}'\ntap\n"
        #expect(canonical(text) == text)
    }

    @Test func emptyAndCommentOnlyFiles() {
        #expect(canonical("") == "")
        #expect(canonical("\n\n   \n") == "")
        #expect(canonical("# only\n\n\n# comments") == "# only\n\n# comments\n")
    }

    @Test func crlfBecomesLf() {
        #expect(canonical("tap # x\r\nwait 1s\r\n") == "tap # x\nwait 1s\n")
    }

    @Test func refusesFilesWithSyntaxErrors() {
        #expect(throws: FormatError.self) { try Formatter.format(SourceFile(path: "f.scn", text: "repeat {\n")) }
        if case .failure(let e) = Language.format(SourceFile(path: "f.scn", text: "tap ,")) {
            #expect(e.diagnostics.map(\.message) == ["unexpected ','"])
        } else {
            Issue.record("formatted a file with a syntax error")
        }
    }

    @Test func everyValidChunkOfTheErrorFileFormatsStably() {
        var formatted = 0
        for chunk in loadErrorChunks() {
            let file = SourceFile(path: "c.scn", bytes: chunk.bytes)
            guard parse(String(decoding: chunk.bytes, as: UTF8.self)).diagnostics.isEmpty,
                let text = String(validating: chunk.bytes, as: UTF8.self)
            else { continue }
            _ = file
            _ = canonical(text)
            formatted += 1
        }
        #expect(formatted > 10)
    }

    /// Generated inputs: random layouts of the same statements format to the same text.
    @Test func layoutNoiseDoesNotMatter() {
        var rng = SplitMix(seed: 42)
        let statements = [
            "sdk kindly 3.0.12", "launch killed", "push kindly visible title \"Anna\"", "let x = [1, 2, {a: b}]",
            "push raw {\"a\": [true, null]}", "wait 61s", "expect banner none",
        ]
        var reference: String?
        for _ in 0..<50 {
            var text = ""
            for s in statements {
                let words = s.split(separator: " ", omittingEmptySubsequences: true)
                text += String(repeating: " ", count: rng.next(4))
                text += words.joined(separator: String(repeating: " ", count: 1 + rng.next(3)))
                text += rng.next(2) == 0 ? "\n" : ";"
                if rng.next(3) == 0 { text += "\n" }
            }
            let out = canonical(text)
            let normalized = out.replacingOccurrences(of: "\n\n", with: "\n")
            if let reference { #expect(normalized == reference) } else { reference = normalized }
        }
    }
}

/// A tiny deterministic generator for the layout test.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}
