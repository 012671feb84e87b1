/// The base protocol's framing: each message is a header block (`Content-Length: N`,
/// optionally `Content-Type: …`, each line ending in `\r\n`), an empty line, then N bytes
/// of JSON.
///
/// Bytes arrive in whatever pieces the pipe delivers; ``append(_:)`` takes them and
/// ``next()`` hands back whole messages. A header block that cannot be read is reported
/// once and skipped, so one bad message never stops the server.
public struct MessageFramer: Sendable {
    /// What ``next()`` found.
    public enum Frame: Equatable, Sendable {
        /// A message's body (its JSON text, not yet parsed).
        case message([UInt8])
        /// A header block without a usable `Content-Length`, or a body over the limit; the
        /// message is skipped (its body too, when its length was known).
        case invalid(String)
    }

    /// Bodies larger than this are refused (and skipped without being kept in memory).
    public let maxBodyBytes: Int
    /// Header blocks longer than this are refused.
    public let maxHeaderBytes: Int

    private var buffer: [UInt8] = []
    /// Where unread bytes start in ``buffer`` (consumed bytes are dropped in bulk).
    private var start = 0
    /// The body length of the message whose headers were read, while waiting for its body.
    private var pendingBody: Int?
    /// Bytes of a refused body still to throw away.
    private var discarding = 0

    /// A body holds at most one document (4 MiB) as JSON, where escapes can double it.
    public init(maxBodyBytes: Int = 16 << 20, maxHeaderBytes: Int = 8 << 10) {
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
    }

    /// Adds bytes read from the input.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame, or nil when more bytes are needed.
    public mutating func next() -> Frame? {
        defer { compact() }
        if discarding > 0 {
            let n = min(discarding, buffer.count - start)
            start += n
            discarding -= n
            if discarding > 0 { return nil }
        }
        if let length = pendingBody {
            guard buffer.count - start >= length else { return nil }
            let body = Array(buffer[start..<(start + length)])
            start += length
            pendingBody = nil
            return .message(body)
        }
        guard let (headerEnd, bodyStart) = findHeaderEnd() else {
            if buffer.count - start > maxHeaderBytes {
                // No end of headers in sight: drop what we have and start again.
                start = buffer.count
                return .invalid("header block longer than \(maxHeaderBytes) bytes")
            }
            return nil
        }
        let header = buffer[start..<headerEnd]
        switch MessageFramer.contentLength(header) {
        case .failure(let message):
            // The body of a message whose length could not be read runs into the next
            // header: start again at the next `Content-Length` after this block's first
            // byte (or after the block, when none has arrived yet), so that one bad header
            // costs one message, not every later one.
            start = resynchronise(after: start, before: buffer.count) ?? bodyStart
            return .invalid(message.description)
        case .success(let length):
            start = bodyStart
            if length > maxBodyBytes {
                discarding = length
                return .invalid("message of \(length) bytes is larger than the limit of \(maxBodyBytes)")
            }
            pendingBody = length
            return next()
        }
    }

    /// Where the next `Content-Length` (any case) starts in `buffer[from + 1 ..< end]`, or
    /// nil. Called once per refused header block, over the bytes buffered.
    private func resynchronise(after from: Int, before end: Int) -> Int? {
        let name = Array("content-length".utf8)
        var i = from + 1
        while i + name.count <= end {
            var k = 0
            while k < name.count, buffer[i + k] | 0x20 == name[k] { k += 1 }
            if k == name.count { return i }
            i += 1
        }
        return nil
    }

    /// The end of the header block at ``start``: the offset of the blank line and of the
    /// body. A bare `\n\n` is accepted too.
    private func findHeaderEnd() -> (Int, Int)? {
        var i = start
        let end = buffer.count
        while i < end {
            if buffer[i] == UInt8(ascii: "\n") {
                if i + 1 < end, buffer[i + 1] == UInt8(ascii: "\n") { return (i, i + 2) }
                if i + 2 < end, buffer[i + 1] == UInt8(ascii: "\r"), buffer[i + 2] == UInt8(ascii: "\n") {
                    return (i, i + 3)
                }
            }
            i += 1
        }
        return nil
    }

    /// The value of `Content-Length` in a header block (names are case-insensitive).
    static func contentLength(_ header: ArraySlice<UInt8>) -> Result<Int, FramingError> {
        var length: Int?
        for rawLine in header.split(separator: UInt8(ascii: "\n")) {
            let bytes = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
            let line = String(decoding: bytes, as: UTF8.self)
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(FramingError("header line without ':': '\(line.prefix(80))'"))
            }
            let name = line[..<colon].trimmingBlanks.lowercased()
            let value = line[line.index(after: colon)...].trimmingBlanks
            if name == "content-length" {
                guard !value.isEmpty, value.allSatisfy(\.isASCIIDigit), value.count <= 18, let n = Int(value) else {
                    return .failure(FramingError("Content-Length is not a number: '\(value.prefix(40))'"))
                }
                length = n
            }
        }
        guard let length else { return .failure(FramingError("no Content-Length header")) }
        return .success(length)
    }

    private mutating func compact() {
        if start > 0 && (start == buffer.count || start > 1 << 16) {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// A message framed for the output.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

/// Why a header block was refused.
public struct FramingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

extension Substring {
    fileprivate var trimmingBlanks: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
