extension Value {
    /// The most bytes ``display`` writes: a value that does not fit is cut, with `…`.
    public static let displayLimit = 1 << 20
    /// The most bytes ``preview`` writes (values quoted in messages).
    public static let previewLimit = 120

    /// How a value is shown in messages: strings quoted, words bare, lists and objects
    /// in the language's own notation; at most ``displayLimit`` bytes.
    public var display: String { display(limit: Value.displayLimit).text }

    /// ``display``, at most ``previewLimit`` bytes: for a value quoted in an error message.
    public var preview: String { display(limit: Value.previewLimit).text }

    /// The value in the language's notation, written until `limit` bytes and no further
    /// (without recursion, so any depth is safe): `complete` is false when it was cut, and
    /// the text then ends in `…`.
    public func display(limit: Int) -> (text: String, complete: Bool) {
        var out = ""
        // Each frame is a list or object being written, and the index of its next part.
        enum Frame {
            case list([Value], Int)
            case object([Field], Int)
        }
        var frames: [Frame] = []
        var next: Value? = self
        while true {
            if out.utf8.count > limit { break }
            if let value = next {
                next = nil
                switch value {
                case .list(let items):
                    out += "["
                    frames.append(.list(items, 0))
                case .object(let fields):
                    out += "{"
                    frames.append(.object(fields, 0))
                default:
                    out += value.scalarDisplay
                }
                continue
            }
            guard let frame = frames.popLast() else {
                return (out, true)
            }
            switch frame {
            case .list(let items, let i):
                if i == items.count {
                    out += "]"
                } else {
                    if i > 0 { out += ", " }
                    frames.append(.list(items, i + 1))
                    next = items[i]
                }
            case .object(let fields, let i):
                if i == fields.count {
                    out += "}"
                } else {
                    if i > 0 { out += ", " }
                    out += Quote.string(fields[i].key) + ": "
                    frames.append(.object(fields, i + 1))
                    next = fields[i].value
                }
            }
        }
        // Cut at a scalar boundary, leaving room for the `…` (3 bytes).
        var cut = String.UnicodeScalarView()
        var bytes = 0
        for scalar in out.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > max(0, limit - 3) { break }
            cut.append(scalar)
        }
        return (String(cut) + "…", false)
    }

    /// A word, string, number, duration, boolean or `none` as shown by ``display``.
    private var scalarDisplay: String {
        switch self {
        case .string(let s): return Quote.string(s)
        case .list, .object: return ""
        default: return text ?? ""
        }
    }
}
