// The discrete-event queue: events due later, run by `wait` in time order, then scheduling order.

/// Something the world will do later by itself.
enum ScheduledEvent: Hashable, Sendable {
    /// The service extension working on this push finishes.
    case extensionFinished(pushID: String)
    /// iOS's 30 s deadline for the extension working on this push.
    case extensionExpired(pushID: String)
    /// APNs' storage of this push (held while the device is offline) expires.
    case apnsExpired(pushID: String)
    /// A later step of the edna model.
    case edna(EdnaScheduledEvent)
}

/// A time-ordered queue. Events due at the same time keep the order they were scheduled in.
struct Scheduler: Hashable, Sendable {
    struct Entry: Hashable, Sendable {
        var time: Int64
        var sequence: Int64
        var event: ScheduledEvent
    }

    /// Sorted by (time, sequence).
    private(set) var entries: [Entry] = []
    private var nextSequence: Int64 = 0

    mutating func schedule(_ event: ScheduledEvent, at time: Int64) {
        let entry = Entry(time: time, sequence: nextSequence, event: event)
        nextSequence += 1
        // After every entry due at or before `time`: same-time events keep scheduling order.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        entries.insert(entry, at: low)
    }

    /// Removes and returns the earliest entry due at or before `time`.
    mutating func popDue(atOrBefore time: Int64) -> Entry? {
        guard let first = entries.first, first.time <= time else { return nil }
        return entries.removeFirst()
    }

    /// Removes every entry whose event matches.
    mutating func cancel(where matches: (ScheduledEvent) -> Bool) {
        entries.removeAll { matches($0.event) }
    }
}
