import Testing

@testable import NotificationCore

/// Property test for an app of its own: long random walks over every action and runtime
/// setting of docs/APP.md — proxies, completions, authorization and Focus, badges and app
/// groups, removals, wake completion, categories and actions — in random configurations. A
/// failed step leaves the world exactly as it was; no walk breaks an invariant; the walks
/// reach every new state.
@Suite("Random walks of an app of its own")
struct AppRandomWalkTests {
    typealias SplitMix = RandomWalkTests.SplitMix

    static func pick<T>(_ items: [T], _ rng: inout SplitMix) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }

    static func configuration(_ rng: inout SplitMix) -> Configuration {
        var c = Configuration()
        c.serviceExtension = pick([.none, .other, .other], &rng)
        if c.serviceExtension != .none {
            c.extensionIncrementsBadge = Bool.random(using: &rng)
            c.extensionRemovesDelivered = Bool.random(using: &rng)
        }
        c.appGroups = pick(
            [
                [], [AppGroup(name: "g", members: .both)], [AppGroup(name: "g", members: .app)],
                [AppGroup(name: "a", members: .app), AppGroup(name: "e", members: .extension)],
            ], &rng)
        c.entitlements = Set(pick([[], [.filtering], [.timeSensitive, .criticalAlerts]], &rng))
        c.authorization = pick(
            [.authorized, .authorized, .denied, .notDetermined, .provisional(requests: [.alert]),
                .provisional(requests: AuthorizationOption.allCases)], &rng)
        c.delegate = pick([nil, nil, DelegateChoice.none], &rng)
        c.delegateAssignment = pick(DelegateAssignment.allCases, &rng)
        c.proxies = (0..<Int.random(in: 0...2, using: &rng)).map { k in
            var proxy = DelegateProxy(
                name: "P\(k)",
                behaviour: pick(
                    [.forwards, .swallows, .completesEarly, .completesTwice, .delays(milliseconds: 2_000)], &rng))
            if Bool.random(using: &rng) { proxy.registersCategories = ["promo"] }
            return proxy
        }
        c.categories = [
            NotificationCategory(name: "chat", actions: ["reply", "open"]),
            NotificationCategory(name: "promo", actions: ["open"]),
        ]
        c.actions = [
            NotificationAction(name: "reply", kind: .textInput),
            NotificationAction(name: "open", kind: pick([.foreground, .background], &rng), authRequired: Bool.random(using: &rng)),
        ]
        c.host.registersCategories = HostCategories(
            categories: ["chat"], when: pick([.atLaunch, .atStart, .after(milliseconds: 5_000)], &rng))
        if Int.random(in: 0..<4, using: &rng) == 0 { c.silentBudget = SilentBudget(count: 3, windowMilliseconds: 60_000) }
        return c
    }

    static func step(_ world: inout World, _ rng: inout SplitMix) throws(CoreError) {
        switch Int.random(in: 0..<25, using: &rng) {
        case 0, 1: try world.launch(pick(AppState.allCases, &rng))
        case 2: try world.start()
        case 3, 4, 5:
            try world.pushApp(
                .visible, title: "A", badge: pick([nil, nil, 0, 3], &rng), thread: pick([nil, "t"], &rng),
                category: pick([nil, "chat", "promo"], &rng), level: pick([nil, .passive, .timeSensitive, .critical], &rng),
                sound: pick([nil, "default"], &rng), removes: pick([nil, nil, .all, .thread("t"), .id("c1")], &rng),
                headers: APNsHeaderOverrides(collapseID: pick([nil, "c1"], &rng)))
        case 6, 7: try world.pushApp(.silent, removes: pick([nil, .all, .thread("t"), .id("c1")], &rng))
        case 8, 9: try world.tap(pick([.newest, .nth(2)], &rng))
        case 10, 11: try world.tapAction(pick(["reply", "open"], &rng), on: .newest, text: pick([nil, "ok"], &rng))
        case 12: try world.wait(milliseconds: pick([1_000, 2_000, 5_000, 30_000, 31_000], &rng))
        case 13: try world.lock()
        case 14: try world.unlock()
        case 15: try world.userSetsNotifications(enabled: Bool.random(using: &rng))
        case 16: try world.apply(.notificationSetting(pick(NotificationSettingName.allCases, &rng), Bool.random(using: &rng)))
        case 17:
            try world.apply(
                .focus(pick([.off, .on(allowsApp: false, noTimeSensitive: false), .on(allowsApp: false, noTimeSensitive: true)], &rng)))
        case 18: try world.apply(.summary(Bool.random(using: &rng)))
        case 19: try world.apply(.resetsBadge(pick(BadgeReset.allCases, &rng)))
        case 20: try world.apply(.removesDelivered(pick(HostRemovesDelivered.allCases, &rng)))
        case 21:
            try world.apply(
                .completesFetch(pick([.newData, .never, .twice, .after(milliseconds: 40_000), .after(milliseconds: 5_000)], &rng)))
        case 22: try world.apply(.ownCompletes(nil, pick([.atOnce, .never, .twice, .after(milliseconds: 2_000)], &rng)))
        case 23:
            // Straight to the device: past a proxy that swallowed the app's token.
            try world.pushRaw(["aps": ["alert": ["title": "R"], "category": "chat"]])
        default: try world.clearBanners()
        }
    }

    static func walk(seed: UInt64, steps: Int) -> [String] {
        var rng = SplitMix(state: seed)
        guard let world = try? World(configuration: configuration(&rng)) else {
            Issue.record("seed \(seed): the configuration does not install")
            return []
        }
        return RandomWalkTests.run(world, seed: seed, steps: steps, rng: &rng, step: step)
    }

    /// A removal push that iOS did not hand to the app (force-quit, throttled, switched off).
    static func blockedRemoval(_ trace: [String]) -> Bool {
        var removals: Set<String> = []
        for line in trace {
            if line.contains("push-sent: "), line.contains("\"removes\""),
                let id = line.split(separator: " ").first(where: { $0.hasPrefix("p") && $0.dropFirst().allSatisfy(\.isNumber) })
            {
                removals.insert(String(id))
            }
            if line.contains("dropped: "), removals.contains(where: { line.contains("dropped: \($0):") }) { return true }
        }
        return false
    }

    /// An action the user picked that the app's delegate never got.
    static func lostAction(_ trace: [String]) -> Bool {
        var inAction = false
        for line in trace {
            if line.contains("step: ") { inAction = line.contains("step: tap action") || line.contains("step: unlock") }
            if inAction && line.contains("tap-lost: ") { return true }
        }
        return false
    }

    @Test("no invariant breaks, failed steps change nothing, every new state is reached, over 300 walks of 80 steps")
    func walksReachEveryState() {
        let marks = [
            "swallowed the tap", "crash: NSInternalInconsistencyException", "provisional: delivered quietly",
            "in the scheduled summary", "from the extension container", "cleared by badge 0", "wake killed",
            "the host removes what", "the extension delivers empty content", "Focus: active is silenced",
            "breaks through Focus", "not kept", "the app's code handles action", "calls setNotificationCategories",
            "completion handler was never called",
        ]
        var reached: Set<String> = []
        var blocked = false
        var lost = false
        for seed in UInt64(1)...300 {
            let trace = Self.walk(seed: seed, steps: 80)
            for mark in marks where !reached.contains(mark) && trace.contains(where: { $0.contains(mark) }) {
                reached.insert(mark)
            }
            blocked = blocked || Self.blockedRemoval(trace)
            lost = lost || Self.lostAction(trace)
        }
        #expect(reached == Set(marks), "not reached: \(Set(marks).subtracting(reached).sorted())")
        #expect(blocked, "a removal push iOS did not hand to the app")
        #expect(lost, "an action the delegate never got")
    }

    @Test("the same seed gives the same trace")
    func deterministic() {
        for seed: UInt64 in [3, 17] { #expect(Self.walk(seed: seed, steps: 80) == Self.walk(seed: seed, steps: 80)) }
    }
}
