import Testing

@testable import NotificationCore

/// Property test for the provider side and VoIP: long random walks over pushes with every
/// header value, the JWT, error, register, upload, PushKit and call policies, the token's
/// lifecycle, power deferral and the device rate. A failed step leaves the world exactly as
/// it was; no walk breaks an invariant; the walks reach every answer and state.
@Suite("Random walks of the provider side")
struct ProviderRandomWalkTests {
    typealias SplitMix = RandomWalkTests.SplitMix

    static func pick<T>(_ items: [T], _ rng: inout SplitMix) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }

    static func configuration(_ rng: inout SplitMix) -> Configuration {
        var c = Configuration()
        c.build = pick(BuildKind.allCases, &rng)
        c.provider.environment = pick([.production, .production, .production, .sandbox], &rng)
        let fortyMinutes: Int64 = 40 * 60_000
        let policies: [JWTPolicy] = [
            .refresh(fortyMinutes), .refresh(fortyMinutes), .refresh(fortyMinutes), .never, .perRequest, .badKey,
            .refresh(600_000),
        ]
        c.provider.jwt = pick(policies, &rng)
        c.provider.onError = pick(ProviderOnError.allCases, &rng)
        c.apns.unregisterLag = pick([0, 60_000, 24 * 3_600_000], &rng)
        if Bool.random(using: &rng) { c.apns.deviceRate = DeviceRate(count: 3, window: 60_000) }
        c.apns.powerDeferral = Bool.random(using: &rng)
        c.host.registers = pick(RegistrationPolicy.allCases, &rng)
        c.host.uploadsToken = pick(TokenUpload.allCases, &rng)
        c.host.pushkit = pick([.atLaunch, .after(5_000), .after(10_000), .after(10_000), .never], &rng)
        c.host.reportsCall = pick([.atOnce, .late(1_000), .never, .never], &rng)
        // Revision 4 (SPEC §2.16): topics and certificates, the ringer and the critical grant,
        // the server's badge count.
        c.provider.topic = pick([.bundleID, .bundleID, .bundleID, .omitted], &rng)
        c.provider.auth = pick(
            [.p8, .p8, .p8, .cert("com.example.app"), .cert(["com.example.app", "com.example.app.voip"])], &rng)
        c.ringer = pick(Ringer.allCases, &rng)
        if Bool.random(using: &rng) { c.entitlements.insert(.criticalAlerts) }
        c.provider.badge = pick([.none, .fixed(1), .countUnread(sync: false), .countUnread(sync: true)], &rng)
        c.host.reportsOpen = pick(OpenReport.allCases, &rng)
        c.host.resetsBadge = pick([.none, .onOpen], &rng)
        return c
    }

    static func headers(_ rng: inout SplitMix) -> APNsHeaderOverrides {
        APNsHeaderOverrides(
            pushType: pick([nil, nil, .alert, .background, .voip, .other("x")], &rng),
            priority: pick([nil, nil, .immediate, .normal, .low, APNsPriority(7)], &rng),
            expiration: pick([nil, nil, .after(0), .after(60_000), .omitted, .past, .malformed], &rng))
    }

    static func step(_ world: inout World, _ rng: inout SplitMix) throws(CoreError) {
        switch Int.random(in: 0..<25, using: &rng) {
        case 0, 1: try world.launch(pick(AppState.allCases, &rng))
        case 2, 3, 4: try world.pushApp(pick([.visible, .silent], &rng), title: "A", headers: headers(&rng))
        case 5, 6, 19, 20: try world.pushAppVoIP(caller: "C", headers: pick([.none, .none, headers(&rng)], &rng))
        case 7:
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: try world.uninstall()
            case 1: try world.reinstall()
            case 2: try world.restoreNewDevice()
            default: try world.launch(.terminated)
            }
        case 8: try world.wait(milliseconds: 7_000)
        case 9: try world.launch(.terminated)
        case 10:
            let waits: [Int64] = [1_000, 7_000, 7_000, 60_000, 1_200_000, 3_660_000, 90_000_000]
            try world.wait(milliseconds: pick(waits, &rng))
        case 11: try world.lock()
        case 12: try world.unlock()
        case 13: try world.setNetwork(online: Bool.random(using: &rng))
        case 14: try world.register()
        case 15:
            let policy = pick(ProviderOnError.allCases, &rng)
            try world.apply("provider on-error \(policy.rawValue)") { $0.provider.onError = policy }
        case 16:
            let reporting = pick([CallReporting.atOnce, .never], &rng)
            try world.apply("host reports-call \(reporting.spelled)") { $0.host.reportsCall = reporting }
        case 17:
            let environment = pick([APNsEnvironment.production, .sandbox], &rng)
            try world.apply("provider environment \(environment.rawValue)") { $0.provider.environment = environment }
        case 18: try world.pushRaw(["aps": ["alert": ["title": "R"]]], headers: headers(&rng))
        case 21: try world.tap(.newest)
        case 22: try world.readElsewhere(pick([1, 1, 0, nil], &rng))
        case 23: try world.pushApp(.visible, title: "K", level: .critical, sound: pick(["alarm", "default"], &rng))
        case 24:
            let ringer = pick(Ringer.allCases, &rng)
            try world.apply("ringer \(ringer.rawValue)") { $0.ringer = ringer }
        default: break
        }
    }

    @Test("no invariant breaks, failed steps change nothing, every answer and state is reached, over 300 walks of 80 steps")
    func walks() {
        let marks = [
            "410 Unregistered", "Discarded – Token Unregistered", "429 TooManyProviderTokenUpdates",
            "403 ExpiredProviderToken", "403 InvalidProviderToken", "400 BadDeviceToken", "Stored – Power Considerations",
            "429 TooManyRequests", "400 InvalidPushType", "400 BadPriority", "400 BadExpirationDate", "voip blocked",
            "0xbaadca11", "Killing app because", "does not register: the container caches", "does not upload the token",
            "CallKit shows it", "Delivered (From Storage)", "Stored – Device Offline", "Discarded – Expired",
            "400 MissingTopic", "the certificate's one topic", "not played: the ringer is silent",
            "its sound plays through the silent ringer", "(host reports-call late): CallKit shows it",
            "read on another device", "sends a badge-only push",
        ]
        var aboveIcon = false
        var reached: Set<String> = []
        for seed in UInt64(1)...300 {
            var rng = SplitMix(state: seed)
            guard let world = try? World(configuration: Self.configuration(&rng)) else {
                Issue.record("seed \(seed): the configuration does not install")
                continue
            }
            let trace = RandomWalkTests.run(world, seed: seed, steps: 80, rng: &rng, step: Self.step)
            for mark in marks where !reached.contains(mark) && trace.contains(where: { $0.contains(mark) }) {
                reached.insert(mark)
            }
            aboveIcon = aboveIcon || Self.countAboveIcon(trace)
        }
        #expect(reached == Set(marks), "not reached: \(Set(marks).subtracting(reached).sorted())")
        #expect(aboveIcon, "no walk reached a server count above the icon after a reset without a report")
    }

    /// The "old count + 1" state: the icon reset to 0 at an open the server was not told of,
    /// so the server's count stays above the icon.
    static func countAboveIcon(_ trace: [String]) -> Bool {
        var reset = false
        for line in trace {
            if line.contains("host resets-badge on-open: the icon badge to 0") || line.contains("the icon badge is already 0") {
                reset = true
            } else if reset, line.contains("does not report the open to its server (host reports-open never)"),
                !line.hasSuffix("stays 0")
            {
                return true
            } else if !line.contains("host resets-badge on-open") {
                reset = false
            }
        }
        return false
    }
}
