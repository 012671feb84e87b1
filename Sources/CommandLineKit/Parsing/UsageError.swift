import ScenarioLanguage

/// A command line that cannot be run: the tool prints it and exits with 2.
///
/// Its message quotes what was typed (an unknown option, a path, a `--filter`), and an
/// argument may hold any bytes: the message is escaped here (``TerminalText/escape(_:keepingLineBreaks:)``),
/// once, so that no error path can print ESC, BEL or a direction control raw. Escaping
/// is idempotent: a message that was escaped already is unchanged.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, without the `error: ` prefix, safe to print.
    public var message: String

    /// A usage error saying `message` (escaped).
    public init(_ message: String) { self.message = TerminalText.escape(message) }

    /// A usage error of several lines (a message, then the argument with a caret under
    /// it): each line escaped, the line breaks between them kept.
    public init(lines: [String]) { message = lines.map { TerminalText.escape($0) }.joined(separator: "\n") }

    public var description: String { message }
}
