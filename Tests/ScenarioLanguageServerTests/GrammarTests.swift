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

    @Test("the same registry gives the same bytes")
    func deterministic() {
        #expect(
            TextMateGrammar.json(Vocabulary.standard.registry) == TextMateGrammar.json(Vocabulary.standard.registry))
    }
}
