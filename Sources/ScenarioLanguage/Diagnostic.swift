/// A problem found in a scenario, as a value: what, where, and a hint.
///
/// Diagnostics carry the text of the line they point at, so they can be rendered
/// anywhere (a test report, the REPL, JSON) without the source at hand. Rendering with
/// a gutter and carets happens once, at the edge: see ``DiagnosticRenderer``.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    public var severity: Severity
    public var message: String
    /// The file path as the user named it.
    public var path: String
    public var range: SourceRange
    /// Line and column of `range.start`.
    public var location: SourceLocation
    /// The text of the line at `location.line` (for the caret display).
    public var lineText: String
    /// How many columns the caret covers on that line (at least 1).
    public var width: Int
    /// A short label printed beside the carets, e.g. "did you mean 'title'?".
    public var label: String?
    /// Further notes printed under the snippet.
    public var notes: [String]

    public init(
        severity: Severity = .error, message: String, path: String, range: SourceRange,
        location: SourceLocation, lineText: String, width: Int, label: String? = nil,
        notes: [String] = []
    ) {
        self.severity = severity
        self.message = message
        self.path = path
        self.range = range
        self.location = location
        self.lineText = lineText
        self.width = max(1, width)
        self.label = label
        self.notes = notes
    }

    /// `path:line:col: error: message` — one line, for logs and tests.
    public var description: String {
        "\(path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}

extension SourceFile {
    /// A diagnostic about `range` in this file.
    public func diagnostic(
        _ message: String, at range: SourceRange, label: String? = nil, notes: [String] = [],
        severity: Diagnostic.Severity = .error
    ) -> Diagnostic {
        let start = location(of: range.start)
        let li = start.line - 1
        let lineEnd = li + 1 < lineStarts.count ? lineStarts[li + 1] - 1 : bytes.count
        let endOffset = min(max(range.end, range.start + 1), max(lineEnd, range.start + 1))
        let endColumn = location(of: min(endOffset, bytes.count)).column
        let width =
            endOffset > bytes.count || location(of: min(endOffset, bytes.count)).line != start.line
            ? 1 : max(1, endColumn - start.column)
        return Diagnostic(
            severity: severity, message: message, path: path, range: range, location: start,
            lineText: lineText(li), width: width, label: label, notes: notes)
    }
}
