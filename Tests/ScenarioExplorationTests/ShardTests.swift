import Testing

@testable import ScenarioExploration

/// docs/EXPLORE.md "Across machines": the search split into N shards by first step, joined,
/// gives exactly what one machine reports, for N = 1 … 4, through the shard file too.
@Suite("Exploring in shards")
struct ShardTests {
    /// The report without its time line (timings differ run to run).
    static func report(_ result: ExploreResult, path: String = "explore.scn") -> String {
        result.report(path: path).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("  time: ") }.joined(separator: "\n")
    }

    static let searches: [(text: String, depth: Int, checks: [String])] = [
        ("sdk kindly 3.0.12\nextension kindly\n", 3, ["no-lost-tap", "no-duplicates", "no-banner-over-open-chat"]),
        (
            "sdk none\nhost registers first-launch\nhost uploads-token if-changed\n", 3,
            ["token-current", "loss-explained"]
        ),
        ("sdk none\nextension other\nextension increments-badge\n", 2, ["badge-matches-count", "no-crash"]),
        // Nothing violated, every reachable world seen.
        ("sdk kindly 3.0.12\nalphabet {\n    launch background\n    launch foreground\n}\n", 6, []),
    ]

    @Test("N = 1 … 4 shards, joined, report exactly what one machine reports", arguments: 0..<4)
    func joined(search: Int) throws {
        let (text, depth, checks) = Self.searches[search]
        let single = try explore(text, depth: depth, checks: checks, jobs: 2)
        let explorer = try makeExplorer(text, depth: depth, checks: checks, jobs: 2)
        for n in 1...4 {
            var shards: [ShardResult] = []
            for k in 0..<n {
                let shard = explorer.run(shard: ExploreShard(index: k, count: n), path: "explore.scn")
                // Through the file, as a CI job hands it on.
                shards.append(try ShardResult.parse(shard.fileText).get())
            }
            let merged = try ExploreResult.merge(shards.reversed())
            #expect(merged.path == "explore.scn")
            #expect(Self.report(merged.result) == Self.report(single), "N = \(n)")
            #expect(merged.result.explored == single.explored && merged.result.unique == single.unique, "N = \(n)")
        }
    }

    @Test("a join holds as many worlds as its limit allows: --max-memory on --merge sets it, else 2,000,000")
    func joinLimit() throws {
        let (text, depth, checks) = Self.searches[0]
        let explorer = try makeExplorer(text, depth: depth, checks: checks, jobs: 2)
        let shards = try (0..<2).map { k in
            try ShardResult.parse(explorer.run(shard: ExploreShard(index: k, count: 2), path: "e.scn").fileText).get()
        }
        func join(limit: Int) throws(ShardMergeError) -> ExploreResult {
            var merge = ShardMerge(limit: limit)
            for shard in shards {
                let number = merge.add(shard)
                for state in shard.states { try merge.add(state, of: number) }
            }
            return try merge.result().result
        }
        let whole = try join(limit: ShardMerge.maxWorlds)
        #expect(try join(limit: whole.unique).unique == whole.unique, "exactly enough")
        #expect(throws: ShardMergeError.self) { try join(limit: whole.unique - 1) }
        #expect(ShardMerge.limit(memory: nil) == 2_000_000)
        #expect(ShardMerge.limit(memory: 1024 << 20) == (1024 << 20) / 96)
    }

    @Test("shards of another search, a missing shard, a shard twice, a damaged file: each an error")
    func refused() throws {
        let a = try makeExplorer("sdk none\n", depth: 2)
        let b = try makeExplorer("sdk none\nextension other\n", depth: 2)
        let a1 = a.run(shard: ExploreShard(index: 0, count: 2), path: "a.scn")
        let a2 = a.run(shard: ExploreShard(index: 1, count: 2), path: "a.scn")
        let b2 = b.run(shard: ExploreShard(index: 1, count: 2), path: "b.scn")
        #expect(throws: ShardMergeError.self) { try ExploreResult.merge([a1, b2]) }
        #expect(throws: ShardMergeError.self) { try ExploreResult.merge([a1]) }
        #expect(throws: ShardMergeError.self) { try ExploreResult.merge([a1, a1]) }
        #expect(throws: ShardMergeError.self) { try ExploreResult.merge([]) }
        _ = try ExploreResult.merge([a2, a1])
        let text = a1.fileText
        for damaged in [
            "", "scn-explore-shard 1\n{}\n", text.replacingOccurrences(of: " -1\n", with: " x\n"),
            String(text.prefix(text.count / 2)) + "zz\n",
        ] {
            if case .success = ShardResult.parse(damaged) { Issue.record("parsed: \(damaged.prefix(80))") }
        }
        #expect(ExploreShard(spelled: "2/4") == ExploreShard(index: 1, count: 4))
        for bad in ["0/4", "5/4", "1/0", "a/b", "1/2/3", "", "/", "1/257"] {
            #expect(ExploreShard(spelled: bad) == nil)
        }
    }

    @Test("a shard file cut at any line, with a line after its end, or without its last line feed does not read")
    func cutFiles() throws {
        let explorer = try makeExplorer("sdk none\n", depth: 2)
        let text = explorer.run(shard: ExploreShard(index: 0, count: 2), path: "a.scn").fileText
        #expect((try? ShardResult.parse(text).get()) != nil)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for n in 0..<(lines.count - 1) {
            let cut = lines.prefix(n).map { $0 + "\n" }.joined()
            if case .success = ShardResult.parse(cut) { Issue.record("read when cut after \(n) lines") }
        }
        if case .success = ShardResult.parse(text + "end 0\n") { Issue.record("read with a line after its end") }
        if case .success = ShardResult.parse(String(text.dropLast())) {
            Issue.record("read without its last line feed")
        }
        // The merge's time is the shards' whole milliseconds added up: never a fraction of one.
        let shards = (0..<3).map { explorer.run(shard: ExploreShard(index: $0, count: 3), path: "a.scn") }
        let parsed = try shards.map {
            try ShardResult.parse($0.fileText.replacing(#/"milliseconds":[0-9]+/#, with: "\"milliseconds\":0")).get()
        }
        let merged = try ExploreResult.merge(parsed)
        #expect(merged.result.seconds == 0 && merged.result.worldsPerSecond == merged.result.explored)
    }

    @Test(
        "a shard file with a line dropped, repeated, swapped with the next or a byte changed either does not read or reads back as written"
    )
    func mutatedFiles() throws {
        let explorer = try makeExplorer(Self.searches[0].text, depth: 2, checks: Self.searches[0].checks)
        let text = explorer.run(shard: ExploreShard(index: 1, count: 2), path: "a.scn").fileText
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var read = 0
        var tried = 0
        for i in lines.indices {
            var changes: [[String]] = []
            var dropped = lines
            dropped.remove(at: i)
            changes.append(dropped)
            var repeated = lines
            repeated.insert(lines[i], at: i)
            changes.append(repeated)
            if i + 1 < lines.count {
                var swapped = lines
                swapped.swapAt(i, i + 1)
                changes.append(swapped)
            }
            for (offset, byte) in [(0, UInt8(ascii: "f")), (1, UInt8(ascii: "-")), (2, UInt8(ascii: "9"))] {
                var bytes = Array(lines[i].utf8)
                guard !bytes.isEmpty else { continue }
                bytes[(i * 7 + offset) % bytes.count] = byte
                var changed = lines
                changed[i] = String(decoding: bytes, as: UTF8.self)
                changes.append(changed)
            }
            for change in changes {
                tried += 1
                guard case .success(let shard) = ShardResult.parse(change.joined(separator: "\n")) else { continue }
                read += 1
                let written = shard.fileText
                guard case .success(let again) = ShardResult.parse(written) else {
                    Issue.record("written from a file that read, does not read: \(written.prefix(300))")
                    continue
                }
                #expect(again.fileText == written)
                _ = try? ExploreResult.merge([shard])
            }
        }
        // Most changes are refused: only a swap within a level or a digit of a fingerprint reads.
        #expect(read < tried / 2, "\(read) of \(tried) read")
    }
}
