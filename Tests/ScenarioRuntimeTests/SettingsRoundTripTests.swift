import Edna
import Kindly
import NotificationCore
import ScenarioRuntime
import StandardVocabulary
import Testing

/// `scn repro`'s settings block is scenario text: the lines a configuration writes check
/// clean and install the same configuration again, whatever its values hold.
@Suite("Settings as scenario text")
struct SettingsRoundTripTests {
    static var configurations: [Configuration] {
        var out: [Configuration] = []
        var kindly = Configuration()
        kindly.sdk = .kindly
        kindly.serviceExtension = .kindlyUndetected
        kindly.kindly.mode = .alert
        kindly.kindly.shouldHandle = .reject
        kindly.kindly.server.duplicateToken = true
        kindly.bundleID = "com.\"quoted\"\\back$slash"
        kindly.delegate = .own
        kindly.host.ownPresents = .list
        out.append(kindly)
        var edna = Configuration()
        edna.sdk = .edna
        edna.sdkVersion = [5, 1]
        edna.edna.messageTemplate =
            "{\n  \"aps\": {\"alert\": \"${shortMessage} it's $5\"},\n  \"origin\": \"threads\"\n}"
        edna.edna.campaignTemplate = String(repeating: "x", count: 200)
        edna.edna.server = EdnaServerSettings(credential: .p12, bundleID: "com.other", environment: .sandbox)
        edna.edna.host = .manual
        out.append(edna)
        var none = Configuration()
        none.delegate = DelegateChoice.none
        none.permission = .denied
        out.append(none)
        var badges = Configuration()
        badges.serviceExtension = .other
        badges.appGroups = [AppGroup(name: "group.\"a\"", members: .extension), AppGroup(name: "g", members: .both)]
        badges.extensionIncrementsBadge = true
        badges.extensionRemovesDelivered = true
        badges.entitlements = [.filtering]
        badges.host.resetsBadge = .iconOnly
        badges.host.removesDelivered = .onSilent
        badges.host.completesFetch = .after(milliseconds: 45_000)
        badges.categories = [
            NotificationCategory(name: "chat", actions: ["reply", "open"]), NotificationCategory(name: "p", actions: ["open"]),
        ]
        badges.actions = [
            NotificationAction(name: "reply", kind: .textInput), NotificationAction(name: "open", kind: .foreground, authRequired: true),
        ]
        badges.host.registersCategories = HostCategories(categories: ["chat", "p"], when: .after(milliseconds: 2_000))
        var swallowing = DelegateProxy(name: "S", behaviour: .swallows)
        swallowing.registersCategories = ["p"]
        var quiet = DelegateProxy(name: "Q", behaviour: .forwards)
        quiet.declared = false
        quiet.registersCategories = ["chat"]
        badges.proxies = [swallowing, quiet]
        out.append(badges)
        var provisional = Configuration()
        provisional.authorization = .provisional(requests: [.alert, .badge])
        provisional.settings[.sounds] = false
        provisional.settings[.lockScreen] = false
        provisional.focus = .on(allowsApp: true, noTimeSensitive: true)
        provisional.summary = true
        provisional.entitlements = [.criticalAlerts, .timeSensitive]
        out.append(provisional)
        var provider = Configuration()
        provider.build = .xcode
        provider.appEnvironment = .production
        provider.provider.environment = .sandbox
        provider.provider.topic = "com.\"other\""
        provider.provider.onError = .deleteToken
        provider.provider.auth = .cert("com.\"c\"")
        provider.provider.jwt = .refresh(25 * 60_000)
        provider.apns.unregisterLag = 3_600_000
        provider.apns.deviceRate = DeviceRate(count: 5, window: 60_000)
        provider.apns.powerDeferral = true
        provider.host.registers = .firstLaunch
        provider.host.uploadsToken = .ifChanged
        provider.host.pushkit = .after(3_000)
        provider.host.reportsCall = .late(2_000)
        out.append(provider)
        var voip = Configuration()
        voip.provider.jwt = .perRequest
        voip.host.pushkit = .never
        voip.host.reportsCall = .never
        out.append(voip)
        var badKey = Configuration()
        badKey.provider.jwt = .badKey
        out.append(badKey)
        var undetermined = Configuration()
        undetermined.authorization = .notDetermined
        out.append(undetermined)
        return out
    }

    @Test("the lines check clean and install the same configuration", arguments: configurations)
    func roundTrip(_ configuration: Configuration) throws {
        let lines = configuration.scenarioLines
        let run = Scenario.run(lines.joined(separator: "\n") + "\nlaunch foreground\n")
        #expect(run.diagnostics.isEmpty, "\(lines): \(run.diagnostics.map(\.message))")
        let world = try #require(run.results.first?.context.world)
        #expect(world.configuration.scenarioLines == lines)
    }

    @Test("the install line keeps one short line a template; scenario text keeps it whole")
    func installLineShortens() throws {
        let edna = try #require(Self.configurations.dropFirst().first)
        let installLine = edna.differences().joined(separator: ", ")
        #expect(installLine.contains("…"))
        #expect(!installLine.contains("\n"))
        #expect(!edna.scenarioLines.joined().contains("…"))
    }
}
