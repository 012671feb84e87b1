import Testing

@testable import NotificationCore

@Suite("Clock and scheduler")
struct SchedulerTests {
    @Test("events run in time order, same-time events in scheduling order")
    func order() {
        var scheduler = Scheduler()
        scheduler.schedule(.extensionExpired(pushID: "a"), at: 30)
        scheduler.schedule(.extensionFinished(pushID: "b"), at: 10)
        scheduler.schedule(.extensionFinished(pushID: "c"), at: 30)
        scheduler.schedule(.extensionFinished(pushID: "d"), at: 10)
        var seen: [ScheduledEvent] = []
        while let entry = scheduler.popDue(atOrBefore: 30) { seen.append(entry.event) }
        #expect(
            seen == [
                .extensionFinished(pushID: "b"), .extensionFinished(pushID: "d"), .extensionExpired(pushID: "a"),
                .extensionFinished(pushID: "c"),
            ])
    }

    @Test("only events due at or before the time run")
    func due() {
        var scheduler = Scheduler()
        scheduler.schedule(.extensionFinished(pushID: "a"), at: 5)
        #expect(scheduler.popDue(atOrBefore: 4) == nil)
        #expect(scheduler.popDue(atOrBefore: 5)?.event == .extensionFinished(pushID: "a"))
    }

    @Test("wait moves the clock; events run at their own time")
    func waitRunsEventsAtTheirTime() throws {
        var world = try kindlyWorld(.kindly)
        try world.apply(.extensionDelay(milliseconds: 1500))
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest(title: "Anna"))
        #expect(world.banners.isEmpty)
        try world.wait(milliseconds: 1499)
        #expect(world.banners.isEmpty)
        try world.wait(milliseconds: 10_000)
        #expect(world.now == 11_499)
        let shown = try #require(world.trace.first { $0.kind == .bannerShown })
        #expect(shown.time == 1500)
    }

    @Test("durations and timestamps are written as scenarios write them")
    func formats() {
        #expect(TimeFormat.duration(61_000) == "1m1s")
        #expect(TimeFormat.duration(60_000) == "1m")
        #expect(TimeFormat.duration(59_000) == "59s")
        #expect(TimeFormat.duration(500) == "500ms")
        #expect(TimeFormat.duration(3_600_000) == "1h")
        #expect(TimeFormat.timestamp(61_005) == "61.005s")
    }

    @Test("wait rejects a negative duration and leaves the world unchanged")
    func negativeWait() throws {
        var world = try kindlyWorld()
        let before = world
        #expect(throws: CoreError.self) { try world.wait(milliseconds: -1) }
        #expect(world == before)
    }
}
