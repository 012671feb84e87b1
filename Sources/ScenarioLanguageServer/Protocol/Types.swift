// The Language Server Protocol 3.17 structures the server reads and writes, named as the
// specification names them. Only the fields the server uses are declared; others are
// ignored when read.

/// A position in a document: 0-based line, and character offset in UTF-16 code units.
public struct Position: Codable, Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
    public static func < (a: Position, b: Position) -> Bool {
        (a.line, a.character) < (b.line, b.character)
    }
}

public struct Range: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

public struct Location: Codable, Hashable, Sendable {
    public var uri: String
    public var range: Range
}

public struct TextDocumentIdentifier: Codable, Sendable {
    public var uri: String
}

public struct TextDocumentItem: Codable, Sendable {
    public var uri: String
    public var languageId: String?
    public var version: Int?
    public var text: String
}

public struct VersionedTextDocumentIdentifier: Codable, Sendable {
    public var uri: String
    public var version: Int?
}

public struct DidOpenParams: Codable, Sendable {
    public var textDocument: TextDocumentItem
}

public struct TextDocumentContentChangeEvent: Codable, Sendable {
    /// Absent: `text` is the whole document.
    public var range: Range?
    public var text: String
}

public struct DidChangeParams: Codable, Sendable {
    public var textDocument: VersionedTextDocumentIdentifier
    public var contentChanges: [TextDocumentContentChangeEvent]
}

public struct DocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct PositionParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct WorkspaceFolder: Codable, Sendable {
    public var uri: String
    public var name: String?
}

public struct InitializeParams: Codable, Sendable {
    public var rootUri: String?
    public var rootPath: String?
    public var workspaceFolders: [WorkspaceFolder]?
    /// `{"root": "/path"}` sets the scenario root for every document.
    public var initializationOptions: JSONValue?
}

// MARK: - Results

public struct ServerCapabilities: Codable, Sendable {
    public struct SyncOptions: Codable, Sendable {
        var openClose = true
        /// 1: the client sends the whole text on every change.
        var change = 1
    }
    public struct CompletionOptions: Codable, Sendable {
        var triggerCharacters: [String]
    }
    var textDocumentSync = SyncOptions()
    var completionProvider = CompletionOptions(triggerCharacters: [" ", "$", "\"", "/"])
    var hoverProvider = true
    var documentFormattingProvider = true
    var documentSymbolProvider = true
    var definitionProvider = true
    var codeActionProvider = CodeActionOptions()
    var referencesProvider = true
    var renameProvider = true
    public struct CodeActionOptions: Codable, Sendable {
        var codeActionKinds = ["quickfix"]
    }
}

public struct InitializeResult: Codable, Sendable {
    public struct ServerInfo: Codable, Sendable {
        var name: String
        var version: String
    }
    var capabilities: ServerCapabilities
    var serverInfo: ServerInfo
}

public struct LSPDiagnostic: Codable, Hashable, Sendable {
    public struct RelatedInformation: Codable, Hashable, Sendable {
        var location: Location
        var message: String
    }
    public var range: Range
    /// 1 error, 2 warning, 3 information, 4 hint.
    public var severity: Int
    public var source: String
    public var message: String
    public var relatedInformation: [RelatedInformation]?
}

public struct PublishDiagnosticsParams: Codable, Sendable {
    public var uri: String
    public var version: Int?
    public var diagnostics: [LSPDiagnostic]
}

public struct TextEdit: Codable, Hashable, Sendable {
    public var range: Range
    public var newText: String
}

public struct MarkupContent: Codable, Hashable, Sendable {
    public var kind: String
    public var value: String
}

public struct Hover: Codable, Sendable {
    public var contents: MarkupContent
    public var range: Range?
}

public struct CompletionItem: Codable, Hashable, Sendable {
    /// The protocol's `CompletionItemKind`s the server uses.
    public enum Kind: Int, Codable, Sendable {
        case function = 3
        case field = 5
        case variable = 6
        case value = 12
        case keyword = 14
        case file = 17
        case folder = 19
        case enumMember = 20
    }
    public var label: String
    public var kind: Kind
    public var detail: String?
    public var documentation: String?
    public var sortText: String?
    public var textEdit: TextEdit?
}

public struct CompletionList: Codable, Sendable {
    public var isIncomplete: Bool
    public var items: [CompletionItem]
}

public struct DocumentSymbol: Codable, Sendable {
    /// The protocol's `SymbolKind`s the server uses.
    public enum Kind: Int, Codable, Sendable {
        case file = 1
        case method = 6
        case function = 12
        case variable = 13
    }
    public var name: String
    public var detail: String?
    public var kind: Kind
    public var range: Range
    public var selectionRange: Range
    public var children: [DocumentSymbol]?
}

/// `textDocument/references`' parameters.
public struct ReferenceParams: Codable, Sendable {
    public struct Context: Codable, Sendable {
        public var includeDeclaration: Bool
    }
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var context: Context?
}

/// `textDocument/rename`'s parameters.
public struct RenameParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var newName: String
}

/// `textDocument/codeAction`'s parameters. The client's own diagnostics (`context`) are not
/// read: the server checks the document again and offers the fixes its diagnostics carry.
public struct CodeActionParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var range: Range
}

public struct WorkspaceEdit: Codable, Hashable, Sendable {
    public var changes: [String: [TextEdit]]
}

public struct CodeAction: Codable, Hashable, Sendable {
    public var title: String
    public var kind: String
    public var diagnostics: [LSPDiagnostic]
    public var edit: WorkspaceEdit
    public var isPreferred: Bool
}
