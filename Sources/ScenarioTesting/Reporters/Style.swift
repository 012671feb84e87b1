import CommandLineKit
import ScenarioLanguage

/// ANSI colours for the console report; everything passes through unchanged when off.
struct Style: Sendable {
    /// Whether colour is on (``ColorChoice/decide(terminal:environment:)``).
    let enabled: Bool

    /// The colour decision of docs/TOOL.md: `--color`, else a terminal without `NO_COLOR`.
    static func decide(isTerminal: Bool, environment: [String: String]) -> Style {
        Style(enabled: ColorChoice.decide(terminal: isTerminal, environment: environment))
    }

    /// Each line coloured on its own, reset before its line break.
    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? ColorChoice.paint(text, code) : text
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "1;31") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func magenta(_ text: String) -> String { wrap(text, "1;35") }
}

/// Text helpers shared by the reporters.
enum Text {
    /// `name` on one line, safe for a terminal (``TerminalText/escape(_:keepingLineBreaks:)``).
    static func oneLine(_ name: String) -> String { TerminalText.escape(name) }

    /// `name` as a `.scn` string literal: `"…"` with `\"` and `\\` escaped, on one line.
    static func quoted(_ name: String) -> String {
        "\"" + oneLine(name.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")) + "\""
    }

    /// The first line of `text`, for one-line summaries (JUnit's `message`, TAP's description).
    static func firstLine(_ text: String) -> String {
        lines(text).first { !$0.isEmpty } ?? ""
    }

    /// `text` split at every line feed (a `\r\n` pair is one `Character`, so splitting
    /// `Character`s would miss it); a `\r` before the line feed stays with its line.
    static func lines(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
    }

    /// `text` without trailing newlines.
    static func trimmingTrailingNewlines(_ text: String) -> String {
        var t = Substring(text)
        while let last = t.last, last == "\n" || last == "\r\n" || last == "\r" { t = t.dropLast() }
        return String(t)
    }

    /// Milliseconds with three decimals, locale-independent: `12.345`.
    static func milliseconds(_ d: Duration) -> String {
        decimal(microseconds(d), scale: 1000)
    }

    /// Seconds with three decimals, locale-independent: `0.012`.
    static func seconds(_ d: Duration) -> String {
        decimal(microseconds(d) / 1000, scale: 1000)
    }

    static func microseconds(_ d: Duration) -> Int64 {
        let c = d.components
        return max(0, c.seconds) * 1_000_000 + max(0, c.attoseconds) / 1_000_000_000_000
    }

    private static func decimal(_ value: Int64, scale: Int64) -> String {
        let fraction = String(value % scale)
        return "\(value / scale)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        return self.split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
