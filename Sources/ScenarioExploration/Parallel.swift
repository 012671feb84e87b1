import ScenarioRuntime
import Synchronization

/// `transform` of every index in 0 ..< count on `jobs` threads, results in index order.
func parallelMap<R: Sendable>(count: Int, jobs: Int, _ transform: @escaping @Sendable (Int) -> R) -> [R] {
    guard count > 0 else { return [] }
    if jobs <= 1 || count == 1 { return (0..<count).map(transform) }
    let results = Mutex([R?](repeating: nil, count: count))
    let next = Mutex(0)
    // A step may run a user command 256 calls deep: the threads get a large stack.
    Threads.run(min(jobs, count)) {
        while true {
            let i = next.withLock { n -> Int in
                defer { n += 1 }
                return n
            }
            guard i < count else { break }
            let r = transform(i)
            results.withLock { $0[i] = r }
        }
    }
    // Each result is moved out, not copied: a result may hold whole worlds, and a copy
    // retains every buffer they hold.
    return results.withLock { slots in
        var out: [R] = []
        out.reserveCapacity(count)
        for i in slots.indices {
            if let r = slots[i].take() { out.append(r) }
        }
        return out
    }
}
