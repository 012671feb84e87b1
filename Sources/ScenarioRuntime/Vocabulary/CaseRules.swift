import NotificationCore
import ScenarioLanguage

extension Vocabulary {
    /// Impossible configurations, caught before anything runs (SPEC §5.2): no SDK or two
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
                switch sdk {
                case .kindly:
                    if name.hasPrefix("edna ") || name == "host edna" {
                        violations.append(
                            RuleViolation(
                                message: "'\(name)' configures edna, but the app integrates Kindly",
                                range: setting.range, path: setting.path))
                    }
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
                case .edna:
                    let kindlyOnly =
                        name == "mode" || name == "kindly server extension-version" || name == "host kindly"
                        || name == "should-handle" || name == "extension kindly undetected"
                        || (name == "extension" && firstArgument == "kindly")
                    if kindlyOnly {
                        violations.append(
                            RuleViolation(
                                message: "'\(name)' configures Kindly, but the app integrates edna",
                                range: setting.range, path: setting.path))
                    }
                }
            }
            return violations
        }
    }
}
