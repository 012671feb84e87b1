import Synchronization

/// What a command is done with, handed over instead of freed when the process is about to
/// exit: the kernel takes the whole address space back at once, where freeing a large
/// checked file node by node costs nearly a tenth of `scn check` (docs/PERFORMANCE.md).
///
/// It holds one value at a time (keeping the next frees the one before), so a host that runs
/// the tool again and again in one process holds at most one file's results.
enum Finished {
    private static let last = Mutex<(any Sendable)?>(nil)

    static func keep(_ value: any Sendable) {
        // The value before is freed outside the lock.
        let previous = last.withLock { held in
            let previous = held
            held = value
            return previous
        }
        _ = previous
    }
}
