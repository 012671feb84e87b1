import Testing

@testable import NotificationCore

/// docs/VOIP.md: PushKit registries, CallKit reports, the 7 s wait and the strikes.
@Suite("VoIP and PushKit")
struct VoIPTests {
    @Test("a VoIP push launches a not-running app, force-quit too, into the background, and CallKit shows the call")
    func launches() throws {
        for state in [AppState.killed, .terminated] {
            var world = try ProviderTests.world()
            try world.launch(state)
            try world.pushAppVoIP(caller: "A")
            #expect(world.appState == .background)
            #expect(world.hasIncomingCall)
            #expect(world.newestPush?.headers?.pushType == .voip)
            #expect(world.newestPush?.headers?.priority == .immediate)
        }
    }

    @Test("the reports-call table: never or late kills an app not in the foreground with a strike; the foreground needs no report")
    func reports() throws {
        for reporting in [CallReporting.atOnce, .late(2_000), .never] {
            for state in [AppState.background, .foreground] {
                var world = try ProviderTests.world { $0.host.reportsCall = reporting }
                try world.launch(state)
                try world.pushAppVoIP(caller: "A")
                let killed = reporting != .atOnce && state == .background
                #expect((world.newestCrash != nil) == killed, "\(reporting) \(state)")
                #expect(world.hasIncomingCall == (reporting == .atOnce), "\(reporting) \(state)")
                #expect(world.voip.strikes == (killed ? 1 : 0))
            }
        }
    }

    @Test("no registry yet: one within 7 s gets the push; otherwise killed 7 s after delivery (0xbaadca11)")
    func noRegistryYet() throws {
        for (delay, killed) in [(Int64(6_999), false), (7_000, false), (7_001, true)] {
            var world = try ProviderTests.world { $0.host.pushkit = .after(delay) }
            try world.launch(.terminated)
            try world.pushAppVoIP(caller: "A")
            try world.wait(milliseconds: 7_000)
            if killed {
                #expect(world.newestCrash?.hasPrefix("0xbaadca11") == true, "\(delay)")
            } else {
                #expect(world.hasIncomingCall, "\(delay)")
            }
        }
    }

    @Test("host pushkit never: no PushKit token, push app voip is a step error and changes nothing")
    func never() throws {
        var world = try ProviderTests.world { $0.host.pushkit = .never }
        let before = world
        #expect(throws: CoreError.self) { try world.pushAppVoIP(caller: "A") }
        #expect(world == before)
    }

    @Test("three strikes in a row block VoIP launches until reinstall; a reported call resets the count")
    func strikes() throws {
        var world = try ProviderTests.world { $0.host.reportsCall = .never }
        try world.launch(.terminated)
        for _ in 0..<2 { try world.pushAppVoIP(caller: "A") }
        try world.apply("host reports-call at-once") { $0.host.reportsCall = .atOnce }
        try world.pushAppVoIP(caller: "A")
        #expect(world.voip.strikes == 0)
        try world.launch(.terminated)
        try world.apply("host reports-call never") { $0.host.reportsCall = .never }
        for _ in 0..<3 { try world.pushAppVoIP(caller: "A") }
        #expect(world.voipBlocked)
        try world.pushAppVoIP(caller: "B")
        #expect(world.appState == .terminated)
        #expect(world.newestPush?.deliveryState == "Delivered")
        #expect(world.newestPush?.delivered == false)
        try world.reinstall()
        #expect(!world.voipBlocked)
    }
}
