import Foundation
import Testing

/// `textDocument/references` and `textDocument/rename` for defs and variables.
@Suite("Language server: references and rename")
struct RenameTests {
    func edits(_ reply: [String: Any]) -> [String: [(line: Int, character: Int, text: String)]] {
        let changes = ((reply["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]]) ?? [:]
        return changes.mapValues { list in
            list.compactMap { edit in
                guard let (line, character) = start(edit["range"]), let text = edit["newText"] as? String else {
                    return nil
                }
                return (line, character, text)
            }
        }
    }

    @Test("a def in an included file renames there and at every call in the document")
    func defAcrossAnInclude() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scn-lsp-rename-\(getpid())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("lib"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "def greet who {\n  push kindly visible title $who\n}\n".write(
            to: folder.appendingPathComponent("lib/h.scn"), atomically: true, encoding: .utf8)
        var client = Client()
        client.initialize(root: folder.path)
        let main = "file://" + folder.appendingPathComponent("main.scn").path
        _ = client.open(main, "sdk kindly\ninclude \"lib/h.scn\"\ngreet \"Anna\"\ngreet \"Bob\"\n")
        let position: [String: Any] = ["line": 2, "character": 1]
        let references = client.request(
            "textDocument/references",
            ["textDocument": ["uri": main], "position": position, "context": ["includeDeclaration": true]])
        let found = (references["result"] as? [[String: Any]]) ?? []
        #expect(found.count == 3, "\(found)")
        #expect((found.first?["uri"] as? String)?.hasSuffix("/lib/h.scn") == true, "the declaration first")
        let reply = client.request(
            "textDocument/rename", ["textDocument": ["uri": main], "position": position, "newName": "welcome"])
        let changes = edits(reply)
        let lib = try #require(changes.first { $0.key.hasSuffix("/lib/h.scn") }?.value)
        #expect(lib.map(\.line) == [0] && lib.first?.character == 4 && lib.first?.text == "welcome")
        #expect(changes[main]?.map(\.line) == [2, 3])
        #expect(changes[main]?.allSatisfy { $0.character == 0 && $0.text == "welcome" } == true)
    }

    @Test("a variable renames at its let and at every $name and ${name} that reaches it, not a shadowing one")
    func variable() throws {
        var client = Client()
        client.initialize()
        let uri = "file:///tmp/lsp-tests/vars.scn"
        let text = """
            sdk kindly
            let who = "Anna"
            push kindly visible title $who body "Hi ${who}"
            for who in ["Bob"] {
                push kindly visible title $who
            }
            expect banner $who

            """
        _ = client.open(uri, text)
        let reply = client.request(
            "textDocument/rename",
            ["textDocument": ["uri": uri], "position": ["line": 2, "character": 28], "newName": "name"])
        let changes = try #require(edits(reply)[uri])
        let places = changes.map { "\($0.line):\($0.character)" }
        #expect(places == ["1:4", "2:27", "2:40", "6:15"], "the for's own `who` (line 5) is another variable")
        #expect(changes.allSatisfy { $0.text == "name" })
        let inner = client.request(
            "textDocument/references",
            [
                "textDocument": ["uri": uri], "position": ["line": 4, "character": 32],
                "context": ["includeDeclaration": false],
            ])
        let innerPlaces = ((inner["result"] as? [[String: Any]]) ?? []).compactMap { start($0["range"]) }
        #expect(innerPlaces.map { "\($0.0):\($0.1)" } == ["4:31"])
    }

    @Test("a name that is not one, a def renamed to a command, or nothing under the cursor: an error, no edit")
    func refused() {
        var client = Client()
        client.initialize()
        let uri = "file:///tmp/lsp-tests/bad.scn"
        _ = client.open(uri, "sdk kindly\ndef greet {\n  tap\n}\ngreet\n")
        for (name, code) in [("2x", -32602), ("a b", -32602), ("", -32602), ("launch", -32803)] {
            let reply = client.request(
                "textDocument/rename",
                ["textDocument": ["uri": uri], "position": ["line": 4, "character": 1], "newName": name])
            #expect((reply["error"] as? [String: Any])?["code"] as? Int == code, "\(name): \(reply)")
        }
        let nothing = client.request(
            "textDocument/rename",
            ["textDocument": ["uri": uri], "position": ["line": 0, "character": 1], "newName": "x"])
        #expect(nothing["error"] != nil)
    }

    @Test("a document of 20,000 calls answers at most 10,000 references")
    func bounded() {
        var client = Client()
        client.initialize()
        let uri = "file:///tmp/lsp-tests/many.scn"
        _ = client.open(uri, "sdk kindly\ndef d {\n  tap\n}\n" + String(repeating: "d\n", count: 20_000))
        let reply = client.request(
            "textDocument/references",
            [
                "textDocument": ["uri": uri], "position": ["line": 1, "character": 4],
                "context": ["includeDeclaration": true],
            ])
        #expect(((reply["result"] as? [[String: Any]]) ?? []).count == 10_000)
    }
}
