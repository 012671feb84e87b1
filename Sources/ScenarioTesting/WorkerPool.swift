import ScenarioRuntime

/// Runs work items on a fixed number of threads.
enum WorkerPool {
    /// Each worker's stack: an interpreter with 256 nested calls needs more than the
    /// default of a secondary thread.
    static let stackSize = Threads.stackSize

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
        Threads.run(max(1, min(jobs, count)), stackSize: stackSize, work)
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
