import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// docs/KINDLY.md: taps.
@Suite("§3.7 taps")
struct TapTests {
    @Test(
        "§3.7 a tap reaches the SDK only through delegate kindly or forwarding; with own or none the chat does not open",
        arguments: DelegateChoice.allCases)
    func onlyKindlyDelegatesHear(delegate: DelegateChoice) throws {
        var world = try kindlyWorld(.kindly) { $0.delegate = delegate }
        try world.put(.background)
        try world.pushKindly(KindlyPushRequest(title: "Anna"))
        try world.tap(.newest)
        #expect(world.appState == .foreground)
        #expect(world.traced("Kindly notificationResponseReceived") == (delegate == .kindly || delegate == .forwarding))
        #expect(world.isChatOpen == (delegate == .kindly || delegate == .forwarding))
    }

    @Test(
        "§3.7 open-on-tap true: a tap on a Kindly banner opens the chat if start() has run in this process",
        arguments: [AppState.background, .foreground])
    func openOnTapStarted(state: AppState) throws {
        var world = try kindlyWorld()
        try world.put(state, on: .settings)
        try world.pushKindly(KindlyPushRequest(type: .silent, chat: "chat-5"))
        try world.tap(.newest)
        #expect(world.isChatOpen)
        #expect(world.currentChatID == "chat-5")
        #expect(world.traced(.chatOpened))
    }

    @Test(
        "§3.7 a tap before start() is remembered; start() within 60 s replays it",
        arguments: [0 as Int64, 1_000, 59_999])
    func replayWithinWindow(after: Int64) throws {
        var world = try kindlyWorld(.kindly)
        try world.put(.killed)
        try world.pushKindly(KindlyPushRequest(title: "Anna"))
        try world.tap(.newest)
        #expect(world.traced(.tapRemembered))
        #expect(!world.isChatOpen)
        try world.wait(milliseconds: after)
        try world.startKindly()
        #expect(world.traced(.tapReplayed))
        #expect(world.isChatOpen)
    }

    @Test("§3.7 exactly 60 s still replays")
    func exactly60s() throws {
        var world = try kindlyWorld(.kindly)
        try world.put(.killed)
        try world.pushKindly(KindlyPushRequest())
        try world.tap(.newest)
        try world.wait(milliseconds: 60_000)
        try world.startKindly()
        #expect(world.isChatOpen)
        #expect(world.logged("replaying"))
        #expect(!world.logged("dropped"))
    }

    @Test("§3.7 61 s: the tap is dropped with a log line containing 'dropped' and its age")
    func after61s() throws {
        var world = try kindlyWorld(.kindly)
        try world.put(.killed)
        try world.pushKindly(KindlyPushRequest(title: "Anna", body: "Hi there"))
        #expect(world.banners.last?.title == "Anna")
        try world.tap(.newest)
        try world.wait(milliseconds: 61_000)
        try world.startKindly()
        #expect(!world.isChatOpen)
        #expect(world.traced(.tapDropped))
        let line = try #require(world.log.first { $0.text.contains("dropped") })
        #expect(line.source == "Kindly")
        #expect(line.text.contains("61s"))
        #expect(line.time == 61_000)
    }

    @Test("§3.7 60.001 s is dropped too")
    func justOver60s() throws {
        var world = try kindlyWorld()
        try world.put(.terminated)
        try world.pushKindly(KindlyPushRequest(type: .visible))
        try world.tap(.newest)
        try world.wait(milliseconds: 60_001)
        try world.startKindly()
        #expect(!world.isChatOpen)
        #expect(world.logged("60.001s"))
    }

    @Test("§3.7 a remembered tap dies with the process")
    func rememberedTapDiesWithProcess() throws {
        var world = try kindlyWorld()
        try world.put(.killed)
        try world.pushKindly(KindlyPushRequest(type: .visible))
        try world.tap(.newest)
        try world.launch(.killed)
        try world.launch(.foreground)
        try world.startKindly()
        #expect(!world.isChatOpen)
        #expect(!world.traced(.tapReplayed))
    }

    @Test("§3.7 a running app that has not called start() remembers the tap as well")
    func runningNotStarted() throws {
        var world = try kindlyWorld()
        try world.put(.killed)
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        try world.tap(.newest)
        #expect(world.traced(.tapRemembered))
        try world.startKindly()
        #expect(world.isChatOpen)
    }

    @Test(
        "§3.7 open-on-tap false: the app comes to the foreground; the chat stays closed",
        arguments: [AppState.killed, .background, .foreground])
    func openOnTapFalse(state: AppState) throws {
        var world = try kindlyWorld(.kindly) { $0.openOnTap = false }
        try world.put(state)
        try world.pushKindly(KindlyPushRequest())
        try world.tap(.newest)
        try world.startKindly()
        #expect(world.appState == .foreground)
        #expect(!world.isChatOpen)
        #expect(world.traced("open-on-tap false"))
    }

    @Test(
        "§3.7 a tap on a banner that is not Kindly's: the app comes to the foreground; the chat does not open",
        arguments: [AppState.killed, .terminated, .background])
    func notKindlysBanner(state: AppState) throws {
        var world = try kindlyWorld()
        try world.put(state)
        try world.pushOther(title: "Sale")
        try world.tap(.title("Sale"))
        #expect(world.appState == .foreground)
        #expect(!world.isChatOpen)
        try world.startKindly()
        #expect(!world.isChatOpen)
    }

    @Test("§3.7 a tap on the placeholder still opens the chat")
    func placeholderTap() throws {
        var world = try kindlyWorld(.none)
        try world.put(.background)
        try world.pushKindly(KindlyPushRequest(type: .visible, chat: "chat-4"))
        #expect(world.banners.last?.isPlaceholder == true)
        try world.tap(.newest)
        #expect(world.isChatOpen)
        #expect(world.currentChatID == "chat-4")
    }

    @Test(
        "§6 tap N and tap \"title\" pick the right banner; a missing one is a precondition failure that changes nothing"
    )
    func tapTargets() throws {
        var world = try kindlyWorld()
        try world.put(.background)
        try world.pushOther(title: "A")
        try world.pushOther(title: "B")
        try world.pushOther(title: "A")
        let before = world
        #expect(throws: CoreError.precondition("tap 4: there is no banner 4 (the notification center holds 3 banners)"))
        { try world.tap(.nth(4)) }
        #expect(
            throws: CoreError.precondition(
                "tap \"C\": no banner titled \"C\" (the notification center holds b3 \"A\", b2 \"B\", b1 \"A\")")
        ) { try world.tap(.title("C")) }
        #expect(world == before)
        try world.tap(.title("A"))
        #expect(world.banners.map(\.id) == ["b1", "b2"])
        try world.launch(.background)
        try world.tap(.nth(2))
        #expect(world.banners.map(\.id) == ["b2"])
        try world.clearBanners()
        #expect(throws: CoreError.precondition("tap: no banner; in the trace: banner-removed: b2 (cleared)")) {
            try world.tap(.newest)
        }
    }

    @Test("a tap with no banner names the reason the trace records: the banner suppressed, and why")
    func noBannerSaysWhy() throws {
        var world = try kindlyWorld { $0.delegate = DelegateChoice.none }
        try world.pushOther(title: "A")
        #expect(
            throws: CoreError.precondition(
                "tap: no banner; in the trace: banner-suppressed: p1 in the foreground: the app has no "
                    + "notification-center delegate (delegate none)")
        ) { try world.tap(.newest) }
        #expect(
            throws: CoreError.precondition(
                "tap 2: no banner; in the trace: banner-suppressed: p1 in the foreground: the app has no "
                    + "notification-center delegate (delegate none)")
        ) { try world.tap(.nth(2)) }
    }
}
