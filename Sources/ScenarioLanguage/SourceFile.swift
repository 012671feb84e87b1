/// A byte offset range into a ``SourceFile``: `start..<end`.
public struct SourceRange: Hashable, Sendable {
    public var start: Int
    public var end: Int
    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = max(start, end)
    }
    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(min(start, other.start), max(end, other.end))
    }
    public var count: Int { end - start }
}

/// A 1-based line and column. Columns count Unicode scalars, so a caret lines up under
/// the character a person sees in the terminal.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

/// The text of one scenario file, as bytes, with its path for diagnostics.
///
/// The lexer reads bytes, never `Character`s; this type turns byte offsets back into
/// lines and columns only when a diagnostic is rendered.
public struct SourceFile: Hashable, Sendable {
    /// The path as the user named it (shown in diagnostics).
    public let path: String
    public let bytes: [UInt8]
    /// Byte offset of the first byte of each line.
    public let lineStarts: [Int]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") {
            starts.append(i + 1)
        }
        self.lineStarts = starts
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The 0-based index of the line holding `offset`.
    public func lineIndex(of offset: Int) -> Int {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Line and column (1-based, column in Unicode scalars) of a byte offset.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = min(max(0, offset), bytes.count)
        let li = lineIndex(of: clamped)
        // Count scalar starts: every byte that is not a UTF-8 continuation byte.
        let column = 1 + scalarCount(lineStarts[li], clamped)
        return SourceLocation(line: li + 1, column: column)
    }

    /// The text of the 0-based line `index`, without its newline. Invalid UTF-8 is
    /// replaced so that a diagnostic about it can still be shown.
    public func lineText(_ index: Int) -> String {
        guard index >= 0, index < lineStarts.count else { return "" }
        let start = lineStarts[index]
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let slice = bytes[start..<max(start, end)].map { $0 == 0 ? UInt8(ascii: " ") : $0 }
        return String(decoding: slice, as: UTF8.self)
    }

    /// The source text of a range.
    public func text(_ range: SourceRange) -> String {
        let s = min(max(0, range.start), bytes.count)
        let e = min(max(s, range.end), bytes.count)
        return String(decoding: bytes[s..<e], as: UTF8.self)
    }
}
