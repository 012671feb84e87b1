import Testing

@testable import Kindly
@testable import NotificationCore

/// SPEC §2.16 "Details settled by an independent conformance run": each row as the core does it.
@Suite("§2.16 settled details")
struct SettledDetailsTests {
    @Test("the APNs answer read is the newest push app or push raw step's, not an SDK server's push")
    func newestProviderPush() throws {
        var world = try kindlyWorld(.kindly)
        try world.pushApp(.visible, title: "A", headers: APNsHeaderOverrides(priority: APNsPriority(7)))
        try world.pushKindly(KindlyPushRequest())
        #expect(world.newestPush?.origin == .server(of: .kindly))
        #expect(world.newestPush?.apnsAnswer?.statusText == "200")
        #expect(world.newestProviderPush?.id == "p1")
        #expect(world.newestAPNsAnswer?.statusText == "400 BadPriority")
        #expect(world.newestProviderPush?.deliveryState == nil)
        try world.pushRaw(["aps": ["alert": ["title": "B"]]])
        #expect(world.newestProviderPush?.id == "p3")
        #expect(world.newestProviderPush?.deliveryState == "Delivered")
    }

    /// The log line a foreground push leaves when the host's willPresent never completes.
    func neverCalledLogged(_ proxies: [DelegateProxy]) throws -> Bool {
        var configuration = Configuration()
        configuration.proxies = proxies
        configuration.host.completes.willPresent = .never
        var world = try World(configuration: configuration)
        try world.launch(.foreground)
        try world.pushRaw(["aps": ["alert": ["title": "Anna"]]])
        try world.wait(milliseconds: 5_000)
        #expect(world.traced("own delegate never calls willPresent's completion handler"))
        return world.logged("but the completion handler was never called")
    }

    @Test("iOS logs the never-called line only when no party called the block")
    func neverCalledOnlyWhenNobodyCalled() throws {
        #expect(try neverCalledLogged([]))
        #expect(try neverCalledLogged([DelegateProxy(name: "P", behaviour: .forwards)]))
        #expect(try !neverCalledLogged([DelegateProxy(name: "P", behaviour: .completesEarly)]))
        #expect(try !neverCalledLogged([DelegateProxy(name: "P", behaviour: .completesTwice)]))
        // A delaying link inside a completing one: the block was called before the host ran.
        #expect(
            try !neverCalledLogged([
                DelegateProxy(name: "P", behaviour: .completesTwice),
                DelegateProxy(name: "Q", behaviour: .delays(milliseconds: 1_000)),
            ]))
        #expect(try neverCalledLogged([DelegateProxy(name: "Q", behaviour: .delays(milliseconds: 1_000))]))
    }

    @Test("host registers, written, applies in a Kindly app; unwritten, Kindly registers as before")
    func hostRegistersInAChatSDKApp() throws {
        for policy in [RegistrationPolicy?.none, .everyLaunch, .firstLaunch] {
            var world = try kindlyWorld(.kindly) { $0.host.registers = policy }
            try world.launch(.killed)
            try world.launch(.foreground)
            let registered = world.traced("didFinishLaunching calls registerForRemoteNotifications")
            let skipped = world.traced("does not register: the container caches the token")
            #expect(registered == (policy == .everyLaunch), "\(String(describing: policy))")
            #expect(skipped == (policy == .firstLaunch), "\(String(describing: policy))")
        }
    }

    @Test("setting badges is its own switch: alerts off, badges on sets the badge and the push is Delivered")
    func badgesOwnSwitch() throws {
        func world(_ badges: Bool) throws -> World {
            var c = Configuration()
            c.settings[.banners] = false
            c.settings[.lockScreen] = false
            c.settings[.notificationCenter] = false
            c.settings[.badges] = badges
            var world = try World(configuration: c)
            try world.launch(.background)
            return world
        }
        var on = try world(true)
        try on.pushApp(.visible, title: "A", badge: 3)
        #expect(on.badge == 3)
        #expect(on.banners.isEmpty)
        #expect(on.newestPush?.deliveryState == "Delivered")
        var off = try world(false)
        try off.pushApp(.visible, title: "A", badge: 3)
        #expect(off.badge == 0)
        #expect(off.newestPush?.deliveryState == "Discarded – Disabled")
        // Also when the push is delivered to the app.
        var woken = try world(true)
        try woken.pushRaw(["aps": ["alert": ["title": "A"], "badge": 4, "content-available": 1]])
        #expect(woken.badge == 4)
    }

    @Test("provisional requests badge: the badge shows once Deliver Prominently turns it on")
    func provisionalBadge() throws {
        var c = Configuration()
        c.authorization = .provisional(requests: [.badge])
        var world = try World(configuration: c)
        try world.launch(.background)
        try world.userSetsNotifications(enabled: true)
        try world.pushApp(.visible, title: "A", badge: 2)
        #expect(world.badge == 2)
        #expect(world.banners.isEmpty)
    }

    @Test("Kindly duplicate-token on: a message sent twice keeps its number after the extension decrypts it")
    func duplicateKeepsNumber() throws {
        var world = try kindlyWorld(.kindly) { $0.update(.kindly) { $0.duplicateToken = true } }
        try world.launch(.background)
        try world.pushAndSettle()
        try world.pushAndSettle()
        #expect(world.pushes.map(\.messageNumber) == [1, 1, 2, 2])
        #expect(world.banners.map(\.body) == ["Message 1", "Message 1", "Message 2", "Message 2"])
    }
}

/// SPEC §2.16 (§2.10 rows added): the ringer switch and the critical-alert grant.
@Suite("§2.10 the ringer and the critical-alert grant")
struct RingerAndCriticalTests {
    static func world(_ edit: (inout Configuration) -> Void) throws -> World {
        var c = Configuration()
        c.ringer = .silent
        edit(&c)
        var world = try World(configuration: c)
        try world.launch(.background)
        return world
    }

    @Test("ringer silent: no sound, the same presentation, and the negative event")
    func silentRinger() throws {
        var world = try Self.world { _ in }
        try world.pushApp(.visible, title: "A", sound: "default")
        #expect(world.banners.last?.presentation == .banner)
        #expect(world.banners.last?.sound == nil)
        #expect(world.traced("sound: p1's sound \"default\" not played: the ringer is silent"))
        var ringing = try Self.world { $0.ringer = .ring }
        try ringing.pushApp(.visible, title: "A", sound: "default")
        #expect(ringing.banners.last?.sound == "default")
        #expect(!ringing.traced(.sound))
    }

    @Test("a critical alert qualifies only with the entitlement, the request (or none), the setting and a critical sound")
    func criticalQualifies() throws {
        let rows: [((inout Configuration) -> Void, String?)] = [
            ({ $0.entitlements.insert(.criticalAlerts) }, nil),
            ({ _ in }, "critical without the critical-alerts entitlement acts as active"),
            (
                {
                    $0.entitlements.insert(.criticalAlerts)
                    $0.authorizedRequests = [.alert, .sound]
                }, "critical acts as active (critical-alert not requested)"
            ),
            (
                {
                    $0.entitlements.insert(.criticalAlerts)
                    $0.authorizedRequests = [.alert, .criticalAlert]
                }, nil
            ),
            (
                {
                    $0.entitlements.insert(.criticalAlerts)
                    $0.settings[.criticalAlerts] = false
                }, "critical acts as active (setting critical-alerts off)"
            ),
        ]
        for (k, (edit, note)) in rows.enumerated() {
            var world = try Self.world(edit)
            try world.pushApp(.visible, title: "A", level: .critical, sound: "alarm")
            #expect((world.banners.last?.sound == "alarm") == (note == nil), "row \(k)")
            if let note { #expect(world.traced(note), "row \(k)") }
        }
    }

    @Test("Deliver Prominently keeps what a provisional app requested, critical-alert too")
    func provisionalKeepsRequests() throws {
        var world = try Self.world {
            $0.entitlements.insert(.criticalAlerts)
            $0.authorization = .provisional(requests: [.alert, .sound, .criticalAlert])
        }
        try world.userSetsNotifications(enabled: true)
        #expect(world.configuration.authorizedRequests == [.alert, .sound, .criticalAlert])
        try world.pushApp(.visible, title: "A", level: .critical, sound: "alarm")
        #expect(world.banners.last?.sound == "alarm")
    }
}

/// SPEC §2.16 (§2.13's row replaced): a late report in the foreground rings.
@Suite("§2.13 a late VoIP report in the foreground")
struct LateVoIPReportTests {
    static func world() throws -> World {
        var c = Configuration()
        c.host.reportsCall = .late(2_000)
        var world = try World(configuration: c)
        try world.launch(.foreground)
        return world
    }

    @Test("the call starts D later, with no crash and no strike, also after leaving the foreground")
    func rings() throws {
        for leaves in [false, true] {
            var world = try Self.world()
            try world.pushAppVoIP(caller: "Anna")
            #expect(!world.hasIncomingCall)
            if leaves { try world.launch(.background) }
            try world.wait(milliseconds: 2_000)
            #expect(world.hasIncomingCall, "leaves: \(leaves)")
            #expect(world.crashes.isEmpty)
            #expect(!world.voipBlocked)
        }
    }

    @Test("a process that ends first reports nothing")
    func processEndsFirst() throws {
        var world = try Self.world()
        try world.pushAppVoIP(caller: "Anna")
        try world.launch(.killed)
        try world.wait(milliseconds: 2_000)
        #expect(!world.hasIncomingCall)
        #expect(world.crashes.isEmpty)
    }
}

/// SPEC §2.16 (§2.11 rows added): a server-side badge counter.
@Suite("§2.11 the server's badge count")
struct ServerBadgeTests {
    static func world(_ badge: ServerBadge, _ edit: (inout Configuration) -> Void = { _ in }) throws -> World {
        var c = Configuration()
        c.provider.badge = badge
        edit(&c)
        var world = try World(configuration: c)
        try world.launch(.background)
        return world
    }

    @Test("fixed N: every visible push carries N unless it writes its own")
    func fixed() throws {
        var world = try Self.world(.fixed(1))
        try world.pushApp(.visible, title: "A")
        #expect(world.badge == 1)
        try world.pushApp(.visible, title: "B", badge: 5)
        #expect(world.badge == 5)
        try world.pushApp(.silent)
        #expect(world.newestPush?.payload?["aps"]?["badge"] == nil)
    }

    @Test("count-unread: +1 a push, reset by the open report; a reset without a report is the old count + 1")
    func countUnread() throws {
        var world = try Self.world(.countUnread(sync: false)) {
            $0.host.resetsBadge = .onOpen
            $0.host.reportsOpen = .never
        }
        try world.pushApp(.visible, title: "A")
        try world.pushApp(.visible, title: "B", badge: 7)
        #expect(world.providerUnread == 2)
        #expect(world.badge == 7)
        try world.launch(.foreground)
        #expect(world.badge == 0)
        #expect(world.providerUnread == 2)
        try world.launch(.background)
        try world.pushApp(.visible, title: "C")
        #expect(world.badge == 3)
        var reporting = try Self.world(.countUnread(sync: false))
        try reporting.pushApp(.visible, title: "A")
        try reporting.launch(.foreground)
        #expect(reporting.providerUnread == 0)
    }

    @Test("read-elsewhere: floored at 0, sync sends a badge-only push, a failed step changes nothing")
    func readElsewhere() throws {
        var world = try Self.world(.countUnread(sync: true))
        for title in ["A", "B", "C"] { try world.pushApp(.visible, title: title) }
        try world.readElsewhere(2)
        #expect(world.providerUnread == 1)
        #expect(world.badge == 1)
        #expect(world.newestPush?.payload == ["aps": ["badge": 1]])
        try world.readElsewhere(nil)
        #expect(world.providerUnread == 0)
        #expect(world.badge == 0)
        let before = world
        #expect(throws: CoreError.self) { try world.readElsewhere(0) }
        #expect(world == before)
        var plain = try Self.world(.none)
        let unchanged = plain
        #expect(throws: CoreError.self) { try plain.readElsewhere(1) }
        #expect(plain == unchanged)
    }
}
