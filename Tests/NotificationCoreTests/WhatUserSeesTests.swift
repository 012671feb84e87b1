import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// docs/KINDLY.md: what the user sees, one test per row, each run with all four delegate choices
/// (`kindly` as the table says, `forwarding` the same, `own` and `none` as the notes say).
@Suite("§3.6 what the user sees")
struct WhatUserSeesTests {
    static let notRunningOrBackground: [AppState] = [.killed, .terminated, .background]

    func world(
        _ serviceExtension: ServiceExtension, _ delegate: DelegateChoice,
        _ edit: (inout Configuration) -> Void = { _ in }
    ) throws -> World {
        try kindlyWorld(serviceExtension) {
            $0.delegate = delegate
            edit(&$0)
        }
    }

    // MARK: Visible pushes, app not in the foreground

    @Test(
        "§3.6 visible, not running or background, extension kindly decrypts: one banner, decrypted text, source extension",
        arguments: notRunningOrBackground, DelegateChoice.allCases)
    func visibleBackgroundExtensionDecrypts(state: AppState, delegate: DelegateChoice) throws {
        var world = try world(.kindly, delegate)
        try world.put(state)
        try world.pushAndSettle(KindlyPushRequest(title: "Anna", body: "Hi there"))
        #expect(world.banners.count == 1)
        #expect(world.banners.last?.title == "Anna")
        #expect(world.banners.last?.body == "Hi there")
        #expect(world.banners.last?.source == .extension)
    }

    @Test(
        "§3.6 visible, not running or background, extension kindly, decrypt returns nil or past 30 s: the placeholder, source system",
        arguments: notRunningOrBackground, DelegateChoice.allCases)
    func visibleBackgroundExtensionFails(state: AppState, delegate: DelegateChoice) throws {
        var tampered = try world(.kindly, delegate)
        try tampered.put(state)
        try tampered.pushAndSettle(KindlyPushRequest(tampered: true))
        var slow = try world(.kindly, delegate) { $0.extensionDelayMilliseconds = 30_001 }
        try slow.put(state)
        try slow.pushAndSettle()
        for world in [tampered, slow] {
            #expect(world.banners.count == 1)
            #expect(world.banners.last?.isPlaceholder == true)
            #expect(world.banners.last?.source == .system)
        }
    }

    @Test(
        "§3.6 visible, not running or background, extension none/other: the placeholder, source system",
        arguments: notRunningOrBackground, [ServiceExtension.none, .other])
    func visibleBackgroundNoKindlyExtension(state: AppState, serviceExtension: ServiceExtension) throws {
        for delegate in DelegateChoice.allCases {
            var world = try world(serviceExtension, delegate)
            try world.put(state)
            try world.pushAndSettle(KindlyPushRequest(type: .visible))
            #expect(world.banners.count == 1)
            #expect(world.banners.last?.isPlaceholder == true)
            #expect(world.banners.last?.source == .system)
        }
    }

    // MARK: Visible pushes, app in the foreground

    @Test(
        "§3.6 visible, foreground chat, any extension: nothing (own: shown as it arrives; none: nothing)",
        arguments: ServiceExtension.allCases, DelegateChoice.allCases)
    func visibleForegroundChat(serviceExtension: ServiceExtension, delegate: DelegateChoice) throws {
        var world = try world(serviceExtension, delegate)
        try world.put(.foreground, on: .chat)
        try world.pushAndSettle(KindlyPushRequest(type: .visible, title: "Anna"))
        switch delegate {
        case .sdk, .forwarding, .none:
            #expect(world.banners.isEmpty)
        case .own:
            let banner = try #require(world.banners.last)
            #expect(world.banners.count == 1)
            if serviceExtension == .kindly || serviceExtension == .kindlyUndetected {
                #expect(banner.title == "Anna")
                #expect(banner.source == .extension)
            } else {
                #expect(banner.isPlaceholder)
                #expect(banner.source == .system)
            }
        }
        #expect(world.isChatOpen)
    }

    @Test(
        "§3.6 visible, foreground elsewhere, extension kindly decrypted: one banner, decrypted text, source extension (never a second one)",
        arguments: [Screen.host, .settings, .language, .imagePreview], DelegateChoice.allCases)
    func visibleForegroundExtensionDecrypted(screen: Screen, delegate: DelegateChoice) throws {
        var world = try world(.kindly, delegate)
        try world.put(.foreground, on: screen)
        try world.pushAndSettle(KindlyPushRequest(title: "Anna"))
        if delegate == .none {
            #expect(world.banners.isEmpty)
        } else {
            #expect(world.banners.count == 1)
            #expect(world.banners.last?.title == "Anna")
            #expect(world.banners.last?.source == .extension)
        }
    }

    @Test(
        "§3.6 visible, foreground elsewhere, not decrypted by an extension: the SDK decrypts, one banner, source sdk, the placeholder suppressed",
        arguments: [ServiceExtension.none, .other], DelegateChoice.allCases)
    func visibleForegroundSDKDecrypts(serviceExtension: ServiceExtension, delegate: DelegateChoice) throws {
        var world = try world(serviceExtension, delegate)
        try world.put(.foreground, on: .settings)
        try world.pushAndSettle(KindlyPushRequest(type: .visible, title: "Anna"))
        switch delegate {
        case .sdk, .forwarding:
            #expect(world.banners.count == 1)
            #expect(world.banners.last?.title == "Anna")
            #expect(world.banners.last?.source == .sdk)
            #expect(world.traced("the placeholder is replaced by the SDK's own banner"))
        case .own:
            #expect(world.banners.count == 1)
            #expect(world.banners.last?.isPlaceholder == true)
            #expect(world.banners.last?.source == .system)
        case .none:
            #expect(world.banners.isEmpty)
        }
    }

    @Test("§3.6 visible, foreground elsewhere, the extension's decrypt failed: the SDK decrypts instead, source sdk")
    func visibleForegroundExtensionFailedSDKDecrypts() throws {
        for delegate in [DelegateChoice.kindly, .forwarding] {
            var world = try world(.kindly, delegate) { $0.keychainSharing = .separate }
            try world.pushAndSettle(KindlyPushRequest(title: "Anna"))
            #expect(world.banners.count == 1)
            #expect(world.banners.last?.title == "Anna")
            #expect(world.banners.last?.source == .sdk)
        }
    }

    @Test(
        "§3.6 visible, foreground elsewhere, if the SDK cannot decrypt either: the placeholder, source system",
        arguments: [ServiceExtension.none, .other, .kindly], [DelegateChoice.kindly, .forwarding])
    func visibleForegroundNobodyDecrypts(serviceExtension: ServiceExtension, delegate: DelegateChoice) throws {
        var world = try world(serviceExtension, delegate)
        try world.pushAndSettle(KindlyPushRequest(type: .visible, tampered: true))
        #expect(world.banners.count == 1)
        #expect(world.banners.last?.isPlaceholder == true)
        #expect(world.banners.last?.source == .system)
    }

    // MARK: Silent pushes

    @Test("§3.6 silent, killed: nothing (not delivered)", arguments: DelegateChoice.allCases)
    func silentKilled(delegate: DelegateChoice) throws {
        var world = try world(.none, delegate)
        try world.put(.killed)
        try world.pushAndSettle(KindlyPushRequest(type: .silent))
        #expect(world.banners.isEmpty)
        #expect(world.newestPush?.delivered == false)
    }

    @Test("§3.6 silent, terminated: launched into background, then as background", arguments: DelegateChoice.allCases)
    func silentTerminated(delegate: DelegateChoice) throws {
        var world = try world(.none, delegate)
        try world.put(.terminated)
        try world.pushAndSettle(KindlyPushRequest(type: .silent, title: "Anna"))
        #expect(world.appState == .background)
        #expect(world.banners.count == 1)
        #expect(world.banners.last?.title == "Anna")
        #expect(world.banners.last?.source == .sdk)
    }

    @Test(
        "§3.6 silent, background: one banner, decrypted text, source sdk (nothing when throttled or undecryptable)",
        arguments: DelegateChoice.allCases)
    func silentBackground(delegate: DelegateChoice) throws {
        var world = try world(.none, delegate) {
            $0.silentBudget = SilentBudget(count: 1, windowMilliseconds: 3_600_000)
        }
        try world.put(.background, on: .chat)
        try world.pushKindly(KindlyPushRequest(type: .silent, title: "Anna"))
        #expect(world.banners.count == 1)
        #expect(world.banners.last?.title == "Anna")
        #expect(world.banners.last?.source == .sdk)
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.newestPush?.delivered == false)
        try world.apply(.silentBudget(nil))
        try world.pushKindly(KindlyPushRequest(type: .silent, tampered: true))
        try world.pushKindly(KindlyPushRequest(type: .silent, missing: .body))
        #expect(world.banners.count == 1)
    }

    @Test("§3.6 silent, foreground chat: nothing", arguments: DelegateChoice.allCases)
    func silentForegroundChat(delegate: DelegateChoice) throws {
        var world = try world(.none, delegate)
        try world.put(.foreground, on: .chat)
        try world.pushAndSettle(KindlyPushRequest(type: .silent))
        #expect(world.banners.isEmpty)
        #expect(world.newestPush?.delivered == true)
    }

    @Test(
        "§3.6 silent, foreground elsewhere: one banner, decrypted text, source sdk (nothing when undecryptable; none: nothing)",
        arguments: [Screen.host, .settings, .language, .imagePreview], DelegateChoice.allCases)
    func silentForegroundElsewhere(screen: Screen, delegate: DelegateChoice) throws {
        var world = try world(.none, delegate)
        try world.put(.foreground, on: screen)
        try world.pushAndSettle(KindlyPushRequest(type: .silent, title: "Anna"))
        if delegate == .none {
            #expect(world.banners.isEmpty)
        } else {
            #expect(world.banners.count == 1)
            #expect(world.banners.last?.title == "Anna")
            #expect(world.banners.last?.source == .sdk)
        }
        try world.pushAndSettle(KindlyPushRequest(type: .silent, tampered: true))
        #expect(world.banners(from: "p2").isEmpty)
    }

    // MARK: Notes under the table

    @Test(
        "§3.6 host kindly manual: silent pushes never reach the SDK",
        arguments: [AppState.background, .foreground, .terminated])
    func manualHost(state: AppState) throws {
        var world = try kindlyWorld { $0.kindlyHost = .manual }
        try world.put(state)
        try world.pushAndSettle(KindlyPushRequest(type: .silent))
        #expect(world.banners.isEmpty)
        #expect(world.traced("host kindly manual"))
        #expect(!world.traced("Kindly notificationReceived"))
        // The scenario can forward it itself.
        try world.call(.kindlyNotificationReceived)
        #expect(world.banners.count == (world.isChatOpen ? 0 : 1))
    }

    @Test("§3.6 recommended host: a push that is not Kindly's goes to the other provider; the SDK ignores it")
    func recommendedHostOtherProvider() throws {
        var world = try kindlyWorld()
        try world.pushRaw(["aps": ["content-available": 1], "provider": "other"])
        #expect(world.traced("forwarded to the other provider"))
        try world.call(.kindlyNotificationReceived)
        #expect(world.traced("Kindly ignores p1: not a Kindly notification"))
        #expect(world.banners.isEmpty)
    }

    @Test(
        "§3.6 delegate kindly presents other providers' notifications as they are",
        arguments: [DelegateChoice.kindly, .forwarding])
    func otherProvidersPresented(delegate: DelegateChoice) throws {
        var world = try world(.kindly, delegate)
        try world.put(.foreground, on: .chat)
        try world.pushOther(title: "Sale")
        #expect(world.banners.last?.title == "Sale")
        #expect(world.banners.last?.source == .system)
    }
}
