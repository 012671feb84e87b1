import NotificationCore
import ScenarioLanguage

extension Vocabulary {
    /// The core's vocabulary (docs/COMMANDS.md): the app, the device, iOS, APNs, the host's own
    /// code and an app with no chat SDK (`sdk none`), each bound to the notification core, and
    /// the rules that check a case's configuration before it runs. Each chat SDK's plug-in adds
    /// its own with ``registerSDK(_:topic:_:)``; the standard vocabulary (the
    /// StandardVocabulary module) is this and every built-in SDK.
    public static let core: Vocabulary = {
        var v = Vocabulary()
        v.registerSettings()
        v.registerConfigurationBudgets()
        v.registerIdentifierRules()
        v.registerActions()
        v.registerExpectations()
        v.registerCaseRules()
        v.registerDelegateChainRules()
        v.registerPushAppRules()
        v.registerProviderSide()
        v.registerSDK(.noSDK, topic: "App and device") { v in
            v.addOwner(to: "start")
        }
        return v
    }()

    /// Registers a command: its signature (words, parameters, options, role, topic, one line of
    /// help, its exploration steps, whether it reads the whole trace) and its handler. Inside
    /// ``registerSDK(_:topic:_:)`` the command belongs to that SDK. A name that is already
    /// registered is dropped (built-in names are unique by construction: a test checks that
    /// every one of them is in the registry).
    public mutating func add(
        _ words: String, _ positionals: [Parameter] = [], options: [Option] = [], role: CommandRole,
        topic: String, _ summary: String, exploration: Exploration? = nil, readsRecords: Bool = false,
        _ handler: @escaping Handler
    ) {
        var signature = Signature(
            Self.words(of: words), positionals, options: options, role: role, topic: topic, summary: summary)
        signature.exploration = exploration
        signature.readsRecords = readsRecords
        if let owner = registeringOwner { signature.owners = [owner] }
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
public func choices<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> ValueKind where T.RawValue == String {
    // A loop, not `map(\.rawValue)`: a key path is an object the runtime instantiates, and
    // the registry makes some seventy of these lists at start-up.
    var words: [String] = []
    for value in T.allCases { words.append(value.rawValue) }
    return .choice(words)
}
