import Testing

@testable import ScenarioLanguage

/// A statement's options: pairs in the order written, equal and hashed as a dictionary is.
@Suite struct GivenOptionsTests {
    @Test func keepsTheOrderWrittenAndReplacesInPlace() {
        var options = GivenOptions<Int>()
        options["title"] = 1
        options["body"] = 2
        options["badge"] = 3
        options["title"] = 4
        #expect(options.keys == ["title", "body", "badge"])
        #expect(options["title"] == 4 && options["body"] == 2 && options["none"] == nil)
        options["body"] = nil
        #expect(options.map(\.key) == ["title", "badge"])
        #expect(options.count == 2 && !options.isEmpty)
    }

    @Test func equalityAndHashIgnoreTheOrder() {
        let a: GivenOptions<Int> = ["title": 1, "body": 2]
        let b: GivenOptions<Int> = ["body": 2, "title": 1]
        let c: GivenOptions<Int> = ["body": 2, "title": 3]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
        #expect(GivenOptions<Int>() == [:])
    }
}
