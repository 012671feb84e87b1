import Testing

@testable import ScenarioLanguage

/// The registry's lookups: the longest registered path of a statement's leading words, a
/// command by its name, head words and the words that continue a path.
@Suite struct RegistryTests {
    static func registry() throws -> Registry {
        var r = Registry()
        for path in ["push", "push kindly", "push kindly silent", "expect banner", "expect banners", "tap"] {
            try r.register(
                Signature(path.split(separator: " ").map(String.init), role: .action, topic: "t", summary: ""))
        }
        return r
    }

    @Test("a statement resolves to the longest registered path of its leading words")
    func longestPath() throws {
        let r = try Self.registry()
        #expect(
            r.resolve(["push", "kindly", "visible"]).map { ($0.signature.name, $0.consumed) } ?? ("", 0) == (
                "push kindly", 2
            ))
        #expect(r.resolve(["push", "kindly", "silent"]).map(\.signature.name) == "push kindly silent")
        #expect(r.resolve(["push", "edna"]).map { ($0.signature.name, $0.consumed) } ?? ("", 0) == ("push", 1))
        #expect(r.resolve(["expect", "banners"]).map(\.signature.name) == "expect banners")
        #expect(r.resolve(["expect"]) == nil, "a path's prefix that is no command is nothing")
        #expect(r.resolve(["launch"]) == nil)
        #expect(r.resolve([]) == nil)
    }

    @Test("names, head words, next words and duplicates")
    func namesAndWords() throws {
        var r = try Self.registry()
        #expect(r.signature(named: "push kindly")?.path == ["push", "kindly"])
        #expect(r.signature(named: "expect") == nil)
        #expect(r.signature(named: "push  kindly") == nil)
        #expect(r.isHeadWord("expect") && r.isHeadWord("tap") && !r.isHeadWord("banner"))
        #expect(r.headWords == ["push", "expect", "tap"])
        #expect(r.nextWords(after: ["expect"]) == ["banner", "banners"])
        #expect(throws: Registry.RegistrationError.duplicate("push kindly")) {
            try r.register(Signature(["push", "kindly"], role: .action, topic: "t", summary: ""))
        }
        #expect(r.signatures.count == 6)
        let known = r.setExploration(Exploration(), for: "tap")
        let unknown = r.setExploration(Exploration(), for: "tap twice")
        #expect(known && !unknown)
    }
}
