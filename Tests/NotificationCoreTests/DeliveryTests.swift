import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// docs/CORE.md: APNs and iOS delivery rules, one test per table row, then the bullets.
@Suite("§2.3 APNs and iOS delivery")
struct DeliveryTests {
    // MARK: The table

    @Test(
        "§2.3 visible, any state: with mutable-content and an extension, the extension runs first and may replace the content",
        arguments: AppState.allCases)
    func extensionRunsFirst(state: AppState) throws {
        var world = try kindlyWorld(.kindly)
        try world.put(state)
        try world.pushKindly(KindlyPushRequest(title: "Anna", body: "Hi there"))
        #expect(world.traced(.extensionStarted))
        let banner = try #require(world.banners.last)
        #expect(banner.title == "Anna")
        #expect(banner.source == .extension)
    }

    @Test("§2.3 visible, any state: an extension that has not finished within 30 s leaves the original content")
    func extensionPast30s() throws {
        var world = try kindlyWorld(.kindly)
        try world.apply(.extensionDelay(milliseconds: 45_000))
        try world.put(.background)
        try world.pushKindly(KindlyPushRequest(title: "Anna"))
        try world.wait(milliseconds: 29_999)
        #expect(world.banners.isEmpty)
        try world.wait(milliseconds: 1)
        let banner = try #require(world.banners.last)
        #expect(banner.isPlaceholder)
        #expect(banner.source == .system)
        #expect(world.traced(.extensionExpired))
        try world.wait(milliseconds: 60_000)
        #expect(world.banners.count == 1)
    }

    @Test("§2.1 an extension that finishes at exactly 30 s still wins")
    func extensionAtExactly30s() throws {
        var world = try kindlyWorld(.kindly)
        try world.apply(.extensionDelay(milliseconds: 30_000))
        try world.put(.background)
        try world.pushKindly(KindlyPushRequest(title: "Anna"))
        try world.wait(milliseconds: 30_000)
        let banner = try #require(world.banners.last)
        #expect(banner.title == "Anna")
        #expect(banner.source == .extension)
        #expect(!world.traced(.extensionExpired))
        #expect(world.banners.count == 1)
    }

    @Test(
        "§2.3 visible, killed/terminated/background: iOS shows a banner with the (possibly replaced) content",
        arguments: [AppState.killed, .terminated, .background])
    func visibleNotForegroundShowsBanner(state: AppState) throws {
        var world = try kindlyWorld(.none)
        try world.put(state)
        try world.pushOther(title: "Sale", body: "50% off")
        let banner = try #require(world.banners.last)
        #expect(banner.title == "Sale")
        #expect(banner.body == "50% off")
        #expect(banner.source == .system)
        #expect(world.appState == state)
        #expect(world.newestPush?.delivered == true)
    }

    @Test(
        "§2.3 visible, foreground: the delegate's willPresent decides; no delegate shows nothing",
        arguments: DelegateChoice.allCases)
    func visibleForegroundAsksDelegate(delegate: DelegateChoice) throws {
        var world = try kindlyWorld(.none) { $0.delegate = delegate }
        try world.pushOther(title: "Sale")
        if delegate == .none {
            #expect(world.banners.isEmpty)
            #expect(world.traced("no notification-center delegate"))
        } else {
            #expect(world.traced("willPresent p1"))
            #expect(world.banners.last?.title == "Sale")
        }
        #expect(world.newestPush?.delivered == true)
    }

    @Test(
        "§2.3 content-available, background/foreground: iOS calls didReceiveRemoteNotification",
        arguments: [AppState.background, .foreground])
    func contentAvailableRunningCallsApp(state: AppState) throws {
        var world = try kindlyWorld()
        try world.put(state)
        try world.pushKindly(KindlyPushRequest(type: .silent, title: "Anna"))
        #expect(world.traced("didReceiveRemoteNotification p1 (app \(state.rawValue))"))
        #expect(world.banners.last?.title == "Anna")
        #expect(world.banners.last?.source == .sdk)
        #expect(world.newestPush?.delivered == true)
    }

    @Test(
        "§2.3 content-available, terminated: iOS launches the app into background, then calls didReceiveRemoteNotification"
    )
    func contentAvailableTerminatedLaunches() throws {
        var world = try kindlyWorld()
        try world.put(.terminated)
        try world.pushKindly(KindlyPushRequest(type: .silent, title: "Anna"))
        #expect(world.appState == .background)
        #expect(world.screen == .host)
        #expect(world.isKindlyStarted == false)
        #expect(world.traced("cold launch (content-available push p1) into background"))
        #expect(world.traced("didReceiveRemoteNotification p1 (app background)"))
        #expect(world.banners.last?.title == "Anna")
    }

    @Test("§2.3 content-available, killed: the app is not woken; a visible push still shows its banner")
    func contentAvailableKilledNotWoken() throws {
        var world = try kindlyWorld()
        try world.put(.killed)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.appState == .killed)
        #expect(world.newestPush?.delivered == false)
        #expect(world.newestPush?.reason?.contains("force-quit") == true)
        #expect(world.banners.isEmpty)

        try world.pushRaw(["aps": ["alert": ["title": "Both", "body": "kinds"], "content-available": 1]])
        #expect(world.appState == .killed)
        #expect(world.newestPush?.delivered == true)
        #expect(world.banners.last?.title == "Both")
        #expect(!world.traced("didReceiveRemoteNotification p2"))
    }

    @Test(
        "§2.3 silent, background/terminated: subject to the silent budget",
        arguments: [AppState.background, .terminated])
    func silentBudget(state: AppState) throws {
        var world = try kindlyWorld()
        try world.apply(.silentBudget(SilentBudget(count: 2, windowMilliseconds: 60_000)))
        try world.put(state)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.newestPush?.delivered == true)
        try world.wait(milliseconds: 59_999)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.newestPush?.delivered == false)
        #expect(world.traced("throttled"))
        #expect(world.banners.count == 2)
        try world.wait(milliseconds: 1)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.newestPush?.delivered == true)
        #expect(world.history(chat: "chat-1").count == 4)
    }

    @Test("§2.3 silent budget: off by default, and never counts a foreground app")
    func silentBudgetScope() throws {
        var world = try kindlyWorld()
        try world.put(.background)
        for _ in 0..<50 { try world.pushKindly(KindlyPushRequest(type: .silent)) }
        #expect(world.pushes.allSatisfy { $0.delivered })
        var foreground = try kindlyWorld()
        try foreground.apply(.silentBudget(SilentBudget(count: 0, windowMilliseconds: 60_000)))
        try foreground.pushKindly(KindlyPushRequest(type: .silent))
        #expect(foreground.newestPush?.delivered == true)
    }

    @Test(
        "§2.3 any, any: a payload over 4096 bytes is rejected by APNs and never delivered", arguments: AppState.allCases
    )
    func payloadLimit(state: AppState) throws {
        var world = try kindlyWorld()
        try world.put(state)
        let base: JSONValue = ["aps": ["alert": "x"], "pad": ""]
        let padding = 4096 - base.byteCount
        try world.pushRaw(base.setting("pad", to: .string(String(repeating: "a", count: padding))))
        #expect(world.newestPush?.payload?.byteCount == 4096)
        #expect(world.newestPush?.delivered == true)
        try world.pushRaw(base.setting("pad", to: .string(String(repeating: "a", count: padding + 1))))
        #expect(world.newestPush?.delivered == false)
        #expect(world.newestPush?.reason?.contains("4097 bytes") == true)
        #expect(world.logged("PayloadTooLarge"))
        #expect(world.banners(from: "p2").isEmpty)
        // A long Kindly message is rejected too, though the server stored it.
        try world.pushKindly(KindlyPushRequest(body: String(repeating: "b", count: 4000)))
        #expect(world.newestPush?.delivered == false)
        #expect(world.history(chat: "chat-1").count == 1)
    }

    // MARK: The bullets

    @Test("§2.3 permission denied: no extension, no banner; content-available pushes still reach the app")
    func permissionDenied() throws {
        var world = try kindlyWorld(.kindly) { $0.permission = .denied }
        try world.put(.background)
        try world.pushKindly(KindlyPushRequest(type: .visible))
        #expect(!world.traced(.extensionStarted))
        #expect(world.newestPush?.delivered == false)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.newestPush?.delivered == true)
        #expect(world.traced("didReceiveRemoteNotification p2"))
        #expect(world.traced("alerts are off"))
        try world.launch(.foreground)
        try world.pushOther()
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.banners.isEmpty)
    }

    @Test("§2.3 permission can change at runtime")
    func permissionRuntime() throws {
        var world = try kindlyWorld()
        try world.put(.background)
        try world.apply(.permission(.denied))
        try world.pushOther()
        #expect(world.banners.isEmpty)
        try world.apply(.permission(.granted))
        try world.pushOther()
        #expect(world.banners.count == 1)
        #expect(world.traced("setting: permission denied"))
    }

    @Test("§2.3 expiry: at 30 s Kindly's extension delivers the content it was given, the placeholder")
    func expiryDeliversPlaceholder() throws {
        var world = try kindlyWorld(.kindly)
        try world.apply(.extensionDelay(milliseconds: 120_000))
        try world.put(.killed)
        try world.pushAndSettle()
        #expect(world.banners.last?.isPlaceholder == true)
        #expect(world.trace.first { $0.kind == .extensionExpired }?.time == 30_000)
    }

    @Test(
        "§2.3 local notifications: through willPresent in the foreground, shown directly in the background",
        arguments: DelegateChoice.allCases)
    func localNotifications(delegate: DelegateChoice) throws {
        var world = try kindlyWorld { $0.delegate = delegate }
        try world.pushKindly(KindlyPushRequest(type: .silent, title: "Fg"))
        #expect(world.traced("Kindly schedules a local notification for p1"))
        #expect(world.banners.count == (delegate == .none ? 0 : 1))
        #expect(world.traced("willPresent p1") == (delegate != .none))
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest(type: .silent, title: "Bg"))
        #expect(world.banners.last?.title == "Bg")
        #expect(!world.traced("willPresent p2"))
    }

    @Test("§2.3 banners stay until tapped or cleared; ids b1, b2, … per case")
    func bannerIDs() throws {
        var world = try kindlyWorld()
        try world.put(.background)
        try world.pushOther()
        try world.pushOther()
        try world.pushOther()
        #expect(world.banners.map(\.id) == ["b1", "b2", "b3"])
        #expect(world.banners.map(\.pushID) == ["p1", "p2", "p3"])
        #expect(world.banners.map(\.body) == ["Message 1", "Message 2", "Message 3"])
        try world.wait(milliseconds: 86_400_000)
        #expect(world.banners.count == 3)
        try world.tap(.nth(2))
        #expect(world.banners.map(\.id) == ["b1", "b3"])
        try world.clearBanners()
        #expect(world.banners.isEmpty)
        try world.launch(.background)
        try world.pushOther()
        #expect(world.banners.map(\.id) == ["b4"])
    }

    @Test("§2.3 a string aps.alert is a body with no title")
    func stringAlert() throws {
        var world = try kindlyWorld()
        try world.put(.background)
        try world.pushRaw(["aps": ["alert": "Just a body"]])
        let banner = try #require(world.banners.last)
        #expect(banner.title == nil)
        #expect(banner.body == "Just a body")
        #expect(world.newestPush?.sent == .visible)
    }

    @Test("§2.3 delegate-assigned at-launch: the delegate assigned in didFinishLaunching gets a cold-launch tap")
    func delegateAtLaunch() throws {
        var world = try kindlyWorld()
        try world.put(.killed)
        try world.pushKindly(KindlyPushRequest(type: .visible))
        try world.tap(.newest)
        #expect(world.traced("didReceive(response) p1"))
        #expect(world.traced(.tapRemembered))
    }

    @Test("§2.3 delegate-assigned at-start: a tap that cold-launched the app before start() is lost")
    func delegateAtStart() throws {
        var world = try kindlyWorld { $0.delegateAssignment = .atStart }
        try world.put(.killed)
        try world.pushKindly(KindlyPushRequest(type: .visible))
        try world.tap(.newest)
        #expect(world.traced(.tapLost))
        try world.startKindly()
        #expect(!world.isChatOpen)
        #expect(world.traced("assigns the notification-center delegate (kindly) at start"))
        // With the delegate assigned, the next tap works.
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest(type: .visible))
        try world.tap(.newest)
        #expect(world.isChatOpen)
    }

    @Test("§2.3 delegate none never receives taps")
    func delegateNoneNoTaps() throws {
        var world = try kindlyWorld { $0.delegate = DelegateChoice.none }
        try world.put(.background)
        try world.pushKindly(KindlyPushRequest(type: .visible))
        try world.tap(.newest)
        #expect(world.appState == .foreground)
        #expect(!world.isChatOpen)
        #expect(world.traced(.tapLost))
    }

    @Test("§2.3 tap on a running app: the banner is removed, the app comes to the foreground on the screen it was on")
    func tapRunning() throws {
        var world = try kindlyWorld()
        try world.put(.background, on: .settings)
        try world.pushOther()
        try world.tap(.newest)
        #expect(world.banners.isEmpty)
        #expect(world.appState == .foreground)
        #expect(world.screen == .settings)
        #expect(world.traced("didReceive(response) p1"))
    }

    @Test(
        "§2.3 tap on a killed or terminated app: a cold launch with launchOptions, no didReceiveRemoteNotification",
        arguments: [AppState.killed, .terminated])
    func tapColdLaunch(state: AppState) throws {
        var world = try kindlyWorld()
        try world.put(state)
        try world.pushRaw(["aps": ["alert": "Hi"], "x": 1])
        try world.tap(.newest)
        #expect(world.appState == .foreground)
        #expect(world.screen == .host)
        #expect(world.traced("launchOptions[.remoteNotification] holds p1"))
        #expect(!world.traced("didReceiveRemoteNotification"))
        #expect(world.traced("didReceive(response) p1"))
        #expect(!world.isKindlyStarted)
    }

    @Test("§2.3 APNs: no token means nothing is delivered")
    func noToken() throws {
        var world = try kindlyWorld(fresh: true)
        try world.pushOther()
        #expect(world.newestPush?.sent == nil)
        #expect(world.newestPush?.delivered == false)
        try world.pushKindly(KindlyPushRequest())
        #expect(world.newestPush?.sent == nil)
        #expect(world.newestPush?.reason?.contains("no registered token") == true)
        #expect(world.history(chat: "chat-1").count == 1)
    }
}
