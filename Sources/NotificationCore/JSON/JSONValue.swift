/// A JSON value with ordered objects: the shape of every push payload in the core.
///
/// Objects keep their members in the order they were written, so serialising a value is
/// deterministic and its byte size is what APNs counts (see ``serialized`` and ``byteCount``).
public struct JSONValue: Hashable, Sendable, CustomStringConvertible {
    /// The value's shape.
    public enum Kind: Hashable, Sendable {
        case null
        case bool(Bool)
        /// A number written without fraction or exponent that fits in 64 bits.
        case integer(Int64)
        /// Any other (finite) number.
        case double(Double)
        case string(String)
        case array([JSONValue])
        /// Members in order; keys are unique.
        case object([JSONMember])
    }

    /// The value's shape.
    public var kind: Kind

    /// Wraps a shape.
    public init(_ kind: Kind) { self.kind = kind }

    /// `null`.
    public static let null = JSONValue(.null)
    /// `true` or `false`.
    public static func bool(_ value: Bool) -> JSONValue { JSONValue(.bool(value)) }
    /// A whole number.
    public static func integer(_ value: Int64) -> JSONValue { JSONValue(.integer(value)) }
    /// A number with a fraction or exponent; a non-finite number becomes `null`.
    public static func double(_ value: Double) -> JSONValue { value.isFinite ? JSONValue(.double(value)) : .null }
    /// A string.
    public static func string(_ value: String) -> JSONValue { JSONValue(.string(value)) }
    /// An array.
    public static func array(_ values: [JSONValue]) -> JSONValue { JSONValue(.array(values)) }
    /// An object with these members in this order; a later duplicate key replaces the
    /// earlier member's value in place.
    public static func object(_ members: [JSONMember]) -> JSONValue {
        if hasUniqueKeys(members) { return JSONValue(.object(members)) }
        var result: [JSONMember] = []
        for member in members {
            if let index = result.firstIndex(where: { $0.key == member.key }) {
                result[index].value = member.value
            } else {
                result.append(member)
            }
        }
        return JSONValue(.object(result))
    }
    /// Whether no two members share a key (a payload's objects have a handful of members:
    /// comparing each with those before it is cheaper than building a set).
    private static func hasUniqueKeys(_ members: [JSONMember]) -> Bool {
        for index in members.indices.dropFirst() {
            for earlier in 0..<index where members[earlier].key == members[index].key { return false }
        }
        return true
    }
    /// An object from key-value pairs, in order.
    public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        object(pairs.map { JSONMember($0.key, $0.value) })
    }

    // MARK: Reading

    /// The member named `key` of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// The members of an object, nil for other values.
    public var members: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }
    /// The elements of an array, nil for other values.
    public var elements: [JSONValue]? {
        if case .array(let values) = kind { return values }
        return nil
    }
    /// The text of a string, nil for other values.
    public var stringValue: String? {
        if case .string(let text) = kind { return text }
        return nil
    }
    /// A boolean's value, nil for other values.
    public var boolValue: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }
    /// A whole number's value (also a double with no fraction), nil for other values.
    public var integerValue: Int64? {
        switch kind {
        case .integer(let value): return value
        case .double(let value):
            guard value.rounded() == value, abs(value) < 9.0e15 else { return nil }
            return Int64(value)
        default: return nil
        }
    }
    /// Whether this is an object.
    public var isObject: Bool { members != nil }
    /// Whether this is `null`.
    public var isNull: Bool { kind == .null }

    // MARK: Editing

    /// A copy of this object with `key` set to `value` (in place if present, else appended).
    /// A value that is not an object is returned unchanged.
    public func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard var members = members else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key, value))
        }
        return JSONValue(.object(members))
    }

    /// A copy of this object without `key`. A value that is not an object is returned unchanged.
    public func removing(_ key: String) -> JSONValue {
        guard let members = members else { return self }
        return JSONValue(.object(members.filter { $0.key != key }))
    }

    public var description: String { serialized }
}

/// One member of a JSON object.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var value: JSONValue
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Keeps the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { JSONMember($0.0, $0.1) })
    }
    public init(nilLiteral: ()) { self = .null }
}
