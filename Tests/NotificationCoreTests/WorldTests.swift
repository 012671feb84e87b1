import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// The world as a value: determinism, copies, preconditions, invariants.
@Suite("World")
struct WorldTests {
    static func script(_ world: inout World) throws {
        try world.launch(.killed)
        try world.pushKindly(KindlyPushRequest(title: "Anna", body: "Hi there"))
        try world.tap(.newest)
        try world.wait(milliseconds: 61_000)
        try world.startKindly()
        try world.apply(.extensionDelay(milliseconds: 45_000))
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest())
        try world.wait(milliseconds: 60_000)
        try world.pushKindly(KindlyPushRequest(type: .silent, chat: "chat-2"))
        try world.pushOther()
        try world.reboot()
        try world.pushKindly(KindlyPushRequest(tampered: true))
        try world.unlock()
        try world.launch(.foreground)
        try world.call(.kindlyDecrypt)
    }

    @Test("traces of the same steps are byte-identical across runs")
    func determinism() throws {
        var first = try kindlyWorld(.kindly)
        var second = try kindlyWorld(.kindly)
        try Self.script(&first)
        try Self.script(&second)
        #expect(first.formatTrace() == second.formatTrace())
        #expect(first.formatLog() == second.formatLog())
        #expect(first.trace.count > 40)
        #expect(first == second)
    }

    @Test("keys, nonces and tokens are deterministic: the same payload bytes every time")
    func deterministicPayloads() throws {
        var first = try kindlyWorld(.kindly)
        var second = try kindlyWorld(.kindly)
        try first.pushKindly(KindlyPushRequest())
        try second.pushKindly(KindlyPushRequest())
        #expect(first.newestPush?.payload?.serialized == second.newestPush?.payload?.serialized)
        #expect(first.deviceToken == second.deviceToken)
        // Different messages use different nonces.
        try first.pushKindly(KindlyPushRequest())
        #expect(
            first.pushes[0].payload?["kindly"]?["title"]?["nonce"]
                != first.pushes[1].payload?["kindly"]?["title"]?["nonce"])
    }

    @Test("a copied World evolves independently")
    func copies() throws {
        var original = try kindlyWorld(.kindly)
        try original.launch(.background)
        let snapshot = original
        var copy = original
        try copy.pushKindly(KindlyPushRequest(title: "Copy"))
        try copy.apply(.delegate(.own))
        #expect(copy.banners.count == 1)
        #expect(original.banners.isEmpty)
        #expect(original == snapshot)
        try original.pushKindly(KindlyPushRequest(title: "Original"))
        #expect(original.banners.last?.title == "Original")
        #expect(copy.banners.last?.title == "Copy")
        #expect(copy.configuration.delegate == .own)
        #expect(original.configuration.delegate == nil)
    }

    @Test("a pending extension in a copy finishes only in that copy")
    func copiesWithPendingEvents() throws {
        var world = try kindlyWorld(.kindly) { $0.extensionDelayMilliseconds = 5_000 }
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest())
        var copy = world
        try copy.wait(milliseconds: 5_000)
        #expect(copy.banners.count == 1)
        #expect(world.banners.isEmpty)
        try world.wait(milliseconds: 5_000)
        #expect(world.banners.count == 1)
    }

    @Test("a failed precondition throws and leaves the world unchanged")
    func preconditions() throws {
        var world = try kindlyWorld()
        try world.launch(.background)
        let before = world
        #expect(throws: CoreError.precondition("screen: the app is not in the foreground (it is background)")) {
            try world.navigate(to: .chat)
        }
        #expect(throws: CoreError.precondition("tap: no banner (nothing was pushed yet)")) { try world.tap(.newest) }
        #expect(throws: CoreError.precondition("send: the chat is not open")) { try world.send(text: "hi") }
        #expect(throws: CoreError.precondition("call kindly.decrypt: no push has been delivered")) {
            try world.call(.kindlyDecrypt)
        }
        #expect(throws: CoreError.self) { try world.authorizeEdna(user: "u") }
        #expect(throws: CoreError.self) { try world.pushEdna(kind: .message, text: "x", campaign: nil) }
        #expect(throws: CoreError.self) { try world.pushRaw(["not", "an object"]) }
        #expect(throws: CoreError.self) { try world.apply(.extensionDelay(milliseconds: -1)) }
        #expect(throws: CoreError.self) {
            try world.apply(.silentBudget(SilentBudget(count: 1, windowMilliseconds: 0)))
        }
        try world.launch(.killed)
        let killed = world
        #expect(throws: CoreError.precondition("start: the app is not running (it is killed)")) {
            try world.startKindly()
        }
        #expect(throws: CoreError.precondition("register: the app is not running (it is killed)")) {
            try world.register()
        }
        #expect(world == killed)
        #expect(killed != before)
    }

    @Test("install: foreground on host, registered, started, empty notification center and history")
    func install() throws {
        let world = try kindlyWorld(.kindly)
        #expect(world.appState == .foreground)
        #expect(world.screen == .host)
        #expect(world.deviceToken != nil)
        #expect(world.hasKindlyKey)
        #expect(world.isKindlyStarted)
        #expect(world.banners.isEmpty)
        #expect(world.histories.isEmpty)
        #expect(world.now == 0)
        #expect(world.traced(.install))
    }

    @Test("launch: killed vs terminated, cold launch by the icon, foreground and background")
    func launches() throws {
        var world = try kindlyWorld()
        try world.navigate(to: .settings)
        try world.launch(.background)
        #expect(world.screen == .settings)
        try world.launch(.foreground)
        #expect(world.screen == .settings)
        try world.launch(.killed)
        #expect(world.appState == .killed)
        #expect(!world.isKindlyStarted)
        try world.launch(.terminated)
        #expect(world.appState == .terminated)
        try world.launch(.foreground)
        #expect(world.screen == .host)
        #expect(!world.isKindlyStarted)
        #expect(world.traced("cold launch (icon) into foreground"))
        try world.launch(.terminated)
        try world.launch(.background)
        #expect(world.appState == .background)
    }

    @Test("reboot turns a force-quit app into terminated, so a silent push launches it")
    func rebootClearsForceQuit() throws {
        var world = try kindlyWorld()
        try world.launch(.killed)
        try world.reboot()
        #expect(world.appState == .terminated)
        try world.unlock()
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.appState == .background)
        #expect(world.banners.count == 1)
    }

    @Test("reboot while an extension works: iOS delivers the original content")
    func rebootDuringExtension() throws {
        var world = try kindlyWorld(.kindly) { $0.extensionDelayMilliseconds = 10_000 }
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest())
        try world.reboot()
        #expect(world.banners.last?.isPlaceholder == true)
        try world.wait(milliseconds: 60_000)
        #expect(world.banners.count == 1)
    }

    @Test("send: the user's message goes to the open chat's history")
    func send() throws {
        var world = try kindlyWorld()
        try world.navigate(to: .chat)
        try world.send(text: "Hello")
        #expect(world.lastSent == SentMessage(text: "Hello", campaign: nil))
        #expect(world.history(chat: "chat-1").last?.sender == .user)
        #expect(world.history(chat: "chat-1").last?.text == "Hello")
    }

    @Test("calls: isKindlyNotification, decrypt and notificationReceived on the newest delivered push")
    func calls() throws {
        var world = try kindlyWorld()
        try world.navigate(to: .chat)
        try world.pushKindly(KindlyPushRequest(type: .silent, title: "Anna", body: "Hi", chat: "chat-3"))
        #expect(try world.call(.kindlyIsKindlyNotification) == .returned(true))
        #expect(try world.call(.kindlyDecrypt) == .returned(["chatId": "chat-3", "title": "Anna", "body": "Hi"]))
        #expect(world.lastError == nil)
        try world.pushOther()
        #expect(try world.call(.kindlyIsKindlyNotification) == .returned(false))
        #expect(try world.call(.kindlyDecrypt) == .returned(nil))
        #expect(world.lastResult == nil)
        #expect(world.lastCall == .returned(nil))
        try world.pushKindly(KindlyPushRequest(type: .silent, tampered: true))
        #expect(try world.call(.kindlyDecrypt) == .returned(nil))
        // Undelivered pushes are skipped: the newest delivered one is used.
        try world.launch(.killed)
        try world.launch(.foreground)
        try world.call(.kindlyNotificationReceived)
        #expect(world.traced("call: kindly.notificationReceived returned nil"))
    }

    @Test("settings are traced and read at the moment they matter")
    func settings() throws {
        var world = try kindlyWorld()
        try world.apply(.delegate(.none))
        try world.pushOther()
        #expect(world.banners.isEmpty)
        try world.apply(.delegate(.kindly))
        try world.pushOther()
        #expect(world.banners.count == 1)
        #expect(world.traced("setting: delegate none"))
        #expect(world.traced("setting: delegate kindly"))
    }

    @Test("customize(content, payload) is applied last by the extension")
    func customization() throws {
        var world = try kindlyWorld(.kindly)
        try world.setCustomization(ContentCustomization(titlePrefix: "💬 ", bodySuffix: "!"))
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest(title: "Anna", body: "Hi"))
        #expect(world.banners.last?.title == "💬 Anna")
        #expect(world.banners.last?.body == "Hi!")
    }

    @Test("invariant 1 catches ciphertext in a banner made from a Kindly push")
    func invariantCiphertext() throws {
        var world = try kindlyWorld(.kindly)
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest())
        let secret = try #require(world.pushes[0].kindlyCiphertexts.first)
        world.showBanner(
            IncomingNotification(
                pushID: "p1", content: NotificationContent(title: secret, body: nil, userInfo: .null), source: .system))
        #expect(
            throws: CoreError.invariant(
                name: "1 no ciphertext in a banner", detail: "b2 from p1 shows the ciphertext \(secret)")
        ) {
            try world.checkInvariants()
        }
        #expect(world.traced(.invariant))
    }

    @Test("invariant 2 catches a second banner for one push")
    func invariantTwoBanners() throws {
        var world = try kindlyWorld()
        try world.launch(.background)
        try world.pushOther()
        world.showBanner(
            IncomingNotification(
                pushID: "p1", content: NotificationContent(title: "x", body: nil, userInfo: .null), source: .system))
        #expect(throws: CoreError.invariant(name: "2 one banner per push", detail: "p1 produced 2 banners")) {
            try world.checkInvariants()
        }
    }

    @Test("invariant 3 catches a stored message missing from the history")
    func invariantHistory() throws {
        var world = try kindlyWorld()
        try world.pushKindly(KindlyPushRequest(body: "kept"))
        world.storeMessage(
            chat: "chat-1",
            HistoryEntry(time: 0, sender: .agent, title: nil, text: "lost", campaign: nil, messageID: "m9"))
        world.histories[0].entries.removeLast()
        #expect(throws: CoreError.self) { try world.checkInvariants() }
    }

    @Test("trace lines have a stable form")
    func traceForm() throws {
        var world = try kindlyWorld(.kindly)
        try world.launch(.background)
        try world.wait(milliseconds: 1_500)
        try world.pushKindly(KindlyPushRequest(title: "Anna", body: "Hi there"))
        let lines = world.formatTrace().split(separator: "\n")
        #expect(lines.contains("[   1.500s] banner-shown: b1 from p1, source extension: \"Anna\" / \"Hi there\""))
        #expect(lines.contains("[   0.000s] step: launch background"))
        #expect(world.formatTrace(from: world.trace.count - 1) == world.trace[world.trace.count - 1].line + "\n")
    }
}

@Test("summary describes the world now")
func summary() throws {
    var world = try kindlyWorld(.kindly)
    try world.launch(.background)
    try world.pushKindly(KindlyPushRequest(title: "Anna"))
    let summary = world.summary
    #expect(summary.contains("app background on host"))
    #expect(summary.contains("b1 p1 extension \"Anna\""))
    #expect(summary.contains("newest push p1 (kindly): visible, delivered true"))
}
