import Testing

@testable import NotificationCore

/// docs/APP.md "Badges and the app group", "Removing delivered notifications", "Wake completion".
@Suite("App groups, removals and wake completion")
struct AppGroupTests {
    static func app(_ edit: (inout Configuration) -> Void) throws -> World {
        var configuration = Configuration()
        configuration.serviceExtension = .other
        edit(&configuration)
        return try World(configuration: configuration)
    }

    @Test("a target uses the first group that lists it, else its own container")
    func containers() {
        var c = Configuration()
        #expect(c.container(of: .app) == "app container")
        #expect(c.container(of: .extension) == "extension container")
        c.appGroups = [AppGroup(name: "g.ext", members: .extension), AppGroup(name: "g", members: .both)]
        #expect(c.container(of: .app) == "group \"g\"")
        #expect(c.container(of: .extension) == "group \"g.ext\"")
    }

    @Test("the extension's count replaces the payload's badge; a shared group's reset reaches it")
    func sharedCount() throws {
        var world = try Self.app {
            $0.extensionIncrementsBadge = true
            $0.appGroups = [AppGroup(name: "g", members: .both)]
            $0.host.resetsBadge = .onOpen
        }
        try world.launch(.background)
        try world.pushApp(.visible, title: "A", badge: 9)
        try world.pushApp(.visible, title: "B")
        #expect(world.badge == 2)
        #expect(world.badgeCount(in: "group \"g\"") == 2)
        try world.launch(.foreground)
        #expect(world.badge == 0)
        #expect(world.banners.isEmpty)
        #expect(world.badgeCount(in: "group \"g\"") == 0)
        try world.launch(.background)
        try world.pushApp(.visible, title: "C")
        #expect(world.badge == 1)
    }

    @Test("separate containers, or icon-only: the count goes on from where it was")
    func separateCount() throws {
        for edit in [
            { (c: inout Configuration) in c.host.resetsBadge = .onOpen },
            { (c: inout Configuration) in
                c.host.resetsBadge = .iconOnly
                c.appGroups = [AppGroup(name: "g", members: .both)]
            },
        ] {
            var world = try Self.app {
                $0.extensionIncrementsBadge = true
                edit(&$0)
            }
            try world.launch(.background)
            try world.pushApp(.visible, title: "A")
            try world.launch(.foreground)
            #expect(world.badge == 0)
            try world.launch(.background)
            try world.pushApp(.visible, title: "B")
            #expect(world.badge == 2)
        }
    }

    @Test("an icon already at 0: the reset leaves the center")
    func resetAtZero() throws {
        var world = try Self.app { $0.host.resetsBadge = .onOpen }
        try world.launch(.background)
        try world.pushRaw(["aps": ["alert": "Hi"]])
        try world.launch(.foreground)
        #expect(world.banners.count == 1)
    }

    @Test("increments-badge and removes-delivered need an extension")
    func needsExtension() {
        var c = Configuration()
        c.extensionIncrementsBadge = true
        #expect(throws: CoreError.self) { try World(configuration: c) }
        c.extensionIncrementsBadge = false
        c.extensionRemovesDelivered = true
        #expect(throws: CoreError.self) { try World(configuration: c) }
    }

    @Test("the host removes by collapse id, thread or all, only when iOS calls it")
    func hostRemoves() throws {
        var world = try World(configuration: {
            var c = Configuration()
            c.host.removesDelivered = .onSilent
            return c
        }())
        try world.launch(.background)
        try world.pushApp(.visible, title: "A", headers: APNsHeaderOverrides(collapseID: "m1"))
        try world.pushApp(.visible, title: "B", thread: "t")
        try world.pushApp(.visible, title: "C")
        try world.pushApp(.silent, removes: .id("m1"))
        #expect(world.banners.map(\.title) == ["B", "C"])
        try world.pushApp(.silent, removes: .thread("t"))
        #expect(world.banners.map(\.title) == ["C"])
        try world.launch(.killed)
        try world.pushApp(.silent, removes: .all)
        #expect(world.banners.map(\.title) == ["C"])
        try world.launch(.background)
        try world.pushApp(.silent, removes: .all)
        #expect(world.banners.isEmpty)
    }

    @Test("a removal push carries content-available and its removes key")
    func removalPayload() throws {
        var world = try World(configuration: Configuration())
        try world.pushApp(.visible, title: "A", thread: "t", removes: .thread("t"))
        let payload = try #require(world.newestPush?.payload)
        #expect(payload["aps"]?["content-available"]?.integerValue == 1)
        #expect(payload["aps"]?["thread-id"]?.stringValue == "t")
        #expect(payload["removes"]?["thread"]?.stringValue == "t")
        #expect(Removal.of(payload) == .thread("t"))
        #expect(Removal.of(["removes": "all"]) == .all)
        #expect(Removal.of(["removes": 3]) == nil)
    }

    @Test("the extension removes; nothing shown only with the filtering entitlement")
    func extensionRemoves() throws {
        for (filtering, shown) in [(true, 0), (false, 1)] {
            var world = try Self.app {
                $0.extensionRemovesDelivered = true
                if filtering { $0.entitlements = [.filtering] }
            }
            try world.launch(.background)
            try world.pushApp(.visible, title: "A", headers: APNsHeaderOverrides(collapseID: "m1"))
            try world.launch(.killed)
            try world.pushApp(.visible, title: "Read", removes: .id("m1"))
            #expect(world.banners.count == shown)
            #expect(!world.banners.contains { $0.title == "A" })
        }
    }

    @Test("a wake not completed within 30s ends a background process and counts twice")
    func wakeKilled() throws {
        for (completion, killed) in [
            (FetchCompletion.never, true), (.after(milliseconds: 30_001), true), (.after(milliseconds: 30_000), false),
            (.newData, false), (.noData, false),
        ] {
            var c = Configuration()
            c.host.completesFetch = completion
            var world = try World(configuration: c)
            try world.launch(.background)
            try world.pushApp(.silent)
            try world.wait(milliseconds: 29_999)
            #expect(world.appState == .background)
            try world.wait(milliseconds: 1)
            #expect(world.appState == (killed ? .terminated : .background), "\(completion)")
            #expect(world.device.silentDeliveries.count == (killed ? 2 : 1), "\(completion)")
        }
    }

    @Test("a fetch handler called twice crashes the app")
    func neutered() throws {
        var c = Configuration()
        c.host.completesFetch = .twice
        var world = try World(configuration: c)
        try world.launch(.background)
        #expect(world.newestCrash == nil)
        try world.pushApp(.silent)
        #expect(world.appState == .terminated)
        #expect(world.newestCrash?.contains("this request has been neutered") == true)
    }
}
