// Deterministic, compact JSON text: no spaces, members in order, UTF-8 as is.

extension JSONValue {
    /// The compact JSON text: no whitespace, members in order, non-ASCII characters as
    /// UTF-8 (not `\u` escapes). The same value always gives the same bytes.
    public var serialized: String {
        var out = ""
        JSONValue.write(self, into: &out)
        return out
    }

    /// The size in bytes of ``serialized``: what APNs' 4096-byte limit counts.
    public var byteCount: Int { serialized.utf8.count }

    private static func write(_ value: JSONValue, into out: inout String) {
        switch value.kind {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .double(let number): out += number.description
        case .string(let text): writeString(text, into: &out)
        case .array(let values):
            out += "["
            for (index, element) in values.enumerated() {
                if index > 0 { out += "," }
                write(element, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                writeString(member.key, into: &out)
                out += ":"
                write(member.value, into: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                // Control characters, and the two line separators JavaScript cannot take raw.
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
