import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// docs/KINDLY.md: shouldHandleNotification.
@Suite("§3.5 shouldHandleNotification")
struct ShouldHandleTests {
    @Test("§3.5 not set (default): never called; the SDK presents, subject to the display rule")
    func unset() throws {
        var world = try kindlyWorld()
        try world.pushKindly(KindlyPushRequest(type: .silent, title: "Anna"))
        #expect(world.handlerCalls.isEmpty)
        #expect(world.banners.last?.title == "Anna")
        try world.navigate(to: .chat)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.banners.count == 1)
        #expect(world.handlerCalls.isEmpty)
    }

    @Test("§3.5 returns true: the SDK presents, subject to the display rule", arguments: Screen.allCases)
    func accept(screen: Screen) throws {
        var world = try kindlyWorld { $0.shouldHandle = .accept }
        try world.put(.foreground, on: screen)
        try world.pushKindly(KindlyPushRequest(type: .silent, title: "Anna", body: "Hi", chat: "chat-3"))
        #expect(world.handlerCalls.count == 1)
        let call = try #require(world.handlerCalls.last)
        #expect(call.id == "chat-3")
        #expect(call.title == "Anna")
        #expect(call.body == "Hi")
        #expect(call.userInfo == world.newestPush?.payload)
        #expect(world.banners.count == (screen == .chat ? 0 : 1))
    }

    @Test(
        "§3.5 returns false: the SDK presents nothing, not the placeholder either; the message is in the history",
        arguments: [PushType.visible, .silent], [AppState.foreground, .background])
    func reject(type: PushType, state: AppState) throws {
        var world = try kindlyWorld(.none) { $0.shouldHandle = .reject }
        try world.put(state)
        try world.pushAndSettle(KindlyPushRequest(type: type, body: "Secret"))
        if state == .background && type == .visible {
            // No app code runs: iOS shows the placeholder, no delegate is asked.
            #expect(world.handlerCalls.isEmpty)
            #expect(world.banners.last?.isPlaceholder == true)
        } else {
            #expect(world.handlerCalls.count == 1)
            #expect(world.banners.isEmpty)
        }
        #expect(world.history(chat: "chat-1").map(\.text) == ["Secret"])
    }

    @Test(
        "§3.5 whatever the state: a silent push decrypted in a background or just-launched app asks the delegate",
        arguments: [AppState.background, .terminated])
    func anyState(state: AppState) throws {
        var world = try kindlyWorld { $0.shouldHandle = .accept }
        try world.put(state)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.handlerCalls.count == 1)
    }

    @Test("§3.5 a push the extension decrypted while the app is in the foreground reaches the delegate as delivered")
    func extensionDecryptedForeground() throws {
        var world = try kindlyWorld(.kindly) { $0.shouldHandle = .accept }
        try world.pushKindly(KindlyPushRequest(title: "Anna", body: "Hi", chat: "chat-2"))
        let call = try #require(world.handlerCalls.last)
        #expect(call.id == "chat-2")
        #expect(call.title == "Anna")
        #expect(KindlyPayload.isDecrypted(call.userInfo))
        #expect(world.banners.count == 1)
        #expect(world.banners.last?.source == .extension)
    }

    @Test(
        "§3.5 a push decrypted only by the extension while the app is not in the foreground reaches no delegate",
        arguments: [AppState.killed, .terminated, .background])
    func extensionDecryptedNotForeground(state: AppState) throws {
        var world = try kindlyWorld(.kindly) { $0.shouldHandle = .reject }
        try world.put(state)
        try world.pushKindly(KindlyPushRequest(title: "Anna"))
        #expect(world.handlerCalls.isEmpty)
        #expect(world.banners.last?.title == "Anna")
    }

    @Test("§3.5 a push that fails to decrypt reaches no delegate")
    func undecryptable() throws {
        var world = try kindlyWorld { $0.shouldHandle = .reject }
        try world.pushKindly(KindlyPushRequest(type: .silent, tampered: true))
        try world.pushKindly(KindlyPushRequest(type: .visible, tampered: true))
        #expect(world.handlerCalls.isEmpty)
        #expect(world.banners.count == 1)
        #expect(world.banners.last?.isPlaceholder == true)
    }
}
