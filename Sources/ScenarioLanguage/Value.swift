/// A value at run time (and a literal's value at check time).
public enum Value: Hashable, Sendable {
    case word(String)
    case string(String)
    case number(text: String, value: Double)
    case duration(text: String, milliseconds: Int64)
    case bool(Bool)
    case none
    case list([Value])
    /// Fields in source order.
    case object([Field])

    public struct Field: Hashable, Sendable {
        public var key: String
        public var value: Value
        public init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The spelling used to match choices and literal words, and to interpolate into
    /// strings: a word, string, number or duration as written; `true`, `false`, `none`.
    public var text: String? {
        switch self {
        case .word(let s), .string(let s): return s
        case .number(let t, _), .duration(let t, _): return t
        case .bool(let b): return b ? "true" : "false"
        case .none: return "none"
        case .list, .object: return nil
        }
    }
}

/// The kind of value a command's parameter takes; the checker tests literals against it
/// before anything runs, and the runtime tests values from variables when the step runs.
public enum ValueKind: Hashable, Sendable, CustomStringConvertible {
    /// A quoted string or a bare word (a bare number or duration is a word too: `chat 42`).
    case text
    /// A quoted string.
    case string
    /// Free text — a title, a body, a line to look for: a literal must be quoted, since a
    /// bare word there is almost always a slip (`expect banner titel "Anna"`). A variable
    /// may hold any text (a word, a number), as with ``text``.
    case quotedText
    /// A whole number from 0 to ``ValueKind/maxWholeNumber``, written with digits only
    /// (`2.5`, `1e3` and `99999999999999999999` are not whole numbers).
    case integer
    /// A duration: `61s`, `500ms`, `1m30s`.
    case duration
    /// A duration longer than zero (a window, a period).
    case positiveDuration
    /// A version: `3.0.12`, `2.0`, `1` — dot-separated whole numbers.
    case version
    case boolean
    /// One of these words.
    case choice([String])
    /// One of these words, or a list of them: `launch-options` or `[launch-options,
    /// did-receive-response]`.
    case words([String])
    /// An object literal `{…}`.
    case object
    /// Anything.
    case any
    /// Any of these kinds.
    case oneOf([ValueKind])

    /// The largest whole number a count may be: far above any count a scenario needs,
    /// far below where arithmetic on it could overflow.
    public static let maxWholeNumber = 1_000_000_000

    /// The whole number `text` spells (digits only, at most ``maxWholeNumber``), or nil.
    public static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 10, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let n = Int(text), n <= maxWholeNumber
        else { return nil }
        return n
    }

    public var description: String {
        switch self {
        case .text: return "a string or word"
        case .string, .quotedText: return "a quoted string"
        case .integer: return "a whole number"
        case .duration: return "a duration like 61s"
        case .positiveDuration: return "a duration longer than 0, like 1h"
        case .version: return "a version like 3.0.12"
        case .boolean: return "true or false"
        case .choice(let words): return words.map { "'\($0)'" }.joined(separator: ", ")
        case .words(let words): return words.map { "'\($0)'" }.joined(separator: ", ") + ", or a list of them"
        case .object: return "an object {…}"
        case .any: return "a value"
        case .oneOf(let kinds): return kinds.map(\.description).joined(separator: " or ")
        }
    }

    /// The placeholder shown in usage lines: `TEXT`, `N`, `D`, `V`, `a|b`, ….
    public var placeholder: String {
        switch self {
        case .text, .string, .quotedText: return "TEXT"
        case .integer: return "N"
        case .duration, .positiveDuration: return "D"
        case .version: return "V"
        case .boolean: return "true|false"
        case .choice(let words): return words.joined(separator: "|")
        case .words(let words): return words.joined(separator: "|") + "|[…]"
        case .object: return "{…}"
        case .any: return "VALUE"
        case .oneOf(let kinds): return kinds.map(\.placeholder).joined(separator: "|")
        }
    }

    /// Whether `value` is of this kind.
    public func accepts(_ value: Value) -> Bool {
        switch self {
        case .any: return true
        case .text, .quotedText:
            switch value {
            case .word, .string, .number, .duration: return true
            default: return false
            }
        case .string:
            if case .string = value { return true }
            return false
        case .integer:
            if case .number(let t, _) = value { return ValueKind.wholeNumber(t) != nil }
            return false
        case .duration:
            if case .duration = value { return true }
            return false
        case .positiveDuration:
            if case .duration(_, let ms) = value { return ms > 0 }
            return false
        case .version:
            switch value {
            case .number(let t, _), .word(let t), .string(let t): return Version(t) != nil
            default: return false
            }
        case .boolean:
            if case .bool = value { return true }
            return false
        case .choice(let words):
            guard let t = value.text else { return false }
            if case .string = value { return false }
            return words.contains(t)
        case .words(let words):
            if case .list(let items) = value {
                return !items.isEmpty && items.allSatisfy { ValueKind.choice(words).accepts($0) }
            }
            return ValueKind.choice(words).accepts(value)
        case .object:
            if case .object = value { return true }
            return false
        case .oneOf(let kinds):
            // Where a whole number is one of the choices, a number must be a whole number
            // (`tap 2.5` is an error, not the title "2.5").
            if case .number = value, kinds.contains(.integer) { return ValueKind.integer.accepts(value) }
            return kinds.contains { $0.accepts(value) }
        }
    }
}

/// A dotted version compared component by component, numerically (`1.10` > `1.9`);
/// missing components count as 0 (`3.0` == `3.0.0`).
public struct Version: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var components: [Int]
    public init?(_ text: String) {
        // Dot-separated groups of 1 to 9 ASCII digits, read from the bytes.
        var parts: [Int] = []
        var n = 0
        var digits = 0
        for c in text.utf8 {
            if c == UInt8(ascii: ".") {
                guard digits > 0 else { return nil }
                parts.append(n)
                n = 0
                digits = 0
            } else {
                guard c >= 48 && c <= 57, digits < 9 else { return nil }
                n = n * 10 + Int(c - 48)
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        parts.append(n)
        components = parts
    }
    public init(_ components: [Int]) { self.components = components }
    public var description: String { components.map(String.init).joined(separator: ".") }
    public static func < (a: Version, b: Version) -> Bool {
        let n = max(a.components.count, b.components.count)
        for i in 0..<n {
            let x = i < a.components.count ? a.components[i] : 0
            let y = i < b.components.count ? b.components[i] : 0
            if x != y { return x < y }
        }
        return false
    }
    public static func == (a: Version, b: Version) -> Bool { !(a < b) && !(b < a) }
    public func hash(into h: inout Hasher) {
        var c = components
        while c.last == 0 { c.removeLast() }
        h.combine(c)
    }
}
