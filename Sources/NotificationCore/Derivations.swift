// Values the core derives from names and numbers with SHA-256 (APNs tokens, Kindly keys,
// nonces), kept for the process: every case installs the same app, and hashing the same text
// again gives the same bytes, so a kept value changes nothing but the time it takes.
import Synchronization

/// A pure function's results, kept for the process, shared by every thread. At most `limit`
/// are kept: when full it starts again empty (a long case numbers its messages on and on).
public final class Derivations<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let kept = Mutex<[Key: Value]>([:])
    private let limit: Int

    public init(limit: Int) { self.limit = limit }

    /// `derive(key)`, computed once while it is kept.
    public func value(_ key: Key, _ derive: (Key) -> Value) -> Value {
        if let known = kept.withLock({ $0[key] }) { return known }
        let value = derive(key)
        kept.withLock { entries in
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
        return value
    }
}
