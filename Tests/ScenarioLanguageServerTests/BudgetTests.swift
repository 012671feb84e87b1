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

    @Test("a deeply nested body that is valid JSON is a value but not a request: -32600, not a parse error")
    func deepValidJSON() {
        var server = LanguageServer(registry: Registry())
        let bodies = [
            String(repeating: "[", count: 21_000) + String(repeating: "]", count: 21_000),
            String(repeating: "{\"a\":", count: 5_000) + "1" + String(repeating: "}", count: 5_000),
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":" + String(repeating: "[", count: 100)
                + "\"]\"" + String(repeating: "]", count: 100) + "}",
        ]
        for body in bodies {
            let reply = Client.parse(server.handle(Array(body.utf8))[0])
            #expect((reply["error"] as? [String: Any])?["code"] as? Int == -32600, "\(body.prefix(40))")
            #expect(((reply["error"] as? [String: Any])?["message"] as? String)?.contains("64 levels") == true)
        }
        // Not JSON: a parse error still (an unclosed one, a bad token deep inside, bad UTF-8).
        let broken = [
            String(repeating: "[", count: 100) + String(repeating: "]", count: 99),
            String(repeating: "[", count: 100) + "tru" + String(repeating: "]", count: 100),
            String(repeating: "[", count: 100) + "01" + String(repeating: "]", count: 100),
            String(repeating: "[", count: 100) + "\"\\x\"" + String(repeating: "]", count: 100),
            String(repeating: "[", count: 100) + "1,]" + String(repeating: "]", count: 99),
            String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "x",
        ]
        var badUTF8 = Array((String(repeating: "[", count: 100) + "\"\"" + String(repeating: "]", count: 100)).utf8)
        badUTF8.insert(0xFF, at: 101)
        for bytes in broken.map({ Array($0.utf8) }) + [badUTF8] {
            let body = String(decoding: bytes, as: UTF8.self)
            let reply = Client.parse(server.handle(bytes)[0])
            #expect((reply["error"] as? [String: Any])?["code"] as? Int == -32700, "\(body.prefix(40))…\(body.suffix(5))")
        }
        #expect(JSONShape(Array(#" {"a": [1, -2.5e+3, true, null, "\u00e9"], "b": {}} "#.utf8)).isValid)
        #expect(JSONShape(Array("[[1]]".utf8)).depth == 2)
    }

    @Test("completion in a document of 20,000 defs answers with at most 1,000 items, the list marked incomplete")
    func completionAmongManyDefs() {
        var client = Client()
        client.initialize()
        let text = "sdk kindly\n" + (0..<20_000).map { "def d\($0) { wait 1s }\n" }.joined() + "\n"
        _ = client.open(uri, text)
        let list = client.at("textDocument/completion", uri, 20_001, 0) as? [String: Any]
        let items = (list?["items"] as? [[String: Any]]) ?? []
        #expect(items.count == LanguageServer.maxCompletionItems)
        #expect(list?["isIncomplete"] as? Bool == true)
        // Typing narrows it: the defs that start with d1999 are all there.
        let narrowed = client.send([
            "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [["range": Self.range(20_001, 0, 20_001, 0), "text": "d1999"]],
            ],
        ])
        #expect(!narrowed.isEmpty)
        let few = client.at("textDocument/completion", uri, 20_001, 5) as? [String: Any]
        let labels = ((few?["items"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        #expect(labels == ["d1999"] + (0..<10).map { "d1999\($0)" }, "\(labels)")
        #expect(few?["isIncomplete"] as? Bool == false)
        #expect(((few?["items"] as? [[String: Any]])?.first?["kind"] as? Int) == 3)
    }

    @Test("completion at the end of a 1.1 MB line answers, and still knows the command's options")
    func completionOnALongLine() {
        var client = Client()
        client.initialize()
        let words = String(repeating: "title a ", count: 140_000)
        _ = client.open(uri, "sdk kindly\npush app visible " + words + "ba")
        let list = client.at("textDocument/completion", uri, 1, 17 + words.utf8.count + 2) as? [String: Any]
        let items = (list?["items"] as? [[String: Any]]) ?? []
        #expect(items.compactMap { $0["label"] as? String } == ["badge"], "\(items)")
        #expect(items.first?["kind"] as? Int == 5)
    }

    @Test("a flood of hovers and definitions parses the document once; a change parses it again")
    func hoverFlood() {
        var client = Client()
        client.initialize()
        _ = client.open(uri, "sdk kindly\ndef greet { wait 1s }\n" + String(repeating: "launch background\ngreet\n", count: 10_000))
        for i in 0..<200 {
            let hover = client.at("textDocument/hover", uri, 2 + 2 * i, 2) as? [String: Any]
            #expect(((hover?["contents"] as? [String: Any])?["value"] as? String)?.contains("launch") == true)
            let definition = client.at("textDocument/definition", uri, 3 + 2 * i, 2) as? [String: Any]
            #expect(start(definition?["range"]).map { $0 == (1, 4) } == true)
        }
        #expect(client.server.indexesMade == 1)
        _ = client.send(Self.change(uri, version: 2, [["range": Self.range(0, 0, 0, 0), "text": "# a comment\n"]]))
        let moved = client.at("textDocument/definition", uri, 4, 2) as? [String: Any]
        #expect(start(moved?["range"]).map { $0 == (2, 4) } == true)
        #expect(client.server.indexesMade == 2)
    }

    @Test("positions on ASCII lines are found without reading the line, and agree with the scan everywhere")
    func positionsOnASCIILines() {
        let text = "sdk kindly\r\nwait 1s; é 😀 x\n" + String(repeating: "wait 1s; ", count: 1_000) + "\r\n\nlast"
        let document = Document(uri: uri, version: 1, text: text)
        #expect(document.asciiLines == [true, false, true, true, true])
        let source = document.source
        for offset in 0...source.bytes.count where offset == source.bytes.count || source.bytes[offset] & 0xC0 != 0x80 {
            let fast = document.position(of: offset)
            #expect(fast == Document.position(of: offset, in: source), "\(offset)")
        }
        for line in -1...6 {
            for character in [-1, 0, 1, 5, 12, 13, 9_000, 9_001, 100_000] {
                let p = Position(line: line, character: character)
                #expect(
                    document.offset(of: p) == Document.offset(of: p, in: source.bytes, lineStarts: source.lineStarts),
                    "\(line):\(character)")
            }
        }
    }

    @Test("the outline of a 250,000-case document holds at most 10,000 symbols")
    func symbolsAreCapped() {
        var client = Client()
        client.initialize()
        _ = client.open(uri, "sdk kindly\n" + String(repeating: "case c {}\n", count: 250_000))
        let symbols = client.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])["result"] as? [Any]
        #expect(symbols?.count == LanguageServer.maxSymbols)
        // Children count too.
        _ = client.send(Self.change(uri, version: 2, [["text": "sdk kindly\ndef outer {\n" + String(repeating: "  def inner { wait 1s }\n", count: 20_000) + "}\n"]]))
        let nested = client.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])["result"] as? [[String: Any]]
        #expect(nested?.count == 1)
        #expect((nested?.first?["children"] as? [Any])?.count == LanguageServer.maxSymbols - 1)
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
