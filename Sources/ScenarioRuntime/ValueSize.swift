import ScenarioLanguage

/// How large a run-time value is, known from the moment it is built.
///
/// A list of a hundred copies of a variable shares the variable's value, so building it
/// costs a hundred references; but written out it is a hundred times as long. Five such
/// `let`s make a value of 10¹⁰ parts in a few bytes of memory, which would hang anything
/// that writes it out (a payload, a string, a message). So every value carries its size
/// as the sum of its parts' sizes, computed as it is built from values whose size is
/// already known, and a value past ``Limits/maxValueBytes`` or ``Limits/maxValueDepth``
/// is an error at the expression that builds it — before anything is rendered.
struct ValueSize: Hashable, Sendable {
    /// About the bytes of the value written in the language's notation.
    var bytes: Int
    /// 0 for a word, string, number, duration, boolean or `none`; 1 + the deepest part
    /// for a list or an object.
    var depth: Int

    static func scalar(_ value: Value) -> ValueSize {
        switch value {
        case .string(let s): return ValueSize(bytes: s.utf8.count + 2, depth: 0)
        default: return ValueSize(bytes: value.text?.utf8.count ?? 0, depth: 0)
        }
    }

    /// A list or object of parts of these sizes (`keyBytes`: the bytes of an object's keys).
    static func composite(_ parts: [ValueSize], keyBytes: Int = 0, keys: Int = 0) -> ValueSize {
        var bytes = 2 + keyBytes + keys * 4 + max(0, parts.count - 1) * 2
        var depth = 0
        for part in parts {
            bytes = bytes.addingReportingOverflow(part.bytes).overflow ? Int.max : bytes + part.bytes
            depth = max(depth, part.depth)
        }
        return ValueSize(bytes: bytes, depth: depth + 1)
    }

    /// The size of a value whose size is not known (a part of a list taken out by `for`,
    /// a value given by the host), found by walking it — without recursion, and giving up
    /// (nil) past `limit` bytes.
    static func measure(_ value: Value, limit: Int) -> ValueSize? {
        var bytes = 0
        var depth = 0
        var stack: [(Value, Int)] = [(value, 0)]
        while let (v, level) = stack.popLast() {
            depth = max(depth, level)
            switch v {
            case .list(let items):
                bytes += 2 + max(0, items.count - 1) * 2
                for item in items { stack.append((item, level + 1)) }
            case .object(let fields):
                bytes += 2 + max(0, fields.count - 1) * 2
                for field in fields {
                    bytes += field.key.utf8.count + 4
                    stack.append((field.value, level + 1))
                }
            default:
                bytes += scalar(v).bytes
            }
            if bytes > limit { return nil }
        }
        return ValueSize(bytes: bytes, depth: depth)
    }
}

/// A value and its size, as the environment keeps them.
struct SizedValue: Hashable, Sendable {
    var value: Value
    var size: ValueSize
}
