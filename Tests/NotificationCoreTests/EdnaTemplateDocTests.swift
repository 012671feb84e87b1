import Edna
import Foundation
import NotificationCore
import Testing

/// docs/EDNA.md shows edna's default templates, so that a user can copy one and change a
/// field; the blocks must be the templates the server renders.
@Suite struct EdnaTemplateDocTests {
    static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/EDNA.md")

    /// The fenced block after `<!-- edna default template: KIND -->`.
    static func block(_ kind: String) throws -> String? {
        let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
        guard let marker = lines.firstIndex(of: "<!-- edna default template: \(kind) -->"),
            marker + 1 < lines.count, lines[marker + 1] == "```json",
            let close = lines[(marker + 2)...].firstIndex(of: "```")
        else { return nil }
        return lines[(marker + 2)..<close].joined(separator: "\n")
    }

    /// The JSON text without the spaces and newlines between tokens (those inside strings kept).
    static func compact(_ json: String) -> String {
        var out = ""
        var inString = false
        var escaped = false
        for character in json {
            if inString {
                out.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
                out.append(character)
            } else if !character.isWhitespace {
                out.append(character)
            }
        }
        return out
    }

    @Test("docs/EDNA.md shows each kind's default template as the server has it", arguments: EdnaTemplateKind.allCases)
    func documentedDefault(_ kind: EdnaTemplateKind) throws {
        let name = kind.rawValue
        let shown = try #require(try Self.block(name), "docs/EDNA.md has no default template block for \(name)")
        #expect(Self.compact(shown) == Self.compact(EdnaTemplate.standard(kind).text))
    }

    @Test("the comparison ignores layout only: a changed value is a difference")
    func compactKeepsStrings() {
        #expect(Self.compact("{ \"a b\": 1,\n  \"c\": \"${id}\" }") == "{\"a b\":1,\"c\":\"${id}\"}")
        #expect(Self.compact("{\"origin\": \"threads\"}") != Self.compact("{\"origin\": \"thread\"}"))
    }
}
