import Foundation
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

@testable import Edna
@testable import Kindly

/// The examples in the README and docs/ are scenarios that work: every ```scn block checks,
/// and the README's examples run and pass. (A block with an elision `…` is an excerpt.)
@Suite("Documentation examples")
struct DocumentationExampleTests {
    /// Every ```scn fenced block of a Markdown file, with the line it starts on.
    static func scenarioBlocks(in path: URL) -> [(line: Int, text: String)] {
        guard let text = try? String(contentsOf: path, encoding: .utf8) else { return [] }
        var blocks: [(Int, String)] = []
        var current: [String]?
        var start = 0
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```scn" {
                current = []
                start = i + 2
            } else if current != nil, line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                blocks.append((start, (current ?? []).joined(separator: "\n") + "\n"))
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return blocks
    }

    static var markdownFiles: [URL] {
        let docs = packageRoot.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [packageRoot.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    @Test("the README's scenarios run and pass")
    func readmeExamplesPass() throws {
        let blocks = Self.scenarioBlocks(in: packageRoot.appendingPathComponent("README.md"))
        #expect(!blocks.isEmpty)
        for block in blocks {
            let (_, results) = try run(block.text, path: "README.md")
            #expect(results.allSatisfy { $0.status == .passed }, "README.md:\(block.line)")
        }
    }

    @Test("every ```scn block in the docs checks")
    func docExamplesCheck() {
        for file in Self.markdownFiles {
            for block in Self.scenarioBlocks(in: file) where !block.text.contains("…") {
                let found = diagnostics(block.text)
                #expect(found.isEmpty, "\(file.lastPathComponent):\(block.line): \(found.map(\.description))")
            }
        }
    }
}
