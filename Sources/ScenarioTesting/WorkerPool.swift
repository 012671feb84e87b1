#if canImport(Glibc)
    import Glibc
#endif

/// Runs work items on a fixed number of threads.
enum WorkerPool {
    /// Each worker's stack: an interpreter with 256 nested calls needs more than the
    /// default of a secondary thread.
    static let stackSize = 32 << 20

    /// Calls `body(i)` for every i in 0 ..< count, on `jobs` threads that take the next
    /// index as they become free (so items start in index order), and returns when all
    /// have finished. A thread stops taking indices when `shouldStart` says no.
    static func forEach(
        count: Int, jobs: Int, shouldStart: @escaping @Sendable (Int) -> Bool = { _ in true },
        _ body: @escaping @Sendable (Int) -> Void
    ) {
        guard count > 0 else { return }
        let next = Locked(0)
        let work: @Sendable () -> Void = {
            while true {
                let i = next.withLock { n -> Int in
                    defer { n += 1 }
                    return n
                }
                guard i < count, shouldStart(i) else { break }
                body(i)
            }
        }
        var threads: [pthread_t] = []
        for _ in 0..<max(1, min(jobs, count)) {
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
                // No thread to be had: do this share of the work here.
                Unmanaged<WorkBox>.fromOpaque(box).takeRetainedValue().work()
            }
        }
        for thread in threads { pthread_join(thread, nil) }
    }

    /// `transform` applied to every element on `jobs` threads, in the elements' order.
    static func map<T: Sendable, R: Sendable>(
        _ items: [T], jobs: Int, _ transform: @escaping @Sendable (T) -> R
    ) -> [R] {
        let results = Locked([R?](repeating: nil, count: items.count))
        forEach(count: items.count, jobs: jobs) { i in
            let r = transform(items[i])
            results.withLock { $0[i] = r }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}

/// A closure handed to a new thread.
private final class WorkBox: Sendable {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
}
