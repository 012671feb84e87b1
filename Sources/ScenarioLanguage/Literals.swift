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

    /// The variables the expression reads, in source order: `$x` and `${x}` in strings,
    /// inside lists and objects too.
    public var variables: [Name] {
        var out: [Name] = []
        collectVariables(into: &out)
        return out
    }

    private func collectVariables(into out: inout [Name]) {
        switch kind {
        case .variable(let n): out.append(Name(n, range))
        case .string(let parts):
            for case .interpolation(let name) in parts { out.append(name) }
        case .list(let items):
            for item in items { item.collectVariables(into: &out) }
        case .object(let entries):
            for entry in entries { entry.value.collectVariables(into: &out) }
        default: break
        }
    }
}
