import NotificationCore
import ScenarioLanguage

extension Vocabulary {
    /// The built-in vocabulary of docs/COMMANDS.md: configuration, actions and expectations,
    /// each bound to the notification core, and the rules that check a case's
    /// configuration before it runs.
    public static let standard: Vocabulary = {
        var v = Vocabulary()
        v.registerSettings()
        v.registerActions()
        v.registerExpectations()
        v.registerCaseRules()
        v.registerExploration()
        return v
    }()

    /// Registers one built-in. Built-in names are unique by construction (a test checks
    /// that every one of them is in the registry), so a clash is dropped, not fatal.
    mutating func add(
        _ words: String, _ positionals: [Parameter] = [], options: [Option] = [], role: CommandRole,
        topic: String, _ summary: String, _ handler: @escaping Handler
    ) {
        let signature = Signature(
            words.split(separator: " ").map(String.init), positionals, options: options, role: role, topic: topic,
            summary: summary)
        try? register(signature, handler)
    }
}

/// Names of the choices of a closed set, for a `.choice` parameter.
func choices<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> ValueKind where T.RawValue == String {
    .choice(T.allCases.map(\.rawValue))
}
