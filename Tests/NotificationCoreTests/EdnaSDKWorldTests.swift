import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// docs/EDNA.md on the world, through `call` and the host.
@Suite("Edna §4.2 SDK")
struct EdnaSDKWorldTests {
    @Test("setDeviceToken may be called before the SDK instance exists: the token is kept and used once it does")
    func tokenKeptUntilInstance() throws {
        var world = try ednaWorld(fresh: true)
        try world.launch(.foreground)
        try world.register()
        #expect(world.traced("before the SDK instance exists: kept until authorize"))
        #expect(world.edna.server.token == nil)
        try world.pushEdna(kind: .message, text: "before", campaign: nil)
        #expect(world.newestPush?.sent == nil)
        try world.authorizeEdna(user: "anna")
        #expect(world.edna.server.token == world.deviceToken)
        #expect(world.traced("passes the kept token"))
        try world.pushEdna(kind: .message, text: "after", campaign: nil)
        #expect(world.newestDelivered)
    }

    @Test("A kept token dies with the process")
    func keptTokenDiesWithProcess() throws {
        var world = try ednaWorld(fresh: true)
        try world.launch(.foreground)
        try world.register()
        try world.launch(.killed)
        try world.launch(.foreground)
        try world.authorizeEdna(user: "anna")
        #expect(world.edna.server.token == nil)
    }

    @Test("setDeviceToken after authorize registers at once")
    func tokenAfterInstance() throws {
        var world = try ednaWorld(fresh: true)
        try world.launch(.foreground)
        try world.authorizeEdna(user: "anna")
        try world.register()
        #expect(world.edna.server.token == world.deviceToken)
    }

    @Test("isChatCenterNotification: true when origin is threads at the top level")
    func isChatCenterNotification() throws {
        var world = try ednaWorld()
        try world.apply(.ednaHost(.manual))
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(try world.call(.ednaIsChatCenterNotification) == .returned(true))
        try world.pushRaw(otherProviderWakingPush)
        #expect(try world.call(.ednaIsChatCenterNotification) == .returned(false))
        try world.pushRaw(["aps": ["content-available": 1], "data": ["origin": "threads"]])
        #expect(try world.call(.ednaIsChatCenterNotification) == .returned(false))
    }

    @Test("getChat before and after authorize, across a process death")
    func getChatAcrossProcessDeath() throws {
        var world = try ednaWorld()
        try world.apply(.ednaHost(.manual))
        try world.call(.ednaGetChat(none: true))
        #expect(world.lastError == nil)
        #expect(world.isChatOpen)
        try world.launch(.killed)
        try world.launch(.foreground)
        #expect(try world.call(.ednaGetChat(none: true)) == .threw("userNotAuthorized"))
        #expect(world.lastError == "userNotAuthorized")
        #expect(!world.isChatOpen)
        #expect(world.logged("getChat none failed: userNotAuthorized"))
        try world.authorizeEdna(user: "user-1")
        #expect(try world.call(.ednaGetChat(none: true)) == .returned("chat-1"))
        #expect(world.lastError == nil)
        #expect(world.isChatOpen)
        try world.launch(.terminated)
        try world.launch(.background)
        #expect(try world.call(.ednaGetChat(none: true)) == .threw("userNotAuthorized"))
    }

    @Test("handleNotification: chat screen not shown → throws chatNotOpened")
    func handleChatNotShown() throws {
        var world = try ednaWorld()
        try world.apply(.ednaHost(.manual))
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(try world.call(.ednaHandleNotification(empty: false)) == .threw("chatNotOpened"))
        #expect(world.lastError == "chatNotOpened")
        #expect(!world.isChatOpen)
    }

    @Test("handleNotification: chat screen shown, userInfo not empty → returns, does nothing")
    func handleChatShownNotEmpty() throws {
        var world = try ednaWorld()
        try world.apply(.ednaHost(.manual))
        try world.navigate(to: .chat)
        try world.pushEdna(kind: .campaign, text: "Sale", campaign: "spring")
        let before = world.trace.count
        #expect(try world.call(.ednaHandleNotification(empty: false)) == .returned(nil))
        #expect(world.lastError == nil)
        #expect(world.ednaQuote == nil)
        #expect(!world.trace[before...].contains { $0.kind == .chatOpened })
        try world.send(text: "hello")
        #expect(world.lastSent == SentMessage(text: "hello", campaign: nil))
    }

    @Test("handleNotification: chat screen shown, userInfo empty → throws chatNotOpened")
    func handleChatShownEmpty() throws {
        var world = try ednaWorld()
        try world.navigate(to: .chat)
        #expect(try world.call(.ednaHandleNotification(empty: true)) == .threw("chatNotOpened"))
        #expect(world.lastError == "chatNotOpened")
    }

    @Test(
        "getChat with a campaign push: the quote is the alert text as sent, the next message is bound to the campaign")
    func getChatCampaign() throws {
        var world = try ednaWorld()
        try world.apply(.ednaHost(.manual))
        try world.pushEdna(kind: .campaign, text: "Spring sale", campaign: "spring")
        #expect(world.banners.isEmpty)  // delegate none: no banner in the foreground
        #expect(try world.call(.ednaGetChat(none: false)) == .returned("chat-1"))
        #expect(world.isChatOpen)
        #expect(world.ednaQuote == "Spring sale")
        try world.send(text: "Tell me more")
        #expect(world.lastSent == SentMessage(text: "Tell me more", campaign: "spring"))
        #expect(world.ednaQuote == nil)
        #expect(world.history(chat: "chat-1").last?.campaign == "spring")
        try world.send(text: "And?")
        #expect(world.lastSent == SentMessage(text: "And?", campaign: nil))
    }

    @Test("The quote is the alert as sent: a long campaign text is quoted shortened")
    func quoteShortened() throws {
        var world = try ednaWorld()
        let text = String(repeating: "a", count: 150)
        try world.pushEdna(kind: .campaign, text: text, campaign: nil)
        #expect(world.ednaQuote == String(repeating: "a", count: 100) + "…")
        try world.send(text: "ok")
        #expect(world.lastSent?.campaign == "campaign-1")
    }

    @Test("getChat with a standard message push: the chat just opens")
    func getChatMessage() throws {
        var world = try ednaWorld()
        try world.apply(.ednaHost(.manual))
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        try world.call(.ednaGetChat(none: false))
        #expect(world.isChatOpen)
        #expect(world.ednaQuote == nil)
        try world.send(text: "ok")
        #expect(world.lastSent == SentMessage(text: "ok", campaign: nil))
    }

    @Test("Troubleshooting: campaign fields under data are not seen, no quote")
    func campaignFieldsUnderData() throws {
        var world = try ednaWorld { $0.ednaCampaignTemplate = campaignUnderDataTemplate }
        try world.pushEdna(kind: .campaign, text: "Spring sale", campaign: "spring")
        #expect(world.newestDelivered)
        #expect(world.newestPush?.payload?["data"]?["campaign"] == "spring")
        #expect(world.isChatOpen)
        #expect(world.ednaQuote == nil)
        try world.send(text: "hi")
        #expect(world.lastSent == SentMessage(text: "hi", campaign: nil))
    }

    @Test(
        "In the background the chat screen is still the app's screen: handleNotification returns; getChat shows the chat"
    )
    func backgroundCalls() throws {
        var world = try ednaWorld()
        try world.apply(.ednaHost(.manual))
        try world.put(.background, on: .chat)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(try world.call(.ednaHandleNotification(empty: false)) == .returned(nil))
        try world.launch(.foreground)
        try world.navigate(to: .host)
        try world.launch(.background)
        #expect(try world.call(.ednaHandleNotification(empty: false)) == .threw("chatNotOpened"))
        try world.call(.ednaGetChat(none: false))
        #expect(world.screen == .chat)
        #expect(!world.isChatOpen)
        try world.launch(.foreground)
        #expect(world.isChatOpen)
    }

    @Test("call edna.* needs a running app, and a delivered push unless empty / none")
    func callPreconditions() throws {
        var world = try ednaWorld()
        #expect(throws: CoreError.self) { try world.call(.ednaIsChatCenterNotification) }
        #expect(throws: CoreError.self) { try world.call(.ednaHandleNotification(empty: false)) }
        #expect(throws: CoreError.self) { try world.call(.ednaGetChat(none: false)) }
        try world.call(.ednaHandleNotification(empty: true))
        try world.launch(.killed)
        #expect(throws: CoreError.self) { try world.call(.ednaGetChat(none: true)) }
    }

    @Test("The quote dies with the process")
    func quoteDiesWithProcess() throws {
        var world = try ednaWorld()
        try world.pushEdna(kind: .campaign, text: "Sale", campaign: nil)
        #expect(world.ednaQuote == "Sale")
        try world.launch(.killed)
        #expect(world.ednaQuote == nil)
    }
}
