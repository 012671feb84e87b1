// Threads with a large stack, without Foundation's Thread (the tool links only
// FoundationEssentials; see docs/PERFORMANCE.md).
#if canImport(Glibc)
    import Glibc
#endif

/// Runs work on threads of its own.
public enum Threads {
    /// The stack each thread gets: a step may run a user command 256 calls deep, more than
    /// the default stack of a secondary thread holds.
    public static let stackSize = 32 << 20

    /// Runs `work` on `count` threads at once and returns when every one has finished.
    /// A thread that cannot be started runs its share on the calling thread.
    public static func run(_ count: Int, stackSize: Int = stackSize, _ work: @escaping @Sendable () -> Void) {
        var threads: [pthread_t] = []
        for _ in 0..<max(0, count) {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, stackSize)
            defer { pthread_attr_destroy(&attributes) }
            let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
            var thread = pthread_t()
            let started = pthread_create(
                &thread, &attributes,
                { raw in
                    guard let raw else { return nil }
                    Unmanaged<WorkBox>.fromOpaque(raw).takeRetainedValue().work()
                    return nil
                }, box)
            if started == 0 {
                threads.append(thread)
            } else {
                Unmanaged<WorkBox>.fromOpaque(box).takeRetainedValue().work()
            }
        }
        for thread in threads { pthread_join(thread, nil) }
    }
}

/// A closure handed to a new thread.
private final class WorkBox: Sendable {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
}
