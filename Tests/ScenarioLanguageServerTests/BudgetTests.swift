import Foundation
import ScenarioLanguage
import Testing

@testable import ScenarioLanguageServer

/// The server's budgets: what an editor (or anything writing to its standard input) can
/// send that would otherwise take seconds or gigabytes.
@Suite("Language server: budgets")
struct BudgetTests {
    let uri = "file:///tmp/lsp-budget/a.scn"

    static func diagnostics(_ replies: [[String: Any]]) -> [[String: Any]] {
        ((replies.first?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
    }

    static func change(_ uri: String, version: Int, _ changes: [[String: Any]]) -> [String: Any] {
        [
            "method": "textDocument/didChange",
            "params": ["textDocument": ["uri": uri, "version": version], "contentChanges": changes],
        ]
    }

    @Test("a document over 4 MiB gets one diagnostic and is not kept; the whole text sent again is checked")
    func documentSize() {
        var client = Client()
        client.initialize()
        let big = "sdk kindly\n" + String(repeating: "wait 1s\n", count: 600_000)
        let diagnostics = client.open(uri, big)
        #expect(diagnostics.count == 1)
        #expect((diagnostics.first?["message"] as? String)?.contains("larger than 4194304 bytes") == true)
        #expect(client.server.documents[uri]?.source.bytes.isEmpty == true)
        // Range edits to it are dropped; the whole text again is checked.
        let stillRefused = client.send(
            Self.change(uri, version: 2, [["range": Self.range(0, 0, 0, 0), "text": "x"]]))
        #expect(Self.diagnostics(stillRefused).count == 1)
        let fresh = client.send(Self.change(uri, version: 3, [["text": "sdk kindly\nlaunch background\n"]]))
        #expect(Self.diagnostics(fresh).isEmpty, "\(fresh)")
        // Grown past the limit by edits: refused again.
        let line = String(repeating: "# a comment to grow the file\n", count: 40_000)
        let grown = client.send(
            Self.change(uri, version: 4, (0..<5).map { _ in ["range": Self.range(0, 0, 0, 0), "text": line] }))
        #expect((Self.diagnostics(grown).first?["message"] as? String)?.contains("larger than") == true)
    }

    static func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> [String: Any] {
        ["start": ["line": l1, "character": c1], "end": ["line": l2, "character": c2]]
    }

    @Test("one didChange of 20,000 edits is refused with a diagnostic; 930 are applied in one pass, in order")
    func manyEdits() {
        var client = Client()
        client.initialize()
        _ = client.open(uri, "sdk kindly\n")
        let many = (0..<20_000).map { _ in ["range": Self.range(1, 0, 1, 0), "text": "wait 1s\n"] as [String: Any] }
        let refused = client.send(Self.change(uri, version: 2, many))
        #expect((Self.diagnostics(refused).first?["message"] as? String)?.contains("20000 edits") == true)

        _ = client.send(Self.change(uri, version: 3, [["text": "sdk kindly\n"]]))
        // Line i gets "wait is\n" inserted before it; every third edit replaces a line's first word.
        var edits: [[String: Any]] = []
        var expected = ["sdk kindly"]
        for i in 1...700 {
            if i % 3 == 0 {
                edits.append(["range": Self.range(i - 1, 0, i - 1, 4), "text": "tap!"])
                expected[i - 1] = "tap!" + expected[i - 1].dropFirst(4)
            }
            edits.append(["range": Self.range(i, 0, i, 0), "text": "wait \(i)s\n"])
            expected.append("wait \(i)s")
        }
        _ = client.send(Self.change(uri, version: 4, edits))
        let text = client.server.documents[uri].map { String(decoding: $0.source.bytes, as: UTF8.self) }
        #expect(text == expected.joined(separator: "\n") + "\n")
        #expect(client.server.documents[uri]?.source.lineStarts == SourceFile(path: "x", text: text ?? "").lineStarts)
    }

    @Test("a 21 KB body nested 21,000 deep is refused before it is decoded")
    func deepJSON() {
        var server = LanguageServer(registry: Registry())
        for body in [String(repeating: "[", count: 21_000), String(repeating: "{\"a\":", count: 5_000)] {
            let replies = server.handle(Array(body.utf8))
            let reply = Client.parse(replies[0])
            #expect((reply["error"] as? [String: Any])?["code"] as? Int == -32700)
            #expect(((reply["error"] as? [String: Any])?["message"] as? String)?.contains("64 levels") == true)
        }
        // Brackets inside strings are not nesting.
        let strings =
            "{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"s\":\"" + String(repeating: "[", count: 100) + "\"}}"
        #expect(server.handle(Array(strings.utf8)).isEmpty)
    }

    @Test("a Content-Length of -5 or garbage is an error, and the next valid header is read: initialize is answered")
    func framingRecovers() {
        let initialize = #"{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"capabilities":{}}}"#
        let good = "Content-Length: \(initialize.utf8.count)\r\n\r\n" + initialize
        for bad in ["Content-Length: -5", "Content-Length: five", "Content-Length: 99999999999999999999", "garbage"] {
            var framer = MessageFramer()
            framer.append(Array((bad + "\r\n\r\n" + initialize + good + good).utf8))
            var frames: [MessageFramer.Frame] = []
            while let frame = framer.next() { frames.append(frame) }
            #expect(frames.count == 3, "\(bad): \(frames)")
            guard case .invalid = frames.first else {
                Issue.record("\(bad): \(frames)")
                continue
            }
            var server = LanguageServer(registry: Registry())
            var answered = 0
            for frame in frames.dropFirst() {
                for reply in server.handle(frame) where Client.parse(reply)["id"] as? Int == 7 { answered += 1 }
            }
            // The first is answered; the second is refused (already initialized), but answered too.
            #expect(answered == 2, "\(bad)")
        }
    }

    @Test("completion in a document of 200,000 include lines answers; each include is read once")
    func manyIncludes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scn-lsp-budget-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "def helper {\n  wait 1s\n}\n# \u{202E}\n".write(
            to: folder.appendingPathComponent("inc.scn"), atomically: true, encoding: .utf8)
        var client = Client()
        client.initialize(root: folder.path)
        let main = "file://" + folder.appendingPathComponent("main.scn").path
        let text = "sdk kindly\n" + String(repeating: "include \"inc.scn\"\n", count: 200_000) + "hel\n"
        let diagnostics = client.open(main, text)
        #expect(!diagnostics.isEmpty)
        let list = client.at("textDocument/completion", main, 200_001, 3) as? [String: Any]
        let labels = (list?["items"] as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
        #expect(labels.contains("helper"), "\(labels.prefix(10))")
    }
}
