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
            // The `sdk` lines, met in order without building their list (a case has one).
            var firstSDK: ConfiguredCommand?
            for extra in configuration.settings where extra.signature.path.first == "sdk" {
                guard let firstSDK else {
                    firstSDK = extra
                    continue
                }
                let message =
                    extra.signature.name == firstSDK.signature.name
                    ? "'\(extra.signature.name)' is given twice"
                    : "two SDKs: '\(firstSDK.signature.name)' and '\(extra.signature.name)'; an app integrates one"
                violations.append(RuleViolation(message: message, range: extra.range, path: extra.path))
            }
            if let first = configuration.firstAction, firstSDK == nil {
                violations.append(
                    RuleViolation(
                        message: "no 'sdk' line before the first action", range: first.range, path: first.path,
                        label:
                            "this action installs the app; say which SDK it integrates ('sdk NAME', or 'sdk none') before it"
                    ))
            }
            guard let sdkLine = firstSDK, let app = sdkLine.signature.owners.first else { return violations }
            for setting in [configuration.settings, configuration.laterSettings].joined() {
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

    /// `push app` as written (docs/APP.md): a silent push carries no badge, sound, level or
    /// category (Apple's background pushes hold `content-available` only); a visible one needs
    /// a title, a body or a badge; one removal at most.
    mutating func registerPushAppRules() {
        addStatementRule(for: "push app") { command in
            let arguments = command.arguments
            let type = (arguments.positionals.first ?? nil)?.wordText
            var violations: [RuleViolation] = []
            if type == "silent" {
                for option in ["badge", "sound", "interruption-level", "category"] {
                    guard let expr = arguments.options[option] else { continue }
                    violations.append(
                        RuleViolation(
                            message: "a silent push carries no \(option)",
                            range: expr.range, path: command.path,
                            label: "Apple's background pushes hold content-available only; send it visible"))
                }
            } else if type == "voip" {
                for option in [
                    "badge", "sound", "interruption-level", "category", "thread", "route", "removes", "removes-thread",
                ] {
                    guard let expr = arguments.options[option] else { continue }
                    violations.append(
                        RuleViolation(
                            message: "a VoIP push carries no \(option)", range: expr.range, path: command.path,
                            label: "a VoIP push goes to PushKit, not the notification center: give a title (the caller)"))
                }
            } else if ["title", "body", "badge"].allSatisfy({ arguments.options[$0] == nil }) {
                violations.append(
                    RuleViolation(
                        message: "'push app visible' needs a title, a body or a badge", range: command.range,
                        path: command.path, label: "e.g. push app visible title \"Anna\""))
            }
            if arguments.options["removes"] != nil, let thread = arguments.options["removes-thread"] {
                violations.append(
                    RuleViolation(
                        message: "a push removes one thing", range: thread.range, path: command.path,
                        label: "give removes \"ID\", removes-thread T or removes all"))
            }
            return violations
        }
    }

    /// The host's delegate chain (docs/APP.md): `own-completes` takes one completion, `proxy
    /// NAME delays` and only it takes a duration, and a proxy is declared once.
    mutating func registerDelegateChainRules() {
        addCaseRule { configuration in
            var violations: [RuleViolation] = []
            var proxies: [String: SourceRange] = [:]
            // Every proxy name met (a link of the chain), for the budget.
            var named: Set<String> = []
            var overBudget = false
            for command in [configuration.settings, configuration.laterSettings].joined() {
                let arguments = command.arguments
                func violation(_ message: String, _ label: String? = nil) {
                    violations.append(
                        RuleViolation(message: message, range: command.range, path: command.path, label: label))
                }
                switch command.signature.name {
                case "own-completes":
                    let words = arguments.positionals.count > 1 ? arguments.positionals[1] : nil
                    let after = arguments.options["after"]
                    if words != nil && after != nil {
                        violation("'own-completes' takes one completion", "either a word or 'after D', not both")
                    } else if words == nil && after == nil {
                        violation("'own-completes' needs a completion: at-once, after D, never or twice")
                    }
                case "host completes-fetch", "host registers-categories":
                    let name = command.signature.name
                    let word = arguments.positionals.count > (name == "host completes-fetch" ? 0 : 1)
                        ? arguments.positionals[name == "host completes-fetch" ? 0 : 1] : nil
                    let after = arguments.options["after"]
                    let isNone = name == "host registers-categories" && arguments.positionals.first??.wordText == "none"
                    if word != nil && after != nil {
                        violation("'\(name)' takes one time", "either a word or 'after D', not both")
                    } else if word == nil && after == nil && !isNone {
                        violation(
                            name == "host completes-fetch"
                                ? "'host completes-fetch' needs a completion: new-data, no-data, after D, never or twice"
                                : "'host registers-categories' needs when: at-launch, at-start or after D")
                    }
                case "proxy":
                    let behaviour = arguments.positionals.count > 1 ? arguments.positionals[1]?.wordText : nil
                    let argument = arguments.positionals.count > 2 ? arguments.positionals[2] : nil
                    let name = (arguments.positionals.first ?? nil).flatMap(Self.literalText)
                    // Each name is a link, whether a behaviour line or `registers-categories`
                    // names it first; past the budget, one error at the line that crosses it.
                    if let name, !overBudget, named.insert(name).inserted, named.count > DelegateProxy.maxCount {
                        overBudget = true
                        violation(
                            "too many proxies: an app has at most \(DelegateProxy.maxCount) in front of its delegate",
                            "proxy number \(named.count)")
                    }
                    if behaviour == "registers-categories" {
                        if argument == nil {
                            violation("'proxy … registers-categories' needs the categories", "e.g. 'registers-categories fcm'")
                        }
                        continue
                    }
                    if behaviour == "delays", argument == nil {
                        violation("'proxy … delays' needs how long", "e.g. 'delays 2s'")
                    } else if let behaviour, behaviour != "delays", argument != nil {
                        violation("only 'proxy … delays' takes a duration", "'\(behaviour)' takes none")
                    }
                    if let name {
                        if proxies[name] != nil {
                            violation(
                                "proxy \(ScenarioText.quoted(name)) is declared twice",
                                "a proxy is one link in the chain")
                        } else {
                            proxies[name] = command.range
                        }
                    }
                default:
                    break
                }
            }
            return violations
        }
    }

    /// The text of a word or a string without interpolation; nil for other values.
    private static func literalText(_ expr: Expr) -> String? {
        switch expr.kind {
        case .rawString(let text): return text
        case .string(let parts):
            var text = ""
            for part in parts {
                guard case .text(let piece) = part else { return nil }
                text += piece
            }
            return text
        default: return expr.wordText
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
