import NotificationCore
import ScenarioLanguage

extension Vocabulary {
    /// Impossible configurations, caught before anything runs (docs/LANGUAGE.md): no SDK or two
    /// SDKs before the first action, and commands that belong to another SDK than the app's
    /// (a command's owners are declared when it is registered). An SDK adds its own rules
    /// (a version that lacks a setting) with ``addCaseRule(_:)``.
    mutating func registerCaseRules() {
        addCaseRule { configuration in
            var violations: [RuleViolation] = []
            let sdkLines = configuration.settings.filter { $0.signature.path.first == "sdk" }
            if let first = configuration.firstAction, sdkLines.isEmpty {
                violations.append(
                    RuleViolation(
                        message: "no 'sdk' line before the first action", range: first.range, path: first.path,
                        label:
                            "this action installs the app; say which SDK it integrates ('sdk NAME', or 'sdk none') before it"
                    ))
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
            guard let sdkLine = sdkLines.first, let app = sdkLine.signature.owners.first else { return violations }
            for setting in configuration.settings + configuration.laterSettings {
                if let violation = Self.ownerViolation(setting, app: app, verb: "configures") {
                    violations.append(violation)
                }
            }
            for action in configuration.actions {
                guard var violation = Self.ownerViolation(action, app: app, verb: nil) else { continue }
                violation.label = "this case says '\(sdkLine.signature.name)'"
                violations.append(violation)
            }
            return violations
        }
    }

    /// A command whose owners do not include the app's SDK.
    private static func ownerViolation(_ command: ConfiguredCommand, app: CommandOwner, verb: String?)
        -> RuleViolation?
    {
        let owners = command.signature.owners
        guard !owners.isEmpty, !owners.contains(app) else { return nil }
        let name = command.signature.name
        let message =
            owners.count == 1
            ? (verb.map { "'\(name)' \($0) \(owners[0].title)" } ?? "'\(name)' is \(owners[0].title)'s")
                + ", but the app integrates \(app.title)"
            : "'\(name)' is for \(owners.map(\.title).joined(separator: " and ")) apps, but the app integrates \(app.title)"
        return RuleViolation(message: message, range: command.range, path: command.path)
    }
}
