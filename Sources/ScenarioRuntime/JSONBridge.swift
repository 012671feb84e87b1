import NotificationCore
import ScenarioLanguage

/// Between the language's values and the core's JSON payloads.
enum JSONBridge {
    /// A payload written in a scenario (`push raw {…}`) as JSON. Words become strings,
    /// durations their milliseconds, `none` null.
    static func json(from value: Value, limit: Int) throws(StepError) -> JSONValue {
        let json = convert(value)
        guard json.isObject else { throw .precondition("a payload must be an object {…}") }
        let size = json.serialized.utf8.count
        guard size <= limit else {
            throw StepError(
                .limit, "payload literal is \(size) bytes; payloads given in a scenario may be at most \(limit) bytes")
        }
        return json
    }

    static func convert(_ value: Value) -> JSONValue {
        switch value {
        case .word(let s), .string(let s): return .string(s)
        case .number(let t, let v):
            if let i = Int64(t) { return .integer(i) }
            return .double(v)
        case .duration(_, let ms): return .integer(ms)
        case .bool(let b): return .bool(b)
        case .none: return .null
        case .list(let items): return .array(items.map(convert))
        case .object(let fields): return .object(fields.map { JSONMember($0.key, convert($0.value)) })
        }
    }

    /// How a call's result and an expected result compare: as compact JSON, strings bare.
    static func resultText(_ json: JSONValue) -> String {
        if let s = json.stringValue { return s }
        if json.isNull { return "none" }
        return json.serialized
    }

    static func resultText(_ value: Value) -> String {
        resultText(convert(value))
    }
}
