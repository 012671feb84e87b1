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

    /// Worlds a second; under a millisecond of time (a merge of shards that each took none),
    /// the worlds explored.
    public var worldsPerSecond: Int {
        guard seconds.isFinite, seconds >= 0.001 else { return explored }
        let rate = (Double(explored) / seconds).rounded()
        return Int(min(rate, 1e15))
    }
}

extension Explorer {
    func counterexample(property: String, path: [Int], foundLength: Int, finding: Finding, session: Session)
        -> Counterexample
    {
        let steps = path.map { Self.sourceText(alphabet.letters[$0].text) }
        var lines: [String] = []
        lines.append(Self.counterexampleHeading + "a sequence of \(steps.count) step(s) after which")
        lines.append("# \(Explorer.comment(property)) does not hold.")
        lines.append("# Run it with scn run; it fails the same way until the bug is fixed.")
        for statement in script.prologue {
            if case .alphabet = statement.kind { continue }
            guard statement.path == script.source.path else { continue }
            lines.append(Self.sourceText(script.source.text(statement.range)))
        }
        lines.append("")
        lines.append("case \(Quote.string(property)) {")
        lines.append("    known-bug \(Quote.string("scn explore: " + property))")
        if let text = caseProperty[property] { lines.append("    " + Self.sourceText(text)) }
        for step in steps { lines.append("    " + step) }
        if let expectation = finding.expectation { lines.append("    " + Self.sourceText(expectation)) }
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

    /// How a counterexample file begins (`--merge` reads no other).
    static let counterexampleHeading = "# Found by scn explore: "

    /// Text for a `#` comment: one line, with nothing invisible in it (a direction control
    /// would make the file read otherwise than it is): each such character written `\u{…}`.
    static func comment(_ text: String) -> String {
        TerminalText.escape(String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }

    /// Scenario text copied into a counterexample (a prologue line, a step), its invisible
    /// characters but line feeds and tabs written `\u{…}`: the escape a `"…"` string reads as
    /// the same character and a comment shows; a raw `'…'` string has no escapes, so one there
    /// changes its text (the lexer warns about such a character where the file has it).
    static func sourceText(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && TerminalText.isInvisible($0) })
        else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar != "\n" && scalar != "\t" && TerminalText.isInvisible(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
