import ScenarioLanguage

/// A user-defined command (`def`).
public struct Definition: Hashable, Sendable {
    public var name: Name
    public var parameters: [Name]
    public var body: [CheckedStmt]
}

/// Variables and user-defined commands in scope: a value, so a REPL can keep one per
/// accepted line and step back.
public struct Environment: Hashable, Sendable {
    /// Innermost scope last. Each value is kept with its size (see ``ValueSize``).
    private var scopes: [[String: SizedValue]] = [[:]]
    public private(set) var definitions: [String: Definition] = [:]

    public init() {}

    public func lookup(_ name: String) -> Value? { sized(name)?.value }

    func sized(_ name: String) -> SizedValue? {
        for scope in scopes.reversed() {
            if let v = scope[name] { return v }
        }
        return nil
    }

    /// Binds in the innermost scope (a `let` in a block shadows an outer variable). The
    /// value's size is measured here; a value too large to measure counts as the largest.
    public mutating func bind(_ name: String, _ value: Value) {
        let size = ValueSize.measure(value, limit: 1 << 26) ?? ValueSize(bytes: Int.max, depth: Int.max)
        bind(name, SizedValue(value: value, size: size))
    }

    mutating func bind(_ name: String, _ value: SizedValue) {
        scopes[scopes.count - 1][name] = value
    }

    public mutating func define(_ definition: Definition) {
        definitions[definition.name.text] = definition
    }

    public mutating func push() { scopes.append([:]) }

    public mutating func pop() {
        if scopes.count > 1 { scopes.removeLast() }
    }

    /// A fresh scope chain seeing only the global scope (for a def's body).
    func globalsOnly() -> Environment {
        var e = Environment()
        e.scopes = [scopes[0]]
        e.definitions = definitions
        return e
    }

    /// Every variable name in scope, sorted (for completion and `:state`).
    public var variableNames: [String] {
        Set(scopes.flatMap { $0.keys }).sorted()
    }
}
