// The discrete-event queue: events due later, run by `wait` in time order, then scheduling order.

/// Something the world will do later by itself.
enum ScheduledEvent: Hashable, Sendable {
    /// The service extension working on this push finishes.
    case extensionFinished(pushID: String)
    /// iOS's 30 s deadline for the extension working on this push.
    case extensionExpired(pushID: String)
    /// APNs' storage of this push (held while the device is offline) expires.
    case apnsExpired(pushID: String)
    /// A delaying proxy calls the next link of the delegate chain for a call of this process.
    case chainResumes(process: Int, call: Int, link: Int)
    /// The host's own delegate calls a completion handler it kept (`own-completes after D`).
    case delegateCompletes(process: Int, call: Int)
    /// iOS's 30 s for a background wake whose fetch completion handler was not called.
    case wakeExpires(process: Int, pushID: String, wake: Int64, counted: Bool)
    /// The host's `setNotificationCategories` call `after D` in this process.
    case categoriesRegistered(process: Int)
    /// A delaying proxy passes the device token to the app.
    case tokenReachesApp(process: Int)
    /// A push APNs held for power reasons expires.
    case powerHoldExpired(pushID: String)
    /// The host creates its `PKPushRegistry` (`host pushkit after D`) in this process.
    case pushKitRegistry(process: Int)
    /// callservicesd's 7 s for a VoIP push no registry took.
    case voipUnclaimed(process: Int, pushID: String)
    /// The host reports a VoIP push's call late (`host reports-call late D`, in the foreground).
    case lateCallReport(process: Int, pushID: String)
}

/// A time-ordered queue. Events due at the same time keep the order they were scheduled in.
///
/// A binary min-heap on (time, sequence): scheduling and taking the earliest event cost
/// O(log n) however many are pending, and the order is total, so two queues given the same
/// calls run their events in the same order. A cancelled event stays in the heap, marked,
/// until it reaches the top (or until the marked ones are half the heap, when they are
/// swept out); two queues are equal when they hold the same pending events.
struct Scheduler: Sendable {
    struct Entry: Hashable, Sendable {
        var time: Int64
        var sequence: Int64
        var event: ScheduledEvent

        /// Whether this entry runs before `other`.
        func precedes(_ other: Entry) -> Bool {
            time != other.time ? time < other.time : sequence < other.sequence
        }
    }

    /// A heap: every entry precedes its children (`2i + 1`, `2i + 2`).
    private var heap: [Entry] = []
    /// The sequence numbers of the cancelled entries still in `heap`.
    private var cancelled: Set<Int64> = []
    private var nextSequence: Int64 = 0

    /// The pending entries in the order they will run.
    var entries: [Entry] {
        heap.filter { !cancelled.contains($0.sequence) }.sorted { $0.precedes($1) }
    }

    /// Schedules `event` at `time`; returns its sequence number, for ``cancel(sequence:)``.
    @discardableResult
    mutating func schedule(_ event: ScheduledEvent, at time: Int64) -> Int64 {
        let entry = Entry(time: time, sequence: nextSequence, event: event)
        nextSequence += 1
        heap.append(entry)
        siftUp(heap.count - 1)
        return entry.sequence
    }

    /// Removes and returns the earliest entry due at or before `time`.
    mutating func popDue(atOrBefore time: Int64) -> Entry? {
        while let first = heap.first, first.time <= time {
            let entry = removeFirst()
            if cancelled.remove(entry.sequence) == nil { return entry }
        }
        return nil
    }

    /// Cancels the entry `schedule` numbered `sequence`, if it is still pending.
    mutating func cancel(sequence: Int64) {
        guard sequence < nextSequence else { return }
        cancelled.insert(sequence)
        if cancelled.count > 16 && cancelled.count * 2 > heap.count { sweep() }
    }

    /// Cancels every pending entry whose event matches (a pass over the queue).
    mutating func cancel(where matches: (ScheduledEvent) -> Bool) {
        for entry in heap where matches(entry.event) { cancelled.insert(entry.sequence) }
        if cancelled.count * 2 > heap.count { sweep() }
    }

    // MARK: The heap

    private mutating func removeFirst() -> Entry {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return last }
        let first = heap[0]
        heap[0] = last
        siftDown(0)
        return first
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let entry = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard entry.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = entry
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let entry = heap[parent]
        let count = heap.count
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count && heap[child + 1].precedes(heap[child]) { child += 1 }
            guard heap[child].precedes(entry) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = entry
    }

    /// Drops the cancelled entries and rebuilds the heap (O(n)).
    private mutating func sweep() {
        heap.removeAll { cancelled.contains($0.sequence) }
        cancelled.removeAll()
        var index = heap.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
    }
}

extension Scheduler: Hashable {
    static func == (a: Scheduler, b: Scheduler) -> Bool {
        a.nextSequence == b.nextSequence && a.entries == b.entries
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(nextSequence)
        hasher.combine(entries)
    }
}
