import ScenarioLanguage

extension LanguageServer {
    /// At most this many quick fixes in one answer: a client asks for a line or a selection,
    /// and a document may hold thousands of diagnostics.
    static let maxCodeActions = 50

    /// `textDocument/codeAction`: a quick fix for each diagnostic in `range` whose problem has
    /// one replacement — the word a "did you mean" names (`tilte` → `title`, `opn` → `open`).
    /// The fixes are the checker's, whatever the client kept; they are made once per text.
    mutating func codeActions(_ params: CodeActionParams) -> [CodeAction] {
        let uri = params.textDocument.uri
        guard let document = documents[uri] else { return [] }
        let fixes =
            document.fixes
            ?? checked(document).compactMap { checker, lsp in
                checker?.replacement.map { (range: lsp.range, lsp: lsp, replacement: $0) }
            }
        documents[uri]?.fixes = fixes
        var actions: [CodeAction] = []
        for fix in fixes where fix.range.overlaps(params.range) {
            actions.append(
                CodeAction(
                    title: "Replace with '\(fix.replacement)'", kind: "quickfix", diagnostics: [fix.lsp],
                    edit: WorkspaceEdit(changes: [uri: [TextEdit(range: fix.range, newText: fix.replacement)]]),
                    isPreferred: true))
            if actions.count == Self.maxCodeActions { break }
        }
        return actions
    }
}

extension Range {
    /// Whether the two ranges share a position; an empty range (a cursor) touches the range
    /// it sits in or at either end of.
    func overlaps(_ other: Range) -> Bool {
        start <= other.end && other.start <= end
    }
}
