import Testing

@testable import NotificationCore

/// docs/PROVIDER.md "APNs's answer": a test for each row of the table, first match first.
@Suite("APNs's answer, row by row")
struct ProviderAnswerTests {
    static func answer(of world: World) -> String? { world.newestAPNsAnswer?.statusText }

    @Test("the payload and header rows: PayloadEmpty, PayloadTooLarge (VoIP 5120), InvalidPushType, BadPriority, BadExpirationDate, BadCollapseId")
    func requestRows() throws {
        var world = try ProviderTests.world()
        try world.pushRaw(.object([]))
        #expect(Self.answer(of: world) == "400 PayloadEmpty")
        #expect(world.newestPush?.deliveryState == nil)
        let big = String(repeating: "a", count: 4500)
        try world.pushApp(.visible, title: big)
        #expect(Self.answer(of: world) == "413 PayloadTooLarge")
        try world.pushAppVoIP(caller: big)
        #expect(Self.answer(of: world) == "200")
        try world.pushAppVoIP(caller: String(repeating: "a", count: 5200))
        #expect(Self.answer(of: world) == "413 PayloadTooLarge")
        let rows: [(APNsHeaderOverrides, String)] = [
            (APNsHeaderOverrides(pushType: .other("alrt")), "400 InvalidPushType"),
            (APNsHeaderOverrides(priority: APNsPriority(7)), "400 BadPriority"),
            (APNsHeaderOverrides(expiration: .malformed), "400 BadExpirationDate"),
            (APNsHeaderOverrides(collapseID: String(repeating: "c", count: 65)), "400 BadCollapseId"),
            (APNsHeaderOverrides(pushType: .voip), "200"),
            (APNsHeaderOverrides(expiration: .omitted), "200"),
            (APNsHeaderOverrides(expiration: .past), "200"),
        ]
        for (headers, answer) in rows {
            try world.pushApp(.visible, title: "A", headers: headers)
            #expect(Self.answer(of: world) == answer, "\(headers.description)")
        }
    }

    @Test("a header row comes before the environment row")
    func firstMatch() throws {
        var world = try ProviderTests.world { $0.provider.environment = .sandbox }
        try world.pushApp(.visible, title: "A", headers: APNsHeaderOverrides(priority: APNsPriority(3)))
        #expect(Self.answer(of: world) == "400 BadPriority")
        try world.pushApp(.visible, title: "A")
        #expect(Self.answer(of: world) == "400 BadDeviceToken")
    }

    @Test("a JWT older than 60 min: 403 ExpiredProviderToken; bad-key: 403 InvalidProviderToken")
    func jwtAge() throws {
        var world = try ProviderTests.world { $0.provider.jwt = .never }
        try world.pushApp(.visible, title: "A")
        try world.wait(milliseconds: 60 * 60_000)
        try world.pushApp(.visible, title: "A")
        #expect(Self.answer(of: world) == "200")
        try world.wait(milliseconds: 1)
        try world.pushApp(.visible, title: "A")
        #expect(Self.answer(of: world) == "403 ExpiredProviderToken")
        var refreshed = try ProviderTests.world()
        for _ in 0..<4 {
            try refreshed.wait(milliseconds: 50 * 60_000)
            try refreshed.pushApp(.visible, title: "A")
            #expect(Self.answer(of: refreshed) == "200")
        }
        var bad = try ProviderTests.world { $0.provider.jwt = .badKey }
        try bad.pushApp(.visible, title: "A")
        #expect(Self.answer(of: bad) == "403 InvalidProviderToken")
    }

    @Test("a new JWT under 20 min after the current one was first used: 429 until 20 min after it; at exactly 20 min accepted")
    func jwtUpdates() throws {
        var world = try ProviderTests.world { $0.provider.jwt = .perRequest }
        try world.pushApp(.visible, title: "A")
        #expect(Self.answer(of: world) == "200")
        try world.pushApp(.visible, title: "B")
        #expect(Self.answer(of: world) == "429 TooManyProviderTokenUpdates")
        try world.apply("provider jwt never") { $0.provider.jwt = .never }
        try world.wait(milliseconds: 20 * 60_000 - 1)
        try world.pushApp(.visible, title: "C")
        #expect(Self.answer(of: world) == "429 TooManyProviderTokenUpdates")
        try world.wait(milliseconds: 1)
        try world.pushApp(.visible, title: "D")
        #expect(Self.answer(of: world) == "200")
        var edge = try ProviderTests.world { $0.provider.jwt = .refresh(20 * 60_000) }
        try edge.pushApp(.visible, title: "A")
        try edge.wait(milliseconds: 20 * 60_000)
        try edge.pushApp(.visible, title: "B")
        #expect(Self.answer(of: edge) == "200")
    }

    @Test("cert for another topic: 400 TopicDisallowed; for the app's topic no JWT is checked")
    func certificate() throws {
        var other = try ProviderTests.world { $0.provider.auth = .cert("com.other") }
        try other.pushApp(.visible, title: "A")
        #expect(Self.answer(of: other) == "400 TopicDisallowed")
        var own = try ProviderTests.world {
            $0.provider.auth = .cert("com.example.app")
            $0.provider.jwt = .badKey
        }
        try own.pushApp(.visible, title: "A")
        #expect(Self.answer(of: own) == "200")
    }

    @Test("SPEC §2.16 MissingTopic: no apns-topic with p8 or a multi-topic cert; a one-topic cert stands in; a list's other topic is TopicDisallowed")
    func missingTopic() throws {
        let multi = ProviderAuth.cert(["com.example.app", "com.example.app.voip"])
        let rows: [((inout Configuration) -> Void, String)] = [
            ({ $0.provider.topic = .omitted }, "400 MissingTopic"),
            ({ $0.provider.topic = .omitted; $0.provider.jwt = .badKey }, "403 InvalidProviderToken"),
            ({ $0.provider.topic = .omitted; $0.provider.auth = multi }, "400 MissingTopic"),
            ({ $0.provider.topic = .omitted; $0.provider.auth = .cert("com.example.app") }, "200"),
            ({ $0.provider.topic = .omitted; $0.provider.auth = .cert("com.other") }, "400 DeviceTokenNotForTopic"),
            ({ $0.provider.auth = multi }, "200"),
            ({ $0.provider.auth = .cert(["com.a", "com.b"]) }, "400 TopicDisallowed"),
            ({ $0.provider.topic = .bundleID }, "200"),
        ]
        for (k, (edit, expected)) in rows.enumerated() {
            var world = try ProviderTests.world(edit)
            try world.pushApp(.visible, title: "A")
            #expect(Self.answer(of: world) == expected, "row \(k)")
        }
        var voip = try ProviderTests.world {
            $0.provider.topic = .omitted
            $0.provider.auth = .cert("com.example.app.voip")
        }
        try voip.pushAppVoIP(caller: "A")
        #expect(Self.answer(of: voip) == "200")
    }

    @Test("a certificate's topics: at least one, none empty, each once")
    func certificateProblems() {
        #expect(ProviderAuth.certificateProblem([]) != nil)
        #expect(ProviderAuth.certificateProblem([""]) != nil)
        #expect(ProviderAuth.certificateProblem(["a", "b", "a"]) == "the topic \"a\" is listed twice")
        #expect(ProviderAuth.certificateProblem(Array(repeating: "a", count: 65)) != nil)
        #expect(ProviderAuth.certificateProblem(["a", "b"]) == nil)
    }

    @Test("PushKit token with the bare topic: TopicDisallowed; APNs token to .voip: DeviceTokenNotForTopic")
    func voipTopics() throws {
        var bare = try ProviderTests.world { $0.provider.topic = "com.example.app" }
        try bare.pushAppVoIP(caller: "A")
        #expect(Self.answer(of: bare) == "400 TopicDisallowed")
        var voipTopic = try ProviderTests.world { $0.provider.topic = "com.example.app.voip" }
        try voipTopic.pushApp(.visible, title: "A")
        #expect(Self.answer(of: voipTopic) == "400 DeviceTokenNotForTopic")
        var wrongEnvironment = try ProviderTests.world { $0.provider.environment = .sandbox }
        try wrongEnvironment.pushAppVoIP(caller: "A")
        #expect(Self.answer(of: wrongEnvironment) == "400 BadDeviceToken")
    }

    @Test("an inactive token: 200 and Discarded – Token Unregistered within the lag, then 410 with timestamp since + lag")
    func unregistered() throws {
        var world = try ProviderTests.world { $0.provider.onError = .keep }
        try world.wait(milliseconds: 5_000)
        try world.uninstall()
        try world.wait(milliseconds: 24 * 3_600_000)
        try world.pushApp(.visible, title: "A")
        #expect(Self.answer(of: world) == "200")
        #expect(world.newestPush?.deliveryState == "Discarded – Token Unregistered")
        try world.wait(milliseconds: 1)
        try world.pushApp(.visible, title: "B")
        #expect(Self.answer(of: world) == "410 Unregistered")
        let timestamp: Int64? = world.newestAPNsAnswer?.timestamp
        #expect(timestamp == 86_405_000)
    }

    @Test("apns device-rate N per D: 429 TooManyRequests past N accepted within D")
    func deviceRate() throws {
        var world = try ProviderTests.world { $0.apns.deviceRate = DeviceRate(count: 2, window: 60_000) }
        for _ in 0..<2 {
            try world.pushApp(.visible, title: "A")
            #expect(Self.answer(of: world) == "200")
        }
        try world.pushApp(.visible, title: "A")
        #expect(Self.answer(of: world) == "429 TooManyRequests")
        try world.wait(milliseconds: 60_000)
        try world.pushApp(.visible, title: "A")
        #expect(Self.answer(of: world) == "200")
    }

    @Test("every answer and every state is a line of the trace")
    func traced() throws {
        var world = try ProviderTests.world { $0.provider.environment = .sandbox }
        try world.pushApp(.visible, title: "A")
        #expect(world.trace.contains { $0.kind == .apns && $0.text == "p1 400 BadDeviceToken" })
        var offline = try ProviderTests.world()
        try offline.setNetwork(online: false)
        try offline.pushApp(.visible, title: "A")
        try offline.setNetwork(online: true)
        let lines = offline.trace.filter { $0.kind == .apns }.map(\.text)
        #expect(lines == ["p1 200, Stored – Device Offline", "p1 Delivered (From Storage)"])
    }
}
