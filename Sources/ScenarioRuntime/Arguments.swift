import ScenarioLanguage

/// A statement's arguments after evaluation: what a command's handler reads.
///
/// Values are looked up by the name of a positional parameter or the keyword of an
/// option. Literal values were checked before the file ran; values that came from
/// variables were checked against the signature when the step started.
public struct Arguments: Sendable {
    public let signature: Signature
    /// One per ``Signature/positionals``.
    public let positionals: [Value?]
    public let options: GivenOptions<Value>
    public let flags: Set<String>
    /// The whole statement.
    public let range: SourceRange
    /// The arguments as written (for the position of each value).
    public let bound: BoundArguments

    public init(
        signature: Signature, positionals: [Value?], options: GivenOptions<Value>, flags: Set<String>,
        range: SourceRange, bound: BoundArguments
    ) {
        self.signature = signature
        self.positionals = positionals
        self.options = options
        self.flags = flags
        self.range = range
        self.bound = bound
    }

    /// Where the value of the positional parameter or option called `name` was written.
    public func range(of name: String) -> SourceRange? {
        if let i = signature.positionals.firstIndex(where: { $0.name == name }), i < bound.positionals.count {
            return bound.positionals[i]?.range
        }
        return bound.options[name]?.range
    }

    /// The value of the positional parameter or option called `name`, if given.
    public func value(_ name: String) -> Value? {
        if let i = signature.positionals.firstIndex(where: { $0.name == name }), i < positionals.count {
            return positionals[i]
        }
        return options[name]
    }

    public func has(_ flag: String) -> Bool { flags.contains(flag) || options[flag] != nil }

    /// The text of a word, string, number or duration.
    public func text(_ name: String) -> String? { value(name)?.text }

    /// A whole number (``ValueKind/wholeNumber(_:)``); nil for anything else.
    public func integer(_ name: String) -> Int? {
        guard case .number(let t, _)? = value(name) else { return nil }
        return ValueKind.wholeNumber(t)
    }

    public func milliseconds(_ name: String) -> Int64? {
        guard case .duration(_, let ms)? = value(name) else { return nil }
        return ms
    }

    public func version(_ name: String) -> Version? { text(name).flatMap(Version.init) }

    public func bool(_ name: String) -> Bool? {
        switch value(name) {
        case .bool(let b)?: return b
        case .word("true")?: return true
        case .word("false")?: return false
        default: return nil
        }
    }

    /// The value of a choice parameter as one of the cases of `T` (by raw value).
    public func choice<T: RawRepresentable>(_ name: String, as type: T.Type) -> T? where T.RawValue == String {
        text(name).flatMap(T.init(rawValue:))
    }

    /// The value of a `.words` parameter — one word or a list of them — as cases of `T`, in
    /// the order written; nil when one is not a case.
    public func words<T: RawRepresentable>(_ name: String, as type: T.Type) -> [T]? where T.RawValue == String {
        switch value(name) {
        case .list(let items)?:
            var out: [T] = []
            for item in items {
                guard let word = item.text.flatMap(T.init(rawValue:)) else { return nil }
                out.append(word)
            }
            return out
        case let single?: return single.text.flatMap(T.init(rawValue:)).map { [$0] }
        case nil: return nil
        }
    }
}
