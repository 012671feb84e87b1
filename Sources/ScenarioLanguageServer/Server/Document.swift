import ScenarioLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An open document: its text as the language reads it (bytes), and the conversions
/// between the language's byte offsets and the protocol's positions (0-based lines,
/// characters in UTF-16 code units).
struct Document: Sendable {
    var uri: String
    var version: Int?
    var source: SourceFile

    init(uri: String, version: Int?, text: String) {
        self.uri = uri
        self.version = version
        self.source = SourceFile(path: DocumentURI.path(of: uri) ?? uri, text: text)
    }

    /// The file-system path, for a `file:` document.
    var filePath: String? { DocumentURI.path(of: uri) }

    var text: String { String(decoding: source.bytes, as: UTF8.self) }

    /// The position of a byte offset.
    func position(of offset: Int) -> Position {
        Document.position(of: offset, in: source)
    }

    static func position(of offset: Int, in source: SourceFile) -> Position {
        let clamped = min(max(0, offset), source.bytes.count)
        let line = source.lineIndex(of: clamped)
        var units = 0
        var i = source.lineStarts[line]
        while i < clamped {
            let b = source.bytes[i]
            if b & 0xC0 != 0x80 { units += b >= 0xF0 ? 2 : 1 }
            i += 1
        }
        return Position(line: line, character: units)
    }

    func range(of range: SourceRange) -> Range {
        Range(start: position(of: range.start), end: position(of: range.end))
    }

    /// The byte offset of a position. A line past the end is the end of the document; a
    /// character past the end of its line is the end of that line (as the protocol says).
    func offset(of position: Position) -> Int {
        let bytes = source.bytes
        guard position.line >= 0 else { return 0 }
        guard position.line < source.lineStarts.count else { return bytes.count }
        let start = source.lineStarts[position.line]
        var end = position.line + 1 < source.lineStarts.count ? source.lineStarts[position.line + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var units = 0
        var i = start
        while i < end, units < position.character {
            let b = bytes[i]
            units += b >= 0xF0 ? 2 : 1
            i += 1
            while i < end, bytes[i] & 0xC0 == 0x80 { i += 1 }
        }
        return i
    }

    /// The whole document's range.
    var fullRange: Range { Range(start: Position(line: 0, character: 0), end: position(of: source.bytes.count)) }

    /// Applies one change from `textDocument/didChange`.
    mutating func apply(_ change: TextDocumentContentChangeEvent) {
        guard let range = change.range else {
            source = SourceFile(path: source.path, text: change.text)
            return
        }
        let from = offset(of: range.start)
        let to = max(from, offset(of: range.end))
        var bytes = source.bytes
        bytes.replaceSubrange(from..<to, with: Array(change.text.utf8))
        source = SourceFile(path: source.path, bytes: bytes)
    }
}

/// `file:` URIs and paths.
enum DocumentURI {
    /// The path of a `file:` URI (percent-decoded), or nil for another scheme.
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        // `file://host/path`: only the local host is ours.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[slash...]
        }
        return percentDecoded(rest)
    }

    /// `%XX` escapes decoded; nil for a malformed escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The `file:` URI of a path, percent-encoding what a URI may not hold.
    static func uri(of path: String) -> String {
        // Kept as they are: unreserved characters (RFC 3986), `/` and `:`; every other byte
        // of the UTF-8 is `%XX`.
        let digits = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: ":"):
                encoded.append(byte)
            default:
                encoded += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return "file://" + String(decoding: encoded, as: UTF8.self)
    }
}
