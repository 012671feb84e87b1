import StandardVocabulary
import Foundation
import ScenarioLanguage
import ScenarioLanguageServer
import ScenarioRuntime
import Testing

/// The server's handlers, driven with message bodies as a client sends them.
struct Client {
    var server = LanguageServer(registry: Vocabulary.standard.registry, version: "test")
    var nextID = 1

    /// Sends a message; the replies, parsed.
    mutating func send(_ message: [String: Any]) -> [[String: Any]] {
        var message = message
        message["jsonrpc"] = "2.0"
        let body = (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])) ?? Data()
        return server.handle([UInt8](body)).map(Client.parse)
    }

    static func parse(_ body: [UInt8]) -> [String: Any] {
        ((try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]) ?? [:]
    }

    mutating func request(_ method: String, _ params: [String: Any]) -> [String: Any] {
        defer { nextID += 1 }
        return send(["id": nextID, "method": method, "params": params]).first { ($0["id"] as? Int) == nextID } ?? [:]
    }

    mutating func initialize(root: String = "/tmp") {
        _ = request("initialize", ["capabilities": [:], "rootUri": "file://" + root])
        _ = send(["method": "initialized", "params": [:]])
    }

    /// Opens a document; its diagnostics.
    mutating func open(_ uri: String, _ text: String) -> [[String: Any]] {
        let replies = send([
            "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": uri, "languageId": "scn", "version": 1, "text": text]],
        ])
        return ((replies.first?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
    }

    mutating func at(_ method: String, _ uri: String, _ line: Int, _ character: Int) -> Any? {
        request(method, ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])["result"]
    }
}

func start(_ range: Any?) -> (Int, Int)? {
    guard let range = range as? [String: Any], let start = range["start"] as? [String: Any],
        let line = start["line"] as? Int, let character = start["character"] as? Int
    else { return nil }
    return (line, character)
}

@Suite("Language server")
struct ServerTests {
    let uri = "file:///tmp/lsp-tests/a.scn"

    @Test("requests before initialize are refused with ServerNotInitialized")
    func beforeInitialize() {
        var client = Client()
        let reply = client.request("textDocument/hover", [:])
        #expect((reply["error"] as? [String: Any])?["code"] as? Int == -32002)
    }

    @Test("a body that is not JSON gets a parse error with a null id")
    func parseError() {
        var server = LanguageServer(registry: Registry())
        let reply = Client.parse(server.handle(Array("{\"id\": 1,".utf8))[0])
        #expect((reply["error"] as? [String: Any])?["code"] as? Int == -32700)
        #expect(reply["id"] is NSNull)
    }

    @Test("JSON that is not a message gets InvalidRequest")
    func invalidRequest() {
        var server = LanguageServer(registry: Registry())
        for body in ["[1,2]", "42", "{\"id\": 3}", "{\"id\": {}, \"method\": \"x\"}"] {
            let reply = Client.parse(server.handle(Array(body.utf8))[0])
            #expect((reply["error"] as? [String: Any])?["code"] as? Int == -32600, "\(body)")
        }
    }

    @Test("deeply nested JSON is an error, not a crash")
    func deepJSON() {
        var server = LanguageServer(registry: Registry())
        let body = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let replies = server.handle(Array(body.utf8))
        #expect(replies.count == 1)
    }

    @Test("unknown methods, wrong params; unknown notifications are ignored")
    func unknownAndInvalid() {
        var client = Client()
        client.initialize()
        #expect((client.request("workspace/nothing", [:])["error"] as? [String: Any])?["code"] as? Int == -32601)
        #expect(
            (client.request("textDocument/hover", ["textDocument": 3])["error"] as? [String: Any])?["code"] as? Int
                == -32602)
        #expect(client.send(["method": "$/cancelRequest", "params": ["id": 1]]).isEmpty)
    }

    @Test("shutdown then exit ends with 0; exit alone with 1; requests after shutdown are refused")
    func lifecycle() {
        var client = Client()
        client.initialize()
        #expect(client.request("shutdown", [:])["result"] is NSNull)
        #expect((client.request("textDocument/hover", [:])["error"] as? [String: Any])?["code"] as? Int == -32600)
        _ = client.send(["method": "exit"])
        #expect(client.server.exitCode == 0)
        var other = Client()
        other.initialize()
        _ = other.send(["method": "exit"])
        #expect(other.server.exitCode == 1)
    }

    @Test("diagnostics on open are the checker's, at UTF-16 positions")
    func diagnostics() throws {
        var client = Client()
        client.initialize()
        let found = client.open(uri, "sdk kindly\npush kindly visible title \"😀\" tilte \"Anna\"\n")
        let d = try #require(found.first)
        #expect(found.count == 1)
        #expect((d["message"] as? String)?.hasPrefix("unknown option 'tilte' for 'push kindly'") == true)
        // `tilte` starts at byte 32, scalar 30, UTF-16 unit 31.
        #expect(start(d["range"])! == (1, 31))
    }

    @Test("a direction control in a comment is a warning (severity 2) at the character")
    func directionControlWarning() throws {
        var client = Client()
        client.initialize()
        let found = client.open(uri, "sdk kindly\ncase \"a\" {\n    launch killed  # \u{202E}\n}\n")
        let d = try #require(found.first)
        #expect(found.count == 1)
        #expect(d["severity"] as? Int == 2)
        #expect((d["message"] as? String)?.hasPrefix("invisible direction control U+202E") == true)
        #expect(start(d["range"])! == (2, 21))
    }

    @Test("a change that fixes the file clears its diagnostics")
    func change() {
        var client = Client()
        client.initialize()
        #expect(client.open(uri, "sdk kindly\nlaunch nowhere\n").count == 1)
        let replies = client.send([
            "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [
                    [
                        "range": ["start": ["line": 1, "character": 7], "end": ["line": 1, "character": 14]],
                        "text": "killed",
                    ]
                ],
            ],
        ])
        let params = replies.first?["params"] as? [String: Any]
        #expect((params?["diagnostics"] as? [Any])?.isEmpty == true)
        #expect(params?["version"] as? Int == 2)
    }

    @Test("completion offers the registry's words, the document's defs and variables")
    func completion() {
        var client = Client()
        client.initialize()
        _ = client.open(uri, "sdk kindly\ndef greet {\n  tap\n}\nlet who = \"x\"\n\nlaunch \npush kindly title $\n")
        func labels(_ line: Int, _ character: Int) -> [String] {
            let list = client.at("textDocument/completion", uri, line, character) as? [String: Any]
            return (list?["items"] as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
        }
        let heads = labels(5, 0)
        #expect(heads.contains("push") && heads.contains("expect") && heads.contains("greet") && heads.contains("let"))
        #expect(labels(6, 7) == ["killed", "terminated", "background", "foreground"])
        #expect(labels(7, 19) == ["$who"])
    }

    @Test("hover shows a command's signature and help line")
    func hover() throws {
        var client = Client()
        client.initialize()
        _ = client.open(uri, "sdk kindly\nwait 61s\n")
        let hover = try #require(client.at("textDocument/hover", uri, 1, 1) as? [String: Any])
        let value = (hover["contents"] as? [String: Any])?["value"] as? String
        #expect(value?.contains("wait D") == true)
        #expect(start(hover["range"])! == (1, 0))
        #expect(client.at("textDocument/hover", uri, 0, 100) != nil)  // past the end of the line: the line's command
    }

    @Test("hover over known-bug, because, bug and never says what the statement means")
    func hoverOverKnownBugStatements() throws {
        var client = Client()
        client.initialize()
        let text = """
            sdk none
            case "faulty" {
                known-bug "https://x/1" because "dropped" in p1
                bug expect banners 1
                bug never expect delivered false
                push app visible title "A"
                never expect banners 3
            }

            """
        _ = client.open(uri, text)
        func hover(_ line: Int, _ character: Int) -> String? {
            let hover = client.at("textDocument/hover", uri, line, character) as? [String: Any]
            return (hover?["contents"] as? [String: Any])?["value"] as? String
        }
        let knownBug = try #require(hover(2, 6))
        #expect(knownBug.contains("known-bug TEXT [because TEXT [in PUSH]]"))
        #expect(knownBug.contains("fails until the bug is fixed"))
        #expect(hover(2, 34)?.contains("because: the cause") == true)  // over `because`
        let bug = try #require(hover(3, 5))
        #expect(bug.contains("bug expect …") && bug.contains("bug always|never expect …"))
        #expect(bug.contains("the case reproduces only when one of these fails"))
        #expect(hover(3, 9)?.contains("expect banners") == true)  // the expectation: its own help
        #expect(hover(4, 5)?.contains("a property the known bug breaks") == true)
        #expect(hover(6, 6)?.contains("a property: must never hold") == true)
        #expect(hover(5, 5)?.contains("push app visible") == true)
    }

    @Test("formatting is scn fmt's layout; a file with syntax errors is refused")
    func formatting() throws {
        var client = Client()
        client.initialize()
        let text = "sdk kindly\ncase \"a\" {\ntap\n}\n"
        _ = client.open(uri, text)
        let edits = try #require(
            client.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])["result"]
                as? [[String: Any]])
        let expected = try Language.format(SourceFile(path: "a.scn", text: text)).get()
        #expect(edits.first?["newText"] as? String == expected)
        _ = client.open(uri, "case \"a\" {\n")
        let refused = client.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])
        #expect((refused["error"] as? [String: Any])?["code"] as? Int == -32803)
    }

    @Test("document symbols are the cases and defs")
    func symbols() throws {
        var client = Client()
        client.initialize()
        _ = client.open(uri, "sdk kindly\ndef greet who {\n  tap\n}\ncase \"cold start\" {\n  greet x\n}\n")
        let symbols = try #require(
            client.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])["result"] as? [[String: Any]])
        #expect(symbols.compactMap { $0["name"] as? String } == ["greet", "cold start"])
        #expect(symbols.compactMap { $0["kind"] as? Int } == [12, 6])
    }

    @Test("go to definition: a def call to its def, a variable to its let")
    func definition() throws {
        var client = Client()
        client.initialize()
        _ = client.open(uri, "sdk kindly\ndef greet who {\n  tap\n}\nlet n = 2\ngreet x\nwait $n\n")
        let def = try #require(client.at("textDocument/definition", uri, 5, 2) as? [String: Any])
        #expect(start(def["range"])! == (1, 4))
        let variable = try #require(client.at("textDocument/definition", uri, 6, 6) as? [String: Any])
        #expect(start(variable["range"])! == (4, 4))
    }

    @Test("go to definition of an include opens the file; its defs are found there")
    func includes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scn-lsp-\(getpid())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("lib"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "def helper {\n  tap\n}\n".write(
            to: folder.appendingPathComponent("lib/h.scn"), atomically: true, encoding: .utf8)
        var client = Client()
        client.initialize(root: folder.path)
        let main = "file://" + folder.appendingPathComponent("main.scn").path
        #expect(client.open(main, "sdk kindly\ninclude \"lib/h.scn\"\nhelper\n").isEmpty)
        let file = try #require(client.at("textDocument/definition", main, 1, 12) as? [String: Any])
        #expect((file["uri"] as? String)?.hasSuffix("/lib/h.scn") == true)
        let def = try #require(client.at("textDocument/definition", main, 2, 2) as? [String: Any])
        #expect((def["uri"] as? String)?.hasSuffix("/lib/h.scn") == true)
        #expect(start(def["range"])! == (0, 4))
        let list = client.at("textDocument/completion", main, 1, 13) as? [String: Any]
        #expect((list?["items"] as? [[String: Any]])?.compactMap { $0["label"] as? String } == ["h.scn"])
    }
}

@Suite("Language server: included files")
struct IncludedDiagnosticsTests {
    @Test("a problem inside an included file is shown on the include, with its exact place as related information")
    func includedProblem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scn-lsp-inc-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "def helper {\n  launch nowhere\n}\n".write(
            to: folder.appendingPathComponent("lib.scn"), atomically: true, encoding: .utf8)
        var client = Client()
        client.initialize(root: folder.path)
        let main = "file://" + folder.appendingPathComponent("main.scn").path
        let found = client.open(main, "sdk kindly\ninclude \"lib.scn\"\nhelper\n")
        let d = try #require(found.first)
        #expect(start(d["range"])! == (1, 8))
        #expect((d["message"] as? String)?.contains("lib.scn:2:10") == true)
        let related = try #require((d["relatedInformation"] as? [[String: Any]])?.first)
        let location = try #require(related["location"] as? [String: Any])
        #expect((location["uri"] as? String)?.hasSuffix("/lib.scn") == true)
        #expect(start(location["range"])! == (1, 9))
    }
}
