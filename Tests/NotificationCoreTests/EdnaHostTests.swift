import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// docs/EDNA.md: `host edna recommended` and `host edna manual`.
@Suite("Edna §4.3 host wiring")
struct EdnaHostTests {
    // MARK: permission

    @Test("permission: asked at install; registers for pushes when granted")
    func permissionGrantedRegisters() throws {
        let world = try ednaWorld()
        #expect(world.traced("asks for notification permission at install: granted"))
        #expect(world.deviceToken != nil)
        #expect(world.edna.server.token == world.deviceToken)
        #expect(world.edna.server.client?.externalId == "user-1")
    }

    @Test("permission: denied before the first action → edna has no token and no push is delivered")
    func permissionDeniedNoToken() throws {
        var world = try ednaWorld { $0.permission = .denied }
        #expect(world.traced("asks for notification permission at install: denied"))
        #expect(world.deviceToken == nil)
        #expect(world.edna.server.token == nil)
        #expect(world.edna.server.client?.externalId == "user-1")
        try world.launch(.background)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestPush?.sent == nil)
        #expect(!world.newestDelivered)
        #expect(world.ednaHistoryTexts == ["Hi"])
    }

    @Test("permission denied, then an explicit register: content-available pushes still reach the app, no banner")
    func permissionDeniedExplicitRegister() throws {
        var world = try ednaWorld { $0.permission = .denied }
        try world.register()
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestDelivered)
        #expect(world.banners.isEmpty)
        #expect(world.isChatOpen)
    }

    // MARK: edna push, foreground

    @Test(
        "edna push arrives, app foreground: handleNotification; on chatNotOpened, getChat and show the chat",
        arguments: Screen.allCases.filter { $0 != .chat })
    func foregroundOpensChat(screen: Screen) throws {
        var world = try ednaWorld()
        try world.navigate(to: screen)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.traced("handleNotification(p1) threw chatNotOpened"))
        #expect(world.logged("handleNotification: chatNotOpened"))
        #expect(world.isChatOpen)
        #expect(world.lastError == nil)
        #expect(world.banners.isEmpty)  // delegate none
    }

    @Test("edna campaign push in the foreground: the chat opens with the quote; the next message is bound")
    func foregroundCampaign() throws {
        var world = try ednaWorld()
        try world.pushEdna(kind: .campaign, text: "Spring sale", campaign: "spring")
        #expect(world.isChatOpen)
        #expect(world.ednaQuote == "Spring sale")
        try world.send(text: "Interested")
        #expect(world.lastSent == SentMessage(text: "Interested", campaign: "spring"))
        #expect(world.ednaHistoryTexts == ["Spring sale", "Interested"])
    }

    @Test(
        "edna push in the foreground with the chat shown: handleNotification returns, the chat is not re-opened and gets no quote"
    )
    func foregroundChatShown() throws {
        var world = try ednaWorld()
        try world.navigate(to: .chat)
        let before = world.trace.count
        try world.pushEdna(kind: .campaign, text: "Sale", campaign: nil)
        #expect(world.traced("handleNotification(p1) returned"))
        #expect(!world.trace[before...].contains { $0.kind == .chatOpened })
        #expect(world.ednaQuote == nil)
        #expect(world.isChatOpen)
    }

    // MARK: edna push, background

    @Test(
        "edna push arrives, app background: keeps the userInfo; when the app next comes to the foreground, opens the chat"
    )
    func backgroundKeptThenForeground() throws {
        var world = try ednaWorld()
        try world.launch(.background)
        try world.pushEdna(kind: .campaign, text: "Sale", campaign: "spring")
        #expect(world.ednaKeptPushID == "p1")
        #expect(world.screen == .host)
        #expect(world.banners.count == 1)
        try world.launch(.foreground)
        #expect(world.isChatOpen)
        #expect(world.ednaQuote == "Sale")
        #expect(world.ednaKeptPushID == nil)
    }

    @Test("Background push, then a tap on its banner: the app comes to the foreground and the kept push opens the chat")
    func backgroundKeptThenTap() throws {
        var world = try ednaWorld()
        try world.launch(.background)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        try world.tap(.newest)
        #expect(world.isChatOpen)
    }

    @Test("Background push while the chat was shown: back in the foreground the chat is not re-opened")
    func backgroundOnChatNotReopened() throws {
        var world = try ednaWorld()
        try world.put(.background, on: .chat)
        try world.pushEdna(kind: .campaign, text: "Sale", campaign: nil)
        let before = world.trace.count
        try world.launch(.foreground)
        #expect(world.isChatOpen)
        #expect(world.traced("handleNotification(p1) returned"))
        #expect(!world.trace[before...].contains { $0.kind == .chatOpened })
        #expect(world.ednaQuote == nil)
    }

    @Test("Only the newest background push is kept")
    func newestKept() throws {
        var world = try ednaWorld()
        try world.launch(.background)
        try world.pushEdna(kind: .campaign, text: "First", campaign: "a")
        try world.pushEdna(kind: .campaign, text: "Second", campaign: "b")
        #expect(world.ednaKeptPushID == "p2")
        try world.launch(.foreground)
        #expect(world.ednaQuote == "Second")
    }

    @Test("The kept userInfo dies with the process")
    func keptDiesWithProcess() throws {
        var world = try ednaWorld()
        try world.launch(.background)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        try world.launch(.killed)
        try world.launch(.foreground)
        #expect(!world.isChatOpen)
    }

    // MARK: content-available launches a terminated app

    @Test(
        "A terminated app is launched into the background by the edna push and keeps it; getChat then throws before authorize"
    )
    func terminatedLaunchedIntoBackground() throws {
        var world = try ednaWorld()
        try world.launch(.terminated)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.appState == .background)
        #expect(world.ednaKeptPushID == "p1")
        #expect(world.banners.count == 1)
        try world.launch(.foreground)
        #expect(world.lastError == "userNotAuthorized")
        #expect(world.logged("getChat(p1) failed: userNotAuthorized"))
        #expect(!world.isChatOpen)
        #expect(world.ednaKeptPushID == nil)
        try world.authorizeEdna(user: "user-1")
        #expect(!world.isChatOpen)
    }

    @Test("A terminated app woken by the push, authorized before it comes to the foreground, opens the chat")
    func terminatedAuthorizedFirst() throws {
        var world = try ednaWorld()
        try world.launch(.terminated)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        try world.authorizeEdna(user: "user-1")
        try world.launch(.foreground)
        #expect(world.isChatOpen)
        #expect(world.lastError == nil)
    }

    @Test("A killed app is not woken: the banner is shown, nothing is kept")
    func killedNotWoken() throws {
        var world = try ednaWorld()
        try world.launch(.killed)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.newestDelivered)
        #expect(world.banners.count == 1)
        #expect(world.appState == .killed)
    }

    // MARK: cold launch by tap

    @Test(
        "A tap cold-launches the app: kept as pending; after authorize, getChat(pending), show the chat, clear it",
        arguments: [AppState.killed, .terminated])
    func coldTapPending(state: AppState) throws {
        var world = try ednaWorld {
            $0.ednaCampaignTemplate =
                #"{"aps": {"alert": "${shortMessage}"}, "origin": "threads", "massPushMessage": true, "campaign": "${campaign}"}"#
        }
        try world.launch(state)
        try world.pushEdna(kind: .campaign, text: "Sale", campaign: "spring")
        #expect(world.appState == state)
        try world.tap(.newest)
        #expect(world.appState == .foreground)
        #expect(world.ednaPendingPushID == "p1")
        #expect(!world.isChatOpen)
        try world.authorizeEdna(user: "user-1")
        #expect(world.isChatOpen)
        #expect(world.ednaQuote == "Sale")
        #expect(world.ednaPendingPushID == nil)
        try world.navigate(to: .host)
        try world.authorizeEdna(user: "user-1")
        #expect(!world.isChatOpen)
    }

    @Test("A cold start by the app icon keeps nothing: authorize does not open the chat")
    func coldStartByIcon() throws {
        var world = try ednaWorld()
        try world.launch(.killed)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        try world.launch(.foreground)
        #expect(world.ednaPendingPushID == nil)
        try world.authorizeEdna(user: "user-1")
        #expect(!world.isChatOpen)
        #expect(world.banners.count == 1)
    }

    @Test("A pending launch push dies with the process")
    func pendingDiesWithProcess() throws {
        var world = try ednaWorld()
        try world.launch(.killed)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        try world.tap(.newest)
        try world.launch(.killed)
        try world.launch(.foreground)
        try world.authorizeEdna(user: "user-1")
        #expect(!world.isChatOpen)
    }

    @Test("A tap on another provider's banner that cold-launches the app keeps nothing")
    func coldTapOtherProvider() throws {
        var world = try ednaWorld()
        try world.launch(.killed)
        try world.pushOther()
        try world.tap(.newest)
        #expect(world.ednaPendingPushID == nil)
        #expect(world.traced("is false: the launch push is left to the other provider"))
        try world.authorizeEdna(user: "user-1")
        #expect(!world.isChatOpen)
    }

    // MARK: getChat throws

    @Test("getChat throws: the error is recorded and logged; nothing else happens")
    func getChatThrows() throws {
        var world = try ednaWorld()
        try world.launch(.killed)
        try world.launch(.foreground)
        try world.pushEdna(kind: .campaign, text: "Sale", campaign: nil)
        #expect(world.lastError == "userNotAuthorized")
        #expect(world.traced(.error))
        #expect(world.logged("failed: userNotAuthorized"))
        #expect(!world.isChatOpen)
        #expect(world.ednaQuote == nil)
        #expect(world.ednaKeptPushID == nil)
        #expect(world.ednaPendingPushID == nil)
    }

    // MARK: delegate

    @Test("The default delegate in an edna app is none: no banner in the foreground")
    func defaultDelegateNone() throws {
        var world = try ednaWorld()
        #expect(world.configuration.effectiveDelegate == .none)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.banners.isEmpty)
        #expect(world.traced("delegate none"))
    }

    @Test("delegate own presents edna pushes in the foreground; the host still opens the chat")
    func delegateOwn() throws {
        var world = try ednaWorld { $0.delegate = .own }
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(world.banners.last?.body == "Hi")
        #expect(world.isChatOpen)
    }

    @Test("A tap reaching an assigned delegate is not acted on by edna's wiring")
    func tapOnOwnDelegate() throws {
        var world = try ednaWorld { $0.delegate = .own }
        try world.launch(.background)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        try world.tap(.newest)
        #expect(world.traced("own delegate gets the tap on p1; edna's wiring does not act on it"))
        #expect(world.isChatOpen)  // through the kept userInfo
    }

    // MARK: manual

    @Test("host edna manual: still asks for permission, registers and authorizes user-1 at install")
    func manualInstall() throws {
        let world = try ednaWorld { $0.ednaHost = .manual }
        #expect(world.traced("asks for notification permission at install: granted"))
        #expect(world.edna.server.token == world.deviceToken)
        #expect(world.edna.server.client?.externalId == "user-1")
        #expect(world.ednaProcess?.sdk.authorizedUser == "user-1")
    }

    @Test(
        "host edna manual: nothing else is automatic, in any app state",
        arguments: [AppState.foreground, .background, .terminated])
    func manualSkipsRows(state: AppState) throws {
        var world = try ednaWorld { $0.ednaHost = .manual }
        try world.put(state)
        try world.pushEdna(kind: .campaign, text: "Sale", campaign: nil)
        #expect(world.traced("host edna manual: p1 is not handled"))
        try world.launch(.foreground)
        #expect(!world.isChatOpen)
        #expect(world.ednaQuote == nil)
    }

    @Test("host edna manual: a cold-launch tap is not kept as pending")
    func manualNoPending() throws {
        var world = try ednaWorld { $0.ednaHost = .manual }
        try world.launch(.killed)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        try world.tap(.newest)
        #expect(world.ednaPendingPushID == nil)
        try world.authorizeEdna(user: "user-1")
        #expect(!world.isChatOpen)
        try world.call(.ednaGetChat(none: false))
        #expect(world.isChatOpen)
    }

    @Test("host edna manual with permission denied does not register either")
    func manualPermissionDenied() throws {
        let world = try ednaWorld {
            $0.ednaHost = .manual
            $0.permission = .denied
        }
        #expect(world.edna.server.token == nil)
    }

    @Test("A fresh install has never asked, registered or authorized")
    func freshInstall() throws {
        var world = try ednaWorld(fresh: true)
        #expect(world.appState == .killed)
        #expect(world.edna.server.client == nil)
        #expect(world.deviceToken == nil)
        try world.launch(.foreground)
        #expect(world.edna.server.token == nil)
    }
}

@Suite("Edna summary")
struct EdnaSummaryTests {
    @Test("The world's summary says what edna holds")
    func summary() throws {
        var world = try ednaWorld()
        try world.launch(.background)
        try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        #expect(
            world.summary.contains(
                "edna 1.0 (host recommended): authorized as \"user-1\", token on the server, keeps p1 for the foreground"
            ))
        try world.launch(.foreground)
        try world.launch(.killed)
        try world.pushEdna(kind: .campaign, text: "Sale", campaign: nil)
        try world.tap(.newest)
        #expect(world.summary.contains("not authorized, token on the server, p2 pending until authorize"))
        try world.authorizeEdna(user: "user-1")
        #expect(world.summary.contains("quote \"Sale\", next message bound to campaign-1"))
    }
}
