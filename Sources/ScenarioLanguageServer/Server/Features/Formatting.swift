import ScenarioLanguage

extension LanguageServer {
    /// `textDocument/formatting`: `scn fmt`'s layout as one edit of the whole document (no
    /// edit when it is already formatted). A file with syntax errors is not formatted: the
    /// request fails with the first error.
    func formatting(_ params: DocumentParams) throws(ResponseError) -> [TextEdit] {
        guard let document = documents[params.textDocument.uri] else {
            throw .requestFailed("the document is not open")
        }
        switch Language.format(document.source, limits: limits) {
        case .failure(let error):
            throw .requestFailed(error.diagnostics.first.map { "cannot format: \($0)" } ?? "cannot format")
        case .success(let text):
            if Array(text.utf8) == document.source.bytes { return [] }
            return [TextEdit(range: document.fullRange, newText: text)]
        }
    }
}
