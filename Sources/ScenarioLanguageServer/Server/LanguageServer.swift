import ScenarioLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `scn` language server: reads message bodies, answers them, and tells when to
/// stop. It holds the open documents; everything it says about them comes from the
/// language (``Language/check(_:registry:loader:limits:)``, the parser's tree, the
/// formatter) and the registry it is given — the same ones `scn check`, `scn fmt` and the
/// REPL use.
///
/// One message at a time, in order: the same input gives the same output, byte for byte.
/// No input stops it but `exit` or the end of the input; a message it cannot read gets a
/// JSON-RPC error (or, for a notification, is dropped).
public struct LanguageServer: Sendable {
    /// The commands documents are checked against and completion offers.
    public var registry: Registry
    public var limits: LanguageLimits
    /// The largest document kept and checked: the largest file `scn` reads (4 MiB). A
    /// larger one gets one diagnostic saying so.
    public var maxDocumentBytes = 4 << 20
    /// The most edits one `didChange` may carry; past it the document is refused until
    /// the whole text is sent again (editors send a handful per keystroke).
    public var maxChangesPerMessage = 1_000
    /// How deeply a message's JSON may nest (the protocol's messages nest a few levels);
    /// deeper is refused before the message is decoded.
    public static let maxJSONDepth = 64
    /// Reported in `initialize`'s `serverInfo`.
    public var version: String

    enum State { case starting, running, shuttingDown }
    var state = State.starting
    /// Set by `exit`: 0 after `shutdown`, 1 without.
    public private(set) var exitCode: Int32?

    var documents: [String: Document] = [:]
    /// How many times a document was parsed for the editor features (``indexed(_:)``).
    var indexesMade = 0
    /// Workspace folders, as paths (longest first).
    var workspaceRoots: [String] = []
    /// A scenario root given in `initializationOptions.root`, for every document.
    var explicitRoot: String?

    public init(registry: Registry, limits: LanguageLimits = .standard, version: String = "") {
        self.registry = registry
        self.limits = limits
        self.version = version
    }

    /// Answers one message body: the bodies to send back (responses and notifications).
    public mutating func handle(_ body: [UInt8]) -> [[UInt8]] {
        if let problem = LanguageServer.nestingProblem(body) {
            return [Outgoing.error(.null, problem)]
        }
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: Data(body))
        } catch {
            // Not JSON, or not an object with readable fields.
            if (try? JSONDecoder().decode(JSONValue.self, from: Data(body))) != nil {
                return [Outgoing.error(.null, .invalidRequest("not a JSON-RPC message"))]
            }
            return [Outgoing.error(.null, .parseError("the message is not valid JSON"))]
        }
        guard let method = envelope.method else {
            if envelope.isResponse { return [] }
            return [Outgoing.error(envelope.id ?? .null, .invalidRequest("a request needs a method"))]
        }
        guard envelope.hasID, let id = envelope.id else {
            return notification(method, body)
        }
        return request(id, method, body)
    }

    /// Why `body` nests too deeply to be decoded, or nil: one pass over the bytes
    /// (``JSONShape``), so a 21 KB body of `[[[[…` is refused at once. A body that is valid
    /// JSON all the same is a JSON value that is not a request this server reads
    /// (`-32600`, Invalid Request); one that is not JSON at all is a parse error (`-32700`).
    static func nestingProblem(_ body: [UInt8]) -> ResponseError? {
        let shape = JSONShape(body)
        guard shape.depth > maxJSONDepth else { return nil }
        let problem = "the message nests more than \(maxJSONDepth) levels deep"
        return shape.isValid ? .invalidRequest(problem + ": not a request") : .parseError(problem)
    }

    /// Answers a frame the framer could not read.
    public mutating func handle(_ frame: MessageFramer.Frame) -> [[UInt8]] {
        switch frame {
        case .message(let body): return handle(body)
        case .invalid(let reason): return [Outgoing.error(.null, .parseError(reason))]
        }
    }

    // MARK: - Dispatch

    typealias RequestHandler = @Sendable (inout LanguageServer, RequestID, [UInt8]) -> [[UInt8]]
    typealias NotificationHandler = @Sendable (inout LanguageServer, [UInt8]) -> [[UInt8]]

    /// Every request the server answers: the one list.
    static let requests: [String: RequestHandler] = [
        "initialize": request(InitializeParams.self) { s, p in s.initialize(p) },
        "shutdown": request(NoParams.self) { s, _ in s.shutdown() },
        "textDocument/completion": request(PositionParams.self) { s, p in s.completion(p) },
        "textDocument/hover": request(PositionParams.self) { s, p in s.hover(p) },
        "textDocument/formatting": request(DocumentParams.self) { s, p throws(ResponseError) in try s.formatting(p) },
        "textDocument/documentSymbol": request(DocumentParams.self) { s, p in s.documentSymbols(p) },
        "textDocument/definition": request(PositionParams.self) { s, p in s.definition(p) },
        "textDocument/codeAction": request(CodeActionParams.self) { s, p in s.codeActions(p) },
        "textDocument/references": request(ReferenceParams.self) { s, p in s.references(p) },
        "textDocument/rename": request(RenameParams.self) { s, p throws(ResponseError) in try s.rename(p) },
    ]

    /// Every notification the server acts on; others are ignored.
    static let notifications: [String: NotificationHandler] = [
        "initialized": notification(NoParams.self) { _, _ in [] },
        "exit": notification(NoParams.self) { s, _ in
            s.exitCode = s.state == .shuttingDown ? 0 : 1
            return []
        },
        "textDocument/didOpen": notification(DidOpenParams.self) { s, p in s.didOpen(p) },
        "textDocument/didChange": notification(DidChangeParams.self) { s, p in s.didChange(p) },
        "textDocument/didClose": notification(DocumentParams.self) { s, p in s.didClose(p) },
        "textDocument/didSave": notification(DocumentParams.self) { s, p in s.didSave(p) },
    ]

    private mutating func request(_ id: RequestID, _ method: String, _ body: [UInt8]) -> [[UInt8]] {
        guard let handler = LanguageServer.requests[method] else {
            return [Outgoing.error(id, .methodNotFound(method))]
        }
        switch state {
        case .starting where method != "initialize":
            return [Outgoing.error(id, .serverNotInitialized)]
        case .running where method == "initialize":
            return [Outgoing.error(id, .invalidRequest("the server is already initialized"))]
        case .shuttingDown:
            return [Outgoing.error(id, .invalidRequest("the server is shutting down"))]
        default:
            return handler(&self, id, body)
        }
    }

    private mutating func notification(_ method: String, _ body: [UInt8]) -> [[UInt8]] {
        guard let handler = LanguageServer.notifications[method] else { return [] }
        // Before `initialize` only `exit` counts; after `shutdown`, only `exit` too.
        if method != "exit" && state != .running { return [] }
        return handler(&self, body)
    }

    private static func decode<P: Decodable>(_ type: P.Type, _ body: [UInt8]) -> Result<P, ResponseError> {
        if let none = NoParams() as? P { return .success(none) }
        do {
            return .success(try JSONDecoder().decode(ParamsOf<P>.self, from: Data(body)).params)
        } catch {
            return .failure(.invalidParams("invalid params: \(DecodingProblem.describe(error))"))
        }
    }

    private static func request<P: Decodable & Sendable, R: Encodable & Sendable>(
        _ type: P.Type, _ handler: @escaping @Sendable (inout LanguageServer, P) throws(ResponseError) -> R?
    ) -> RequestHandler {
        { server, id, body in
            switch decode(P.self, body) {
            case .failure(let error): return [Outgoing.error(id, error)]
            case .success(let params):
                do throws(ResponseError) {
                    return [Outgoing.response(id, try handler(&server, params))]
                } catch {
                    return [Outgoing.error(id, error)]
                }
            }
        }
    }

    private static func notification<P: Decodable & Sendable>(
        _ type: P.Type, _ handler: @escaping @Sendable (inout LanguageServer, P) -> [[UInt8]]
    ) -> NotificationHandler {
        { server, body in
            guard case .success(let params) = decode(P.self, body) else { return [] }
            return handler(&server, params)
        }
    }

    // MARK: - Lifecycle

    mutating func initialize(_ params: InitializeParams) -> InitializeResult {
        var roots: [String] = []
        for folder in params.workspaceFolders ?? [] {
            if let path = DocumentURI.path(of: folder.uri) { roots.append(path) }
        }
        if roots.isEmpty, let uri = params.rootUri, let path = DocumentURI.path(of: uri) { roots.append(path) }
        if roots.isEmpty, let path = params.rootPath { roots.append(path) }
        workspaceRoots = roots.map(LanguageServer.trimmingSlash).sorted { $0.count > $1.count }
        explicitRoot = params.initializationOptions?["root"]?.string.map(LanguageServer.trimmingSlash)
        state = .running
        return InitializeResult(
            capabilities: ServerCapabilities(), serverInfo: .init(name: "scn", version: version))
    }

    mutating func shutdown() -> JSONValue? {
        state = .shuttingDown
        return nil
    }

    static func trimmingSlash(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    // MARK: - Documents

    mutating func didOpen(_ params: DidOpenParams) -> [[UInt8]] {
        let item = params.textDocument
        var document: Document
        if item.text.utf8.count > maxDocumentBytes {
            document = Document(uri: item.uri, version: item.version, text: "")
            document.refused = Document.tooLarge(maxDocumentBytes)
        } else {
            document = Document(uri: item.uri, version: item.version, text: item.text)
        }
        documents[item.uri] = document
        return [publishDiagnostics(document)]
    }

    mutating func didChange(_ params: DidChangeParams) -> [[UInt8]] {
        guard var document = documents[params.textDocument.uri] else { return [] }
        if params.contentChanges.count > maxChangesPerMessage {
            // Applying some would leave the text unlike the editor's: refuse it all.
            document.source = SourceFile(path: document.source.path, bytes: [])
            document.forgetIndex()
            document.refused =
                "one change carried \(params.contentChanges.count) edits, more than \(maxChangesPerMessage): "
                + "the document is not checked until it is sent whole again (close and reopen it)"
        } else {
            document.apply(params.contentChanges, maxBytes: maxDocumentBytes)
        }
        document.version = params.textDocument.version
        documents[params.textDocument.uri] = document
        return [publishDiagnostics(document)]
    }

    mutating func didSave(_ params: DocumentParams) -> [[UInt8]] {
        // Files it includes may have changed on disk: check again.
        guard var document = documents[params.textDocument.uri] else { return [] }
        document.included = nil
        document.fixes = nil
        documents[params.textDocument.uri] = document
        return [publishDiagnostics(document)]
    }

    /// An open document and its index, made once per text (``Document/index``).
    mutating func indexed(_ uri: String) -> (Document, DocumentIndex)? {
        guard var document = documents[uri] else { return nil }
        if let index = document.index { return (document, index) }
        indexesMade += 1
        let index = DocumentIndex(Language.parse(document.source, limits: limits))
        document.index = index
        documents[uri] = document
        return (document, index)
    }

    /// The files an open document includes (``includedFiles(of:index:)``), read once per
    /// text and save.
    mutating func included(_ uri: String) -> [IncludedFile] {
        guard let (document, index) = indexed(uri) else { return [] }
        if let included = document.included { return included }
        let included = includedFiles(of: document, index: index)
        documents[uri]?.included = included
        return included
    }

    mutating func didClose(_ params: DocumentParams) -> [[UInt8]] {
        documents[params.textDocument.uri] = nil
        return [
            Outgoing.notification(
                "textDocument/publishDiagnostics",
                PublishDiagnosticsParams(uri: params.textDocument.uri, version: nil, diagnostics: []))
        ]
    }

    /// The scenario root of a document: `initializationOptions.root`, else the innermost
    /// workspace folder that holds it, else its own folder. Nil for a document that is
    /// not a file (`include` is then an error).
    func root(of document: Document) -> String? {
        guard let path = document.filePath else { return nil }
        if let explicitRoot { return explicitRoot }
        if let root = workspaceRoots.first(where: { path.hasPrefix($0 == "/" ? "/" : $0 + "/") }) { return root }
        let folder = PathText.parent(path)
        return folder.isEmpty ? "." : folder
    }

    func loader(of document: Document) -> DirectoryLoader? {
        root(of: document).map { DirectoryLoader(root: $0) }
    }
}

/// A decoding error in a few words (the path of the field and what was wrong).
enum DecodingProblem {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "unreadable" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = path(context)
            return "missing '\(at.isEmpty ? key.stringValue : at + "." + key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at '\(path(context))'"
        case .dataCorrupted(let context):
            return "unreadable value at '\(path(context))'"
        @unknown default:
            return "unreadable"
        }
    }
}
