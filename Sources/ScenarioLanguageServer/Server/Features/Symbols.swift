import ScenarioLanguage

extension LanguageServer {
    /// The most symbols one outline holds (cases and defs, children counted): past it the
    /// outline is cut, in document order. Ten thousand is more than an editor shows; a
    /// 250,000-case document made a 53 MB answer.
    static let maxSymbols = 10_000

    /// `textDocument/documentSymbol`: the outline — cases and defs, each with what is
    /// declared inside it, at most ``maxSymbols`` of them.
    mutating func documentSymbols(_ params: DocumentParams) -> [DocumentSymbol]? {
        guard let (document, index) = indexed(params.textDocument.uri) else { return nil }
        var room = LanguageServer.maxSymbols
        // Symbols nest as blocks do, which the parser bounds.
        func convert(_ symbols: [DocumentIndex.Symbol]) -> [DocumentSymbol] {
            var out: [DocumentSymbol] = []
            for symbol in symbols {
                guard room > 0 else { break }
                room -= 1
                let children = symbol.children.isEmpty ? [] : convert(symbol.children)
                out.append(
                    DocumentSymbol(
                        name: symbol.name.isEmpty ? "(unnamed)" : symbol.name, detail: symbol.detail,
                        kind: symbol.kind, range: document.range(of: symbol.range),
                        selectionRange: document.range(of: symbol.selection),
                        children: children.isEmpty ? nil : children))
            }
            return out
        }
        return convert(index.symbols)
    }
}
