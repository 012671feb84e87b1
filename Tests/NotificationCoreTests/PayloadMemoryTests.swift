import Testing

@testable import NotificationCore

/// A long case lets go of what old pushes carried, except what is still in use: the newest
/// 1,024 pushes, a notification still in the center, the newest delivered push.
@Suite("Old pushes let go of their payloads")
struct PayloadMemoryTests {
    @Test("after 3,000 pushes: the newest 1,024 and those in use keep their payloads; a kept banner still taps")
    func forgets() throws {
        var world = try World(configuration: Configuration())
        try world.launch(.background)
        try world.pushApp(.visible, title: "First", body: "kept in the center")
        let first = try #require(world.newestPush?.payload)
        try world.setNetwork(online: false)
        for _ in 0..<3_000 { try world.pushApp(.visible, title: "Offline") }
        try world.setNetwork(online: true)
        let count = world.pushes.count
        #expect(world.pushes[0].payload == first)
        #expect(world.pushes[1].payload == nil)
        #expect(world.pushes[(count - World.payloadsKept)...].allSatisfy { $0.payload != nil })
        // Every 1,024 pushes the world lets go of what is older than the newest 1,024.
        #expect(world.pushes[1..<(count - 2 * World.payloadsKept)].allSatisfy { $0.payload == nil })
        // Everything else about an old push stays.
        #expect(world.pushes[1].apnsAnswer == APNsAnswer(status: 200))
        #expect(world.pushes[1].reason != nil)
        try world.tap(.title("First"))
        #expect(world.traced("tap"))
    }
}
