import ScenarioLanguage

extension LanguageServer {
    /// `textDocument/documentSymbol`: the outline — cases and defs, each with what is
    /// declared inside it.
    func documentSymbols(_ params: DocumentParams) -> [DocumentSymbol]? {
        guard let document = documents[params.textDocument.uri] else { return nil }
        let index = DocumentIndex(Language.parse(document.source, limits: limits))
        // Symbols nest as blocks do, which the parser bounds.
        func convert(_ symbol: DocumentIndex.Symbol) -> DocumentSymbol {
            DocumentSymbol(
                name: symbol.name.isEmpty ? "(unnamed)" : symbol.name, detail: symbol.detail, kind: symbol.kind,
                range: document.range(of: symbol.range), selectionRange: document.range(of: symbol.selection),
                children: symbol.children.isEmpty ? nil : symbol.children.map(convert))
        }
        return index.symbols.map(convert)
    }
}
