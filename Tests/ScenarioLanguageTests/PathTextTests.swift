import Testing

@testable import ScenarioLanguage

@Suite("Path text")
struct PathTextTests {
    @Test("join puts one slash between a folder and a name")
    func join() {
        #expect(PathText.join("a", "b.scn") == "a/b.scn")
        #expect(PathText.join("a/", "b.scn") == "a/b.scn")
        #expect(PathText.join("/", "b.scn") == "/b.scn")
        #expect(PathText.join("", "b.scn") == "b.scn")
        #expect(PathText.join("a", "") == "a")
    }

    @Test("parent drops the last component, as a shell's dirname does, but '' for a bare name")
    func parent() {
        #expect(PathText.parent("/a/b.scn") == "/a")
        #expect(PathText.parent("/a") == "/")
        #expect(PathText.parent("/") == "/")
        #expect(PathText.parent("b.scn") == "")
        #expect(PathText.parent("a/b/") == "a")
        #expect(PathText.parent("a//b") == "a")
        #expect(PathText.lastComponent("/a/b.scn") == "b.scn")
    }
}
