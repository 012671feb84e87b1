import Testing

@testable import Edna
@testable import Kindly
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

    // The queue is a heap: orders that make it reorder, and cancelled events.

    @Test("many events: time order, then scheduling order") func timeOrderThenSchedulingOrder() {
        var queue = Scheduler()
        // Times that make a heap reorder: ties, earlier after later, many of one time.
        let times: [Int64] = [30, 20, 30, 10, 20, 30, 0, 10, 30, 5, 20, 30, 0]
        for (i, time) in times.enumerated() { queue.schedule(.apnsExpired(pushID: "p\(i)"), at: time) }
        var ran: [String] = []
        while let entry = queue.popDue(atOrBefore: 100) {
            if case .apnsExpired(let id) = entry.event { ran.append(id) }
        }
        let expected = times.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }.map {
            "p\($0.offset)"
        }
        #expect(ran == expected)
    }

    @Test("a cancelled event never runs") func onlyWhatIsDueAndNotCancelled() {
        var queue = Scheduler()
        let a = queue.schedule(.extensionFinished(pushID: "p1"), at: 10)
        queue.schedule(.extensionExpired(pushID: "p1"), at: 30)
        queue.schedule(.apnsExpired(pushID: "p2"), at: 10)
        queue.cancel(sequence: a)
        #expect(queue.popDue(atOrBefore: 9) == nil)
        #expect(queue.popDue(atOrBefore: 10)?.event == .apnsExpired(pushID: "p2"))
        #expect(queue.popDue(atOrBefore: 10) == nil)
        queue.cancel { $0 == .extensionExpired(pushID: "p1") }
        #expect(queue.popDue(atOrBefore: 100) == nil)
        #expect(queue.entries.isEmpty)
    }

    @Test("queues with the same pending events are equal") func equalWhenTheSamePendingEvents() {
        // One queue cancelled an event, the other never had it: the same pending events.
        var a = Scheduler()
        var b = Scheduler()
        let extra = a.schedule(.apnsExpired(pushID: "p9"), at: 5)
        b.schedule(.apnsExpired(pushID: "p8"), at: 5)
        a.cancel(sequence: extra)
        b.cancel { $0 == .apnsExpired(pushID: "p8") }
        a.schedule(.extensionExpired(pushID: "p1"), at: 30)
        b.schedule(.extensionExpired(pushID: "p1"), at: 30)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }

    @Test("a finished extension leaves no deadline behind") func aFinishedExtensionLeavesNoDeadlineBehind() throws {
        var world = try kindlyWorld(.kindly)
        try world.launch(.background)
        for _ in 0..<5 { try world.pushKindly(KindlyPushRequest(type: .visible)) }
        #expect(world.scheduler.entries.isEmpty)
    }
}
