import Synchronization

/// A value behind a mutex, shareable between threads.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try mutex.withLock { value in try body(&value) }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a mutex with a condition: a thread can wait until the value allows it to
/// go on (``wait(until:_:)``), and every change wakes the waiting threads.
final class Monitor<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Waits until `ready` holds, then runs `body` on the value and wakes every waiting thread.
    func wait<R>(until ready: (Value) -> Bool = { _ in true }, _ body: (inout Value) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready(value) { pthread_cond_wait(condition, mutex) }
        let result = body(&value)
        pthread_cond_broadcast(condition)
        return result
    }
}
