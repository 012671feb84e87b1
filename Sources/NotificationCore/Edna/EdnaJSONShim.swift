// TEMPORARY: a minimal JSON value until the core's `JSONValue` lands; deleted on merge.

public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public struct ParseError: Error, Hashable, Sendable { public var message: String }

    public static func parse(_ text: String) throws(ParseError) -> JSONValue {
        var parser = ShimParser(scalars: Array(text.unicodeScalars))
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.scalars.count else { throw ParseError(message: "trailing characters") }
        return value
    }
}

private struct ShimParser {
    let scalars: [Unicode.Scalar]
    var index = 0

    mutating func skipSpace() {
        while index < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[index]) { index += 1 }
    }

    mutating func expect(_ literal: String) throws(JSONValue.ParseError) {
        for scalar in literal.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else {
                throw JSONValue.ParseError(message: "expected \(literal)")
            }
            index += 1
        }
    }

    mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth < 512 else { throw JSONValue.ParseError(message: "nested too deeply") }
        guard index < scalars.count else { throw JSONValue.ParseError(message: "unexpected end") }
        switch scalars[index] {
        case "{":
            index += 1
            var members: [String: JSONValue] = [:]
            skipSpace()
            if index < scalars.count, scalars[index] == "}" { index += 1; return .object(members) }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(":")
                skipSpace()
                members[key] = try value(depth: depth + 1)
                skipSpace()
                if index < scalars.count, scalars[index] == "," { index += 1; continue }
                try expect("}")
                return .object(members)
            }
        case "[":
            index += 1
            var elements: [JSONValue] = []
            skipSpace()
            if index < scalars.count, scalars[index] == "]" { index += 1; return .array(elements) }
            while true {
                skipSpace()
                elements.append(try value(depth: depth + 1))
                skipSpace()
                if index < scalars.count, scalars[index] == "," { index += 1; continue }
                try expect("]")
                return .array(elements)
            }
        case "\"": return .string(try string())
        case "t": try expect("true"); return .bool(true)
        case "f": try expect("false"); return .bool(false)
        case "n": try expect("null"); return .null
        default:
            var text = ""
            while index < scalars.count, "+-0123456789.eE".unicodeScalars.contains(scalars[index]) {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard let number = Double(text) else { throw JSONValue.ParseError(message: "unexpected character") }
            return .number(number)
        }
    }

    mutating func string() throws(JSONValue.ParseError) -> String {
        try expect("\"")
        var result = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"": return String(result)
            case "\\":
                guard index < scalars.count else { break }
                let escape = scalars[index]
                index += 1
                switch escape {
                case "\"", "\\", "/": result.append(escape)
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "u":
                    guard index + 4 <= scalars.count,
                        let code = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16),
                        let decoded = Unicode.Scalar(code)
                    else { throw JSONValue.ParseError(message: "bad \\u escape") }
                    index += 4
                    result.append(decoded)
                default: throw JSONValue.ParseError(message: "bad escape")
                }
            default:
                guard scalar.value >= 0x20 else { throw JSONValue.ParseError(message: "control character in string") }
                result.append(scalar)
            }
        }
        throw JSONValue.ParseError(message: "unterminated string")
    }
}
