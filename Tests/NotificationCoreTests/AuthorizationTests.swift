import Testing

@testable import NotificationCore

/// docs/APP.md "Authorization, Focus and the summary".
@Suite("Authorization, levels, Focus and the summary")
struct AuthorizationTests {
    static func world(_ edit: (inout Configuration) -> Void) throws -> World {
        var c = Configuration()
        c.serviceExtension = .other
        edit(&c)
        var world = try World(configuration: c)
        try world.launch(.background)
        return world
    }

    @Test("not-determined and denied: no alert, no extension, no badge; a wake still reaches the app")
    func unauthorized() throws {
        for answer in [Authorization.notDetermined, .denied] {
            var world = try Self.world { $0.authorization = answer }
            try world.pushApp(.visible, title: "A", badge: 2)
            #expect(world.banners.isEmpty)
            #expect(world.badge == 0)
            #expect(!world.traced("extension for p1"))
            try world.pushApp(.silent)
            #expect(world.newestPush?.delivered == true)
        }
    }

    @Test("provisional: list only, no sound, no badge; Deliver Prominently turns on what was requested")
    func provisional() throws {
        var world = try Self.world { $0.authorization = .provisional(requests: [.alert]) }
        try world.pushApp(.visible, title: "A", badge: 2, sound: "default")
        #expect(world.banners.last?.presentation == .list)
        #expect(world.banners.last?.sound == nil)
        #expect(world.badge == 0)
        try world.userSetsNotifications(enabled: true)
        #expect(world.configuration.authorization == .authorized)
        try world.pushApp(.visible, title: "B", badge: 2, sound: "default")
        #expect(world.banners.last?.presentation == .banner)
        #expect(world.banners.last?.sound == nil)
        #expect(world.badge == 0)
    }

    @Test("settings: banners off lists, both places off is not kept, all three off is nothing")
    func settings() throws {
        var world = try Self.world { $0.settings[.banners] = false }
        try world.pushApp(.visible, title: "A")
        #expect(world.banners.last?.presentation == .list)
        world = try Self.world {
            $0.settings[.lockScreen] = false
            $0.settings[.notificationCenter] = false
        }
        try world.pushApp(.visible, title: "A")
        #expect(world.banners.isEmpty)
        world = try Self.world {
            $0.settings[.banners] = false
            $0.settings[.lockScreen] = false
            $0.settings[.notificationCenter] = false
        }
        try world.pushApp(.visible, title: "A")
        #expect(world.banners.isEmpty)
        #expect(!world.traced("extension for p1"))
    }

    @Test("each level × neither, Focus, summary, as the table says")
    func levels() throws {
        typealias Row = (InterruptionLevel, [Presentation])
        let rows: [Row] = [
            (.passive, [.list, .list, .summary]), (.active, [.banner, .list, .summary]),
            (.timeSensitive, [.banner, .banner, .banner]), (.critical, [.banner, .banner, .banner]),
        ]
        for (level, expected) in rows {
            for (column, want) in expected.enumerated() {
                let world = try {
                    var world = try Self.world {
                        $0.entitlements = [.timeSensitive, .criticalAlerts]
                        if column == 1 { $0.focus = .on(allowsApp: false, noTimeSensitive: false) }
                        if column == 2 { $0.summary = true }
                    }
                    try world.pushApp(.visible, title: "A", level: level, sound: "s")
                    return world
                }()
                #expect(world.banners.last?.presentation == want, "\(level) column \(column)")
                #expect((world.banners.last?.sound != nil) == (want == .banner), "\(level) column \(column)")
            }
        }
    }

    @Test("without its entitlement, time-sensitive and critical act as active")
    func withoutEntitlement() throws {
        for level in [InterruptionLevel.timeSensitive, .critical] {
            var world = try Self.world { $0.focus = .on(allowsApp: false, noTimeSensitive: false) }
            try world.pushApp(.visible, title: "A", level: level, sound: "s")
            #expect(world.banners.last?.presentation == .list, "\(level)")
        }
    }

    @Test("disabling keeps delivered notifications; permission after install is the same switch")
    func disable() throws {
        var world = try Self.world { _ in }
        try world.pushApp(.visible, title: "A")
        try world.userSetsNotifications(enabled: false)
        try world.pushApp(.visible, title: "B")
        #expect(world.banners.map(\.title) == ["A"])
        try world.apply(.permission(.granted))
        try world.pushApp(.visible, title: "C")
        #expect(world.banners.count == 2)
    }

    @Test("the summary says what differs: authorization, settings, Focus, the summary, the badge, categories, APNs's answer")
    func summary() throws {
        var world = try Self.world {
            $0.authorization = .provisional(requests: [.alert])
            $0.summary = true
            $0.settings[.sounds] = false
        }
        try world.pushApp(.visible, title: "A", badge: 2)
        let text = world.summary
        #expect(text.contains("authorization provisional requests alert, setting sounds off, summary on"))
        #expect(text.contains("(list)"))
        #expect(text.contains("APNs 200, Delivered"))
        #expect(!text.contains("icon badge"), "provisional sets no badge")
    }
}
