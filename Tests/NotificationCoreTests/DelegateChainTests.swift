import Testing

@testable import NotificationCore

/// The delegate chain (docs/APP.md "Proxies" and "Completions"): one completion block passed
/// link to link; the first call decides.
@Suite("The delegate chain")
struct DelegateChainTests {
    func app(_ edit: (inout Configuration) -> Void = { _ in }) throws -> World {
        var configuration = Configuration()
        edit(&configuration)
        return try World(configuration: configuration)
    }

    func proxy(_ behaviour: ProxyBehaviour, _ name: String = "P") -> DelegateProxy {
        DelegateProxy(name: name, behaviour: behaviour)
    }

    /// The number of notifications a foreground push leaves in the center, at once and 10 s later.
    func foregroundBanners(_ edit: (inout Configuration) -> Void) throws -> (Int, Int) {
        var world = try app(edit)
        try world.launch(.foreground)
        // Straight to the device: a swallowing proxy swallows the app's token too.
        try world.pushRaw(["aps": ["alert": ["title": "Anna"]]])
        let atOnce = world.banners.count
        try world.wait(milliseconds: 10_000)
        return (atOnce, world.banners.count)
    }

    @Test("each proxy behaviour's willPresent row, with a host that answers at once")
    func willPresentRows() throws {
        let rows: [(ProxyBehaviour, (Int, Int))] = [
            (.forwards, (1, 1)), (.swallows, (0, 0)), (.completesEarly, (0, 0)), (.completesTwice, (1, 1)),
            (.delays(milliseconds: 3_000), (0, 1)),
        ]
        for (behaviour, expected) in rows {
            let got = try foregroundBanners { $0.proxies = [proxy(behaviour)] }
            #expect(got == expected, "\(behaviour)")
        }
    }

    @Test("completes-twice: a host that answers later loses; completes-early: the host's answer is ignored")
    func lateHost() throws {
        for behaviour in [ProxyBehaviour.completesTwice, .completesEarly] {
            let got = try foregroundBanners {
                $0.proxies = [proxy(behaviour)]
                $0.host.completes.willPresent = .after(milliseconds: 1_000)
            }
            #expect(got == (0, 0), "\(behaviour)")
        }
    }

    @Test("own-completes: at once, after D, never, twice")
    func completions() throws {
        let rows: [(DelegateCompletion, (Int, Int))] = [
            (.atOnce, (1, 1)), (.after(milliseconds: 2_000), (0, 1)), (.never, (0, 0)), (.twice, (1, 1)),
        ]
        for (completion, expected) in rows {
            let got = try foregroundBanners { $0.host.completes.willPresent = completion }
            #expect(got == expected, "\(completion)")
        }
    }

    @Test("never: iOS's log line names the callback")
    func neverLogs() throws {
        var world = try app { $0.host.completes.didReceive = .never }
        try world.launch(.background)
        try world.pushApp(.visible, title: "Anna", route: "r")
        try world.tap(.newest)
        #expect(world.route == "r")
        #expect(
            world.log.contains {
                $0.text.contains("didReceiveNotificationResponse") && $0.text.contains("never called")
            })
    }

    @Test("a tap: swallowed is lost, delayed arrives later, forwarded arrives at once")
    func taps() throws {
        let rows: [(ProxyBehaviour, String?, String?)] = [
            (.forwards, "r", "r"), (.swallows, nil, nil), (.completesEarly, "r", "r"), (.completesTwice, "r", "r"),
            (.delays(milliseconds: 3_000), nil, "r"),
        ]
        for (behaviour, atOnce, later) in rows {
            var world = try app { $0.proxies = [proxy(behaviour)] }
            try world.launch(.background)
            // Straight to the device: a swallowing proxy swallows the app's token too.
            try world.pushRaw(["aps": ["alert": ["title": "Anna"]], "route": "r"])
            try world.tap(.newest)
            #expect(world.route == atOnce, "\(behaviour)")
            try world.wait(milliseconds: 3_000)
            #expect(world.route == later, "\(behaviour)")
        }
    }

    @Test("links run first line first: the first that does not forward decides")
    func order() throws {
        let got = try foregroundBanners { $0.proxies = [proxy(.forwards, "A"), proxy(.swallows, "B")] }
        #expect(got == (0, 0))
        let delayed = try foregroundBanners {
            $0.proxies = [proxy(.delays(milliseconds: 1_000), "A"), proxy(.completesEarly, "B")]
        }
        #expect(delayed == (0, 0))
    }

    @Test("a delayed call dies with its process; finished calls are forgotten, so equal worlds stay equal")
    func callsAreBounded() throws {
        var world = try app { $0.proxies = [proxy(.delays(milliseconds: 3_000))] }
        try world.launch(.foreground)
        try world.pushApp(.visible, title: "Anna")
        try world.launch(.killed)
        try world.wait(milliseconds: 3_000)
        #expect(world.banners.isEmpty)

        var other = try app { $0.proxies = [proxy(.forwards)] }
        try other.launch(.foreground)
        for _ in 0..<20 { try other.pushApp(.visible, title: "Anna") }
        #expect(other.process?.calls.isEmpty == true)
    }

    @Test("the chain is not used without proxies or late completions: the trace is the plain delegate's")
    func plainDelegate() throws {
        var world = try app()
        try world.launch(.foreground)
        try world.pushApp(.visible, title: "Anna")
        #expect(!world.trace.contains { $0.kind == .proxy })
        #expect(world.trace.contains { $0.text == "willPresent p1 → own delegate" })
    }

    @Test("proxies and completions are spelled as scenario lines")
    func spelled() {
        var configuration = Configuration()
        configuration.proxies = [proxy(.delays(milliseconds: 2_000), "Braze SDK")]
        configuration.host.completes.didReceive = .never
        let lines = configuration.differences(for: .scenario)
        #expect(lines.contains("proxy \"Braze SDK\" delays 2s"))
        #expect(lines.contains("own-completes did-receive never"))
    }
}

/// The icon badge (docs/APP.md): device state set by `aps.badge`.
@Suite("The icon badge")
struct BadgeTests {
    @Test("a delivered badge sets the icon; 0 clears it; no key leaves it; silent cannot carry one")
    func badge() throws {
        var world = try World(configuration: Configuration())
        try world.launch(.background)
        try world.pushApp(.visible, title: "A", badge: 3)
        #expect(world.badge == 3)
        try world.pushApp(.visible, title: "B")
        #expect(world.badge == 3)
        try world.pushApp(.visible, badge: 0)
        #expect(world.badge == 0)
        #expect(world.banners.count == 2)
        #expect(throws: CoreError.self) { try world.pushApp(.silent, badge: 1) }
        #expect(world.badge == 0)
    }

    @Test("in the foreground only a delegate that presents passes the badge")
    func foreground() throws {
        for (presents, expected) in [(OwnPresentation.banner, 4), (.list, 4), (.nothing, 0)] {
            var configuration = Configuration()
            configuration.host.ownPresents = presents
            var world = try World(configuration: configuration)
            try world.launch(.foreground)
            try world.pushApp(.visible, title: "A", badge: 4)
            #expect(world.badge == expected, "\(presents)")
        }
    }
}

/// docs/APP.md "Proxies": the token column.
@Suite("Proxies on the device token")
struct TokenProxyTests {
    static func world(_ behaviour: ProxyBehaviour, sdk: ChatSDK = .noSDK, fresh: Bool = true) throws -> World {
        var c = Configuration()
        c.sdk = sdk
        c.proxies = [DelegateProxy(name: "P", behaviour: behaviour)]
        return try World(configuration: c, fresh: fresh)
    }

    @Test("forwards, completes-early, completes-twice: the app's server gets the token")
    func forwarded() throws {
        for behaviour in [ProxyBehaviour.forwards, .completesEarly, .completesTwice] {
            var world = try Self.world(behaviour)
            try world.launch(.background)
            try world.register()
            #expect(world.appServerToken == world.deviceToken, "\(behaviour)")
        }
    }

    @Test("swallows: the device has a token, the app's server none; nothing is pushed")
    func swallowed() throws {
        for fresh in [true, false] {
            var world = try Self.world(.swallows, fresh: fresh)
            try world.launch(.background)
            if fresh { try world.register() }
            #expect(world.deviceToken != nil)
            #expect(world.appServerToken == nil)
            try world.pushApp(.visible, title: "A")
            #expect(world.newestPush?.sent == nil)
        }
    }

    @Test("delays: the token D later in the same process; at install it is there")
    func delayed() throws {
        var world = try Self.world(.delays(milliseconds: 5_000))
        try world.launch(.background)
        try world.register()
        #expect(world.appServerToken == nil)
        try world.wait(milliseconds: 5_000)
        #expect(world.appServerToken != nil)
        #expect(try Self.world(.delays(milliseconds: 5_000), fresh: false).appServerToken != nil)
        var killed = try Self.world(.delays(milliseconds: 5_000))
        try killed.launch(.background)
        try killed.register()
        try killed.launch(.killed)
        try killed.wait(milliseconds: 5_000)
        #expect(killed.appServerToken == nil, "the delayed call dies with its process")
    }

    @Test("a chain unwinds in order: completes-twice proxies complete innermost first, after the links behind them")
    func unwindingOrder() throws {
        var world = try DelegateChainTests().app {
            $0.proxies = [DelegateChainTests().proxy(.completesTwice, "A"), DelegateChainTests().proxy(.completesEarly, "B"), DelegateChainTests().proxy(.completesTwice, "C")]
        }
        try world.launch(.foreground)
        let start = world.trace.count
        try world.pushRaw(["aps": ["alert": ["title": "Anna"]]])
        let lines = world.trace[start...].filter { $0.kind == .delegate || $0.kind == .proxy }.map(\.text)
        #expect(
            lines == [
                "willPresent p1 → proxy A (completes-twice)",
                "willPresent p1 → proxy B (completes-early)",
                "B completes willPresent for p1 first, then forwards",
                "willPresent p1 → proxy C (completes-twice)",
                "willPresent p1 → own delegate",
                "own delegate calls willPresent's completion for p1: ignored, the block was already called (the first call decides)",
                "C completes willPresent for p1 after forwarding",
                "proxy C calls willPresent's completion for p1: ignored, the block was already called (the first call decides)",
                "A completes willPresent for p1 after forwarding",
                "proxy A calls willPresent's completion for p1: ignored, the block was already called (the first call decides)",
            ], "\(lines)")
        #expect(world.banners.isEmpty)
    }

    @Test("a chain of 100,000 proxies is walked without native recursion, there and back")
    func longChain() throws {
        var proxies = (0..<100_000).map { DelegateChainTests().proxy(.forwards, "F\($0)") }
        proxies[0] = DelegateChainTests().proxy(.completesTwice, "first")
        var world = try DelegateChainTests().app { $0.proxies = proxies }
        try world.launch(.foreground)
        try world.pushRaw(["aps": ["alert": ["title": "Anna"]]])
        #expect(world.banners.count == 1)
        #expect(world.trace.last { $0.kind == .proxy }?.text == "first completes willPresent for p1 after forwarding")
    }
}
