import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// README.md's example, through the Swift API.
@Suite("README.md example")
struct ExampleTests {
    @Test("a tap that cold-launched the app is dropped when start() comes 61 s later")
    func coldTapDropped() throws {
        var world = try kindlyWorld(.kindly) { $0.sdkVersion = [3, 0, 12] }
        try world.launch(.killed)
        try world.pushKindly(KindlyPushRequest(type: .visible, title: "Anna", body: "Hi there"))
        #expect(world.banners.last?.title == "Anna")
        #expect(world.banners.last?.body == "Hi there")
        try world.tap(.newest)
        try world.wait(milliseconds: 61_000)
        try world.startKindly()
        #expect(!world.isChatOpen)
        #expect(world.logged("dropped"))
        #expect(world.formatTrace().contains("tap-dropped: p1: 61s old, older than 60s"))
        #expect(world.formatLog().contains("[  61.000s] Kindly: dropped notification tap received 61s ago"))
    }
}
