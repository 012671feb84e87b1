// Values as a scenario writes them, for the lines the core prints (the install line, a step's
// text in the trace): a quoted string that reads back as the same string.

/// Scenario text for values the core prints.
public enum ScenarioText {
    /// `"text"` as a scenario writes it, so the lexer reads it back as `text`: `"`, `\`, `$`
    /// (a `$` could start an interpolation), line feeds and tabs escaped, and every invisible
    /// character (C0 and C1 controls, DEL, the line and paragraph separators, the direction
    /// controls, the zero-width characters) written `\u{…}`.
    ///
    /// The same text as `ScenarioLanguage.Quote.string` (this module does not depend on that
    /// one): a test in ScenarioRuntimeTests holds the two together.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "$": out += "\\$"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where isInvisible(c):
                out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    /// The characters `TerminalText.isInvisible` names in the language module.
    private static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v >= 0x20 && v < 0x7F { return false }
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029 || v == 0x061C || v == 0x200E
            || v == 0x200F || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069) || v == 0x200B
            || v == 0x2060 || v == 0xFEFF
    }

    /// One value, quoted, or a list of them: `"a"`, `["a", "b"]`, `[]`.
    public static func wordList(_ items: [String]) -> String {
        items.count == 1 ? quoted(items[0]) : "[" + items.map(quoted).joined(separator: ", ") + "]"
    }
}
