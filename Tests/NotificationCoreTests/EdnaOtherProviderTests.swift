import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// docs/EDNA.md "a push that is not edna's: left to the other provider", interleaved with edna's.
@Suite("Edna and another provider's pushes")
struct EdnaOtherProviderTests {
    @Test(
        "Another provider's push interleaved with edna's is left alone by the SDK and the host's wiring, in every app state",
        arguments: AppState.allCases)
    func interleaved(state: AppState) throws {
        var world = try ednaWorld()
        try world.put(state)
        try world.pushRaw(otherProviderWakingPush)
        try world.pushEdna(kind: .campaign, text: "Sale", campaign: "spring")
        try world.pushRaw(otherProviderSilentPush)
        try world.pushRaw(otherProviderWakingPush)

        switch state {
        case .foreground:
            #expect(world.isChatOpen)
        case .background, .terminated:
            #expect(world.appState == .background)
            #expect(world.ednaKeptPushID == "p2")
            if state == .terminated { try world.authorizeEdna(user: "user-1") }
            try world.launch(.foreground)
            #expect(world.isChatOpen)
        case .killed:
            #expect(world.appState == .killed)
            #expect(world.banners.map(\.pushID) == ["p1", "p2", "p4"])
            try world.tap(.nth(2))
            #expect(world.ednaPendingPushID == "p2")
            try world.authorizeEdna(user: "user-1")
            #expect(world.isChatOpen)
        }
        // The SDK took its context from edna's push only; the other provider's top-level
        // `campaign` and `massPushMessage` did not make it a campaign quote.
        #expect(world.ednaQuote == "Sale")
        #expect(world.lastError == nil)
        for pushID in ["p1", "p3", "p4"] where world.traced("didReceiveRemoteNotification \(pushID)") {
            #expect(world.traced("isChatCenterNotification(\(pushID)) is false: left to the other provider"))
        }
        #expect(!world.traced("handleNotification(p1)"))
        #expect(!world.traced("handleNotification(p3)"))
        #expect(!world.traced("handleNotification(p4)"))
        try world.send(text: "Interested")
        #expect(world.lastSent == SentMessage(text: "Interested", campaign: "spring"))
    }

    @Test("Another provider's push does not replace the kept edna push")
    func keptNotReplaced() throws {
        var world = try ednaWorld()
        try world.launch(.background)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        try world.pushRaw(otherProviderSilentPush)
        #expect(world.ednaKeptPushID == "p1")
    }

    @Test("Another provider's push in the foreground opens nothing", arguments: Screen.allCases)
    func foregroundOtherOpensNothing(screen: Screen) throws {
        var world = try ednaWorld()
        try world.navigate(to: screen)
        try world.pushRaw(otherProviderWakingPush)
        try world.pushOther()
        #expect(world.screen == screen)
        #expect(world.ednaQuote == nil)
    }

    @Test("A tap on another provider's banner in a running app does not open the chat")
    func tapOtherRunning() throws {
        var world = try ednaWorld()
        try world.launch(.background)
        try world.pushOther()
        try world.tap(.newest)
        #expect(world.appState == .foreground)
        #expect(!world.isChatOpen)
    }

    @Test("call edna.getChat on another provider's push opens the chat without a quote")
    func getChatOnOtherPush() throws {
        var world = try ednaWorld()
        try world.pushRaw(otherProviderWakingPush)
        try world.call(.ednaGetChat(none: false))
        #expect(world.isChatOpen)
        #expect(world.ednaQuote == nil)
    }
}

@Suite("Edna determinism")
struct EdnaDeterminismTests {
    static func script(_ world: inout World) throws {
        try world.launch(.background)
        try world.pushEdna(kind: .campaign, text: #"Spring "sale" \o/"#, campaign: "spring")
        try world.pushRaw(otherProviderWakingPush)
        try world.wait(milliseconds: 5_000)
        try world.launch(.foreground)
        try world.send(text: "Yes")
        try world.launch(.killed)
        try world.pushEdna(kind: .message, text: String(repeating: "é", count: 120), campaign: nil)
        try world.tap(.newest)
        try world.authorizeEdna(user: "anna")
        try world.call(.ednaGetChat(none: false))
    }

    @Test("The same edna steps give byte-identical traces and logs")
    func identicalTraces() throws {
        var first = try ednaWorld()
        var second = try ednaWorld()
        try Self.script(&first)
        try Self.script(&second)
        #expect(first.formatTrace() == second.formatTrace())
        #expect(first.formatLog() == second.formatLog())
        #expect(first == second)
        #expect(first.isChatOpen)
    }
}
