import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// Property test: long random walks over every action, in random configurations of both
/// SDKs — APNs headers, the network, iOS's switches, extension kills and the host's own faults
/// included. A step whose precondition fails must leave the world exactly as it was; no walk
/// may ever break an invariant (docs/CORE.md); the same seed gives the same trace.
@Suite("Random walks")
struct RandomWalkTests {
    /// A small deterministic generator (SplitMix64), so a failing seed can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func configuration(_ rng: inout SplitMix) -> (Configuration, fresh: Bool) {
        var c = Configuration()
        c.sdk = Bool.random(using: &rng) ? .kindly : .edna
        if c.sdk == .kindly {
            c.sdkVersion = [[3, 0, 11], [3, 0, 12], [3, 1, 0]].randomElement(using: &rng) ?? [3, 0, 12]
            if c.sdkVersion != [3, 0, 11] {
                c.serviceExtension = ServiceExtension.allCases.randomElement(using: &rng) ?? .none
                c.mode = NotificationMode.allCases.randomElement(using: &rng) ?? .auto
            }
            c.keychainSharing = KeychainSharing.allCases.randomElement(using: &rng) ?? .shared
            c.kindlyHost = HostWiring.allCases.randomElement(using: &rng) ?? .recommended
            c.shouldHandle = ShouldHandle.allCases.randomElement(using: &rng) ?? .unset
            if Bool.random(using: &rng) { c.kindlyServerExtensionVersion = [1, 1] }
        } else {
            c.ednaHost = HostWiring.allCases.randomElement(using: &rng) ?? .recommended
            if Int.random(in: 0..<5, using: &rng) == 0 { c.ednaServer = EdnaServerSettings(environment: .sandbox) }
        }
        c.keychainAccessibility = KeychainAccessibility.allCases.randomElement(using: &rng) ?? .afterFirstUnlock
        c.delegate = DelegateChoice.allCases.randomElement(using: &rng)
        c.delegateAssignment = DelegateAssignment.allCases.randomElement(using: &rng) ?? .atLaunch
        c.permission = Int.random(in: 0..<4, using: &rng) == 0 ? .denied : .granted
        c.openOnTap = Int.random(in: 0..<4, using: &rng) != 0
        c.extensionDelayMilliseconds = [0, 5_000, 30_000, 31_000].randomElement(using: &rng) ?? 0
        if Int.random(in: 0..<4, using: &rng) == 0 {
            c.silentBudget = SilentBudget(count: 2, windowMilliseconds: 60_000)
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { c.iosVersion = [18, 0] }
        if Int.random(in: 0..<6, using: &rng) == 0 { c.backgroundRefresh = false }
        if Int.random(in: 0..<6, using: &rng) == 0 { c.lowPower = true }
        c.extensionFault = Int.random(in: 0..<4, using: &rng) == 0 ? .memory : .none
        c.host.postsLocal = Bool.random(using: &rng) ? .onReceive : .none
        c.host.ownPresents = OwnPresentation.allCases.randomElement(using: &rng) ?? .banner
        for sdk in ChatSDK.allCases {
            c.update(sdk) {
                $0.duplicateToken = Int.random(in: 0..<3, using: &rng) == 0
                $0.collapseID = Bool.random(using: &rng) ? .message : .none
            }
        }
        return (c, Int.random(in: 0..<4, using: &rng) == 0)
    }

    /// Header overrides, mostly none, sometimes wrong.
    static func headers(_ rng: inout SplitMix) -> APNsHeaderOverrides {
        guard Int.random(in: 0..<3, using: &rng) == 0 else { return .none }
        return APNsHeaderOverrides(
            pushType: [nil, .alert, .background, APNsPushType.none].randomElement(using: &rng) ?? nil,
            priority: [nil, .immediate, .normal, .low].randomElement(using: &rng) ?? nil,
            collapseID: [nil, "c1", "c2"].randomElement(using: &rng) ?? nil,
            expiration: [nil, .after(0), .after(60_000)].randomElement(using: &rng) ?? nil)
    }

    static func step(_ world: inout World, _ rng: inout SplitMix) throws(CoreError) {
        switch Int.random(in: 0..<32, using: &rng) {
        case 0: try world.launch(AppState.allCases.randomElement(using: &rng) ?? .foreground)
        case 1: try world.navigate(to: Screen.allCases.randomElement(using: &rng) ?? .chat)
        case 2: try world.startKindly()
        case 3: try world.authorizeEdna(user: "user-1")
        case 4: try world.register()
        case 5, 6:
            let missing: KindlyField? =
                Int.random(in: 0..<6, using: &rng) == 0 ? KindlyField.allCases.randomElement(using: &rng) : nil
            try world.pushKindly(
                KindlyPushRequest(
                    type: [nil, .visible, .silent].randomElement(using: &rng) ?? nil,
                    tampered: Int.random(in: 0..<6, using: &rng) == 0, missing: missing, headers: headers(&rng)))
        case 7, 8:
            try world.pushEdna(
                kind: EdnaTemplateKind.allCases.randomElement(using: &rng) ?? .message, text: "hello",
                campaign: Bool.random(using: &rng) ? "c-1" : nil, headers: headers(&rng))
        case 9: try world.pushOther(title: "Promo", body: "Sale", headers: headers(&rng))
        case 10: try world.tap(Bool.random(using: &rng) ? .newest : .nth(2))
        case 11: try world.clearBanners()
        case 12: try world.send(text: "hi")
        case 13, 14:
            try world.wait(milliseconds: [0, 1_000, 29_999, 30_000, 60_000, 61_000].randomElement(using: &rng) ?? 0)
        case 15: try world.reboot()
        case 16: try world.lock()
        case 17: try world.unlock()
        case 18:
            // Every API of both SDKs: the other SDK's is refused and changes nothing.
            let kindlyCalls: [KindlyCall?] = KindlyCall.allCases + [nil, nil, nil, nil, nil]
            let ednaCalls: [EdnaCall] = [
                .isChatCenterNotification, .handleNotification(empty: false), .handleNotification(empty: true),
                .getChat(none: false), .getChat(none: true),
            ]
            let pick = kindlyCalls.indices.randomElement(using: &rng) ?? 0
            if let call = kindlyCalls[pick] {
                _ = try world.call(call)
            } else {
                _ = try world.call(ednaCalls[pick - KindlyCall.allCases.count])
            }
        case 19: try world.apply(.delegate(DelegateChoice.allCases.randomElement(using: &rng) ?? .own))
        case 20: try world.apply(.permission(Permission.allCases.randomElement(using: &rng) ?? .granted))
        case 21: try world.apply(.shouldHandle(ShouldHandle.allCases.randomElement(using: &rng) ?? .unset))
        case 22:
            try world.pushRaw(
                .object(["aps": .object(["alert": "raw", "content-available": 1]), "origin": "threads"]),
                headers: headers(&rng))
        case 24, 25: try world.setNetwork(online: Bool.random(using: &rng))
        case 26: try world.apply(.backgroundRefresh(Bool.random(using: &rng)))
        case 27: try world.apply(.lowPower(Bool.random(using: &rng)))
        case 28: try world.apply(.extensionFault(ExtensionFault.allCases.randomElement(using: &rng) ?? .none))
        case 29:
            try world.apply(.hostPostsLocal(HostPostsLocal.allCases.randomElement(using: &rng) ?? .none))
        case 30: try world.apply(.ownPresents(OwnPresentation.allCases.randomElement(using: &rng) ?? .banner))
        case 31:
            let kindly = [true, false].randomElement(using: &rng) ?? true
            if Bool.random(using: &rng) {
                let on = Bool.random(using: &rng)
                try kindly
                    ? world.apply(KindlySetting.serverDuplicateToken(on))
                    : world.apply(EdnaSetting.serverDuplicateToken(on))
            } else {
                let collapseID = ServerCollapseID.allCases.randomElement(using: &rng) ?? .none
                try kindly
                    ? world.apply(KindlySetting.serverCollapseID(collapseID))
                    : world.apply(EdnaSetting.serverCollapseID(collapseID))
            }
        default: try world.apply(.openOnTap(Bool.random(using: &rng)))
        }
    }

    /// Runs one walk; returns its trace, or records the invariant it broke.
    static func walk(seed: UInt64, steps: Int) -> [String] {
        var rng = SplitMix(state: seed)
        let (configuration, fresh) = configuration(&rng)
        guard let world = try? World(configuration: configuration, fresh: fresh) else { return [] }
        return run(world, seed: seed, steps: steps, rng: &rng, step: step)
    }

    /// Takes `steps` random steps from `world`; records an invariant that breaks, or a failed
    /// step that changed the world, and stops there. Returns the trace.
    static func run(
        _ world: World, seed: UInt64, steps: Int, rng: inout SplitMix,
        step: (inout World, inout SplitMix) throws(CoreError) -> Void
    ) -> [String] {
        var world = world
        for i in 0..<steps {
            let before = world
            do {
                try step(&world, &rng)
            } catch {
                if case .invariant = error {
                    Issue.record("seed \(seed), step \(i): \(error)")
                    return world.trace.map(\.line)
                }
                if world != before {
                    Issue.record("seed \(seed), step \(i): a failed step changed the world: \(error)")
                    return world.trace.map(\.line)
                }
            }
        }
        return world.trace.map(\.line)
    }

    @Test("no invariant breaks and failed steps change nothing, over 400 walks of 80 steps")
    func walksKeepInvariants() {
        var shown = 0
        var installed = 0
        var reached: Set<String> = []
        let marks = [
            "source host", "replaced by", "coalesced", "expired", "push-type mismatch", "priority 10",
            "background-refresh", "low-power", "extension killed", "again (iOS 18.0", "in the list only",
            "duplicate-token on",
        ]
        for seed in UInt64(1)...400 {
            let trace = Self.walk(seed: seed, steps: 80)
            if !trace.isEmpty { installed += 1 }
            shown += trace.filter { $0.contains("banner-shown") }.count
            for mark in marks where !reached.contains(mark) && trace.contains(where: { $0.contains(mark) }) {
                reached.insert(mark)
            }
        }
        // The walks do reach the interesting states (not only failed preconditions).
        #expect(installed == 400)
        #expect(shown > 1_000)
        #expect(reached == Set(marks))
    }

    @Test("the same seed gives the same trace")
    func walksAreDeterministic() {
        for seed: UInt64 in [7, 42, 99] {
            #expect(Self.walk(seed: seed, steps: 80) == Self.walk(seed: seed, steps: 80))
        }
    }
}
