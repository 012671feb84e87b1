import NotificationCore
import ScenarioLanguage
import ScenarioRuntime

/// The shortest step sequence found that violates a property, as a runnable scenario.
public struct Counterexample: Sendable {
    public var property: String
    /// The steps, as a scenario writes them.
    public var steps: [String]
    /// How many steps the search found before shrinking.
    public var foundLength: Int
    /// What the property expected (when it says) and what is.
    public var expected: String?
    public var actual: String
    /// The `.scn` file: the prologue, then one `known-bug` case with the steps.
    public var scenario: String
}

/// What a search found.
public struct ExploreResult: Sendable {
    public var alphabet: [String]
    public var alphabetOrigin: String
    public var properties: [String]
    /// The depth asked for, and the deepest level searched completely.
    public var depth: Int
    public var depthReached: Int
    /// Every world reachable was seen (no level left to search).
    public var exhausted: Bool
    public var stoppedAtMaxWorlds: Bool
    public var maxWorlds: Int
    /// Steps run that gave a world (successors, duplicates included), and distinct worlds.
    public var explored: Int
    public var unique: Int
    public var seconds: Double
    public var counterexamples: [String: Counterexample]
    /// The search stopped because the worlds it held would have taken more than
    /// ``Explorer/Options/maxMemory`` bytes (estimated).
    public var stoppedAtMaxMemory = false
    public var maxMemory = 0

    public var worldsPerSecond: Int { seconds > 0 ? Int((Double(explored) / seconds).rounded()) : explored }
}

extension Explorer {
    func counterexample(property: String, path: [Int], foundLength: Int, finding: Finding, session: Session)
        -> Counterexample
    {
        let steps = path.map { alphabet.letters[$0].text }
        var lines: [String] = []
        lines.append("# Found by scn explore: a sequence of \(steps.count) step(s) after which")
        lines.append("# \(Explorer.comment(property)) does not hold.")
        lines.append("# Run it with scn run; it fails the same way until the bug is fixed.")
        for statement in script.prologue {
            if case .alphabet = statement.kind { continue }
            guard statement.path == script.source.path else { continue }
            lines.append(script.source.text(statement.range))
        }
        lines.append("")
        lines.append("case \(Quote.string(property)) {")
        lines.append("    known-bug \(Quote.string("scn explore: " + property))")
        if let text = caseProperty[property] { lines.append("    " + text) }
        for step in steps { lines.append("    " + step) }
        if let expectation = finding.expectation { lines.append("    " + expectation) }
        lines.append("}")
        lines.append("")
        lines.append("# What happened:")
        if let expected = finding.expected { lines.append("#   expected: \(Explorer.comment(expected))") }
        lines.append("#   actual:   \(Explorer.comment(finding.actual))")
        lines.append("# The trace:")
        for event in session.context.world?.trace ?? [] { lines.append("#   " + Explorer.comment(event.line)) }
        return Counterexample(
            property: property, steps: steps, foundLength: foundLength, expected: finding.expected,
            actual: finding.actual, scenario: lines.joined(separator: "\n") + "\n")
    }

    /// Text for a `#` comment: one line.
    static func comment(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
