import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// The network: APNs stores one push per app while the device is offline (Apple, "Sending
/// notification requests to APNs"; Apple developer forums thread 775455).
@Suite("The network")
struct NetworkTests {
    func offlineKindly() throws -> World {
        var world = try kindlyWorld(.kindly)
        try world.launch(.background)
        try world.setNetwork(online: false)
        return world
    }

    @Test("offline: APNs holds the push (delivered false); online delivers it now")
    func heldThenDelivered() throws {
        var world = try offlineKindly()
        try world.pushKindly(KindlyPushRequest(body: "Hi"))
        #expect(!world.newestDelivered)
        #expect(world.banners.isEmpty)
        try world.setNetwork(online: true)
        #expect(world.newestDelivered)
        #expect(world.banners.last?.body == "Hi")
    }

    @Test("offline: only the newest push is kept; the earlier one is coalesced")
    func coalesced() throws {
        var world = try offlineKindly()
        try world.pushKindly(KindlyPushRequest(body: "first"))
        try world.pushKindly(KindlyPushRequest(body: "second"))
        #expect(world.pushes[0].reason?.contains("coalesced") == true)
        #expect(world.traced("coalesced"))
        try world.setNetwork(online: true)
        #expect(world.banners.map(\.body) == ["second"])
        #expect(!world.pushes[0].delivered)
        #expect(world.history(chat: "chat-1").count == 2)
    }

    @Test("expiration 0 while offline: expired, and the stored push is not displaced")
    func expirationZero() throws {
        var world = try offlineKindly()
        try world.pushKindly(KindlyPushRequest(body: "kept"))
        try world.pushKindly(KindlyPushRequest(body: "now", headers: APNsHeaderOverrides(expiration: .after(0))))
        #expect(world.newestPush?.reason?.contains("expired") == true)
        #expect(world.traced("expired"))
        try world.setNetwork(online: true)
        #expect(world.banners.map(\.body) == ["kept"])
    }

    @Test("a stored push expires at send time + D: online at exactly that time finds nothing")
    func expiresExactly() throws {
        var world = try offlineKindly()
        try world.pushKindly(KindlyPushRequest(headers: APNsHeaderOverrides(expiration: .after(60_000))))
        try world.wait(milliseconds: 59_999)
        var early = world
        try early.setNetwork(online: true)
        #expect(early.banners.count == 1)
        try world.wait(milliseconds: 1)
        try world.setNetwork(online: true)
        #expect(world.banners.isEmpty)
        #expect(!world.newestDelivered)
        #expect(world.newestPush?.reason?.contains("expired") == true)
    }

    @Test("reboot does not change the network")
    func rebootKeepsNetwork() throws {
        var world = try offlineKindly()
        try world.reboot()
        #expect(!world.isOnline)
        try world.pushKindly(KindlyPushRequest())
        #expect(!world.newestDelivered)
    }

    @Test("online delivers by the usual rules (a foreground app on the chat shows nothing)")
    func onlineUsualRules() throws {
        var world = try kindlyWorld(.kindly)
        try world.navigate(to: .chat)
        try world.setNetwork(online: false)
        try world.pushKindly(KindlyPushRequest())
        try world.setNetwork(online: true)
        #expect(world.newestDelivered)
        #expect(world.banners.isEmpty)
    }
}
