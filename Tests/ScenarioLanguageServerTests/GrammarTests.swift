import StandardVocabulary
import Foundation
import ScenarioLanguage
import ScenarioLanguageServer
import ScenarioRuntime
import Testing

/// editors/vscode/syntaxes/scn.tmLanguage.json is generated from the registry.
@Suite("TextMate grammar")
struct GrammarTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the checked-in grammar is what `scn help --grammar` prints (regenerate it when this fails)")
    func checkedInGrammarIsCurrent() throws {
        let path = Self.packageRoot.appendingPathComponent("editors/vscode/syntaxes/scn.tmLanguage.json")
        let checkedIn = try String(contentsOf: path, encoding: .utf8)
        #expect(
            checkedIn == TextMateGrammar.json(Vocabulary.standard.registry),
            "stale: swift run scn help --grammar > editors/vscode/syntaxes/scn.tmLanguage.json")
    }

    @Test("the word lists come from the registry: a host's command is in its grammar")
    func hostCommandsAreHighlighted() throws {
        var vocabulary = Vocabulary.standard
        try vocabulary.register(
            Signature(
                ["badge-count"], [Parameter("mode", .choice(["flash.now"]))], role: .action, topic: "Host",
                summary: "x")
        ) { _, _ in }
        let grammar = TextMateGrammar.json(vocabulary.registry)
        #expect(grammar.contains("|badge-count|") || grammar.contains("(?:badge-count|"))
        #expect(grammar.contains(#"flash\\.now"#))
        #expect(!TextMateGrammar.json(Vocabulary.standard.registry).contains("badge-count"))
    }

    @Test("known-bug's clauses and the keywords an expectation follows are highlighted")
    func knownBugStatements() throws {
        let json = Data(TextMateGrammar.json(Vocabulary.standard.registry).utf8)
        let grammar = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let patterns = try #require(grammar["patterns"] as? [[String: Any]])
        let knownBug = try #require(patterns.first { ($0["begin"] as? String)?.contains("known-bug") == true })
        let inner = (knownBug["patterns"] as? [[String: Any]] ?? []).compactMap { $0["match"] as? String }
        #expect(inner.contains { $0.contains("(?:because|in)") })
        let prefix = try #require(
            patterns.first {
                (($0["captures"] as? [String: Any])?["3"] as? [String: Any])?["name"] as? String
                    == "keyword.other.command.scn"
            }?["match"] as? String)
        for word in ["bug", "always", "never", "expect"] { #expect(prefix.contains(word)) }
    }

    @Test("the same registry gives the same bytes")
    func deterministic() {
        #expect(
            TextMateGrammar.json(Vocabulary.standard.registry) == TextMateGrammar.json(Vocabulary.standard.registry))
    }
}
