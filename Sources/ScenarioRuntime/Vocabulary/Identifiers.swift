import NotificationCore
import ScenarioLanguage

// Names an app is signed and addressed with: a bundle id, the apns-topic its server sends
// with, the topic a certificate is for, an app group. Each is copied into what a push
// records (its route, APNs's answer, the trace), so a megabyte of one made every push carry
// a megabyte: a 1 MB `provider topic` and 300 pushes took 380 MB, and `scn run --json` 1.9 GB.

extension Vocabulary {
    /// The longest such name, in bytes. Apple spells a bundle id in reverse-DNS letters,
    /// digits, hyphens and dots and an apns-topic is one (with `.voip` and the like after
    /// it), an app group `group.` and one; Apple states no number, and 255 — a file name's
    /// limit — is more than any real one.
    public static let maxIdentifierBytes = 255

    /// The commands whose first argument is such a name, and what it is called.
    static let identifierArguments: [(command: String, what: String)] = [
        ("app bundle", "a bundle id"), ("provider topic", "an apns-topic"),
        ("provider auth cert", "a certificate's topic"), ("app-group", "an app group's name"),
    ]

    /// A check error at a literal name longer than ``maxIdentifierBytes``.
    mutating func registerIdentifierRules() {
        for (command, what) in Self.identifierArguments {
            addStatementRule(for: command) { statement in
                guard let expr = statement.arguments.positionals.first ?? nil, let text = expr.literalText,
                    text.utf8.count > Self.maxIdentifierBytes
                else { return [] }
                return [
                    RuleViolation(
                        message: "\(what) longer than \(Self.maxIdentifierBytes) bytes (\(text.utf8.count))",
                        range: expr.range, path: statement.path,
                        label: "a bundle id, an apns-topic or an app group is a reverse-DNS name")
                ]
            }
        }
    }

    /// The same bound on a name made at run time (an interpolated string).
    static func checkIdentifier(_ text: String, _ command: String) throws(StepError) {
        guard text.utf8.count > maxIdentifierBytes else { return }
        let what = identifierArguments.first { $0.command == command }?.what ?? "a name"
        throw StepError(.limit, "\(what) longer than \(maxIdentifierBytes) bytes (\(text.utf8.count))")
    }
}
