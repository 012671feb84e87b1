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
    var source: SourceFile {
        didSet { asciiLines = Document.asciiFlags(source) }
    }
    /// Whether each line of ``source`` is ASCII only: a character is then a byte, and a
    /// position on it is found without reading the line (a thousand hovers at the end of a
    /// 1 MB line read it a thousand times).
    private(set) var asciiLines: [Bool] = []
    /// Why the document's text is not kept (over a budget): the one diagnostic published
    /// for it, until a change sends the whole text again. Its ``source`` is then empty.
    var refused: String?
    /// The index of ``source``, made by the first request that needs it and kept until the
    /// text changes: a flood of hovers over a 250,000-line document parses it once, not once
    /// a request.
    var index: DocumentIndex?
    /// The files the document includes, parsed, kept with ``index`` (and dropped on save too,
    /// since they may have changed on disk).
    var included: [IncludedFile]?
    /// The quick fixes of the text's diagnostics (``LanguageServer/codeActions(_:)``), made by
    /// the first request for them and kept with ``included``: an editor that asks at every
    /// cursor move does not check the document again each time.
    var fixes: [(range: Range, lsp: LSPDiagnostic, replacement: String)]?

    init(uri: String, version: Int?, text: String) {
        self.uri = uri
        self.version = version
        self.source = SourceFile(path: DocumentURI.path(of: uri) ?? uri, text: text)
        asciiLines = Document.asciiFlags(source)
    }

    /// ``asciiLines`` of a text: one pass over its bytes.
    static func asciiFlags(_ source: SourceFile) -> [Bool] {
        let starts = source.lineStarts
        var flags = [Bool](repeating: true, count: starts.count)
        source.bytes.withUnsafeBufferPointer { b in
            for line in starts.indices {
                let end = line + 1 < starts.count ? starts[line + 1] : b.count
                var k = starts[line]
                while k < end {
                    if b[k] >= 0x80 {
                        flags[line] = false
                        break
                    }
                    k += 1
                }
            }
        }
        return flags
    }

    /// The text is new: what was made from the old one goes.
    mutating func forgetIndex() {
        index = nil
        included = nil
        fixes = nil
    }

    /// The file-system path, for a `file:` document.
    var filePath: String? { DocumentURI.path(of: uri) }

    var text: String { String(decoding: source.bytes, as: UTF8.self) }

    /// The position of a byte offset.
    func position(of offset: Int) -> Position {
        let clamped = min(max(0, offset), source.bytes.count)
        let line = source.lineIndex(of: clamped)
        if line < asciiLines.count, asciiLines[line] {
            return Position(line: line, character: clamped - source.lineStarts[line])
        }
        return Document.position(of: offset, in: source)
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
        let starts = source.lineStarts
        if position.line >= 0, position.line < starts.count, position.line < asciiLines.count,
            asciiLines[position.line]
        {
            let start = starts[position.line]
            var end = position.line + 1 < starts.count ? starts[position.line + 1] - 1 : source.bytes.count
            if end > start, source.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return start + min(max(0, position.character), end - start)
        }
        return Document.offset(of: position, in: source.bytes, lineStarts: starts)
    }

    static func offset(of position: Position, in bytes: [UInt8], lineStarts: [Int]) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        var end = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] - 1 : bytes.count
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

    /// Applies the changes of one `textDocument/didChange`, in order, to one copy of the
    /// text: each edit moves the bytes after it and updates the line starts in place, and
    /// the source (its lines counted again) is made once at the end. A text that grows
    /// past `maxBytes` is refused (see ``refused``); range edits to a refused document are
    /// dropped until one change sends the whole text.
    mutating func apply(_ changes: [TextDocumentContentChangeEvent], maxBytes: Int) {
        var bytes = source.bytes
        var starts = source.lineStarts
        for change in changes {
            guard let range = change.range else {
                bytes = Array(change.text.utf8)
                starts = Document.lineStarts(bytes[...], base: 0)
                refused = nil
                continue
            }
            if refused != nil { continue }
            let from = Document.offset(of: range.start, in: bytes, lineStarts: starts)
            let to = max(from, Document.offset(of: range.end, in: bytes, lineStarts: starts))
            let new = Array(change.text.utf8)
            bytes.replaceSubrange(from..<to, with: new)
            // Line starts after `from` up to `to` go; those of the new text come in; the rest move.
            let low = Document.firstStart(after: from, in: starts)
            let high = Document.firstStart(after: to, in: starts)
            let added = Document.lineStarts(new[...], base: from).dropFirst()
            starts.replaceSubrange(low..<high, with: added)
            let delta = new.count - (to - from)
            if delta != 0 {
                for i in (low + added.count)..<starts.count { starts[i] += delta }
            }
            if bytes.count > maxBytes {
                refused = Document.tooLarge(maxBytes)
                bytes = []
                starts = [0]
            }
        }
        if refused != nil { bytes = [] }
        if bytes.count > maxBytes {
            refused = Document.tooLarge(maxBytes)
            bytes = []
        }
        source = SourceFile(path: source.path, bytes: bytes)
        forgetIndex()
    }

    static func tooLarge(_ maxBytes: Int) -> String {
        "the document is larger than \(maxBytes) bytes, the largest scenario file scn reads: it is not checked"
    }

    /// 0 (as `base`), then where each line after a line feed starts, offset by `base`.
    private static func lineStarts(_ bytes: ArraySlice<UInt8>, base: Int) -> [Int] {
        var starts = [base]
        var k = base
        for byte in bytes {
            k += 1
            if byte == UInt8(ascii: "\n") { starts.append(k) }
        }
        return starts
    }

    /// The index of the first line start greater than `offset` (binary search).
    private static func firstStart(after offset: Int, in starts: [Int]) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        return low
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
