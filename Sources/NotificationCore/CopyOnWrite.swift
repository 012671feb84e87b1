// A value behind one reference, copied only when changed while shared: a world carries some
// state that most steps never touch (the provider side), and copying a world then costs one
// retain for it instead of one per array, dictionary and string inside.

/// `Value` in a shared box, compared and hashed as the value.
struct CopyOnWrite<Value: Hashable & Sendable>: Hashable, @unchecked Sendable {
    private final class Storage {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage

    init(_ value: Value) { storage = Storage(value) }

    var value: Value {
        get { storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
            yield &storage.value
        }
    }

    static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(storage.value) }
}
