/// A statement's options as given: each keyword with its value, in the order they were
/// written, found by a scan.
///
/// A command takes a dozen options at most and a statement gives two or three: a scan of
/// short keywords costs less than hashing one, and the pairs need no storage of a hash
/// table (a `Dictionary` cost some 1,300 instructions a statement to size, before any
/// key was hashed). The order is the source order, so a step that evaluates the values
/// reports the first error written without sorting. Equality and hashing ignore the
/// order, as a dictionary's do.
public struct GivenOptions<Value>: Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: Value)

    private var entries: [Element] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, Value)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// The value given for `keyword`; setting nil removes it, setting a new keyword appends it.
    public subscript(keyword: String) -> Value? {
        get {
            for entry in entries where entry.key == keyword { return entry.value }
            return nil
        }
        set {
            let index = entries.firstIndex { $0.key == keyword }
            switch (index, newValue) {
            case (let i?, let value?): entries[i].value = value
            case (let i?, nil): entries.remove(at: i)
            case (nil, let value?): entries.append((keyword, value))
            case (nil, nil): break
            }
        }
    }

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }
    /// The keywords, in the order they were written.
    public var keys: [String] { entries.map(\.key) }

    public mutating func reserveCapacity(_ n: Int) { entries.reserveCapacity(n) }

    public func makeIterator() -> IndexingIterator<[Element]> { entries.makeIterator() }
}

extension GivenOptions: Equatable where Value: Equatable {
    public static func == (a: Self, b: Self) -> Bool {
        a.count == b.count && a.entries.allSatisfy { b[$0.key] == $0.value }
    }
}

extension GivenOptions: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        // Order-independent, as equality is: the entries' own hashes, summed.
        var sum = 0
        for entry in entries {
            var h = Hasher()
            h.combine(entry.key)
            h.combine(entry.value)
            sum = sum &+ h.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}

extension GivenOptions: Sendable where Value: Sendable {}
