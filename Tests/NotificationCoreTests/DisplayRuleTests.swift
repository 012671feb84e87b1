import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// docs/KINDLY.md: what the SDK itself presents (here: silent pushes, which only the SDK shows).
@Suite("§3.4 display rule")
struct DisplayRuleTests {
    @Test("§3.4 background, any screen: the SDK presents a banner", arguments: Screen.allCases)
    func background(screen: Screen) throws {
        var world = try kindlyWorld()
        try world.put(.background, on: screen)
        try world.pushKindly(KindlyPushRequest(type: .silent, title: "Anna"))
        #expect(world.banners.last?.title == "Anna")
        #expect(world.banners.last?.source == .sdk)
    }

    @Test("§3.4 foreground, chat: the SDK presents nothing — the user can already see the message")
    func foregroundChat() throws {
        var world = try kindlyWorld()
        try world.put(.foreground, on: .chat)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.banners.isEmpty)
        #expect(world.traced("display rule"))
        #expect(world.history(chat: "chat-1").count == 1)
    }

    @Test(
        "§3.4 foreground, settings/language/image-preview/host: the SDK presents a banner",
        arguments: [Screen.settings, .language, .imagePreview, .host])
    func foregroundElsewhere(screen: Screen) throws {
        var world = try kindlyWorld()
        try world.put(.foreground, on: screen)
        try world.pushKindly(KindlyPushRequest(type: .silent, title: "Anna"))
        #expect(world.banners.last?.title == "Anna")
        #expect(world.banners.last?.source == .sdk)
    }
}
