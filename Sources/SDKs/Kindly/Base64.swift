// Standard base64 (RFC 4648, with padding), strict when decoding.
import NotificationCore

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
            let count = input.count
            guard count % 4 == 0 else { return nil }
            guard count > 0 else { return [] }
            // '=' only at the end of the last quartet, in its last one or two places (one
            // anywhere else is not in the alphabet, so it fails below).
            let padding = input[count - 1] != 61 ? 0 : input[count - 2] != 61 ? 1 : 2
            let size = count / 4 * 3 - padding
            var valid = true
            let out = [UInt8](unsafeUninitializedCapacity: size) { out, initialized in
                sextets.withUnsafeBufferPointer { sextets in
                    var index = 0
                    var at = 0
                    while index < count {
                        let isLast = index + 4 == count
                        let a = sextets[Int(input[index])]
                        let b = sextets[Int(input[index + 1])]
                        let c = isLast && padding == 2 ? 0 : sextets[Int(input[index + 2])]
                        let d = isLast && padding >= 1 ? 0 : sextets[Int(input[index + 3])]
                        guard a | b | c | d < 64 else {
                            valid = false
                            break
                        }
                        // Non-canonical: bits hidden under the padding must be zero.
                        if isLast, (padding == 1 && c & 3 != 0) || (padding == 2 && b & 15 != 0) {
                            valid = false
                            break
                        }
                        out[at] = a << 2 | b >> 4
                        if at + 1 < size { out[at + 1] = b << 4 | c >> 2 }
                        if at + 2 < size { out[at + 2] = c << 6 | d }
                        index += 4
                        at += 3
                    }
                }
                initialized = valid ? size : 0
            }
            return valid ? out : nil
        }
    }

    /// Each byte's value in the alphabet; 255 for a byte that is not in it (`=` included).
    private static let sextets: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()
}
