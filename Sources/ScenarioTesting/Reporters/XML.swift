import ScenarioLanguage

/// Escaping for XML 1.0 text and attribute values.
enum XML {
    /// `text` as XML character data: `& < >` escaped, carriage returns kept as `&#13;`,
    /// and characters XML 1.0 cannot hold at all (most control characters, U+FFFE, U+FFFF)
    /// written as `\u{1B}`-style escapes; the invisible characters the terminal escapes
    /// (direction controls such as U+202E, zero-width characters, DEL and C1 controls) as
    /// character references (`&#x202E;`), so the report stays valid and shows them.
    static func text(_ text: String) -> String { escape(text, attribute: false) }

    /// `text` as an attribute value in double quotes: also `"` and `'`, and line breaks and
    /// tabs as character references so that attribute normalisation keeps them.
    static func attribute(_ text: String) -> String { escape(text, attribute: true) }

    private static func escape(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\r": out += "&#13;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF {
                    out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
                } else if v >= 0x7F && TerminalText.isInvisible(scalar) {
                    // DEL, C1 controls, direction controls, zero-width characters: valid XML,
                    // but a name holding them reads differently; a reference shows them.
                    out += "&#x" + String(v, radix: 16, uppercase: true) + ";"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
