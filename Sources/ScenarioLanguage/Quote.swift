/// A string written as a `.scn` double-quoted literal that the lexer reads back as the same
/// string, with nothing to warn about: the one quoting of scenario text (messages, the
/// repro report, counterexamples).
///
/// What the lexer (`lexString`) needs escaped: `"` ends the string, `\` starts an escape,
/// `${` starts an interpolation (every `$` is written `\$`, so none can), a line feed ends
/// the line and a NUL byte is an error. Tabs become `\t`; every other character that
/// ``TerminalText/isInvisible(_:)`` names (C0 and C1 controls, DEL, the line and paragraph
/// separators, the direction controls the lexer warns about, the zero-width characters) is
/// written `\u{…}` in uppercase hex, so the literal also prints safely and reads the same
/// as it is.
///
/// `NotificationCore.ScenarioText.quoted` (the core does not depend on this module) writes
/// the same text; a test in ScenarioRuntimeTests holds the two together.
public enum Quote {
    /// `"text"`, escaped as described above.
    public static func string(_ text: String) -> String {
        // Most text has nothing to escape: a scan of its bytes says so.
        guard text.utf8.contains(where: { !isPlain($0) }) else { return "\"" + text + "\"" }
        var out = "\""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "$": out += "\\$"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where TerminalText.isInvisible(scalar):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A printable ASCII byte that stands for itself in a string literal.
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
            && byte != UInt8(ascii: "$")
    }
}
