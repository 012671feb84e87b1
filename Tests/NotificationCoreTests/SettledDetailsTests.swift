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
