import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// The host app's own code and iOS regressions: host-posted local notifications
/// (divinevideo/divine-mobile PR 4760), own-presents (deltachat/deltachat-ios PR 1124),
/// duplicate tokens (zulip/zulip PR 35074), server collapse ids (firebase/flutterfire#17923),
/// iOS 18.0's double willPresent (firebase/flutterfire#13366).
@Suite("The host's own code")
struct HostFaultTests {
    @Test(
        "host posts-local on-receive + an edna message in the background: two notifications, duplicates 1, no invariant error"
    )
    func postsLocalBackground() throws {
        var world = try ednaWorld { $0.host.postsLocal = .onReceive }
        try world.launch(.background)
        try world.pushEdna(kind: .message, text: "Hello", campaign: nil)
        #expect(world.banners.map(\.source) == [.system, .host])
        #expect(world.banners.map(\.body) == ["Hello", "Hello"])
        #expect(world.duplicates == 1)
        #expect(world.bannersPerPush["p1"] == 1)
    }

    @Test("edna server duplicate-token on + collapse-id message: one notification")
    func duplicateTokenCollapsed() throws {
        var world = try ednaWorld {
            $0.update(.edna) {
                $0.duplicateToken = true
                $0.collapseID = .message
            }
        }
        try world.launch(.background)
        try world.pushEdna(kind: .message, text: "Hello", campaign: nil)
        #expect(world.pushes.count == 2)
        #expect(world.pushes.map(\.message) == ["edna msg-1", "edna msg-1"])
        #expect(world.banners.count == 1)
        #expect(world.banners.last?.pushID == "p2")
        #expect(world.duplicates == 0)
        #expect(world.traced("replaced by p2"))
    }

    @Test(
        "duplicate-token on without a collapse id: two pushes, two notifications, one message, duplicates 1",
        arguments: ChatSDK.allCases)
    func duplicateToken(sdk: ChatSDK) throws {
        var world =
            sdk == .kindly
            ? try kindlyWorld(.kindly) { $0.update(.kindly) { $0.duplicateToken = true } }
            : try ednaWorld { $0.update(.edna) { $0.duplicateToken = true } }
        try world.launch(.background)
        if sdk == .kindly {
            try world.pushKindly(KindlyPushRequest())
        } else {
            try world.pushEdna(kind: .message, text: "Hi", campaign: nil)
        }
        #expect(world.pushes.count == 2)
        #expect(world.banners.count == 2)
        #expect(world.duplicates == 1)
        #expect(world.history(chat: "chat-1").count == 1)
    }

    @Test("kindly server collapse-id message sets the message id as collapse id")
    func kindlyCollapseID() throws {
        var world = try kindlyWorld(.kindly) { $0.update(.kindly) { $0.collapseID = .message } }
        try world.pushKindly(KindlyPushRequest())
        #expect(world.newestPush?.headers?.collapseID == "m1")
        try world.pushKindly(KindlyPushRequest(headers: APNsHeaderOverrides(collapseID: "mine")))
        #expect(world.newestPush?.headers?.collapseID == "mine")
    }

    @Test("host posts-local in the foreground goes through willPresent: with delegate none nothing is shown")
    func postsLocalForeground() throws {
        var none = try ednaWorld { $0.host.postsLocal = .onReceive }
        try none.pushEdna(kind: .message, text: "Hello", campaign: nil)
        #expect(none.banners.isEmpty)
        var own = try ednaWorld {
            $0.host.postsLocal = .onReceive
            $0.delegate = .own
        }
        try own.pushEdna(kind: .message, text: "Hello", campaign: nil)
        #expect(own.banners.map(\.source) == [.system, .host])
        #expect(own.duplicates == 1)
    }

    @Test("host posts-local: a push without an alert posts nothing")
    func postsLocalNeedsAlert() throws {
        var world = try kindlyWorld { $0.host.postsLocal = .onReceive }
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.banners.map(\.source) == [.sdk])
    }

    @Test("own-presents banner|list|nothing", arguments: OwnPresentation.allCases)
    func ownPresents(value: OwnPresentation) throws {
        var world = try kindlyWorld {
            $0.delegate = .own
            $0.host.ownPresents = value
        }
        try world.pushOther(title: "Sale")
        switch value {
        case .banner: #expect(world.banners.last?.presentation == .banner)
        case .list: #expect(world.banners.last?.presentation == .list)
        case .nothing: #expect(world.banners.isEmpty)
        }
    }

    @Test("background deliveries and the Kindly delegate present banner")
    func bannerByDefault() throws {
        var world = try kindlyWorld { $0.host.ownPresents = .list }
        try world.pushOther()
        try world.launch(.background)
        try world.pushOther()
        #expect(world.banners.map(\.presentation) == [.banner, .banner])
    }

    @Test("ios 18.0: willPresent twice, shouldHandleNotification twice, one notification")
    func ios18WillPresentTwice() throws {
        var world = try kindlyWorld(.kindly) {
            $0.iosVersion = [18, 0]
            $0.shouldHandle = .accept
        }
        try world.pushKindly(KindlyPushRequest(title: "Anna"))
        #expect(world.handlerCalls.count == 2)
        #expect(world.banners.count == 1)
        #expect(world.trace.filter { $0.kind == .delegate && $0.text.hasPrefix("willPresent p1") }.count == 2)
    }

    @Test("ios 18.0: the SDK's own notification is posted once")
    func ios18SDKPostsOnce() throws {
        var world = try kindlyWorld(.none) { $0.iosVersion = [18, 0] }
        try world.pushKindly(KindlyPushRequest(type: .visible))
        #expect(world.banners.map(\.source) == [.sdk])
        #expect(world.duplicates == 0)
    }

    @Test("ios 18.1 (the default) calls willPresent once")
    func ios181Once() throws {
        var world = try kindlyWorld(.kindly) { $0.shouldHandle = .accept }
        try world.pushKindly(KindlyPushRequest())
        #expect(world.handlerCalls.count == 1)
    }

    @Test("an ios version that is not whole numbers is refused at install")
    func iosVersionValidated() {
        #expect(throws: CoreError.self) { try kindlyWorld { $0.iosVersion = [] } }
    }

    @Test("invariant 2 counts only the SDK, the extension and iOS: the host's notifications are outside it")
    func invariantTwoScoped() throws {
        var world = try kindlyWorld()
        try world.launch(.background)
        try world.pushOther()
        world.showBanner(
            IncomingNotification(
                pushID: "p1", content: NotificationContent(title: "x", body: nil, userInfo: .null), source: .host))
        try world.checkInvariants()
        #expect(world.duplicates == 1)
    }
}

/// The key, the silent-budget window.
@Suite("Registration and budget details")
struct KeyAndBudgetTests {
    @Test("the key: register completing in a process where start() already ran stores it right then")
    func keyAtRegister() throws {
        var world = try kindlyWorld(.kindly, fresh: true)
        try world.launch(.foreground)
        try world.startKindly()
        #expect(!world.hasKindlyKey)
        try world.register()
        #expect(world.hasKindlyKey)
    }

    @Test("the key: register before start() in this process does not fetch it")
    func noKeyBeforeStart() throws {
        var world = try kindlyWorld(.kindly, fresh: true)
        try world.launch(.foreground)
        try world.register()
        #expect(!world.hasKindlyKey)
        try world.startKindly()
        #expect(world.hasKindlyKey)
    }

    @Test("the silent-budget window is half-open (now − D, now]: exactly D later is a new window")
    func halfOpenWindow() throws {
        var world = try kindlyWorld { $0.silentBudget = SilentBudget(count: 1, windowMilliseconds: 60_000) }
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        try world.wait(milliseconds: 59_999)
        var inside = world
        try inside.pushKindly(KindlyPushRequest(type: .silent))
        #expect(!inside.newestDelivered)
        try world.wait(milliseconds: 1)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.newestDelivered)
    }
}
