import ScenarioLanguage

extension LanguageServer {
    /// `textDocument/publishDiagnostics` for a document: the checker's errors and warnings, as
    /// `scn check` reports them (the message, then the label and notes it prints under the
    /// caret), at the same ranges.
    ///
    /// A diagnostic inside an included file is shown on the `include` that brings it in,
    /// with the exact place as related information.
    func publishDiagnostics(_ document: Document) -> [UInt8] {
        Outgoing.notification(
            "textDocument/publishDiagnostics",
            PublishDiagnosticsParams(uri: document.uri, version: document.version, diagnostics: diagnostics(document)))
    }

    func diagnostics(_ document: Document) -> [LSPDiagnostic] {
        checked(document).map(\.lsp)
    }

    /// The checker's diagnostics of `document`, each with its protocol form.
    func checked(_ document: Document) -> [(checker: Diagnostic?, lsp: LSPDiagnostic)] {
        if let refused = document.refused {
            let start = Position(line: 0, character: 0)
            return [
                (
                    nil,
                    LSPDiagnostic(
                        range: Range(start: start, end: start), severity: 1, source: "scn", message: refused,
                        relatedInformation: nil)
                )
            ]
        }
        let loader = self.loader(of: document)
        let result = Language.check(document.source, registry: registry, loader: loader, limits: limits)
        var index: DocumentIndex?
        // Which include brings in which file, found once per publish: the includes are read
        // in order until the file's one turns up, never again for the next diagnostic.
        var sites: [String: DocumentIndex.Include] = [:]
        var scanned = 0
        func site(of path: String) -> DocumentIndex.Include? {
            if index == nil { index = DocumentIndex(Language.parse(document.source, limits: limits)) }
            let includes = index?.includes ?? []
            while sites[path] == nil, scanned < min(includes.count, limits.maxIncludes) {
                let include = includes[scanned]
                scanned += 1
                if let loaded = try? loader?.load(include.written, from: document.source.path),
                    sites[loaded.path] == nil
                {
                    sites[loaded.path] = include
                }
            }
            return sites[path] ?? includes.first
        }
        return (result.diagnostics + result.warnings).map { d -> (checker: Diagnostic?, lsp: LSPDiagnostic) in
            var message = d.message
            if let label = d.label { message += "\n" + label }
            for note in d.notes { message += "\n" + note }
            let severity: Int
            switch d.severity {
            case .error: severity = 1
            case .warning: severity = 2
            case .note: severity = 3
            }
            if d.path == document.source.path {
                return (
                    d,
                    LSPDiagnostic(
                        range: document.range(of: d.range), severity: severity, source: "scn", message: message,
                        relatedInformation: nil)
                )
            }
            // In an included file: at the include that names it (or the first one).
            let range =
                site(of: d.path).map { document.range(of: $0.range) }
                ?? Range(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0))
            let related = LSPDiagnostic.RelatedInformation(
                location: Location(uri: DocumentURI.uri(of: d.path), range: LanguageServer.range(of: d)),
                message: d.message)
            // A fix in another file is not this document's to make: no replacement here.
            return (
                nil,
                LSPDiagnostic(
                    range: range, severity: severity, source: "scn", message: "\(d.description)\n" + message,
                    relatedInformation: [related])
            )
        }
    }

    /// The range of a diagnostic from its line, column (in scalars) and width, for a file
    /// that is not open. A line the diagnostic clipped is counted in scalars.
    static func range(of d: Diagnostic) -> Range {
        let line = max(0, d.location.line - 1)
        guard d.snippetColumn == d.location.column else {
            let start = d.location.column - 1
            return Range(
                start: Position(line: line, character: start), end: Position(line: line, character: start + d.width))
        }
        let scalars = Array(d.lineText.unicodeScalars)
        func units(_ n: Int) -> Int {
            scalars.prefix(n).reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) }
        }
        let column = max(0, d.location.column - 1)
        return Range(
            start: Position(line: line, character: units(column)),
            end: Position(line: line, character: units(column + d.width)))
    }
}
