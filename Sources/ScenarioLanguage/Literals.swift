// Values of literals, and the variables an expression uses: what the checker tests
// before anything runs, and what the runtime evaluates.

extension Expr {
    /// The value of a literal: nil when the expression uses a variable (`$x`, or `${x}`
    /// in a string), directly or inside a list or object. Raw strings are strings.
    public var literalValue: Value? {
        switch kind {
        case .word(let w): return .word(w)
        case .string(let parts):
            var text = ""
            for part in parts {
                guard case .text(let s) = part else { return nil }
                text += s
            }
            return .string(text)
        case .rawString(let s): return .string(s)
        case .number(let t, let v): return .number(text: t, value: v)
        case .duration(let t, let ms): return .duration(text: t, milliseconds: ms)
        case .bool(let b): return .bool(b)
        case .none: return Value.none
        case .variable: return nil
        case .list(let items):
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let v = item.literalValue else { return nil }
                values.append(v)
            }
            return .list(values)
        case .object(let entries):
            var fields: [Value.Field] = []
            fields.reserveCapacity(entries.count)
            for entry in entries {
                guard let v = entry.value.literalValue else { return nil }
                fields.append(Value.Field(entry.key.text, v))
            }
            return .object(fields)
        }
    }

    /// The text of a scalar literal (``Value/text`` of ``literalValue``) without building the
    /// value: nil for lists, objects, variables and strings that interpolate.
    public var literalText: String? {
        switch kind {
        case .word(let w): return w
        case .string(let parts):
            if parts.count == 1, case .text(let s) = parts[0] { return s }
            var text = ""
            for part in parts {
                guard case .text(let s) = part else { return nil }
                text += s
            }
            return text
        case .rawString(let s): return s
        case .number(let t, _), .duration(let t, _): return t
        case .bool(let b): return b ? "true" : "false"
        case .none: return "none"
        case .variable, .list, .object: return nil
        }
    }

    /// Whether the expression is a scalar literal (a word, a number, a duration, `true`,
    /// `false`, `none`, a string that does not interpolate): the checker tests its kind
    /// against its parameter before anything runs, so a step need not test it again. Values
    /// from variables, interpolations, lists and objects are tested when the step runs.
    public var isScalarLiteral: Bool {
        switch kind {
        case .word, .rawString, .number, .duration, .bool, .none: true
        case .string(let parts): !parts.contains { if case .interpolation = $0 { true } else { false } }
        case .variable, .list, .object: false
        }
    }

    /// The variables the expression reads, in source order: `$x` and `${x}` in strings,
    /// inside lists and objects too.
    public var variables: [Name] {
        var out: [Name] = []
        func collect(_ expr: Expr) {
            switch expr.kind {
            case .variable(let n): out.append(Name(n, expr.range))
            case .string(let parts):
                for case .interpolation(let name) in parts { out.append(name) }
            default: break
            }
        }
        // Most values are scalars: no walk to set up for them.
        guard walkBody != nil else {
            collect(self)
            return out
        }
        for visit in Walk([self], skipping: []) { collect(visit.node) }
        return out
    }
}

/// A value that could not be computed when a step ran: an undefined variable, or a list
/// or object interpolated into a string.
public struct EvaluationError: Error, Hashable, Sendable {
    public var message: String
    /// Where, in the file the expression was written in.
    public var range: SourceRange
    public init(_ message: String, at range: SourceRange) {
        self.message = message
        self.range = range
    }
}

extension Expr {
    /// The value of the expression, looking variables up with `lookup` (the runtime's
    /// environment). `${x}` interpolates the text of a word, string, number, duration,
    /// boolean or `none`; a list or object cannot be interpolated.
    public func evaluate(_ lookup: (String) -> Value?) throws(EvaluationError) -> Value {
        switch kind {
        case .variable(let name):
            guard let v = lookup(name) else { throw EvaluationError("undefined variable '\(name)'", at: range) }
            return v
        case .string(let parts):
            var text = ""
            for part in parts {
                switch part {
                case .text(let s): text += s
                case .interpolation(let name):
                    guard let v = lookup(name.text) else {
                        throw EvaluationError("undefined variable '\(name.text)'", at: name.range)
                    }
                    guard let t = v.text else {
                        throw EvaluationError(
                            "cannot put a list or an object into a string: '\(name.text)'", at: name.range)
                    }
                    text += t
                }
            }
            return .string(text)
        case .list(let items):
            var values: [Value] = []
            for item in items { values.append(try item.evaluate(lookup)) }
            return .list(values)
        case .object(let entries):
            var fields: [Value.Field] = []
            for entry in entries { fields.append(Value.Field(entry.key.text, try entry.value.evaluate(lookup))) }
            return .object(fields)
        default:
            return literalValue ?? Value.none
        }
    }
}
