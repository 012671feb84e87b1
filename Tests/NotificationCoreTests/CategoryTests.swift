import Testing

@testable import NotificationCore

/// docs/APP.md "Categories and actions".
@Suite("Categories and actions")
struct CategoryTests {
    static func configuration(_ edit: (inout Configuration) -> Void = { _ in }) -> Configuration {
        var c = Configuration()
        c.categories = [
            NotificationCategory(name: "chat", actions: ["reply", "open", "delete"]),
            NotificationCategory(name: "promo", actions: ["open"]),
        ]
        c.actions = [
            NotificationAction(name: "reply", kind: .textInput),
            NotificationAction(name: "open", kind: .foreground),
            NotificationAction(name: "delete", kind: .background, authRequired: true),
        ]
        c.host.registersCategories = HostCategories(categories: ["chat"], when: .atLaunch)
        edit(&c)
        return c
    }

    @Test("each call replaces the registry: the host at launch, then a proxy")
    func replaced() throws {
        var world = try World(configuration: Self.configuration())
        #expect(world.registeredCategories == ["chat"])
        var proxied = Self.configuration {
            var proxy = DelegateProxy(name: "P", behaviour: .forwards)
            proxy.registersCategories = ["promo"]
            $0.proxies = [proxy]
        }
        world = try World(configuration: proxied)
        #expect(world.registeredCategories == ["promo"])
        try world.launch(.background)
        try world.pushApp(.visible, title: "A", category: "chat")
        #expect(throws: CoreError.self) { try world.tapAction("reply", on: .newest) }
        #expect(world.banners.count == 1)
        proxied.host.registersCategories?.when = .after(milliseconds: 2_000)
        world = try World(configuration: proxied)
        #expect(world.registeredCategories == ["chat"], "the install runs the timed setup")
        try world.launch(.killed)
        try world.launch(.background)
        #expect(world.registeredCategories == ["promo"])
        try world.wait(milliseconds: 2_000)
        #expect(world.registeredCategories == ["chat"])
    }

    @Test("a background action runs where the app is, launching a stopped app into the background")
    func background() throws {
        for state in [AppState.foreground, .background, .killed, .terminated] {
            var world = try World(configuration: Self.configuration())
            try world.launch(state == .foreground ? .foreground : .background)
            try world.pushApp(.visible, title: "A", category: "chat")
            if state == .killed || state == .terminated { try world.launch(state) }
            try world.tapAction("reply", on: .newest, text: "ok")
            #expect(world.appState == (state == .foreground ? .foreground : .background), "\(state)")
            #expect(world.newestAction == ActionRecord(name: "reply", text: "ok", received: true), "\(state)")
            #expect(world.banners.isEmpty)
        }
    }

    @Test("a response to a stopped app goes to the delegate assigned during launch")
    func lostAtStart() throws {
        var world = try World(configuration: Self.configuration { $0.delegateAssignment = .atStart })
        try world.launch(.killed)
        try world.pushApp(.visible, title: "A", category: "chat")
        try world.tapAction("reply", on: .newest)
        #expect(world.newestAction?.received == false)
    }

    @Test("foreground and auth-required actions on a locked device wait for the unlock")
    func locked() throws {
        for (action, state) in [("open", AppState.foreground), ("delete", .background)] {
            var world = try World(configuration: Self.configuration())
            try world.launch(.background)
            try world.lock()
            try world.pushApp(.visible, title: "A", category: "chat")
            try world.tapAction(action, on: .newest)
            #expect(world.newestAction?.received == false)
            try world.unlock()
            #expect(world.newestAction?.received == true)
            #expect(world.appState == state)
        }
    }

    @Test("an action not in the category, text on a non-text action, a push with no category: refused, nothing changes")
    func refused() throws {
        var world = try World(configuration: Self.configuration())
        try world.launch(.background)
        try world.pushApp(.visible, title: "A", category: "chat")
        try world.pushApp(.visible, title: "B")
        let before = world
        #expect(throws: CoreError.self) { try world.tapAction("reply", on: .newest) }
        #expect(throws: CoreError.self) { try world.tapAction("nope", on: .nth(2)) }
        #expect(throws: CoreError.self) { try world.tapAction("open", on: .nth(2), text: "x") }
        #expect(world == before)
    }

    @Test("a category naming an undeclared action, a host registering an undeclared category: invalid")
    func undeclared() {
        #expect(throws: CoreError.self) {
            try World(configuration: Self.configuration { $0.categories[0].actions.append("ghost") })
        }
        #expect(throws: CoreError.self) {
            try World(configuration: Self.configuration { $0.host.registersCategories?.categories = ["ghost"] })
        }
    }
}
