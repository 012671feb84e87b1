// Standard base64 (RFC 4648, with padding), strict when decoding.

enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        let count = (bytes.count + 2) / 3 * 4
        return String(unsafeUninitializedCapacity: count) { out in
            alphabet.withUnsafeBufferPointer { alphabet in
                var index = 0
                var at = 0
                while index + 3 <= bytes.count {
                    let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                    out[at] = alphabet[Int(chunk >> 18 & 63)]
                    out[at + 1] = alphabet[Int(chunk >> 12 & 63)]
                    out[at + 2] = alphabet[Int(chunk >> 6 & 63)]
                    out[at + 3] = alphabet[Int(chunk & 63)]
                    index += 3
                    at += 4
                }
                let rest = bytes.count - index
                if rest > 0 {
                    let second = rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0
                    let chunk = UInt32(bytes[index]) << 16 | second
                    out[at] = alphabet[Int(chunk >> 18 & 63)]
                    out[at + 1] = alphabet[Int(chunk >> 12 & 63)]
                    out[at + 2] = rest == 2 ? alphabet[Int(chunk >> 6 & 63)] : 61
                    out[at + 3] = 61
                }
            }
            return count
        }
    }

    /// nil for anything that is not canonical padded base64.
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { input -> [UInt8]? in
            guard input.count % 4 == 0 else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(input.count / 4 * 3)
            var index = 0
            while index < input.count {
                let isLast = index + 4 == input.count
                var chunk: UInt32 = 0
                var padding = 0
                for offset in 0..<4 {
                    let byte = input[index + offset]
                    chunk <<= 6
                    if byte == 61 {
                        // '=' only at the end of the last quartet, in the last one or two places.
                        guard isLast, offset >= 2 else { return nil }
                        padding += 1
                    } else {
                        guard padding == 0, let value = sextet(byte) else { return nil }
                        chunk |= value
                    }
                }
                out.append(UInt8(chunk >> 16 & 0xFF))
                if padding < 2 { out.append(UInt8(chunk >> 8 & 0xFF)) }
                if padding < 1 { out.append(UInt8(chunk & 0xFF)) }
                // Non-canonical: bits hidden under the padding must be zero.
                if padding == 1, chunk & 0xFF != 0 { return nil }
                if padding == 2, chunk & 0xFFFF != 0 { return nil }
                index += 4
            }
            return out
        }
    }

    private static func sextet(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(byte - UInt8(ascii: "a") + 26)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0") + 52)
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
