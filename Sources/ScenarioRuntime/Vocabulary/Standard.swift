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
            Self.words(of: words), positionals, options: options, role: role, topic: topic, summary: summary)
        try? register(signature, handler)
    }

    /// A built-in's name split at its spaces, a byte at a time (`split` on the `String` finds
    /// `Character`s: 6K instructions a name, 0.6M of every start-up for the standard vocabulary).
    private static func words(of name: String) -> [String] {
        var words: [String] = []
        for word in name.utf8.split(separator: UInt8(ascii: " ")) {
            words.append(String(decoding: word, as: UTF8.self))
        }
        return words
    }
}

/// Names of the choices of a closed set, for a `.choice` parameter.
func choices<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> ValueKind where T.RawValue == String {
    .choice(T.allCases.map(\.rawValue))
}
