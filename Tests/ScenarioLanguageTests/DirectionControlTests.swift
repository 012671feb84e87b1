import Testing

@testable import ScenarioLanguage

/// Direction controls written raw in a string or a comment (the "Trojan Source" class,
/// CVE-2021-42574): a warning at the character, the file still checks and runs.
@Suite struct DirectionControlTests {
    static let controls: [Unicode.Scalar] = [
        "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ]

    @Test("the warning reads like the other diagnostics: the character named, its escape, carets under it")
    func rendersExactly() throws {
        let text = "sdk kindly\ncase \"a\" {\n    launch killed\n    send \"ab\u{202E}cd\"\n}\n"
        let result = check(text)
        #expect(result.diagnostics.isEmpty && result.script != nil, "a warning does not stop the file")
        let warning = try #require(result.warnings.first)
        #expect(result.warnings.count == 1)
        #expect(
            DiagnosticRenderer().render(warning) == """
                warning: invisible direction control U+202E (RIGHT-TO-LEFT OVERRIDE) in a string
                  --> test.scn:4:13
                   |
                 4 |     send "ab\\u{202E}cd"
                   |             ^^^^^^^^ if it is meant, write it as \\u{202E}
                   = note: it reorders how the text around it is shown: the line can read differently from what it is

                """)
    }

    @Test("each control, in a string, a raw string and a comment: one warning at its line and column")
    func everyControlEverywhere() {
        for scalar in Self.controls {
            let c = String(Character(scalar))
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            let text = "sdk kindly\n# x\(c)\ncase \"a\" {\n    send \"é\(c)\"\n    let r = '\nz\(c)'\n}\n"
            let result = check(text)
            #expect(result.diagnostics.isEmpty, "\(code): \(messages(result.diagnostics))")
            #expect(result.script != nil)
            let found = result.warnings.map { "\($0.location.line):\($0.location.column) \($0.severity)" }
            #expect(found == ["2:4 warning", "4:12 warning", "6:2 warning"], "\(code)")
            let said = result.warnings.map(\.message)
            #expect(said.allSatisfy { $0.hasPrefix("invisible direction control \(code) (") }, "\(said)")
            #expect(
                said.map { $0.split(separator: " ").suffix(2).joined(separator: " ") } == [
                    "a comment", "a string", "raw string",
                ])
            let labels = result.warnings.map { $0.label ?? "" }
            #expect(labels[0] == "remove it: a comment has no escapes")
            #expect(labels[1] == "if it is meant, write it as \\u{\(hex)}")
            #expect(labels[2] == "a '…' string has no escapes: remove it, or write \"…\" with \\u{\(hex)}")
        }
    }

    @Test("written as an escape, a control is visible: no warning; outside strings it is an error")
    func escapesAndOtherPlaces() {
        let escaped = check("sdk kindly\ncase \"a\" {\n    send \"\\u{202E}x\\u202D\"\n}\n")
        #expect(escaped.warnings.isEmpty && escaped.diagnostics.isEmpty)
        let bare = check("sdk kindly\ntap\u{202E}\n")
        #expect(messages(bare.diagnostics) == ["unexpected character U+202E"], "\(messages(bare.diagnostics))")
        let plain = check("sdk kindly\n# café 日本 🙂 עברית\ncase \"a\" {\n    send \"Zoë \u{200D}\"\n}\n")
        #expect(plain.warnings.isEmpty, "letters of any script, and other joiners, are no warning")
    }

    @Test("an included file's warnings come with the file, once however often it is included")
    func includedFiles() {
        let files = ["lib/a.scn": "# \u{2066}\n"]
        let result = check(
            "sdk kindly\ninclude \"lib/a.scn\"\ninclude \"lib/a.scn\"\n# \u{200F}\n", path: "main.scn", files: files)
        #expect(result.diagnostics.isEmpty, "\(messages(result.diagnostics))")
        #expect(result.warnings.map { "\($0.path):\($0.location.line)" } == ["main.scn:4", "lib/a.scn:1"])
    }
}
