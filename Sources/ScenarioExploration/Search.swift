import NotificationCore
import ScenarioLanguage
import ScenarioRuntime

/// A state of the search: the session after a path of steps (its world, the file's
/// properties) and the memory of each built-in monitor along that path.
struct Node: Sendable {
    var session: Session
    var memory: [[Int64]]
}

/// What makes two nodes the same state: the world without its records, and the monitors'
/// memory. The hash is computed once (by the worker that made the node); equal hashes are
/// confirmed by equality.
struct StateKey: Hashable, Sendable {
    let world: World
    let memory: [[Int64]]
    let hash: Int

    init(world: World, memory: [[Int64]]) {
        self.world = world.withoutRecords
        self.memory = memory
        var hasher = Hasher()
        self.world.hashForSearch(into: &hasher)
        hasher.combine(memory)
        hash = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (lhs: StateKey, rhs: StateKey) -> Bool {
        lhs.hash == rhs.hash && lhs.memory == rhs.memory && lhs.world == rhs.world
    }
}

/// A property that did not hold after a step.
struct Finding: Sendable {
    var property: String
    var expected: String?
    var actual: String
    /// For a monitor: the expectation a scenario writes after the step.
    var expectation: String?
}

/// What one step from one node gave.
enum Outcome: Sendable {
    /// The step's precondition did not hold (or it failed otherwise): no successor.
    case blocked
    case next(Node, StateKey)
    /// The session as the violating step left it (for the trace).
    case violated([Finding], Session)
}

/// One step of exploration, from a node: the part the search and the shrinker share.
struct Stepper: Sendable {
    var letters: [Letter]
    var monitors: [(name: String, monitor: BuiltinCheck.Monitor)]
    /// A property's text as the session reports it → the property's name in the report.
    var propertyNames: [String: String]

    func advance(_ node: Node, _ letter: Int) -> Outcome {
        var session = node.session
        guard let before = session.context.world else { return .blocked }
        var findings: [Finding] = []
        do {
            try session.execute([letters[letter].statement])
        } catch {
            if let property = error.property {
                findings.append(
                    Finding(
                        property: propertyNames[property] ?? property, expected: error.expected,
                        actual: error.actual ?? error.message))
            } else if error.kind == .internal {
                findings.append(Finding(property: Explorer.invariants, expected: nil, actual: error.message))
            } else {
                return .blocked
            }
        }
        guard let after = session.context.world else { return .blocked }
        var memory = node.memory
        for (i, check) in monitors.enumerated() {
            if case .violated(let expectation, let detail) = check.monitor(before, after, &memory[i]) {
                findings.append(Finding(property: check.name, expected: nil, actual: detail, expectation: expectation))
            }
        }
        if !findings.isEmpty { return .violated(findings, session) }
        return .next(Node(session: session, memory: memory), StateKey(world: after, memory: memory))
    }

    /// Runs `path` from `root`. The number of steps after which `property` was violated
    /// (every earlier step applicable and violating nothing), with what was found and the
    /// session then; nil when the path does not violate it.
    func replay(_ path: [Int], from root: Node, violating property: String) -> (
        length: Int, finding: Finding, session: Session
    )? {
        var node = root
        for (i, letter) in path.enumerated() {
            switch advance(node, letter) {
            case .blocked:
                return nil
            case .next(let next, _):
                node = next
            case .violated(let findings, let session):
                guard let finding = findings.first(where: { $0.property == property }) else { return nil }
                return (i + 1, finding, session)
            }
        }
        return nil
    }

    /// Hypothesis-style shrinking: delete steps, then replace each by a simpler one (an
    /// earlier letter of the alphabet), keeping every change that still violates
    /// `property`, until nothing changes.
    func shrink(_ path: [Int], from root: Node, violating property: String) -> [Int] {
        var best = path
        var changed = true
        while changed {
            changed = false
            var i = 0
            while i < best.count {
                var candidate = best
                candidate.remove(at: i)
                if let hit = replay(candidate, from: root, violating: property) {
                    best = Array(candidate.prefix(hit.length))
                    changed = true
                } else {
                    i += 1
                }
            }
            i = 0
            while i < best.count {
                for simpler in 0..<best[i] {
                    var candidate = best
                    candidate[i] = simpler
                    if let hit = replay(candidate, from: root, violating: property) {
                        best = Array(candidate.prefix(hit.length))
                        changed = true
                        break
                    }
                }
                i += 1
            }
        }
        return best
    }
}
