import Testing

@testable import NotificationCore

/// `World.hashForSearch` hashes a part of what equality compares: equal worlds must hash
/// alike, whatever path led to each, or a search would expand one world twice.
@Suite struct SearchHashTests {
    static func searchHash(_ world: World) -> Int {
        var hasher = Hasher()
        world.withoutRecords.hashForSearch(into: &hasher)
        return hasher.finalize()
    }

    @Test("two paths to one world: equal without records, and one search hash")
    func equalWorldsHashAlike() throws {
        var a = try kindlyWorld(.kindly)
        var b = a
        try a.wait(milliseconds: 1_000)
        try a.wait(milliseconds: 1_000)
        try b.wait(milliseconds: 2_000)
        #expect(a.trace != b.trace)
        #expect(a.withoutRecords == b.withoutRecords)
        #expect(Self.searchHash(a) == Self.searchHash(b))
    }

    @Test("over random walks, a world and its copy with other records hash alike; worlds that differ beyond the configuration mostly differ")
    func walksHashConsistently() {
        var distinct = Set<Int>()
        var worlds = Set<World>()
        for seed in UInt64(1)...60 {
            var rng = RandomWalkTests.SplitMix(state: seed)
            let (configuration, fresh) = RandomWalkTests.configuration(&rng)
            guard var world = try? World(configuration: configuration, fresh: fresh) else { continue }
            for _ in 0..<40 {
                try? RandomWalkTests.step(&world, &rng)
                var other = world
                other.trace = []
                other.log = []
                #expect(Self.searchHash(other) == Self.searchHash(world))
                distinct.insert(Self.searchHash(world))
                // The search hash leaves the configuration out (runtime settings change it).
                var unconfigured = world.withoutRecords
                unconfigured.configuration = Configuration()
                worlds.insert(unconfigured)
            }
        }
        // Not a correctness condition (equality decides), but a hash that lumped the walks'
        // worlds together would make a search compare whole worlds at every step.
        #expect(distinct.count * 100 >= worlds.count * 85, "\(distinct.count) hashes for \(worlds.count) worlds")
    }
}
