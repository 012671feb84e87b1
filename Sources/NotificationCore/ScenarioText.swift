// Values as a scenario writes them, for the lines the core prints (the install line, a step's
// text in the trace): a quoted string that reads back as the same string.

/// Scenario text for values the core prints.
public enum ScenarioText {
    /// `"text"` with `"`, `\`, `$` and control characters escaped, so it reads back as `text`
    /// (a `$` would start an interpolation).
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "$": out += "\\$"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where c.value < 0x20 || c.value == 0x7F:
                out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    /// One value, quoted, or a list of them: `"a"`, `["a", "b"]`, `[]`.
    public static func wordList(_ items: [String]) -> String {
        items.count == 1 ? quoted(items[0]) : "[" + items.map(quoted).joined(separator: ", ") + "]"
    }
}
