// Deterministic, compact JSON text: no spaces, members in order, UTF-8 as is.

extension JSONValue {
    /// The compact JSON text: no whitespace, members in order, non-ASCII characters as
    /// UTF-8 (not `\u` escapes). The same value always gives the same bytes.
    public var serialized: String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        JSONValue.write(self, into: &out, readable: false)
        return String(decoding: out, as: UTF8.self)
    }

    /// ``serialized`` for a report a person reads (`scn run --json`, `scn test --json`):
    /// also every invisible character that could make text read differently from what it
    /// is written as a `\u` escape — DEL, the C1 controls, the bidirectional controls
    /// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the zero-width
    /// characters U+200B, U+2060 and U+FEFF. The value read back is the same.
    public var serializedForReading: String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        JSONValue.write(self, into: &out, readable: true)
        return String(decoding: out, as: UTF8.self)
    }

    /// The size in bytes of ``serialized``: what APNs' 4096-byte limit counts. Counted, not
    /// written: the text is made only when someone reads it.
    public var byteCount: Int { JSONValue.count(self) }

    private static func count(_ value: JSONValue) -> Int {
        switch value.kind {
        case .null: return 4
        case .bool(let flag): return flag ? 4 : 5
        case .integer(let number): return countDigits(number)
        case .double(let number): return number.description.utf8.count
        case .string(let text): return countString(text)
        case .array(let values):
            var total = 2 + max(0, values.count - 1)
            for index in values.indices { total += count(values[index]) }
            return total
        case .object(let members):
            var total = 2 + max(0, members.count - 1)
            for index in members.indices {
                total += countString(members[index].key) + 1 + count(members[index].value)
            }
            return total
        }
    }

    /// The length of `String(number)`: its digits and a minus sign.
    private static func countDigits(_ number: Int64) -> Int {
        var magnitude = number.magnitude
        var total = number < 0 ? 2 : 1
        while magnitude >= 10 {
            magnitude /= 10
            total += 1
        }
        return total
    }

    /// The bytes `writeString` writes for `text`: the quotes, the text, and what each escape adds.
    private static func countString(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var total = bytes.count + 2
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09, 0x08, 0x0C: total += 1
                case 0..<0x20: total += 5
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    total += 3
                    index += 2
                default: break
                }
                index += 1
            }
            return total
        }
    }

    // Bytes, not characters: the text is built from UTF-8 runs copied whole, and only the
    // bytes JSON must escape are looked at one by one.
    private static func write(_ value: JSONValue, into out: inout [UInt8], readable: Bool) {
        switch value.kind {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number): out.append(contentsOf: String(number).utf8)
        case .double(let number): out.append(contentsOf: number.description.utf8)
        case .string(let text): writeString(text, into: &out, readable: readable)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out, readable: readable)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &out, readable: readable)
                out.append(UInt8(ascii: ":"))
                write(member.value, into: &out, readable: readable)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ text: String, into out: inout [UInt8], readable: Bool) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let escape: [UInt8]?
                var width = 1
                switch byte {
                case UInt8(ascii: "\""): escape = Array("\\\"".utf8)
                case UInt8(ascii: "\\"): escape = Array("\\\\".utf8)
                case 0x0A: escape = Array("\\n".utf8)
                case 0x0D: escape = Array("\\r".utf8)
                case 0x09: escape = Array("\\t".utf8)
                case 0x08: escape = Array("\\b".utf8)
                case 0x0C: escape = Array("\\f".utf8)
                case 0..<0x20: escape = unicodeEscape(UInt32(byte))
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 and U+2029, the two line separators JavaScript cannot take raw.
                    escape = unicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                    width = 3
                case 0x7F...0xEF where readable:
                    if let (scalar, length) = invisible(bytes, at: index) {
                        escape = unicodeEscape(scalar)
                        width = length
                    } else {
                        escape = nil
                    }
                default: escape = nil
                }
                if let escape {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    out.append(contentsOf: escape)
                    index += width
                    start = index
                } else {
                    index += 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The invisible character ``serializedForReading`` escapes at `index`, and its length
    /// in bytes; nil for any other.
    private static func invisible(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let first = bytes[index]
        if first == 0x7F { return (0x7F, 1) }
        let lead = first & 0xF0 == 0xE0 ? 3 : first & 0xE0 == 0xC0 ? 2 : 0
        guard lead > 0, index + lead <= bytes.count else { return nil }
        var scalar = UInt32(first & (lead == 3 ? 0x0F : 0x1F))
        for k in 1..<lead {
            let next = bytes[index + k]
            guard next & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        let hidden =
            (0x80...0x9F).contains(scalar) || scalar == 0x061C || scalar == 0x200B || scalar == 0x200E
            || scalar == 0x200F || (0x202A...0x202E).contains(scalar) || scalar == 0x2060
            || (0x2066...0x2069).contains(scalar) || scalar == 0xFEFF
        return hidden ? (scalar, lead) : nil
    }

    private static func unicodeEscape(_ value: UInt32) -> [UInt8] {
        let hex = String(value, radix: 16)
        return Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
    }
}
