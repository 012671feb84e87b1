/// Text from a scenario or a payload made safe to print on a terminal.
///
/// Scenario files arrive in bug reports from strangers, and so do the payloads they push:
/// a case name, a banner title or a file name may hold an escape sequence (`ESC [ 2 J`
/// clears the screen), a bell, a carriage return, a line feed that forges a report line
/// (`PASS forged.scn › all good`), or a bidirectional control (U+202E) that makes text
/// read backwards. Every string of that origin passes through ``escape(_:keepingLineBreaks:)``
/// before it reaches standard output or standard error; structured reports (JSON, JUnit,
/// TAP) use their own format's escaping instead.
public enum TerminalText {
    /// `text` with every character that could drive the terminal written as an escape:
    /// `\n`, `\r`, `\t`, and `\u{1B}`-style escapes for the other C0 and C1 controls, DEL,
    /// the line and paragraph separators, the bidirectional controls (U+061C, U+200E,
    /// U+200F, U+202A–U+202E, U+2066–U+2069), and the zero-width characters that join
    /// nothing (U+200B, U+2060, U+FEFF), which would make two names that differ look the
    /// same. The zero-width joiner (U+200D) is kept: emoji sequences are made with it.
    ///
    /// - Parameter keepingLineBreaks: keep line feeds and tabs as they are, for text that is
    ///   meant to span lines (a scenario file shown whole); everything else is escaped.
    public static func escape(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingLineBreaks) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// How many characters `scalar` takes once escaped (1 when it is kept): lets a caller
    /// line up carets under escaped text.
    public static func escapedWidth(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool = false) -> Int {
        guard needsEscape(scalar, keepingLineBreaks) else { return 1 }
        switch scalar {
        case "\n", "\r", "\t": return 2
        default: return 4 + String(scalar.value, radix: 16).count
        }
    }

    /// Whether ``escape(_:keepingLineBreaks:)`` writes `scalar` as an escape: a control,
    /// a separator, a direction control or a zero-width character. Reports in other
    /// formats (XML) escape the same set their own way.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool { needsEscape(scalar, false) }

    private static func needsEscape(_ s: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
        let v = s.value
        if v >= 0x20 && v < 0x7F { return false }
        if keepingLineBreaks && (s == "\n" || s == "\t") { return false }
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029 || isDirectionControl(s)
            || v == 0x200B || v == 0x2060 || v == 0xFEFF
    }

    /// The invisible characters that reorder how text is shown (U+061C, U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069): text holding them can read differently from what it
    /// is (the "Trojan Source" attack, CVE-2021-42574). The lexer warns about them.
    public static func isDirectionControl(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v == 0x061C || v == 0x200E || v == 0x200F || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }
}
