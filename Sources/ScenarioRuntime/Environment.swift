import ScenarioLanguage

/// A user-defined command (`def`).
public struct Definition: Hashable, Sendable {
    public var name: Name
    public var parameters: [Name]
    public var body: [CheckedStmt]
}

/// Variables and user-defined commands in scope: a value, so a REPL can keep one per
/// accepted line and step back.
///
/// The defs a call's body sees are its caller's, shared, not copied: a call starts a new
/// layer over the caller's (an immutable table), and a `def` inside the call goes into the
/// new layer. A call costs the same however many defs there are.
public struct Environment: Hashable, Sendable {
    /// Innermost scope last. Each value is kept with its size (see ``ValueSize``).
    private var scopes: [[String: SizedValue]] = [[:]]
    /// The defs of this layer (the top level's, or a call's own).
    private var own: [String: Definition] = [:]
    /// The layers below: the callers' defs, shared.
    private var below: DefinitionLayer?

    public init() {}

    /// Every def in scope by name (an inner layer's def hides an outer one of the same name).
    public var definitions: [String: Definition] {
        var all: [String: Definition] = [:]
        var layers: [[String: Definition]] = [own]
        var layer = below
        while let l = layer {
            layers.append(l.definitions)
            layer = l.below
        }
        for defs in layers.reversed() { all.merge(defs) { _, inner in inner } }
        return all
    }

    /// The def named `name` in scope.
    public func definition(named name: String) -> Definition? {
        if let d = own[name] { return d }
        var layer = below
        while let l = layer {
            if let d = l.definitions[name] { return d }
            layer = l.below
        }
        return nil
    }

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
        own[definition.name.text] = definition
    }

    public mutating func push() { scopes.append([:]) }

    public mutating func pop() {
        if scopes.count > 1 { scopes.removeLast() }
    }

    /// A fresh scope chain seeing only the global scope (for a def's body), and the defs in
    /// scope here, shared as a layer below the body's own.
    func globalsOnly() -> Environment {
        var e = Environment()
        e.scopes = [scopes[0]]
        e.below = own.isEmpty ? below : DefinitionLayer(definitions: own, below: below)
        return e
    }

    /// Every variable name in scope, sorted (for completion and `:state`).
    public var variableNames: [String] {
        Set(scopes.flatMap { $0.keys }).sorted()
    }

    public static func == (a: Environment, b: Environment) -> Bool {
        a.scopes == b.scopes && a.definitions == b.definitions
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(scopes)
        hasher.combine(definitions)
    }
}

/// The defs of a caller, shared by the calls it makes; never changed once made.
private final class DefinitionLayer: Sendable {
    let definitions: [String: Definition]
    let below: DefinitionLayer?
    init(definitions: [String: Definition], below: DefinitionLayer?) {
        self.definitions = definitions
        self.below = below
    }
}
