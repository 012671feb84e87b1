import CommandLineKit
import Foundation
import Testing

@testable import ScenarioTool

/// docs/TOOL.md opens each subcommand's section with its synopsis; a synopsis that leaves
/// an option out (as `scn test`'s once left out `--trace`) sends a reader to `--help`.
@Suite struct ToolSynopsisTests {
    static let page = CLI.packageRoot.appendingPathComponent("docs/TOOL.md")

    /// The first fenced block of the page whose first line starts with `scn NAME`.
    static func synopsis(_ name: String, in lines: [String]) -> String? {
        var i = 0
        while i < lines.count {
            guard lines[i].hasPrefix("```") else {
                i += 1
                continue
            }
            let close = lines[(i + 1)...].firstIndex(where: { $0.hasPrefix("```") }) ?? lines.count
            let body = lines[min(i + 1, close)..<close]
            if let first = body.first, first == "scn \(name)" || first.hasPrefix("scn \(name) ") {
                return body.joined(separator: "\n")
            }
            i = close + 1
        }
        return nil
    }

    /// Whether `text` has `name` as a whole option (`--json` is not in `--json-lines`).
    static func mentions(_ text: String, _ name: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: name) {
            let next = rest[range.upperBound...].first
            if next.map({ !$0.isLetter && $0 != "-" }) ?? true { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test(
        "every subcommand's synopsis in docs/TOOL.md names each of its options", arguments: Tool.subcommands.map(\.spec)
    )
    func synopsisNamesEveryOption(_ spec: CommandSpec) throws {
        guard spec.options.contains(where: { $0.name != "--help" }) else { return }  // `scn repl`, `scn lsp`
        let lines = try String(contentsOf: Self.page, encoding: .utf8).components(separatedBy: "\n")
        let synopsis = try #require(
            Self.synopsis(spec.name, in: lines), "docs/TOOL.md has no synopsis for scn \(spec.name)")
        for option in spec.options where option.name != "--help" {
            let named = Self.mentions(synopsis, option.name)
            #expect(named, "the synopsis of scn \(spec.name) in docs/TOOL.md leaves out \(option.name)")
        }
    }
}
