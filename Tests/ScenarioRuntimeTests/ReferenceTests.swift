import Foundation
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

@testable import Edna
@testable import Kindly

/// The registry is the one source of truth: the reference and docs/COMMANDS.md come from it.
@Suite("Reference")
struct ReferenceTests {
    /// Every command and expectation of docs/COMMANDS.md, by its words.
    static let specCommands = [
        "sdk kindly", "sdk edna", "sdk none", "install fresh", "extension", "extension kindly",
        "extension kindly undetected", "delegate kindly", "push app", "keychain",
        "keychain access", "app bundle", "app environment", "app version", "kindly server extension-version",
        "edna server", "edna server off", "edna template", "host kindly", "host edna", "mode", "delegate",
        "should-handle", "open-on-tap", "extension-delay", "delegate-assigned", "permission", "silent-budget",
        "silent-budget off", "launch", "screen", "start", "authorize", "register", "push kindly", "push edna",
        "push other", "push raw", "push raw file", "tap", "clear", "send", "wait", "reboot", "lock", "unlock",
        "call kindly.isKindlyNotification", "call kindly.decrypt", "call kindly.notificationReceived",
        "call edna.isChatCenterNotification", "call edna.handleNotification", "call edna.getChat",
        "expect banner none", "expect banners", "expect banner", "expect banner title", "expect banner body",
        "expect banner placeholder",
        "expect banner from", "expect chat", "expect app", "expect screen", "expect handler calls",
        "expect handler last", "expect history", "expect log", "expect no log", "expect trace", "expect no trace",
        "expect error", "expect result", "expect quote", "expect sent", "expect push", "expect delivered",
        "expect mode", "background-refresh", "low-power", "extension-fault", "host posts-local", "own-presents",
        "kindly server duplicate-token", "edna server duplicate-token", "kindly server collapse-id",
        "edna server collapse-id", "ios", "network", "expect presented", "expect duplicates", "own-on-tap",
        "navigates-from", "expect route", "own-completes", "proxy", "expect badge", "app-group",
        "extension increments-badge", "extension removes-delivered", "entitlement", "host resets-badge",
        "host removes-delivered", "host completes-fetch", "expect crash", "category", "action",
        "host registers-categories", "tap action", "expect action", "authorization", "setting", "focus", "summary",
        "user disables-notifications", "user enables-notifications", "expect sound", "build",
        "provider environment", "provider topic", "provider on-error", "expect apns-status", "expect token",
        "expect delivery", "provider auth p8", "provider auth cert", "provider jwt refresh", "provider jwt",
        "apns unregister-lag", "apns device-rate", "apns device-rate off", "power-deferral", "host registers",
        "host uploads-token", "host pushkit", "host pushkit after", "host reports-call", "host reports-call late",
        "uninstall", "reinstall", "restore new-device", "expect call", "expect voip",
        // Revision 4 (SPEC §2.16).
        "ringer", "provider badge none", "provider badge fixed", "provider badge count-unread", "host reports-open",
        "read-elsewhere", "expect provider badge",
    ]

    @Test("every command of docs/COMMANDS.md is registered, with one line of help")
    func everySpecCommandIsRegistered() {
        let registry = Vocabulary.standard.registry
        for name in Self.specCommands {
            let signature = registry.signature(named: name)
            #expect(signature != nil, "missing '\(name)'")
            #expect(signature?.summary.isEmpty == false)
        }
        #expect(registry.signatures.count == Self.specCommands.count)
    }

    @Test("docs/COMMANDS.md is the registry's reference (regenerate: scn help --markdown > docs/COMMANDS.md)")
    func commandsDocIsCurrent() throws {
        let path = packageRoot.appendingPathComponent("docs/COMMANDS.md")
        let onDisk = try String(contentsOf: path, encoding: .utf8)
        #expect(onDisk == Reference.markdown(Vocabulary.standard.registry))
    }

    @Test("help for one command shows its usage and parameters")
    func helpForOneCommand() throws {
        let text = try #require(Reference.text(Vocabulary.standard.registry, command: ["push", "kindly"]))
        #expect(
            text.hasPrefix(
                "push kindly [visible|silent] [title TEXT] [body TEXT] [chat TEXT] [tampered] [missing chat_id|title|body|v]"
            ))
    }
}
