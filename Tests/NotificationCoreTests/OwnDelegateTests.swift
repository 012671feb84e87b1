@testable import Kindly
@testable import NotificationCore
import Testing

/// The host's own delegate (docs/APP.md): own-on-tap and navigates-from.
@Suite("The host's own delegate")
struct OwnDelegateTests {
    func app(_ edit: (inout Configuration) -> Void = { _ in }) throws -> World {
        var configuration = Configuration()
        edit(&configuration)
        return try World(configuration: configuration)
    }

    @Test("opens-route from didReceive(response): a tap from the background navigates to the route")
    func opensRoute() throws {
        var world = try app()
        try world.launch(.background)
        try world.pushApp(.visible, title: "Anna", route: "chat/42")
        try world.tap(.newest)
        #expect(world.route == "chat/42")
        #expect(world.screen == .host)
    }

    @Test("didReceiveRemoteNotification never sees a tap; a silent push navigates at the next foreground")
    func remoteNotification() throws {
        var world = try app { $0.host.navigatesFrom = [.didReceiveRemoteNotification] }
        try world.launch(.background)
        try world.pushApp(.visible, title: "Anna", route: "a")
        try world.tap(.newest)
        #expect(world.route == nil)
        try world.launch(.background)
        try world.pushApp(.silent, route: "b")
        #expect(world.route == nil)
        try world.launch(.foreground)
        #expect(world.route == "b")
    }

    @Test("launch options: only a cold launch; the route dies with the process")
    func launchOptions() throws {
        var world = try app { $0.host.navigatesFrom = [.launchOptions] }
        try world.launch(.killed)
        try world.pushApp(.visible, title: "Anna", route: "a")
        try world.tap(.newest)
        #expect(world.route == "a")
        try world.launch(.terminated)
        #expect(world.route == nil)
    }

    @Test("Kindly with delegate own keeps the chat closed, unless own-on-tap opens-chat")
    func kindlyOpensChat() throws {
        for (ownOnTap, open) in [(OwnOnTap?.none, false), (.opensChat, true)] {
            var configuration = Configuration()
            configuration.sdk = .kindly
            configuration.delegate = .own
            configuration.host.ownOnTap = ownOnTap
            var world = try World(configuration: configuration)
            try world.launch(.background)
            try world.pushKindly(KindlyPushRequest(type: .visible))
            try world.tap(.newest)
            #expect(world.isChatOpen == open, "\(String(describing: ownOnTap))")
        }
    }
}
