import StandardVocabulary
import Testing

@testable import ScenarioTesting

@Suite struct ShardTests {
    @Test(arguments: [1, 2, 3, 5, 10, 11])
    func shardsPartitionTheFiles(count: Int) throws {
        let files = (0..<10).map { "f\($0).scn" }
        var seen: [String] = []
        for k in 1...count {
            let shard = try #require(Shard(index: k, count: count))
            let share = shard.select(files)
            #expect(share.count <= (files.count + count - 1) / count, "balanced")
            seen += share
        }
        #expect(seen.sorted() == files.sorted(), "every file exactly once")
        #expect(Set(seen).count == seen.count, "disjoint")
    }

    @Test func dealsRoundRobinInRunOrder() throws {
        let files = ["a", "b", "c", "d", "e"]
        #expect(try Shard.parse("1/3").select(files) == ["a", "d"])
        #expect(try Shard.parse("2/3").select(files) == ["b", "e"])
        #expect(try Shard.parse("3/3").select(files) == ["c"])
        #expect(try Shard.parse("1/1").select(files) == files)
    }

    @Test(arguments: [
        ("0/3", "invalid --shard '0/3': K must be between 1 and 3"),
        ("4/3", "invalid --shard '4/3': K must be between 1 and 3"),
        ("1/0", "invalid --shard '1/0': N must be at least 1"),
        ("1", "invalid --shard '1': expected K/N, e.g. 2/3"),
        ("a/b", "invalid --shard 'a/b': expected K/N, e.g. 2/3"),
        ("1/2/3", "invalid --shard '1/2/3': expected K/N, e.g. 2/3"),
        ("+1/2", "invalid --shard '+1/2': expected K/N, e.g. 2/3"),
        ("-1/2", "invalid --shard '-1/2': K must be between 1 and 2"),
    ])
    func rejectsBadShards(text: String, message: String) {
        #expect(throws: ShardError(message: message)) { try Shard.parse(text) }
    }

    @Test func shardsOfASuiteRunEveryFileOnceAndTogetherEqualTheWhole() throws {
        var files: [String: String] = [:]
        for i in 0..<7 { files["Scenarios/dir\(i % 3)/f\(i).scn"] = "case c\(i) pass\n" }
        let suite = try TemporarySuite(files)
        var ran: [String] = []
        for k in 1...3 {
            let executor = suite.executor
            let run = suite.run(["--shard", "\(k)/3"], executor: executor)
            #expect(run.code == 0)
            ran += executor.calls.all
        }
        let all = suite.executor
        _ = suite.run([], executor: all)
        #expect(ran.count == 7)
        #expect(Set(ran).count == 7)
        #expect(ran.sorted() == all.calls.all.sorted())
    }
}
