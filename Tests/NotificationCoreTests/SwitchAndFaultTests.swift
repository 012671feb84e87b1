import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// Background App Refresh, Low Power Mode (deltachat/deltachat-ios#3272, PR 2820) and
/// extension kills (element-hq/element-ios#3868, deltachat/deltachat-ios PR 2477).
@Suite("iOS's switches and extension kills")
struct SwitchAndFaultTests {
    static let switches: [RuntimeSetting] = [.backgroundRefresh(false), .lowPower(true)]

    @Test("a content-available push to a background app is not delivered, traced with the switch", arguments: switches)
    func silentBackgroundDropped(setting: RuntimeSetting) throws {
        var world = try kindlyWorld()
        try world.launch(.background)
        try world.apply(setting)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(!world.newestDelivered)
        #expect(world.banners.isEmpty)
        let word = setting == .lowPower(true) ? "low-power" : "background-refresh"
        #expect(world.traced(word))
        #expect(world.newestPush?.reason?.contains(word) == true)
    }

    @Test("a terminated app is not launched", arguments: switches)
    func terminatedNotLaunched(setting: RuntimeSetting) throws {
        var world = try kindlyWorld()
        try world.launch(.terminated)
        try world.apply(setting)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.appState == .terminated)
        #expect(!world.newestDelivered)
    }

    @Test("a foreground app still receives content-available pushes", arguments: switches)
    func foregroundStillReceives(setting: RuntimeSetting) throws {
        var world = try kindlyWorld()
        try world.apply(setting)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.newestDelivered)
        #expect(world.banners.count == 1)
    }

    @Test("visible pushes are unaffected: banner shown, the extension runs", arguments: switches)
    func visibleUnaffected(setting: RuntimeSetting) throws {
        var world = try kindlyWorld(.kindly)
        try world.launch(.background)
        try world.apply(setting)
        try world.pushKindly(KindlyPushRequest(type: .visible, body: "Hi"))
        #expect(world.newestDelivered)
        #expect(world.banners.last?.source == .extension)
    }

    @Test("alert + content-available (edna's default): banner shown, app not woken, delivered", arguments: switches)
    func ednaAlertNotWoken(setting: RuntimeSetting) throws {
        var world = try ednaWorld()
        try world.launch(.background)
        try world.apply(setting)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestDelivered)
        #expect(world.banners.count == 1)
        #expect(world.ednaKeptPushID == nil)
        #expect(!world.traced("didReceiveRemoteNotification p1"))
    }

    @Test(
        "extension-fault memory|crash: killed after extension-delay, original content, no TimeWillExpire",
        arguments: [ExtensionFault.memory, .crash])
    func extensionKilled(fault: ExtensionFault) throws {
        var world = try kindlyWorld(.kindly) { $0.extensionDelayMilliseconds = 5_000 }
        try world.apply(.extensionFault(fault))
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest(type: .visible))
        #expect(world.banners.isEmpty)
        try world.wait(milliseconds: 5_000)
        #expect(world.banners.last?.isPlaceholder == true)
        #expect(world.banners.last?.source == .system)
        #expect(world.traced("extension killed"))
        #expect(world.traced(.extensionKilled))
        try world.wait(milliseconds: 30_000)
        #expect(!world.traced(.extensionExpired))
        #expect(world.banners.count == 1)
    }

    @Test("extension killed in the foreground: the delegate decides, Kindly's SDK decrypts")
    func extensionKilledForeground() throws {
        var world = try kindlyWorld(.kindly) { $0.extensionFault = .memory }
        try world.pushKindly(KindlyPushRequest(type: .visible, title: "Anna", body: "Hi"))
        #expect(world.banners.map(\.title) == ["Anna"])
        #expect(world.banners.last?.source == .sdk)
    }

    @Test("an extension past 30 s expires before it can be killed")
    func lateExtensionExpires() throws {
        var world = try kindlyWorld(.kindly) {
            $0.extensionFault = .crash
            $0.extensionDelayMilliseconds = 31_000
        }
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest(type: .visible))
        try world.wait(milliseconds: 31_000)
        #expect(world.traced(.extensionExpired))
        #expect(!world.traced(.extensionKilled))
    }
}
