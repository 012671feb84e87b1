/// One of N disjoint shares of a suite's files: `--shard K/N`.
///
/// Files are dealt round-robin over the run order (discovery's sorted list): file i
/// (0-based) belongs to shard `i % N + 1`. Shares differ in size by at most one file,
/// every file belongs to exactly one shard, and the split depends only on the list of files,
/// so N machines given the same paths run disjoint shares whose union is the whole suite.
/// Adding or removing a file moves the files after it to other shards; that is harmless,
/// since every machine of one CI run sees the same list.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// This shard's number, 1 ... `count`.
    public var index: Int
    /// How many shards the suite is split into.
    public var count: Int

    /// Shard `index` of `count`; `nil` unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    ///
    /// - Throws: a message for the usage error.
    public static func parse(_ text: String) throws(ShardError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && !$0.hasPrefix("+") })
        else {
            throw ShardError(message: "invalid --shard '\(text)': expected K/N, e.g. 2/3")
        }
        guard n >= 1 else { throw ShardError(message: "invalid --shard '\(text)': N must be at least 1") }
        guard let shard = Shard(index: k, count: n) else {
            throw ShardError(message: "invalid --shard '\(text)': K must be between 1 and \(n)")
        }
        return shard
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// The elements of `files` (in run order) that belong to this shard, in the same order.
    public func select<T>(_ files: [T]) -> [T] {
        files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

/// A `--shard` value that does not parse: a usage error (exit code 2).
public struct ShardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    public var description: String { message }
}
