import Testing

@testable import NotificationCore

/// docs/PROVIDER.md: build kinds, the provider's environment and topic, APNs's answers, the
/// server's error policy.
@Suite("The provider side")
struct ProviderTests {
    static func world(_ edit: (inout Configuration) -> Void = { _ in }) throws -> World {
        var c = Configuration()
        edit(&c)
        return try World(configuration: c)
    }

    @Test("a build signs its environment; app environment overrides it")
    func environments() {
        var c = Configuration()
        #expect(c.environment == .production)
        c.build = .xcode
        #expect(c.environment == .sandbox)
        c.build = .testflight
        #expect(c.environment == .production)
        c.appEnvironment = .sandbox
        #expect(c.environment == .sandbox)
    }

    @Test("the other environment: 400 BadDeviceToken; another topic: 400 DeviceTokenNotForTopic; else 200")
    func answers() throws {
        let rows: [((inout Configuration) -> Void, APNsAnswer)] = [
            ({ _ in }, APNsAnswer(status: 200)),
            ({ $0.build = .xcode }, APNsAnswer(status: 400, reason: "BadDeviceToken")),
            ({ $0.provider.environment = .sandbox }, APNsAnswer(status: 400, reason: "BadDeviceToken")),
            ({ $0.provider.topic = "com.other" }, APNsAnswer(status: 400, reason: "DeviceTokenNotForTopic")),
            (
                {
                    $0.build = .xcode
                    $0.provider.environment = .sandbox
                }, APNsAnswer(status: 200)
            ),
        ]
        for (edit, answer) in rows {
            var world = try Self.world(edit)
            try world.pushApp(.visible, title: "A")
            #expect(world.newestAPNsAnswer == answer, "\(world.configuration.differences())")
        }
    }

    @Test("delete-token deletes the token on a 400 naming it; keep and delete-on-410 keep it")
    func onError() throws {
        for policy in ProviderOnError.allCases {
            var world = try Self.world {
                $0.provider.environment = .sandbox
                $0.provider.onError = policy
            }
            try world.pushApp(.visible, title: "A")
            #expect((world.appServerToken == nil) == (policy == .deleteToken), "\(policy)")
            try world.apply(.providerEnvironment(.production))
            try world.pushApp(.visible, title: "B")
            #expect((world.newestPush?.sent == nil) == (policy == .deleteToken), "\(policy)")
        }
    }

    @Test("a registration after the deletion gives the server the token again")
    func registerAgain() throws {
        var world = try Self.world {
            $0.provider.topic = "com.other"
            $0.provider.onError = .deleteToken
        }
        try world.pushApp(.visible, title: "A")
        #expect(world.appServerTokenIsCurrent == nil)
        try world.register()
        #expect(world.appServerTokenIsCurrent == true)
    }

    @Test("delivery states: delivered, stored, from storage, expired, disabled, received")
    func deliveryStates() throws {
        var world = try Self.world { _ in }
        try world.pushApp(.visible, title: "A")
        #expect(world.newestPush?.deliveryState == "Delivered")
        try world.setNetwork(online: false)
        try world.pushApp(.visible, title: "B")
        #expect(world.newestPush?.deliveryState == "Stored – Device Offline")
        try world.setNetwork(online: true)
        #expect(world.newestPush?.deliveryState == "Delivered (From Storage)")
        try world.setNetwork(online: false)
        try world.pushApp(.visible, title: "C", headers: APNsHeaderOverrides(expiration: .after(0)))
        #expect(world.newestPush?.deliveryState == "Discarded – Expired")
        try world.setNetwork(online: true)
        try world.pushApp(.visible, title: "D", headers: APNsHeaderOverrides(pushType: .background))
        #expect(world.newestPush?.deliveryState == "Received")
        var denied = try Self.world { $0.authorization = .denied }
        try denied.pushApp(.visible, title: "A")
        #expect(denied.newestPush?.deliveryState == "Discarded – Disabled")
        try denied.apply(.providerEnvironment(.sandbox))
        try denied.pushApp(.visible, title: "B")
        #expect(denied.newestPush?.deliveryState == nil)
    }
}
