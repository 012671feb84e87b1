import Testing

@testable import NotificationCore

/// docs/PROVIDER.md "Power deferral": priority 5 held until unlock or the next priority-10
/// push, priority 1 until unlock, not coalesced, expiration applies.
@Suite("Power deferral")
struct PowerDeferralTests {
    static func lockedWorld(deferral: Bool = true) throws -> World {
        var c = Configuration()
        c.apns.powerDeferral = deferral
        var world = try World(configuration: c)
        try world.launch(.background)
        try world.lock()
        return world
    }

    @Test("held while locked, Delivered (From Storage) at unlock, in send order")
    func heldUntilUnlock() throws {
        var world = try Self.lockedWorld()
        try world.pushApp(.visible, title: "A", headers: APNsHeaderOverrides(priority: .normal))
        try world.pushApp(.visible, title: "B", headers: APNsHeaderOverrides(priority: .low))
        #expect(world.pushes.allSatisfy { $0.deliveryState == "Stored – Power Considerations" })
        #expect(world.banners.isEmpty)
        try world.unlock()
        #expect(world.pushes.allSatisfy { $0.deliveryState == "Delivered (From Storage)" })
        #expect(world.banners.map(\.title) == ["A", "B"])
    }

    @Test("a priority-10 push releases the priority-5 ones before it; priority 1 waits")
    func releasedByPriority10() throws {
        var world = try Self.lockedWorld()
        try world.pushApp(.visible, title: "A", headers: APNsHeaderOverrides(priority: .normal))
        try world.pushApp(.visible, title: "B", headers: APNsHeaderOverrides(priority: .low))
        try world.pushApp(.visible, title: "C")
        #expect(world.banners.map(\.title) == ["A", "C"])
        #expect(world.pushes[1].deliveryState == "Stored – Power Considerations")
    }

    @Test("expiration applies to held pushes; off, nothing is held")
    func expirationAndOff() throws {
        var world = try Self.lockedWorld()
        try world.pushApp(.visible, title: "A", headers: APNsHeaderOverrides(priority: .normal, expiration: .after(60_000)))
        try world.wait(milliseconds: 60_000)
        #expect(world.newestPush?.deliveryState == "Discarded – Expired")
        try world.unlock()
        #expect(world.banners.isEmpty)
        var off = try Self.lockedWorld(deferral: false)
        try off.pushApp(.visible, title: "A", headers: APNsHeaderOverrides(priority: .normal))
        #expect(off.newestPush?.deliveryState == "Delivered")
    }
}
