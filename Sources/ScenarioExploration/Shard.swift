import NotificationCore
import ScenarioLanguage

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
public struct ShardState: Hashable, Sendable {
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
        var merge = ShardMerge()
        for shard in shards {
            let number = merge.add(shard)
            for state in shard.states { try merge.add(state, of: number) }
        }
        return try merge.result()
    }
}

/// The join of shard files, fed one world at a time (`scn explore --merge` streams each file
/// into it, so no file is held whole): every world once, at the least level any shard saw
/// it, in one table of at most ``limit`` entries.
public struct ShardMerge: Sendable {
    /// The most distinct worlds a join holds by default (about 160 MB of table): a default
    /// search keeps at most 1,000,000.
    public static let maxWorlds = 2_000_000
    /// What one world costs the join, table and all, in bytes (measured: 2,100,000 world
    /// lines took 166 MB): `--max-memory` on a merge divides by it.
    public static let bytesPerWorld = 96

    /// The most distinct worlds this join holds.
    public let limit: Int

    /// The worlds a join may hold in `bytes` of memory (nil: ``maxWorlds``).
    public static func limit(memory bytes: Int?) -> Int {
        bytes.map { max(1, $0 / bytesPerWorld) } ?? maxWorlds
    }

    /// A world's least level and the steps from it that gave a world (-1: not expanded).
    struct Level: Sendable {
        var depth: Int32
        var out: Int32
    }

    /// The shards' headers (their worlds are not kept), in the order added.
    var shards: [ShardResult] = []
    var level: [Fingerprint128: Level] = [:]
    /// The first world, and the steps from it each shard's letters gave.
    var root: Fingerprint128?
    var rootOut = 0
    /// Two shards listed different first worlds (said after what tells searches apart).
    var rootsDiffer = false

    public init(limit: Int = ShardMerge.maxWorlds) {
        self.limit = limit
    }

    /// Adds a shard's header (its worlds, if any, are not read): returns its number, for
    /// ``add(_:of:)``.
    public mutating func add(_ shard: ShardResult) -> Int {
        var header = shard
        header.states = []
        shards.append(header)
        return shards.count - 1
    }

    /// One world line of shard `number`.
    public mutating func add(_ state: ShardState, of number: Int) throws(ShardMergeError) {
        if state.depth == 0 {
            if let root, root != state.fingerprint { rootsDiffer = true }
            root = root ?? state.fingerprint
            if state.out > 0 { rootOut += state.out }
            level[state.fingerprint] = Level(depth: 0, out: -1)
            return
        }
        let depth = Int32(clamping: state.depth)
        let out = Int32(clamping: state.out)
        if let known = level[state.fingerprint] {
            if known.depth < depth { return }
            if known.depth == depth {
                if out >= 0 { level[state.fingerprint]?.out = out }
                return
            }
        } else if level.count >= limit {
            throw ShardMergeError(
                "the shards list more than \(limit) distinct worlds, the most this join holds "
                    + "(--max-memory MIB on --merge raises it: \(Self.bytesPerWorld) bytes a world)")
        }
        level[state.fingerprint] = Level(depth: depth, out: out)
    }

    /// The joined result; throws when the shards are not all of one search, or one is missing.
    public func result() throws(ShardMergeError) -> (path: String, result: ExploreResult) {
        guard let first = shards.first else { throw ShardMergeError("no shard results to merge") }
        let count = first.shard.count
        for shard in shards {
            guard shard.identity == first.identity else {
                throw ShardMergeError(
                    "shard \(shard.shard.index + 1)/\(shard.shard.count) is of another search (another file, alphabet or options)"
                )
            }
            guard shard.shard.count == count else {
                throw ShardMergeError(
                    "the shards split the search differently (\(count) and \(shard.shard.count) shards)")
            }
        }
        let indices = Set(shards.map(\.shard.index))
        guard indices.count == shards.count else { throw ShardMergeError("a shard is given twice") }
        let missing = (0..<count).filter { !indices.contains($0) }.map { "\($0 + 1)/\(count)" }
        guard missing.isEmpty else { throw ShardMergeError("missing shard(s): " + missing.joined(separator: ", ")) }
        guard !rootsDiffer else { throw ShardMergeError("the shards start from different worlds (another prologue)") }
        let ordered = shards.sorted { $0.shard.index < $1.shard.index }
        let base = ordered[0].result

        // Each property's earliest shortest violating sequence, and its shrunk counterexample.
        var counterexamples: [String: Counterexample] = [:]
        var chosen: [String: [Int]] = [:]
        for shard in ordered {
            for (property, path) in shard.found {
                if let best = chosen[property],
                    !(path.count < best.count || (path.count == best.count && path.lexicographicallyPrecedes(best)))
                {
                    continue
                }
                chosen[property] = path
                counterexamples[property] = shard.result.counterexamples[property]
            }
        }

        let deepest = Int(level.values.lazy.map(\.depth).max() ?? 0)
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
        for (fingerprint, world) in level {
            let depth = Int(world.depth)
            if depth <= reached { unique += 1 }
            if depth == reached { atReached += 1 }
            guard depth < reached else { continue }
            explored += fingerprint == root ? rootOut : max(0, Int(world.out))
        }
        var merged = base
        merged.depthReached = reached
        merged.exhausted = atReached == 0 && !stoppedAtWorlds && !stoppedAtMemory
        merged.stoppedAtMaxWorlds = stoppedAtWorlds && !stoppedAtMemory
        merged.stoppedAtMaxMemory = stoppedAtMemory
        merged.explored = explored
        merged.unique = unique
        // Whole milliseconds, each file's at most ``ShardResult/maxMilliseconds``: the sum is
        // exact (a sum of fractions of a second that should be zero is not always).
        merged.seconds = Double(ordered.reduce(0) { $0 + $1.milliseconds }) / 1000
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
    static let format = "scn-explore-shard 3"
    /// The most worlds a shard file may list (the default memory budget holds far fewer).
    static let maxStates = 20_000_000
    /// The largest shard file `--merge` reads (20,000,000 worlds of about 40 bytes, and the header).
    public static let maxFileBytes = 1 << 30
    /// The longest line of a shard file: its header, with every counterexample.
    public static let maxLineBytes = 16 << 20
    /// The longest time a shard file may record: 1000 days.
    static let maxMilliseconds = 1000 * 86_400_000
    /// The most properties one search checks, and letters its alphabet has.
    static let maxProperties = 10_000
    static let maxLetters = 100_000

    /// The shard's time in whole milliseconds, as its file records it.
    var milliseconds: Int {
        let ms = result.seconds * 1000
        guard ms.isFinite, ms > 0 else { return 0 }
        return ms >= Double(Self.maxMilliseconds) ? Self.maxMilliseconds : Int(ms.rounded())
    }

    /// The file: a line naming the format, a line of JSON (the search, its result and its
    /// counterexamples), a line per world (fingerprint, level, steps that gave a world), in the
    /// order the search met them (level by level), and `end N`, N the number of worlds: a file
    /// cut short anywhere does not read.
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
            JSONMember("milliseconds", .integer(Int64(milliseconds))),
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
        text.reserveCapacity(text.utf8.count + states.count * 40 + 16)
        for state in states { text += "\(state.fingerprint.hex) \(state.depth) \(state.out)\n" }
        text += "end \(states.count)\n"
        return text
    }

    /// Reads a shard file whole; a message when it is not one (``ShardFileReader`` says which).
    public static func parse(_ text: String) -> Result<ShardResult, ShardMergeError> {
        var reader = ShardFileReader()
        var states: [ShardState] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        // The text after the last line feed: empty in a whole file.
        let tail = lines.popLast() ?? ""
        do throws(ShardMergeError) {
            for line in lines {
                if let state = try reader.read(line) { states.append(state) }
            }
            var shard = try reader.finish(rest: tail)
            shard.states = states
            return .success(shard)
        } catch {
            return .failure(error)
        }
    }
}

/// Reads a shard file a line at a time and checks it whole (docs/EXPLORE.md "Across
/// machines"): the format line, a header whose numbers one search can give, world lines in
/// level order (the first world alone at level 0, a world below the last level searched
/// expanded, one past it not), at most the header's `maxWorlds` of them, and the end line
/// that counts them. A file cut short, or with anything after its end, is refused.
public struct ShardFileReader: Sendable {
    /// The header, once read (its worlds are handed out, not kept).
    public private(set) var header: ShardResult?
    private var lineNumber = 0
    private var worlds = 0
    private var lastDepth = 0
    private var ended = false
    /// The letters of the shard's own (its first steps).
    private var ownLetters = 0

    public init() {}

    private func damaged(_ what: String) -> ShardMergeError {
        ShardMergeError("a damaged shard file: line \(lineNumber): \(what)")
    }

    /// Reads the next line (without its line feed): the world it lists, if it is a world line.
    public mutating func read(_ line: Substring) throws(ShardMergeError) -> ShardState? {
        lineNumber += 1
        guard !ended else { throw damaged("a line after the end line") }
        switch lineNumber {
        case 1:
            guard line == Substring(ShardResult.format) else {
                throw ShardMergeError("not a shard file of this scn explore --shard (\(ShardResult.format))")
            }
            return nil
        case 2:
            let shard = try Self.header(line, damaged: damaged)
            header = shard
            ownLetters = (0..<shard.result.alphabet.count).lazy.filter { shard.shard.owns(firstLetter: $0) }.count
            return nil
        default:
            break
        }
        guard let header else { throw damaged("no header") }
        if line.hasPrefix("end ") {
            guard let count = Self.number(line.dropFirst(4)), count == worlds else {
                throw damaged("the end line does not count the \(worlds) world lines")
            }
            guard worlds > 0 else { throw damaged("no world lines: a search lists its first world") }
            ended = true
            return nil
        }
        guard let (fingerprint, depth, out) = Self.worldLine(line.utf8) else {
            throw damaged("not a world line (fingerprint, level, steps) nor the end line")
        }
        return try world(fingerprint, depth: depth, out: out, of: header)
    }

    /// ``read(_:)`` of a line as bytes: a world line is read from them as they are (no text
    /// is made of it: a join reads millions).
    public mutating func read(bytes line: ArraySlice<UInt8>) throws(ShardMergeError) -> ShardState? {
        guard lineNumber >= 2, !ended, let header, let (fingerprint, depth, out) = Self.worldLine(line) else {
            return try read(String(decoding: line, as: UTF8.self)[...])
        }
        lineNumber += 1
        return try world(fingerprint, depth: depth, out: out, of: header)
    }

    /// `fingerprint level steps`, each as the file writes it: 32 lowercase hex digits, then
    /// numbers as ``number(_:)`` reads them.
    private static func worldLine<Bytes: Collection<UInt8>>(_ line: Bytes) -> (Fingerprint128, Int, Int)? {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var field = 0
        var digits = 0
        var value = 0
        var negative = false
        var leadingZero = false
        var level = 0
        // The number just read, as the file writes it: `-1`, or digits without a leading zero.
        func finished() -> Int? {
            guard digits > 0 else { return nil }
            if negative { return digits == 1 && value == 1 ? -1 : nil }
            return digits == 1 || !leadingZero ? value : nil
        }
        for byte in line {
            if byte == 32 {
                if field == 0 {
                    guard digits == 32 else { return nil }
                } else {
                    guard field == 1, let n = finished() else { return nil }
                    level = n
                }
                field += 1
                digits = 0
                value = 0
                negative = false
                continue
            }
            if field == 0 {
                let nibble: UInt8
                switch byte {
                case 48...57: nibble = byte - 48
                case 97...102: nibble = byte - 87
                default: return nil
                }
                guard digits < 32 else { return nil }
                if digits < 16 { high = high << 4 | UInt64(nibble) } else { low = low << 4 | UInt64(nibble) }
                digits += 1
                continue
            }
            if byte == 45, digits == 0, !negative {
                negative = true
                continue
            }
            guard byte >= 48, byte <= 57, digits < 9 else { return nil }
            if digits == 0 { leadingZero = byte == 48 }
            value = value * 10 + Int(byte - 48)
            digits += 1
        }
        guard field == 2, let out = finished() else { return nil }
        return (Fingerprint128(high: high, low: low), level, out)
    }

    /// A world line's world, checked against the header and the lines before it.
    private mutating func world(_ fingerprint: Fingerprint128, depth: Int, out: Int, of header: ShardResult)
        throws(ShardMergeError) -> ShardState
    {
        let result = header.result
        guard depth >= 0 else { throw damaged("not a world line (fingerprint, level, steps) nor the end line") }
        guard worlds < min(ShardResult.maxStates, result.maxWorlds) else {
            throw damaged("more worlds than the search's --max-worlds \(result.maxWorlds)")
        }
        // Level order: the first world alone at level 0, then each level after the one before.
        guard (worlds == 0) == (depth == 0), depth >= lastDepth else {
            throw damaged(
                worlds == 0 ? "the first world is not at level 0" : "a world at level \(depth) after level \(lastDepth)"
            )
        }
        guard depth <= min(result.depth, result.depthReached + 1) else {
            throw damaged("a world at level \(depth), past the levels the search reached")
        }
        // Steps that gave a world: at most the letters (the first world: the shard's own);
        // every world below the last level searched was expanded, none past it.
        let most = depth == 0 ? ownLetters : result.alphabet.count
        guard out <= most, out >= 0 || depth >= result.depthReached, out < 0 || depth <= result.depthReached else {
            throw damaged("\(out) steps from a world at level \(depth): one search does not give that")
        }
        worlds += 1
        lastDepth = depth
        return ShardState(fingerprint: fingerprint, depth: depth, out: out)
    }

    /// The header once the file has ended; `rest` is what followed the last line feed
    /// (nothing, in a whole file).
    public func finish(rest: Substring = "") throws(ShardMergeError) -> ShardResult {
        guard rest.isEmpty else {
            throw ShardMergeError("a damaged shard file: line \(lineNumber + 1) does not end (a file cut short)")
        }
        guard ended, let header else {
            throw ShardMergeError(
                "a damaged shard file: it ends at line \(lineNumber) without its end line (a file cut short)")
        }
        return header
    }

    /// Numbers as the file writes them: digits, `-1` for a world not expanded.
    private static func number(_ text: Substring) -> Int? {
        if text == "-1" { return -1 }
        guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            text == "0" || text.first != "0"
        else { return nil }
        return Int(text)
    }

    /// The header line: the search, its result and its counterexamples, each number one search
    /// can give.
    private static func header(_ json: Substring, damaged: (String) -> ShardMergeError) throws(ShardMergeError)
        -> ShardResult
    {
        let meta: JSONValue
        do throws(JSONError) {
            meta = try JSONValue(parsing: String(json))
        } catch {
            throw damaged("\(error)")
        }
        func string(_ key: String) -> String? { meta[key]?.stringValue }
        func int(_ key: String, _ range: ClosedRange<Int>) -> Int? {
            guard let value = meta[key]?.integerValue, value >= Int64(range.lowerBound),
                value <= Int64(range.upperBound)
            else { return nil }
            return Int(value)
        }
        func strings(_ key: String, most: Int) -> [String]? {
            guard let items = meta[key]?.elements, items.count <= most else { return nil }
            let texts = items.compactMap(\.stringValue)
            return texts.count == items.count ? texts : nil
        }
        guard let identity = string("identity"), let path = string("path"), let n = int("of", 1...256),
            let k = int("shard", 1...n), let alphabet = strings("alphabet", most: ShardResult.maxLetters),
            !alphabet.isEmpty, let origin = string("alphabetOrigin"),
            let properties = strings("properties", most: ShardResult.maxProperties),
            Set(properties).count == properties.count,
            let depth = int("depth", 1...Explorer.Options.maxDepth), let reached = int("depthReached", 0...depth),
            let maxWorlds = int("maxWorlds", 1...Int.max), let maxMemory = int("maxMemory", 1...(1 << 40)),
            let milliseconds = int("milliseconds", 0...ShardResult.maxMilliseconds),
            let entries = meta["counterexamples"]?.members
        else { throw damaged("its header lacks a field, or has a number one search does not give") }
        let shard = ExploreShard(index: k - 1, count: n)
        var found: [String: [Int]] = [:]
        var counterexamples: [String: Counterexample] = [:]
        for entry in entries {
            let c = entry.value
            let name = Quote.string(entry.key)
            guard properties.contains(entry.key), found[entry.key] == nil else {
                throw damaged("a counterexample of no property, or of one twice: \(name)")
            }
            guard let indices = c["found"]?.elements, let steps = c["steps"]?.elements,
                let length = c["foundLength"]?.integerValue, let actual = c["actual"]?.stringValue,
                let scenario = c["scenario"]?.stringValue
            else { throw damaged("counterexample \(name) lacks a field") }
            let path = indices.compactMap { $0.integerValue.map { Int($0) } }
            let texts = steps.compactMap(\.stringValue)
            // The sequence found: 1 … depth letters, the first one the shard's own; shrunk to
            // no more steps; a scenario as scn explore writes one (nothing invisible in it).
            guard path.count == indices.count, texts.count == steps.count,
                (1...min(depth, reached + 1)).contains(path.count),
                path.allSatisfy({ alphabet.indices.contains($0) }), shard.owns(firstLetter: path[0]),
                length == Int64(path.count), (1...path.count).contains(texts.count),
                scenario.hasPrefix(Explorer.counterexampleHeading),
                !scenario.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && TerminalText.isInvisible($0) })
            else { throw damaged("counterexample \(name) is not one a search gives") }
            found[entry.key] = path
            counterexamples[entry.key] = Counterexample(
                property: entry.key, steps: texts, foundLength: path.count, expected: c["expected"]?.stringValue,
                actual: actual, scenario: scenario)
        }
        let result = ExploreResult(
            alphabet: alphabet, alphabetOrigin: origin, properties: properties, depth: depth, depthReached: reached,
            exhausted: false, stoppedAtMaxWorlds: meta["stoppedAtMaxWorlds"]?.boolValue ?? false, maxWorlds: maxWorlds,
            explored: 0, unique: 0, seconds: Double(milliseconds) / 1000, counterexamples: counterexamples,
            stoppedAtMaxMemory: meta["stoppedAtMaxMemory"]?.boolValue ?? false, maxMemory: maxMemory)
        return ShardResult(shard: shard, identity: identity, path: path, result: result, found: found, states: [])
    }
}
