import ScenarioLanguage
import Synchronization

/// A value behind a mutex, shareable between threads.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try mutex.withLock { value in try body(&value) }
    }
}

/// A value behind a mutex with a condition: a thread can wait until the value allows it to
/// go on (``wait(until:_:)``), and every change wakes the waiting threads.
final class Monitor<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = Platform.ConditionLock()

    init(_ value: Value) { self.value = value }

    /// Waits until `ready` holds, then runs `body` on the value and wakes every waiting thread.
    func wait<R>(until ready: (Value) -> Bool = { _ in true }, _ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        while !ready(value) { lock.wait() }
        let result = body(&value)
        lock.broadcast()
        return result
    }
}
