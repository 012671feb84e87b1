// The standard vocabulary: the core's commands and every built-in SDK's, registered together.
// A new built-in SDK is one more line here (and its target in the manifest).
import Edna
import Kindly
import NotificationCore
import ScenarioLanguage
import ScenarioRuntime

extension Vocabulary {
    /// The built-in vocabulary of docs/COMMANDS.md: the core's (``Vocabulary/core``, with
    /// `sdk none`), Kindly's and edna's. A host copies it and registers its own commands, or
    /// its own SDK with ``Vocabulary/registerSDK(_:topic:_:)``.
    public static let standard: Vocabulary = {
        var v = Vocabulary.core
        v.registerKindly()
        v.registerEdna()
        return v
    }()
}

extension Scenario {
    /// Checks and runs `text` with the standard vocabulary (``Vocabulary/standard``).
    public static func run(
        _ text: String, path: String = "scenario.scn", root: String? = nil, limits: Limits = Limits()
    ) -> ScenarioRun {
        run(text, vocabulary: .standard, path: path, root: root, limits: limits)
    }
}

extension Interpreter {
    /// An interpreter of the standard vocabulary.
    public init(limits: Limits = Limits(), keepsWholeRecords: Bool = true) {
        self.init(vocabulary: .standard, limits: limits, keepsWholeRecords: keepsWholeRecords)
    }
}

extension ScenarioLoader {
    /// A loader that checks with the standard vocabulary.
    public init(limits: LanguageLimits = .standard) {
        self.init(vocabulary: .standard, limits: limits)
    }
}
