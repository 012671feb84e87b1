import ScenarioLanguage
import ScenarioRuntime

/// One step exploration may take: its text (as a scenario would write it) and the checked
/// statement the session runs.
public struct Letter: Sendable {
    public var text: String
    public var statement: CheckedStmt
}

/// The steps exploration draws from: the file's `alphabet { … }` block, or the registry's
/// explorable commands for the traits of the world (the SDK the app integrates).
public struct Alphabet: Sendable {
    public var letters: [Letter]
    /// Where the steps came from: `the file's alphabet` or `the registry's, for kindly`.
    public var origin: String

    /// The lines of the default alphabet: every explorable command of `registry` whose
    /// requirements and owners `traits` meets, with each of its argument lists, by rank, then
    /// in registry order (the order shrinking calls simplest first).
    public static func defaultLines(registry: Registry, traits: Set<String>) -> [String] {
        var lines: [String] = []
        var drawn: [(rank: Int, signature: Signature, exploration: Exploration)] = []
        for signature in registry.signatures {
            guard let exploration = signature.exploration, signature.role.isAction || signature.role == .runtimeSetting,
                exploration.requires.isSubset(of: traits),
                signature.owners.isEmpty || signature.owners.contains(where: { traits.contains($0.name) })
            else { continue }
            drawn.append((exploration.rank, signature, exploration))
        }
        // Stable: equal ranks keep registry order.
        let ordered = drawn.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        for (_, (_, signature, exploration)) in ordered {
            let head = signature.path.joined(separator: " ")
            let argumentLists = exploration.arguments.isEmpty ? choiceCombinations(signature) : exploration.arguments
            for arguments in argumentLists {
                lines.append(arguments.isEmpty ? head : head + " " + arguments)
            }
        }
        return lines
    }

    /// Every combination of the choices of a signature's choice positionals, in order;
    /// other optional positionals left out. Empty when a required positional is not a
    /// choice (such a command needs explicit argument lists).
    static func choiceCombinations(_ signature: Signature) -> [String] {
        var combinations: [[String]] = [[]]
        for parameter in signature.positionals {
            guard case .choice(let words) = parameter.kind else {
                if parameter.optional { continue }
                return []
            }
            combinations = combinations.flatMap { prefix in words.map { prefix + [$0] } }
        }
        return combinations.map { $0.joined(separator: " ") }
    }
}
