/// Renders ``Diagnostic`` values for people, once, at the edge (docs/RELIABILITY.md):
///
/// ```
/// error: unknown option 'tilte' for 'push kindly'
///   --> Scenarios/kindly/cold-start.scn:4:21
///    |
///  4 | push kindly visible tilte "Anna"
///    |                     ^^^^^ did you mean 'title'?
/// ```
///
/// Notes follow as `   = note: …`. Tabs in the source line are kept and the caret line
/// uses a tab at the same place, so carets stay under the span. Control characters from
/// the (untrusted) source are shown escaped (``TerminalText``), never sent to the terminal.
public struct DiagnosticRenderer: Sendable {
    /// ANSI colour (the caller decides: a terminal, and no `NO_COLOR`).
    public var color: Bool

    public init(color: Bool = false) {
        self.color = color
    }

    /// One diagnostic, ending with a newline.
    public func render(_ d: Diagnostic) -> String {
        let lineNumber = String(d.location.line)
        let pad = String(repeating: " ", count: lineNumber.count)
        var out = ""
        let severityStyle = d.severity == .error ? Style.red : d.severity == .warning ? Style.yellow : Style.cyan
        out +=
            paint(d.severity.rawValue, severityStyle + Style.bold) + paint(": " + clean(d.message), Style.bold) + "\n"
        out += pad + " " + paint("-->", Style.blue) + " " + clean(d.path) + ":" + d.location.description + "\n"
        out += pad + "  " + paint("|", Style.blue) + "\n"
        let line = TerminalText.escape(d.lineText, keepingLineBreaks: true)
        out +=
            " " + paint(lineNumber, Style.blue) + " " + paint("|", Style.blue) + (line.isEmpty ? "" : " " + line) + "\n"
        // The caret line: the line's own tabs before the column, spaces elsewhere (as many
        // as each character takes once escaped).
        // The carets: as wide as the span once escaped (`\u{202E}` takes eight).
        var indent = ""
        var column = 1
        var caretWidth = 0
        for scalar in d.lineText.unicodeScalars {
            if column >= d.snippetColumn + max(1, d.width) { break }
            let width = scalar == "\t" ? 1 : TerminalText.escapedWidth(scalar, keepingLineBreaks: true)
            if column >= d.snippetColumn {
                caretWidth += width
            } else if scalar == "\t" {
                indent += "\t"
            } else {
                indent += String(repeating: " ", count: width)
            }
            column += 1
        }
        if column < d.snippetColumn { indent += String(repeating: " ", count: d.snippetColumn - column) }
        caretWidth += max(0, d.snippetColumn + max(1, d.width) - max(column, d.snippetColumn))
        var carets = paint(String(repeating: "^", count: max(1, caretWidth)), severityStyle + Style.bold)
        if let label = d.label, !label.isEmpty { carets += " " + paint(clean(label), severityStyle + Style.bold) }
        out += pad + "  " + paint("|", Style.blue) + " " + indent + carets + "\n"
        return out + notes(d)
    }

    /// The `= note: …` lines of a diagnostic (the end of ``render(_:)``), for a caller that
    /// writes lines of its own between the snippet and the notes.
    public func notes(_ d: Diagnostic) -> String {
        let pad = String(repeating: " ", count: String(d.location.line).count)
        var out = ""
        for note in d.notes {
            out += pad + "  " + paint("=", Style.blue) + " " + paint("note", Style.bold) + ": " + clean(note) + "\n"
        }
        return out
    }

    /// Several diagnostics, separated by blank lines.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined(separator: "\n")
    }

    private enum Style {
        static let red = "\u{1B}[31m"
        static let yellow = "\u{1B}[33m"
        static let cyan = "\u{1B}[36m"
        static let blue = "\u{1B}[34m"
        static let bold = "\u{1B}[1m"
        static let reset = "\u{1B}[0m"
    }

    private func paint(_ text: String, _ style: String) -> String {
        color ? style + text + Style.reset : text
    }

    private func clean(_ text: String) -> String { TerminalText.escape(text) }
}

extension Diagnostic {
    /// The diagnostic rendered without colour (see ``DiagnosticRenderer``).
    public var rendered: String { DiagnosticRenderer().render(self) }
}
