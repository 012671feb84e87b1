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
    /// Innermost scope last.
    private var scopes: [[String: Value]] = [[:]]
    public private(set) var definitions: [String: Definition] = [:]

    public init() {}

    public func lookup(_ name: String) -> Value? {
        for scope in scopes.reversed() {
            if let v = scope[name] { return v }
        }
        return nil
    }

    /// Binds in the innermost scope (a `let` in a block shadows an outer variable).
    public mutating func bind(_ name: String, _ value: Value) {
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
