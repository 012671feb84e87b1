// One walk over the trees: the syntax tree (`Stmt`), the checked tree (`CheckedStmt`) and
// values as written (`Expr`). Every reader that only visits a tree (the repro report, the
// REPL, the language server, the vocabulary, the checker's configuration summary) uses it,
// and says which bodies it does not enter, so that two readers cannot drift apart by one
// forgetting a kind of block.
//
// The walk keeps its own stack of the bodies it is in, so nesting (which the input
// chooses, up to ``LanguageLimits/maxNesting``) never deepens the native call stack.

/// A kind of body a walk can enter: the statements of a `repeat`, `for`, `def`, `case`,
/// `alphabet` or (checked tree) inlined `include`, or the items of a list or object value.
public struct WalkBodies: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let `repeat` = WalkBodies(rawValue: 1 << 0)
    public static let `for` = WalkBodies(rawValue: 1 << 1)
    public static let def = WalkBodies(rawValue: 1 << 2)
    /// An included file's statements (checked tree only: the syntax tree holds the path).
    public static let include = WalkBodies(rawValue: 1 << 3)
    /// A `case` block (syntax tree only: the checked tree holds cases apart).
    public static let `case` = WalkBodies(rawValue: 1 << 4)
    public static let alphabet = WalkBodies(rawValue: 1 << 5)
    /// The items of a list value.
    public static let list = WalkBodies(rawValue: 1 << 6)
    /// The values of an object value's entries.
    public static let object = WalkBodies(rawValue: 1 << 7)

    /// Every kind of body.
    public static let all: WalkBodies = [.repeat, .for, .def, .include, .case, .alphabet, .list, .object]
}

/// A node of a tree ``Walk`` goes through: it says what body it holds.
public protocol Walkable {
    /// The kind of body this node holds, and the nodes in it in source order; nil when it
    /// holds none.
    var walkBody: (kind: WalkBodies, nodes: [Self])? { get }
}

/// The nodes of a tree in source order (pre-order: a node, then its body), as a sequence:
/// `for visit in Walk(statements, skipping: [.alphabet]) { … }`. A node whose kind of body is
/// in `skipping` is visited, but its body is not.
public struct Walk<Node: Walkable>: Sequence, IteratorProtocol {
    /// A node met on the walk. (It does not carry the node around it: a reader that needs
    /// it keeps a stack by ``depth``, and a walk copies nothing but the node it hands out.)
    public struct Visit {
        public var node: Node
        /// 0 for the nodes given, 1 for the nodes in their bodies, and so on.
        public var depth: Int
        @inlinable init(node: Node, depth: Int) {
            self.node = node
            self.depth = depth
        }
    }

    @usableFromInline
    struct Frame {
        @usableFromInline var nodes: [Node]
        @usableFromInline var next: Int
        @usableFromInline var depth: Int
        @inlinable init(nodes: [Node], next: Int, depth: Int) {
            self.nodes = nodes
            self.next = next
            self.depth = depth
        }
    }

    // Inlinable, so that a reader in another module gets a walk specialised to its tree.
    @usableFromInline var frames: [Frame]
    @usableFromInline let skipping: WalkBodies

    /// A walk over `nodes`, then over each list of `more` after them.
    @inlinable
    public init(_ nodes: [Node], _ more: [[Node]] = [], skipping: WalkBodies) {
        self.skipping = skipping
        // The stack pops its last frame first: the first list goes on top.
        frames = []
        frames.reserveCapacity(more.count + 8)
        for list in more.reversed() { frames.append(Frame(nodes: list, next: 0, depth: 0)) }
        frames.append(Frame(nodes: nodes, next: 0, depth: 0))
    }

    @inlinable
    public mutating func next() -> Visit? {
        while !frames.isEmpty {
            let last = frames.count - 1
            // The frame's fields are read in place: copying a frame would retain its nodes.
            let index = frames[last].next
            guard index < frames[last].nodes.count else {
                frames.removeLast()
                continue
            }
            frames[last].next = index + 1
            let depth = frames[last].depth
            let node = frames[last].nodes[index]
            if let body = node.walkBody, !skipping.contains(body.kind), !body.nodes.isEmpty {
                frames.append(Frame(nodes: body.nodes, next: 0, depth: depth + 1))
            }
            return Visit(node: node, depth: depth)
        }
        return nil
    }
}

extension Walk where Node == CheckedStmt {
    /// A walk over a checked file: its prologue, then each case's body.
    public init(_ script: CheckedScript, skipping: WalkBodies) {
        self.init(script.prologue, script.cases.map(\.body), skipping: skipping)
    }
}

extension Stmt: Walkable {
    /// The block of a `repeat`, `for`, `def`, `case` or `alphabet`; nil for other statements.
    public var block: Block? {
        switch kind {
        case .repeat(_, let body), .for(_, _, let body), .def(_, _, let body), .case(_, let body), .alphabet(let body):
            return body
        case .command, .let, .include, .tags, .skip, .knownBug, .property, .bug:
            return nil
        }
    }

    public var walkBody: (kind: WalkBodies, nodes: [Stmt])? {
        switch kind {
        case .repeat(_, let body): return (.repeat, body.statements)
        case .for(_, _, let body): return (.for, body.statements)
        case .def(_, _, let body): return (.def, body.statements)
        case .case(_, let body): return (.case, body.statements)
        case .alphabet(let body): return (.alphabet, body.statements)
        case .command, .let, .include, .tags, .skip, .knownBug, .property, .bug: return nil
        }
    }
}

extension CheckedStmt: Walkable {
    public var walkBody: (kind: WalkBodies, nodes: [CheckedStmt])? {
        switch kind {
        case .repeat(_, let body): return (.repeat, body)
        case .for(_, _, let body): return (.for, body)
        case .def(_, _, let body): return (.def, body)
        case .include(_, _, let body): return (.include, body)
        case .alphabet(let body): return (.alphabet, body)
        case .command, .call, .let, .property: return nil
        }
    }
}

extension Expr: Walkable {
    /// A list's items, or an object's values in entry order (keys are names, not values).
    public var walkBody: (kind: WalkBodies, nodes: [Expr])? {
        switch kind {
        case .list(let items): return (.list, items)
        case .object(let entries): return (.object, entries.map(\.value))
        case .word, .string, .rawString, .number, .duration, .bool, .none, .variable: return nil
        }
    }
}
