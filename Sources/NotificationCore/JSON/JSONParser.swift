// A small strict JSON parser (RFC 8259): no comments, no trailing commas, no duplicate keys.

/// Why a text is not JSON, with the byte offset where the problem is.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// Offset in UTF-8 bytes from the start of the text.
    public var offset: Int
    public var description: String { "\(message) at byte \(offset)" }
}

extension JSONValue {
    /// Deepest nesting the parser accepts; deeper input is an error, not a crash.
    public static let maximumDepth = 256

    /// Parses exactly one JSON value (surrounding whitespace allowed).
    public init(parsing text: String) throws(JSONError) {
        var parser = JSONParser(bytes: Array(text.utf8))
        self = try parser.parseDocument()
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() throws(JSONError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if position < bytes.count { throw fail("unexpected text after the JSON value") }
        return value
    }

    func fail(_ message: String) -> JSONError { JSONError(message: message, offset: position) }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    mutating func expect(_ literal: String, _ value: JSONValue) throws(JSONError) -> JSONValue {
        for byte in literal.utf8 {
            guard current == byte else { throw fail("invalid literal, expected '\(literal)'") }
            position += 1
        }
        return value
    }

    mutating func parseValue(depth: Int) throws(JSONError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else { throw fail("nesting deeper than \(JSONValue.maximumDepth)") }
        guard let byte = current else { throw fail("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character, expected a value")
        }
    }

    mutating func parseObject(depth: Int) throws(JSONError) -> JSONValue {
        position += 1
        var members: [JSONMember] = []
        var keys = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return JSONValue(.object(members))
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw fail("expected a string key") }
            let keyOffset = position
            let key = try parseString()
            guard keys.insert(key).inserted else {
                throw JSONError(message: "duplicate key \"\(key)\"", offset: keyOffset)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
            position += 1
            skipWhitespace()
            members.append(JSONMember(key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return JSONValue(.object(members))
            default: throw fail("expected ',' or '}' in an object")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONError) -> JSONValue {
        position += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(values)
        }
        while true {
            skipWhitespace()
            values.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(values)
            default: throw fail("expected ',' or ']' in an array")
            }
        }
    }

    mutating func parseHex4() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw fail("unexpected end of input in a \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit in a \\u escape")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    mutating func parseString() throws(JSONError) -> String {
        position += 1
        var out: [UInt8] = []
        while true {
            guard let byte = current else { throw fail("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                // The input came from a Swift String, so its bytes are valid UTF-8.
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard let escape = current else { throw fail("unterminated escape") }
                position += 1
                switch escape {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
                            bytes[position + 1] == UInt8(ascii: "u")
                        else { throw fail("unpaired surrogate in a \\u escape") }
                        position += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw fail("unpaired surrogate in a \\u escape")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
                    out.append(contentsOf: Array(String(scalar).utf8))
                default: throw fail("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            default:
                guard byte >= 0x20 else { throw fail("control character in a string") }
                out.append(byte)
                position += 1
            }
        }
    }

    mutating func parseNumber() throws(JSONError) -> JSONValue {
        let start = position
        var isInteger = true
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
            throw fail("expected a digit")
        }
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard skipDigits() > 0 else { throw fail("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw fail("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let value = Int64(text) { return .integer(value) }
        guard let value = Double(text), value.isFinite else {
            throw JSONError(message: "number out of range", offset: start)
        }
        return .double(value)
    }

    @discardableResult
    mutating func skipDigits() -> Int {
        var count = 0
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            position += 1
            count += 1
        }
        return count
    }
}
