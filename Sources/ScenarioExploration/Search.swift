import NotificationCore
import ScenarioLanguage
import ScenarioRuntime

/// A state of the search: the session after a path of steps (its world, the file's
/// properties) and the memory of each built-in monitor along that path.
struct Node: Sendable {
    var session: Session
    var memory: [[Int64]]
}

/// What the search keeps of a world it has seen: its 128-bit fingerprint
/// (``Explorer/fingerprint(_:memory:settings:)``), not the world. A world is reached again by
/// replaying the steps that first reached it from the root (worlds are values, and a step is
/// deterministic).
typealias SeenWorlds = Set<Fingerprint128>

/// What one step from an expanded world gave, as the search keeps it: the world itself is
/// let go once it is fingerprinted.
enum Expansion: Sendable {
    /// The step's precondition did not hold (or it failed otherwise): no successor.
    case blocked
    case violated([Finding])
    case world(Fingerprint128)
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
    case next(Node)
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
        return .next(Node(session: session, memory: memory))
    }

    /// Expands the worlds `paths` reach from `root` (each the steps that first reached a
    /// world), in order: per world, what each letter gives, a fingerprint for each world made.
    /// Consecutive paths share their prefixes (a level is searched in the order its worlds were
    /// found), so the worlds along the last path are kept and only the steps past the common
    /// prefix are replayed. An empty list for a path whose replay does not reach a world (a
    /// step that is not deterministic). `largest`: the most bytes a world met holds
    /// (``World/estimatedBytes(beyond:)``), for the memory budget.
    func expand(_ paths: ArraySlice<[Int]>, from root: Node, settings: [(Configuration, [String])]) -> (
        perWorld: [[Expansion]], largest: Int
    ) {
        var settings = settings
        var stack = [root]
        var along: [Int] = []
        var largest = 0
        var perWorld: [[Expansion]] = []
        perWorld.reserveCapacity(paths.count)
        paths: for path in paths {
            var common = 0
            while common < along.count, common < path.count, along[common] == path[common] { common += 1 }
            stack.removeSubrange((common + 1)...)
            along.removeSubrange(common...)
            for letter in path[common...] {
                guard let top = stack.last, case .next(let node) = advance(top, letter) else {
                    // Left so, the next path replays from the root.
                    stack.removeSubrange(1...)
                    along.removeAll()
                    perWorld.append([])
                    continue paths
                }
                stack.append(node)
                along.append(letter)
            }
            guard let node = stack.last else {
                perWorld.append([])
                continue
            }
            var outcomes: [Expansion] = []
            outcomes.reserveCapacity(letters.count)
            for letter in letters.indices {
                switch advance(node, letter) {
                case .blocked:
                    outcomes.append(.blocked)
                case .violated(let findings, _):
                    outcomes.append(.violated(findings))
                case .next(let next):
                    guard let world = next.session.context.world else {
                        outcomes.append(.blocked)
                        continue
                    }
                    largest = max(largest, world.estimatedBytes())
                    outcomes.append(.world(Explorer.fingerprint(world, memory: next.memory, settings: &settings)))
                }
            }
            perWorld.append(outcomes)
        }
        return (perWorld, largest)
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
            case .next(let next):
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
