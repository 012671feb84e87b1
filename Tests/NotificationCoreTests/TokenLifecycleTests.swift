import Testing

@testable import NotificationCore

/// docs/PROVIDER.md "Tokens": generations, the lifecycle actions, the register and upload
/// policies, and what the server does with a 410.
@Suite("The token's lifecycle")
struct TokenLifecycleTests {
    @Test("uninstall: the app, its notifications, badge and cache go; its token goes inactive; nothing can launch it")
    func uninstall() throws {
        var world = try ProviderTests.world()
        try world.launch(.background)
        try world.pushApp(.visible, title: "A", badge: 2)
        #expect(world.banners.count == 1)
        try world.uninstall()
        #expect(world.banners.isEmpty)
        #expect(world.badge == 0)
        #expect(world.appState == .killed)
        #expect(!world.isInstalled)
        #expect(world.appServerTokenIsCurrent == false)
        let before = world
        #expect(throws: CoreError.self) { try world.launch(.foreground) }
        #expect(throws: CoreError.self) { try world.uninstall() }
        #expect(world == before)
    }

    @Test("reinstall: never launched; the next registration is a new generation")
    func reinstall() throws {
        var world = try ProviderTests.world()
        let old = try #require(world.deviceToken)
        try world.reinstall()
        #expect(world.appState == .killed)
        #expect(world.installation == 2)
        #expect(world.appServerTokenIsCurrent == false)
        try world.launch(.foreground)
        let new = try #require(world.deviceToken)
        #expect(new != old)
        #expect(world.appServerTokenIsCurrent == true)
    }

    @Test("restore new-device: terminated, a new generation, the cached token restored, the center empty")
    func restore() throws {
        var world = try ProviderTests.world()
        try world.pushApp(.visible, title: "A")
        try world.restoreNewDevice()
        #expect(world.appState == .terminated)
        #expect(world.banners.isEmpty)
        #expect(world.installation == 2)
        #expect(world.device.cachedToken != nil)
        #expect(world.appServerTokenIsCurrent == false)
        try world.launch(.foreground)
        #expect(world.appServerTokenIsCurrent == true)
    }

    @Test("host registers first-launch: after a restore the app never registers; the token stays stale")
    func firstLaunch() throws {
        var world = try ProviderTests.world { $0.host.registers = .firstLaunch }
        try world.restoreNewDevice()
        try world.launch(.foreground)
        #expect(world.appServerTokenIsCurrent == false)
        #expect(world.deviceToken == nil)
        var reinstalled = try ProviderTests.world { $0.host.registers = .firstLaunch }
        try reinstalled.reinstall()
        try reinstalled.launch(.foreground)
        #expect(reinstalled.appServerTokenIsCurrent == true)
    }

    @Test("host uploads-token if-changed: a token the server deleted is never sent again; always sends it at the next launch")
    func ifChanged() throws {
        for upload in TokenUpload.allCases {
            var world = try ProviderTests.world {
                $0.host.uploadsToken = upload
                $0.provider.environment = .sandbox
                $0.provider.onError = .deleteToken
            }
            try world.pushApp(.visible, title: "A")
            #expect(world.appServerToken == nil)
            try world.launch(.killed)
            try world.launch(.foreground)
            #expect((world.appServerToken == nil) == (upload == .ifChanged), "\(upload)")
        }
    }

    @Test("delete-on-410 deletes on a 410 whose timestamp is after the upload; keep keeps it")
    func deleteOn410() throws {
        for policy in ProviderOnError.allCases {
            var world = try ProviderTests.world { $0.provider.onError = policy }
            try world.uninstall()
            try world.wait(milliseconds: 2 * 24 * 3_600_000)
            try world.pushApp(.visible, title: "A")
            #expect(world.newestAPNsAnswer?.status == 410)
            #expect((world.appServerToken == nil) == (policy != .keep), "\(policy)")
        }
        // A token uploaded after the 410's timestamp (a clock the server reads as later) is
        // kept: the upload at time 0 and a lag of 0 put the timestamp at the upload itself.
        var same = try ProviderTests.world { $0.apns.unregisterLag = 0 }
        try same.uninstall()
        try same.wait(milliseconds: 1)
        try same.pushApp(.visible, title: "A")
        #expect(same.newestAPNsAnswer?.timestamp == 0)
        #expect(same.appServerToken != nil)
    }

    @Test("every launch of an app of its own registers by default")
    func everyLaunch() throws {
        var world = try ProviderTests.world()
        try world.launch(.killed)
        try world.launch(.background)
        #expect(world.traced("host registers every-launch"))
    }
}
