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
    /// The text of the line at `location.line` (for the caret display). A very long line
    /// is clipped to a window around the span, marked with `…` (see ``snippetColumn``).
    public var lineText: String
    /// The column in ``lineText`` where the span starts: `location.column` unless the
    /// line was clipped.
    public var snippetColumn: Int
    /// How many columns the caret covers on that line (at least 1).
    public var width: Int
    /// A short label printed beside the carets, e.g. "did you mean 'title'?".
    public var label: String?
    /// Further notes printed under the snippet.
    public var notes: [String]
    /// The text that fixes the problem when it replaces ``range``: the word a "did you mean"
    /// names. An editor offers it as a quick fix; nil when there is no single fix.
    public var replacement: String?

    public init(
        severity: Severity = .error, message: String, path: String, range: SourceRange,
        location: SourceLocation, lineText: String, width: Int, label: String? = nil,
        notes: [String] = [], snippetColumn: Int? = nil, replacement: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.path = path
        self.range = range
        self.location = location
        self.lineText = lineText
        self.snippetColumn = snippetColumn ?? location.column
        self.width = max(1, width)
        self.label = label
        self.notes = notes
        self.replacement = replacement
    }

    /// `path:line:col: error: message` — one line, for logs and tests.
    public var description: String {
        "\(path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}

extension SourceFile {
    /// Lines longer than this many bytes are clipped in diagnostics.
    static let snippetLimit = 400

    /// A diagnostic about `range` in this file.
    public func diagnostic(
        _ message: String, at range: SourceRange, label: String? = nil, notes: [String] = [],
        severity: Diagnostic.Severity = .error
    ) -> Diagnostic {
        let startOffset = min(max(0, range.start), bytes.count)
        let start = location(of: startOffset)
        let li = start.line - 1
        let lineStart = lineStarts[li]
        var lineEnd = li + 1 < lineStarts.count ? lineStarts[li + 1] - 1 : bytes.count
        if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        // The span on this line, in scalars (at least one caret).
        let spanEnd = min(max(range.end, startOffset), lineEnd)
        let width = max(1, scalarCount(startOffset, spanEnd))
        guard lineEnd - lineStart > SourceFile.snippetLimit else {
            return Diagnostic(
                severity: severity, message: message, path: path, range: range, location: start,
                lineText: lineText(li), width: width, label: label, notes: notes)
        }
        // A long line: a window around the span, cut at scalar boundaries.
        let context = SourceFile.snippetLimit / 4
        var from = max(lineStart, startOffset - context)
        while from > lineStart && bytes[from] & 0xC0 == 0x80 { from -= 1 }
        var to = min(lineEnd, max(startOffset, spanEnd) + context)
        while to < lineEnd && bytes[to] & 0xC0 == 0x80 { to += 1 }
        let clippedStart = from > lineStart
        let clippedEnd = to < lineEnd
        let window = bytes[from..<to].map { $0 == 0 ? UInt8(ascii: " ") : $0 }
        let text = (clippedStart ? "…" : "") + String(decoding: window, as: UTF8.self) + (clippedEnd ? "…" : "")
        let column = scalarCount(from, startOffset) + 1 + (clippedStart ? 1 : 0)
        return Diagnostic(
            severity: severity, message: message, path: path, range: range, location: start,
            lineText: text, width: min(width, scalarCount(startOffset, to) + 1), label: label, notes: notes,
            snippetColumn: column)
    }

    /// Unicode scalars (non-continuation bytes) in `from..<to`.
    func scalarCount(_ from: Int, _ to: Int) -> Int {
        guard to > from else { return 0 }
        return bytes.withUnsafeBufferPointer { buffer in
            var n = 0
            for k in from..<to where buffer[k] & 0xC0 != 0x80 { n += 1 }
            return n
        }
    }
}
