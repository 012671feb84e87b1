import NotificationCore
import ScenarioLanguage

extension Vocabulary {
    /// Impossible configurations, caught before anything runs (docs/LANGUAGE.md): no SDK or two
    /// SDKs before the first action, and settings the chosen SDK or version lacks.
    mutating func registerCaseRules() {
        addCaseRule { configuration in
            var violations: [RuleViolation] = []
            let sdkLines = configuration.settings.filter { $0.signature.path.first == "sdk" }
            if let first = configuration.firstAction, sdkLines.isEmpty {
                violations.append(
                    RuleViolation(
                        message: "no 'sdk' line before the first action", range: first.range, path: first.path,
                        label: "this action installs the app; say 'sdk kindly' or 'sdk edna' before it"))
            }
            if sdkLines.count > 1, let firstSDK = sdkLines.first {
                for extra in sdkLines.dropFirst() {
                    let message =
                        extra.signature.name == firstSDK.signature.name
                        ? "'\(extra.signature.name)' is given twice"
                        : "two SDKs: '\(firstSDK.signature.name)' and '\(extra.signature.name)'; an app integrates one"
                    violations.append(RuleViolation(message: message, range: extra.range, path: extra.path))
                }
            }
            guard let sdkLine = sdkLines.first, let sdk = ChatSDK(rawValue: sdkLine.signature.path.last ?? "") else {
                return violations
            }
            var version: Version? = sdk == .kindly ? Version([3, 0, 12]) : nil
            if let expr = sdkLine.arguments.positionals.first ?? nil {
                version = expr.wordText.flatMap(Version.init)  // nil for a variable: checked at run time
            }
            for setting in configuration.settings + configuration.laterSettings {
                let name = setting.signature.name
                let firstArgument = (setting.arguments.positionals.first ?? nil)?.wordText
                if let owner = Self.owner(of: setting), owner != sdk {
                    violations.append(
                        RuleViolation(
                            message: "'\(name)' configures \(owner.writer), but the app integrates \(sdk.writer)",
                            range: setting.range, path: setting.path))
                }
                guard sdk == .kindly else { continue }
                let needsExtensionSupport =
                    name == "mode" || name == "extension kindly undetected"
                    || (name == "extension" && firstArgument == "kindly")
                if needsExtensionSupport, let version, version < Version([3, 0, 12]) {
                    violations.append(
                        RuleViolation(
                            message:
                                "Kindly \(version) has no service extension support and no notificationMode (needs 3.0.12 or later)",
                            range: setting.range, path: setting.path))
                }
            }
            for action in configuration.actions {
                guard let owner = Self.owner(of: action), owner != sdk else { continue }
                violations.append(
                    RuleViolation(
                        message:
                            "'\(action.signature.name)' is \(owner.writer)'s, but the app integrates \(sdk.writer)",
                        range: action.range, path: action.path,
                        label: "this case says '\(sdkLine.signature.name)'"))
            }
            return violations
        }
    }
}

extension Vocabulary {
    /// The SDK a command belongs to, if it belongs to one: its settings, the servers' settings,
    /// its pushes, its calls and the host's calls into it. Using it in an app with the other
    /// SDK is a check error.
    static func owner(of command: ConfiguredCommand) -> ChatSDK? {
        let path = command.signature.path
        let name = command.signature.name
        // Compared word by word: a case's every setting and action comes through here.
        let calls = path.count >= 2 && path[0] == "call"
        for sdk in ChatSDK.allCases {
            let word = sdk.rawValue
            if path.first == word || (path.count == 2 && (path[0] == "host" || path[0] == "push") && path[1] == word)
                || (calls && path[1].hasPrefix(word + "."))
            {
                return sdk
            }
        }
        if let owner = ownedCommands[name] { return owner }
        if name == "extension", (command.arguments.positionals.first ?? nil)?.wordText == "kindly" { return .kindly }
        return nil
    }

    /// Commands that belong to one SDK although their words do not name it.
    private static let ownedCommands: [String: ChatSDK] = [
        "start": .kindly, "mode": .kindly, "should-handle": .kindly, "extension kindly undetected": .kindly,
        "authorize": .edna,
    ]
}
