import StandardVocabulary
import Foundation
import ScenarioExploration
import ScenarioLanguage
import ScenarioRuntime
import Testing

/// Scenarios/explore/: each file says how to explore it (`# explore: --check … --depth N`)
/// and what exploration answers (`# finds: P, …` or `# holds: P, …`). The test explores each
/// file so and checks the answer; every counterexample's file must reproduce its violation
/// under the interpreter. Depths above 4 are searched to 4 here (a debug build is slow);
/// docs/EXPLORE.md records the stated depths run with the release tool.
@Suite("Scenarios/explore")
struct ExploreScenariosTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios/explore")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".scn") }
            .sorted()
    }

    struct Header {
        var checks: [String] = []
        var depth = 5
        var finds: [String] = []
        var holds: [String] = []
    }

    static func header(_ text: String) -> Header {
        var header = Header()
        for line in text.split(separator: "\n").map(String.init) {
            func list(_ prefix: String) -> [String]? {
                guard line.hasPrefix(prefix) else { return nil }
                return line.dropFirst(prefix.count).split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
            }
            if line.hasPrefix("# explore:") {
                let words = line.dropFirst("# explore:".count).split(separator: " ").map(String.init)
                for (i, word) in words.enumerated() where i + 1 < words.count {
                    if word == "--check" { header.checks = words[i + 1].split(separator: ",").map(String.init) }
                    if word == "--depth" { header.depth = Int(words[i + 1]) ?? 5 }
                }
            }
            if let l = list("# finds: ") { header.finds = l }
            if let l = list("# holds: ") { header.holds = l }
        }
        return header
    }

    @Test("the folder has a file that finds each misconfiguration, and files where the property holds")
    func folderIsComplete() {
        let headers = Self.files.map {
            Self.header((try? String(contentsOf: Self.folder.appendingPathComponent($0), encoding: .utf8)) ?? "")
        }
        #expect(Self.files.count >= 10)
        #expect(headers.allSatisfy { !$0.finds.isEmpty || !$0.holds.isEmpty })
        #expect(headers.contains { !$0.holds.isEmpty })
    }

    @Test("exploration answers what the file says", arguments: files)
    func explore(_ name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let header = Self.header(text)
        let result = try ScenarioExplorationTests.explore(
            text, depth: min(header.depth, 4), checks: header.checks, jobs: 2)
        for property in header.finds {
            let found = try #require(result.counterexamples[property], "\(name): \(property) not found")
            let run = try runScenario(found.scenario)
            #expect(run.status == .reproduced(knownBug: "scn explore: " + property), "\(name)\n\(found.scenario)")
        }
        for property in header.holds {
            #expect(result.counterexamples[property] == nil, "\(name): \(property) violated")
            #expect(result.properties.contains(property))
        }
        #expect(result.counterexamples[Explorer.invariants] == nil)
    }
}
