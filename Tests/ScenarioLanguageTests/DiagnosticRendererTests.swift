import Testing

@testable import ScenarioLanguage

@Suite struct DiagnosticRendererTests {
    /// docs/LANGUAGE.md's diagnostic example, verbatim.
    @Test func theSpecExampleRendersExactly() throws {
        let text = "sdk kindly 3.0.12\nextension kindly\nlaunch killed\npush kindly visible tilte \"Anna\"\n"
        let result = Language.check(
            SourceFile(path: "Scenarios/kindly/cold-start.scn", text: text), registry: testRegistry)
        let d = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(
            DiagnosticRenderer().render(d) == """
                error: unknown option 'tilte' for 'push kindly'
                  --> Scenarios/kindly/cold-start.scn:4:21
                   |
                 4 | push kindly visible tilte "Anna"
                   |                     ^^^^^ did you mean 'title'?

                """)
    }

    @Test func notesAndWideGutters() {
        let text = String(repeating: "\n", count: 11) + "sdk kindly\nlaunch killed\nextension kindly\n"
        let result = Language.check(SourceFile(path: "a.scn", text: text), registry: testRegistry)
        #expect(
            Language.render(result.diagnostics) == """
                error: 'extension' is install-time configuration: it must come before the first action
                   --> a.scn:14:1
                    |
                 14 | extension kindly
                    | ^^^^^^^^^^^^^^^^ after the app was installed
                    = note: the first action, on line 13, installs the app

                """)
    }

    @Test func tabsKeepCaretsAligned() {
        let file = SourceFile(path: "t.scn", text: "\tpush\tkindly tilte")
        let d = file.diagnostic("x", at: SourceRange(13, 18))
        #expect(
            DiagnosticRenderer().render(d).split(separator: "\n").map(String.init)[3...4] == [
                " 1 | \tpush\tkindly tilte", "   | \t    \t       ^^^^^",
            ])
    }

    @Test func multibyteCharactersCountAsOneColumn() {
        let file = SourceFile(path: "t.scn", text: "send \"é😀\" bad")
        let d = file.diagnostic("x", at: SourceRange(14, 17))
        #expect(d.location.column == 11)
        #expect(DiagnosticRenderer().render(d).contains("   |           ^^^\n"))
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        let file = SourceFile(path: "t.scn", text: "tap \u{1B}[31m")
        let d = file.diagnostic("unexpected character U+001B", at: SourceRange(4, 5), label: "\u{1B}")
        let out = DiagnosticRenderer().render(d)
        #expect(!out.unicodeScalars.contains("\u{1B}"))
    }

    @Test func colourIsOptional() {
        let d = SourceFile(path: "t.scn", text: "tpa").diagnostic("unknown command 'tpa'", at: SourceRange(0, 3))
        #expect(!DiagnosticRenderer(color: false).render(d).contains("\u{1B}"))
        let coloured = DiagnosticRenderer(color: true).render(d)
        #expect(coloured.contains("\u{1B}[31m\u{1B}[1merror\u{1B}[0m"))
    }

    @Test func longLinesAreClippedAroundTheSpan() {
        let line = "send \"" + String(repeating: "a", count: 2_000_000)
        let result = Parser.parse(SourceFile(path: "t.scn", text: line + "\" tpa"))
        let file = SourceFile(path: "t.scn", text: line + "\" tpa")
        let late = file.diagnostic("unknown command", at: SourceRange(2_000_008, 2_000_011))
        #expect(late.location.column == 2_000_009)
        #expect(late.lineText.count < 300)
        #expect(late.lineText.hasPrefix("…"))
        let rendered = DiagnosticRenderer().render(late)
        let lines = rendered.split(separator: "\n").map(String.init)
        let caretColumn = lines[4].distance(
            from: lines[4].startIndex, to: lines[4].firstIndex(of: "^") ?? lines[4].startIndex)
        let sourceColumn = lines[3].distance(
            from: lines[3].startIndex, to: lines[3].range(of: "tpa")?.lowerBound ?? lines[3].startIndex)
        #expect(caretColumn == sourceColumn)
        #expect(result.diagnostics.first.map { $0.lineText.count < 300 } == true)
    }
}
