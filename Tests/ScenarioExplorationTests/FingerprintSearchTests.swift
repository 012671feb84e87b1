import Foundation
@testable import ScenarioExploration
import Testing

/// The search keeps fingerprints, not worlds (docs/EXPLORE.md "Equal worlds are expanded
/// once"), and reports exactly what it reported when it kept whole worlds: the reports in
/// `Reports/` were written by the search that held every world (`scn explore FILE … --jobs 2`,
/// the time line left out), for each file of Scenarios/explore at its stated depth (at most 4)
/// and for the default Kindly app with every built-in check at depth 4.
@Suite("Exploring by fingerprints")
struct FingerprintSearchTests {
    static let reports = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Reports")

    static func expected(_ name: String) throws -> String {
        try String(contentsOf: reports.appendingPathComponent(name + ".txt"), encoding: .utf8)
    }

    @Test("each Scenarios/explore file's report is the one the search that held whole worlds wrote", arguments: ExploreScenariosTests.files)
    func reportUnchanged(_ name: String) throws {
        let text = try String(contentsOf: ExploreScenariosTests.folder.appendingPathComponent(name), encoding: .utf8)
        let header = ExploreScenariosTests.header(text)
        let result = try explore(text, depth: min(header.depth, 4), checks: header.checks, jobs: 2)
        #expect(untimed(result.report(path: name)) == (try Self.expected(String(name.dropLast(4)))))
    }

    static let everyCheck = [
        "no-duplicates", "no-lost-tap", "no-banner-over-open-chat", "no-tap-lost", "no-crash",
        "badge-matches-count", "token-current", "loss-explained",
    ]

    @Test("the default Kindly app with every check: the same report with one thread and with two, and in 3 shards")
    func defaultAppUnchanged() throws {
        let text = "sdk kindly 3.0.12\nextension kindly\n"
        let expected = try Self.expected("default-kindly-every-check")
        let one = try explore(text, depth: 4, checks: Self.everyCheck, jobs: 1)
        let two = try explore(text, depth: 4, checks: Self.everyCheck, jobs: 2)
        #expect(untimed(one.report(path: "default-kindly.scn")) == expected)
        #expect(untimed(two.report(path: "default-kindly.scn")) == expected)
        let explorer = try makeExplorer(text, depth: 4, checks: Self.everyCheck, jobs: 2)
        let shards = (0..<3).map { explorer.run(shard: ExploreShard(index: $0, count: 3), path: "default-kindly.scn") }
        let merged = try ExploreResult.merge(shards)
        #expect(untimed(merged.result.report(path: merged.path)) == expected)
    }

    @Test("the set of worlds seen holds 16-byte fingerprints, and a million worlds are counted at under 100 MiB")
    func seenSetHoldsFingerprints() {
        #expect(MemoryLayout<SeenWorlds.Element>.size == 16)
        #expect(SeenWorlds.Element.self == Fingerprint128.self)
        let million = Explorer.estimatedBytes(
            worlds: 1_000_000, depth: 7, largestWorld: 16 << 10, jobs: 2, batchOutcomes: 4096 * 23, shard: false)
        #expect(million < 100 << 20)
        // Counted per world, not per byte a world holds: a world's size adds only to the
        // worlds the threads replay.
        let heavy = Explorer.estimatedBytes(
            worlds: 1_000_000, depth: 7, largestWorld: 1 << 20, jobs: 2, batchOutcomes: 0, shard: false)
        #expect(heavy - million < 20 << 20)
    }

    @Test("depth 4 of the default Kindly app (7,278 worlds) fits in 8 MiB, which held some 1,000 whole worlds")
    func smallBudgetReachesDepth() throws {
        let checked = try makeExplorer("sdk kindly 3.0.12\nextension kindly\n", depth: 4, jobs: 2)
        var options = checked.options
        options.maxMemory = 8 << 20
        let explorer = try Explorer(script: checked.script, vocabulary: .standard, options: options)
        let result = explorer.run()
        #expect(result.depthReached == 4)
        #expect(!result.stoppedAtMaxMemory)
        #expect(result.unique == 7_278)
    }

    @Test("a tiny budget still stops the search, and says so")
    func tinyBudgetStops() throws {
        let checked = try makeExplorer("sdk kindly 3.0.12\nextension kindly\n", depth: 6, jobs: 2)
        var options = checked.options
        options.maxMemory = 1 << 20
        let result = try Explorer(script: checked.script, vocabulary: .standard, options: options).run()
        #expect(result.stoppedAtMaxMemory)
        #expect(result.depthReached < 6)
        let bytes = Explorer.estimatedBytes(
            worlds: result.unique, depth: result.depthReached, largestWorld: 0, jobs: 2, batchOutcomes: 0, shard: false)
        #expect(bytes <= 1 << 20)
    }
}
