/// A block typed a line at a time (the REPL's): its lines, and whether a `{`, `[` or `'` is
/// still open.
///
/// Each line is scanned once as it comes, with what the lexer would make of it: brackets
/// counted outside strings and comments, a raw string that spans lines followed. The
/// block is lexed whole (``Language/needsContinuation(_:)``, which stays the judge) only
/// where that scan says it may be complete, so a block of 3,000 lines, each holding its own
/// `{ … }`, costs its length, not its length times its lines.
public struct OpenBlock: Sendable {
    /// The lines so far.
    public private(set) var lines: [String] = []
    /// Brackets opened minus brackets closed, outside strings and comments.
    private var depth = 0
    /// Inside a `'…'` string.
    private var inRawString = false
    /// How many times a block was lexed whole (the work the scan saves).
    public private(set) var lexes = 0

    public init() {}

    /// No line is waiting.
    public var isEmpty: Bool { lines.isEmpty }

    /// Drops the lines (Ctrl-C).
    public mutating func clear() {
        lines = []
        depth = 0
        inRawString = false
    }

    /// Adds a typed line: the block's text once it is complete (the block is then empty
    /// again), nil while it is still open.
    public mutating func add(_ line: String) -> String? {
        lines.append(line)
        scan(line)
        if depth > 0 || inRawString { return nil }
        let text = lines.joined(separator: "\n")
        lexes += 1
        if Language.needsContinuation(text) { return nil }
        clear()
        return text
    }

    /// Follows the lexer's reading of one line (``Lexer``): `#` starts a comment to the end
    /// of the line, `"…"` a string with backslash escapes that ends at the line's end,
    /// `'…'` a raw string that may span lines, `${name}` a variable whose braces are its
    /// own; every other byte that matters is a bracket.
    private mutating func scan(_ line: String) {
        let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), lf = UInt8(ascii: "\n")
        func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
        func read(_ b: UnsafeBufferPointer<UInt8>) {
            let n = b.count
            var i = 0
            while i < n {
                let c = b[i]
                if inRawString {
                    if c == apostrophe { inRawString = false }
                    i += 1
                    continue
                }
                switch c {
                case UInt8(ascii: "#"):
                    while i < n, b[i] != lf { i += 1 }
                    continue
                case quote:
                    i += 1
                    while i < n, b[i] != quote, b[i] != lf {
                        i += b[i] == UInt8(ascii: "\\") && i + 1 < n && b[i + 1] != lf ? 2 : 1
                    }
                    if i < n, b[i] == quote { i += 1 }
                    continue
                case apostrophe:
                    inRawString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                case UInt8(ascii: "$") where i + 1 < n && b[i + 1] == UInt8(ascii: "{"):
                    i += 2
                    if i < n, isLetter(b[i]) || b[i] == UInt8(ascii: "_") {
                        i += 1
                        while i < n, Lexer.isNameByte(b[i]) { i += 1 }
                        if i < n, b[i] == UInt8(ascii: "}") { i += 1 }
                    }
                    continue
                default:
                    break
                }
                i += 1
            }
        }
        var line = line
        line.withUTF8 { read($0) }
    }
}
