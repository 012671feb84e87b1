import Foundation
import Testing

/// `textDocument/codeAction`: every "did you mean" is a ready fix.
@Suite("Language server: code actions")
struct CodeActionTests {
    let uri = "file:///tmp/lsp-tests/fix.scn"

    func actions(_ client: inout Client, line: Int, from: Int, to: Int) -> [[String: Any]] {
        let range: [String: Any] = [
            "start": ["line": line, "character": from], "end": ["line": line, "character": to],
        ]
        let reply = client.request(
            "textDocument/codeAction",
            ["textDocument": ["uri": uri], "range": range, "context": ["diagnostics": []]])
        return (reply["result"] as? [[String: Any]]) ?? []
    }

    func edit(_ action: [String: Any]) -> (line: Int, from: Int, to: Int, text: String)? {
        guard let changes = (action["edit"] as? [String: Any])?["changes"] as? [String: Any],
            let edits = changes[uri] as? [[String: Any]], let first = edits.first,
            let range = first["range"] as? [String: Any], let (line, from) = start(range),
            let end = range["end"] as? [String: Any], let to = end["character"] as? Int,
            let text = first["newText"] as? String
        else { return nil }
        return (line, from, to, text)
    }

    @Test(
        "an unknown option, command or choice gets a quick fix that replaces the word the caret covers",
        arguments: [
            ("sdk kindly\nlaunch killed\npush kindly visible tilte \"Anna\"\n", 2, 20, 25, "title"),
            ("sdk kindly\nlaunhc killed\n", 1, 0, 6, "launch"),
            ("sdk kindly\nlaunch kiled\n", 1, 7, 12, "killed"),
        ])
    func quickFix(text: String, line: Int, from: Int, to: Int, replacement: String) throws {
        var client = Client()
        client.initialize()
        _ = client.open(uri, text)
        let found = actions(&client, line: line, from: from, to: from)
        let action = try #require(found.first, "no code action for line \(line + 1)")
        #expect(action["kind"] as? String == "quickfix")
        #expect(action["title"] as? String == "Replace with '\(replacement)'")
        #expect(action["isPreferred"] as? Bool == true)
        #expect((action["diagnostics"] as? [[String: Any]])?.count == 1)
        let change = try #require(edit(action))
        #expect(change.line == line && change.from == from && change.to == to && change.text == replacement)
    }

    @Test("no fix away from the problem, none for a problem without one replacement, none for a closed document")
    func noFix() {
        var client = Client()
        client.initialize()
        _ = client.open(uri, "sdk kindly\nlaunch killed\npush kindly visible tilte \"Anna\"\nwait 5\n")
        #expect(actions(&client, line: 0, from: 0, to: 3).isEmpty, "a clean line")
        #expect(actions(&client, line: 3, from: 5, to: 6).isEmpty, "a duration without its unit: no single fix")
        _ = client.send(["method": "textDocument/didClose", "params": ["textDocument": ["uri": uri]]])
        #expect(actions(&client, line: 2, from: 20, to: 20).isEmpty)
    }

    @Test("a document with thousands of misspellings gets at most 50 fixes for a selection of all of them")
    func bounded() {
        var client = Client()
        client.initialize()
        let text = "sdk kindly\n" + String(repeating: "launch kiled\n", count: 2_000)
        _ = client.open(uri, text)
        let range: [String: Any] = ["start": ["line": 0, "character": 0], "end": ["line": 2_001, "character": 0]]
        let reply = client.request(
            "textDocument/codeAction", ["textDocument": ["uri": uri], "range": range, "context": [:]])
        let found = (reply["result"] as? [[String: Any]]) ?? []
        #expect(found.count > 0 && found.count <= 50, "\(found.count)")
    }

    @Test("initialize announces quick fixes")
    func announced() throws {
        var client = Client()
        let reply = client.request("initialize", ["capabilities": [:]])
        let capabilities = try #require((reply["result"] as? [String: Any])?["capabilities"] as? [String: Any])
        let provider = try #require(capabilities["codeActionProvider"] as? [String: Any])
        #expect(provider["codeActionKinds"] as? [String] == ["quickfix"])
    }
}
