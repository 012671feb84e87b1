import ScenarioLanguage

/// Escaping for HTML (and the SVG inside it): one function for text and attribute values,
/// used by every report that writes HTML (`scn test --html`, the `<details>` of `scn repro`).
public enum HTML {
    /// `text` safe anywhere in an HTML page's text, in a quoted attribute value (double or
    /// single quotes) and in inline SVG: `& < > " '` as character references; control
    /// characters, the line and paragraph separators and the bidirectional controls made
    /// visible as `\u{…}` (as on a terminal), so that a case name can neither close an
    /// element nor reorder or hide the text around it; Unicode noncharacters likewise.
    ///
    /// - Parameter keepingLineBreaks: keep line feeds and tabs (for `<pre>`); a carriage
    ///   return is always made visible.
    public static func escape(_ text: String, keepingLineBreaks: Bool = false) -> String {
        let visible = TerminalText.escape(text, keepingLineBreaks: keepingLineBreaks)
        var out = ""
        out.reserveCapacity(visible.utf8.count + 16)
        for scalar in visible.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                let v = scalar.value
                if (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE {
                    out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
