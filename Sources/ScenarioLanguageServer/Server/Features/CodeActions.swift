import ScenarioLanguage

extension LanguageServer {
    /// At most this many quick fixes in one answer: a client asks for a line or a selection,
    /// and a document may hold thousands of diagnostics.
    static let maxCodeActions = 50

    /// `textDocument/codeAction`: a quick fix for each diagnostic in `range` whose problem has
    /// one replacement — the word a "did you mean" names (`tilte` → `title`, `opn` → `open`).
    /// The document is checked again, so the fixes are the checker's, whatever the client kept.
    func codeActions(_ params: CodeActionParams) -> [CodeAction] {
        guard let document = documents[params.textDocument.uri] else { return [] }
        var actions: [CodeAction] = []
        for (checker, lsp) in checked(document) {
            guard let replacement = checker?.replacement, lsp.range.overlaps(params.range) else { continue }
            actions.append(
                CodeAction(
                    title: "Replace with '\(replacement)'", kind: "quickfix", diagnostics: [lsp],
                    edit: WorkspaceEdit(changes: [document.uri: [TextEdit(range: lsp.range, newText: replacement)]]),
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
