import Foundation
import ScenarioRuntime
import Testing

@testable import CommandLineKit
@testable import ScenarioTool

/// `scn help --man` is installed as `share/man/man1/scn.1`, read far from the sources: it shows
/// examples, and names no file of the repository that an installed page cannot reach.
@Suite struct ManPageTests {
    static let page = ManPage.render(Tool(vocabulary: .standard).spec, version: "0")

    @Test("the man page has an EXAMPLES section with every declared example, after the other sections")
    func examples() throws {
        let examples = Tool(vocabulary: .standard).spec.examples
        #expect(examples.count >= 5)
        let section = try #require(Self.page.range(of: ".SH EXAMPLES\n"))
        let after = Self.page[section.upperBound...]
        #expect(!after.contains(".SH "), "EXAMPLES closes the page")
        for example in examples {
            #expect(after.contains(".B \"\(ManPage.escape(example.command))\"\n"), "\(example.command)")
        }
        #expect(after.contains(".B \"swift package scn test Scenarios\""), "the SwiftPM plugin is shown")
    }

    @Test("each scenario command is a tagged paragraph (.TP) under its topic, not a padded column roff re-wraps")
    func scenarioCommandsAreTaggedParagraphs() throws {
        let run = try TempDir().scn("help", "--man")
        let page = run.stdout
        let section = try #require(page.range(of: ".SH SCENARIO COMMANDS\n"), "\(run)")
        let body = page[section.upperBound...]
        let end = body.range(of: "\n.SH ").map { body[..<$0.lowerBound] } ?? body
        #expect(end.hasPrefix(".SS "), "a topic heading first")
        #expect(end.contains(".TP\n.B \"launch"), "each command its own tagged paragraph")
        #expect(!end.contains("    "), "no space-padded columns")
    }

    @Test("the man page names no repository file: no docs/, editors/, Sources/ or a page of docs")
    func noFileLinks() throws {
        let run = try TempDir().scn("help", "--man")
        #expect(run.status == 0 && run.stdout.contains(".SH EXAMPLES\n"), "\(run)")
        for word in ["docs/", "editors/", "Sources/", "Tests/", ".swift", "TOOL.md", "COMMANDS.md", "README"] {
            #expect(!run.stdout.contains(word), "the man page mentions '\(word)'")
        }
    }

    @Test("each scenario command's words continue one another for completion: help push offers push's next words")
    func topicContinuations() throws {
        let spec = Tool(vocabulary: .standard).spec
        let push = try #require(spec.topicContinuations.first { $0.after == ["push"] })
        #expect(Set(push.words) == ["app", "kindly", "edna", "other", "raw"])
        let raw = try #require(spec.topicContinuations.first { $0.after == ["push", "raw"] })
        #expect(raw.words == ["file"])
        #expect(!spec.topicContinuations.contains { $0.after == ["push", "kindly"] }, "nothing follows 'push kindly'")
        #expect(
            ToolSpec.continuations(of: [["a", "b"], ["a", "c"], ["a", "b", "d"], ["e"]])
                == [.init(after: ["a"], words: ["b", "c"]), .init(after: ["a", "b"], words: ["d"])])
    }
}
