import NotificationCore

// `scn explore --shard K/N` and `--merge` (docs/EXPLORE.md "Across machines"): the search split
// by the first step of each sequence, and the shards' results joined into exactly what one
// machine reports.
//
// Why the join is exact. The search is breadth-first and expands a level's worlds in the
// order of the steps that first reached them, letter by letter, so the first violation it
// finds of a property is, of the shortest violating sequences, the first in alphabet order
// (each world is first reached by the earliest of its shortest paths). A shard searches the
// sequences whose first step is one of its letters (the letters K-1, K-1+N, … of the
// alphabet); the earliest shortest violating sequence begins with one of some shard's letters,
// and that shard finds it. The counts come from the worlds: each shard lists every world it
// saw (a fingerprint), the level it first saw it at, and how many of its steps gave a world.
// A world's level is the least over the shards; one machine expands every world of a level
// below the last it searched, once, and counts the steps from it, so the join sums those
// (the first world, shared, counts each shard's own letters).

/// Which part of the search a run takes: the K-th of N (`index` is K - 1).
public struct ExploreShard: Hashable, Sendable {
    public var index: Int
    public var count: Int
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `2/4`: the second of four.
    public init?(spelled text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 256, k >= 1, k <= n else {
            return nil
        }
        self.init(index: k - 1, count: n)
    }

    /// Whether a sequence that starts with `letter` is this shard's.
    func owns(firstLetter letter: Int) -> Bool { letter % count == index }
}

/// A world a shard saw: its fingerprint, the level it first saw it at, and how many steps
/// from it gave a world (-1: not expanded, the last level).
struct ShardState: Hashable, Sendable {
    var fingerprint: Fingerprint128
    var depth: Int
    var out: Int
}

/// Two independent 64-bit hashes of a state: equal states agree across processes when each
/// runs with deterministic hashing (`scn explore --shard` sees to it).
struct Fingerprint128: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    var hex: String {
        func digits(_ value: UInt64) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        return digits(high) + digits(low)
    }

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// 32 lowercase hex digits, as ``hex`` writes them (nothing else reads back the same).
    init?(hex: Substring) {
        guard hex.utf8.count == 32,
            hex.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }),
            let high = UInt64(hex.prefix(16), radix: 16), let low = UInt64(hex.suffix(16), radix: 16)
        else { return nil }
        self.init(high: high, low: low)
    }
}

/// What one shard found: the result as its own search reports it, the first violating
/// sequence per property, and every world it saw.
public struct ShardResult: Sendable {
    public var shard: ExploreShard
    /// Names the file, its options and its alphabet: shards of different searches do not join.
    public var identity: String
    /// The file as the command line named it (the report's first line).
    public var path: String
    public var result: ExploreResult
    /// The violating sequence found first, per property, before shrinking.
    var found: [String: [Int]]
    var states: [ShardState]
    /// How many worlds the shard saw.
    public var worldCount: Int { states.count }
}

extension ExploreResult {
    /// The shards' results joined: exactly the result one machine's search gives (its time is
    /// the shards' added up). Throws a message when the shards are not all of one search.
    public static func merge(_ shards: [ShardResult]) throws(ShardMergeError) -> (path: String, result: ExploreResult) {
        guard let first = shards.first else { throw ShardMergeError("no shard results to merge") }
        let count = first.shard.count
        for shard in shards {
            guard shard.identity == first.identity else {
                throw ShardMergeError(
                    "shard \(shard.shard.index + 1)/\(shard.shard.count) is of another search (another file, alphabet or options)")
            }
            guard shard.shard.count == count else {
                throw ShardMergeError("the shards split the search differently (\(count) and \(shard.shard.count) shards)")
            }
        }
        let indices = Set(shards.map(\.shard.index))
        guard indices.count == shards.count else { throw ShardMergeError("a shard is given twice") }
        let missing = (0..<count).filter { !indices.contains($0) }.map { "\($0 + 1)/\(count)" }
        guard missing.isEmpty else { throw ShardMergeError("missing shard(s): " + missing.joined(separator: ", ")) }
        let ordered = shards.sorted { $0.shard.index < $1.shard.index }
        let base = ordered[0].result

        // Each property's earliest shortest violating sequence, and its shrunk counterexample.
        var counterexamples: [String: Counterexample] = [:]
        var chosen: [String: [Int]] = [:]
        for shard in ordered {
            for (property, path) in shard.found {
                if let best = chosen[property], !(path.count < best.count || (path.count == best.count && path.lexicographicallyPrecedes(best))) {
                    continue
                }
                chosen[property] = path
                counterexamples[property] = shard.result.counterexamples[property]
            }
        }

        // Every world once, at the least level any shard saw it.
        var level: [Fingerprint128: Int] = [:]
        var out: [Fingerprint128: Int] = [:]
        var rootOut = 0
        let root = ordered[0].states.first?.fingerprint
        for shard in ordered {
            for state in shard.states {
                if state.depth == 0 {
                    if state.out > 0 { rootOut += state.out }
                    level[state.fingerprint] = 0
                    continue
                }
                if let known = level[state.fingerprint], known <= state.depth {
                    if state.depth == known, state.out >= 0 { out[state.fingerprint] = state.out }
                    continue
                }
                level[state.fingerprint] = state.depth
                if state.out >= 0 { out[state.fingerprint] = state.out } else { out[state.fingerprint] = nil }
            }
        }
        let deepest = level.values.max() ?? 0
        let allFound = base.properties.allSatisfy { chosen[$0] != nil }
        let stoppedAtWorlds = ordered.contains { $0.result.stoppedAtMaxWorlds }
        let stoppedAtMemory = ordered.contains { $0.result.stoppedAtMaxMemory }
        // A shard stopped by a budget searched its part completely only up to its last full
        // level: the join then reports the levels every shard completed.
        let complete = ordered.filter { $0.result.stoppedAtMaxWorlds || $0.result.stoppedAtMaxMemory }
            .map(\.result.depthReached).min()
        var reached =
            allFound
            ? (chosen.values.map(\.count).max() ?? 0)
            : min(max(1, base.depth), deepest + 1)
        if let complete { reached = min(reached, complete) }
        var explored = 0
        var unique = 0
        var atReached = 0
        for (fingerprint, depth) in level {
            if depth <= reached { unique += 1 }
            if depth == reached { atReached += 1 }
            guard depth < reached else { continue }
            explored += fingerprint == root ? rootOut : (out[fingerprint] ?? 0)
        }
        var merged = base
        merged.depthReached = reached
        merged.exhausted = atReached == 0 && !stoppedAtWorlds && !stoppedAtMemory
        merged.stoppedAtMaxWorlds = stoppedAtWorlds && !stoppedAtMemory
        merged.stoppedAtMaxMemory = stoppedAtMemory
        merged.explored = explored
        merged.unique = unique
        merged.seconds = ordered.reduce(0) { $0 + $1.result.seconds }
        merged.counterexamples = counterexamples
        return (ordered[0].path, merged)
    }
}

/// Why shard results do not join.
public struct ShardMergeError: Error, Sendable {
    public var message: String
    init(_ message: String) { self.message = message }
}

// MARK: The shard file

extension ShardResult {
    /// The first line of a shard file.
    static let format = "scn-explore-shard 1"
    /// The most worlds a shard file may list (the default memory budget holds far fewer).
    static let maxStates = 20_000_000
    /// The largest shard file `--merge` reads (20,000,000 worlds of about 40 bytes, and the header).
    public static let maxFileBytes = 1 << 30

    /// The file: a line naming the format, a line of JSON (the search, its result and its
    /// counterexamples), then a line per world: fingerprint, level, steps that gave a world.
    public var fileText: String {
        var meta: [JSONMember] = [
            JSONMember("identity", .string(identity)), JSONMember("path", .string(path)),
            JSONMember("shard", .integer(Int64(shard.index + 1))), JSONMember("of", .integer(Int64(shard.count))),
            JSONMember("alphabet", .array(result.alphabet.map { .string($0) })),
            JSONMember("alphabetOrigin", .string(result.alphabetOrigin)),
            JSONMember("properties", .array(result.properties.map { .string($0) })),
            JSONMember("depth", .integer(Int64(result.depth))),
            JSONMember("depthReached", .integer(Int64(result.depthReached))),
            JSONMember("stoppedAtMaxWorlds", .bool(result.stoppedAtMaxWorlds)),
            JSONMember("maxWorlds", .integer(Int64(result.maxWorlds))),
            JSONMember("stoppedAtMaxMemory", .bool(result.stoppedAtMaxMemory)),
            JSONMember("maxMemory", .integer(Int64(result.maxMemory))),
            JSONMember("milliseconds", .integer(Int64((result.seconds * 1000).rounded()))),
        ]
        var found: [JSONMember] = []
        for property in result.properties {
            guard let path = self.found[property], let c = result.counterexamples[property] else { continue }
            var fields: [JSONMember] = [
                JSONMember("found", .array(path.map { .integer(Int64($0)) })),
                JSONMember("steps", .array(c.steps.map { .string($0) })),
                JSONMember("foundLength", .integer(Int64(c.foundLength))),
                JSONMember("actual", .string(c.actual)), JSONMember("scenario", .string(c.scenario)),
            ]
            if let expected = c.expected { fields.append(JSONMember("expected", .string(expected))) }
            found.append(JSONMember(property, .object(fields)))
        }
        meta.append(JSONMember("counterexamples", .object(found)))
        var text = Self.format + "\n" + JSONValue.object(meta).serialized + "\n"
        text.reserveCapacity(text.utf8.count + states.count * 40)
        for state in states { text += "\(state.fingerprint.hex) \(state.depth) \(state.out)\n" }
        return text
    }

    /// Reads a shard file; nil with a message when it is not one.
    public static func parse(_ text: String) -> Result<ShardResult, ShardMergeError> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == Substring(format), let json = lines.popFirst() else {
            return .failure(ShardMergeError("not a shard file of scn explore --shard (\(format))"))
        }
        let meta: JSONValue
        do throws(JSONError) {
            meta = try JSONValue(parsing: String(json))
        } catch {
            return .failure(ShardMergeError("a damaged shard file: \(error)"))
        }
        func string(_ key: String) -> String? { meta[key]?.stringValue }
        func int(_ key: String) -> Int? { meta[key]?.integerValue.map { Int($0) } }
        func strings(_ key: String) -> [String]? {
            guard let items = meta[key]?.elements else { return nil }
            let texts = items.compactMap(\.stringValue)
            return texts.count == items.count ? texts : nil
        }
        guard let identity = string("identity"), let path = string("path"), let k = int("shard"), let n = int("of"),
            n >= 1, n <= 256, k >= 1, k <= n, let alphabet = strings("alphabet"),
            let origin = string("alphabetOrigin"), let properties = strings("properties"), let depth = int("depth"),
            let reached = int("depthReached"), let maxWorlds = int("maxWorlds"), let maxMemory = int("maxMemory"),
            let milliseconds = int("milliseconds"), let entries = meta["counterexamples"]?.members
        else { return .failure(ShardMergeError("a damaged shard file: its header lacks a field")) }
        var found: [String: [Int]] = [:]
        var counterexamples: [String: Counterexample] = [:]
        for entry in entries {
            let c = entry.value
            guard properties.contains(entry.key) else {
                return .failure(ShardMergeError("a damaged shard file: a counterexample of no property '\(entry.key)'"))
            }
            guard let indices = c["found"]?.elements, let steps = c["steps"]?.elements,
                let length = c["foundLength"]?.integerValue, let actual = c["actual"]?.stringValue,
                let scenario = c["scenario"]?.stringValue
            else { return .failure(ShardMergeError("a damaged shard file: counterexample '\(entry.key)'")) }
            let path = indices.compactMap { $0.integerValue.map { Int($0) } }
            let texts = steps.compactMap(\.stringValue)
            guard path.count == indices.count, texts.count == steps.count,
                path.allSatisfy({ alphabet.indices.contains($0) })
            else { return .failure(ShardMergeError("a damaged shard file: counterexample '\(entry.key)'")) }
            found[entry.key] = path
            counterexamples[entry.key] = Counterexample(
                property: entry.key, steps: texts, foundLength: Int(length), expected: c["expected"]?.stringValue,
                actual: actual, scenario: scenario)
        }
        // Numbers as the file writes them: digits, `-1` for a world not expanded.
        func number(_ text: Substring) -> Int? {
            if text == "-1" { return -1 }
            guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                text == "0" || text.first != "0"
            else { return nil }
            return Int(text)
        }
        var states: [ShardState] = []
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard states.count < maxStates, fields.count == 3, let fingerprint = Fingerprint128(hex: fields[0]),
                let level = number(fields[1]), level >= 0, level <= depth, let out = number(fields[2])
            else { return .failure(ShardMergeError("a damaged shard file: world line \(index + 3)")) }
            states.append(ShardState(fingerprint: fingerprint, depth: level, out: out))
        }
        let result = ExploreResult(
            alphabet: alphabet, alphabetOrigin: origin, properties: properties, depth: depth, depthReached: reached,
            exhausted: false, stoppedAtMaxWorlds: meta["stoppedAtMaxWorlds"]?.boolValue ?? false, maxWorlds: maxWorlds,
            explored: 0, unique: 0, seconds: Double(milliseconds) / 1000, counterexamples: counterexamples,
            stoppedAtMaxMemory: meta["stoppedAtMaxMemory"]?.boolValue ?? false, maxMemory: maxMemory)
        return .success(
            ShardResult(
                shard: ExploreShard(index: k - 1, count: n), identity: identity, path: path, result: result,
                found: found, states: states))
    }
}
