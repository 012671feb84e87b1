import ScenarioLanguage

extension LanguageServer {
    /// `textDocument/hover`: over a command, its signature and its line of help from the
    /// registry (what `scn help COMMAND` prints); over a call of a `def`, the def's header;
    /// over `known-bug`, `bug`, `always` or `never`, what the statement means (its forms from
    /// ``StatementForms``, as `scn help` lists them).
    ///
    /// The document is parsed once per text (``indexed(_:)``) and the command under the
    /// cursor found by a binary search, so a hover costs the same in a 250,000-line document.
    mutating func hover(_ params: PositionParams) -> Hover? {
        guard let (document, index) = indexed(params.textDocument.uri) else { return nil }
        let offset = document.offset(of: params.position)
        if let form = index.form(at: offset) {
            let forms = StatementForms.all.filter { $0.keyword == form.keyword }
            let value = forms.map { "```scn\n\($0.usage)\n```\n\($0.summary)" }.joined(separator: "\n\n")
            return Hover(contents: MarkupContent(kind: "markdown", value: value), range: document.range(of: form.range))
        }
        guard let command = index.command(at: offset), let head = command.arguments.first else { return nil }
        let words = command.arguments.prefix { if case .word = $0.kind { return true } else { return false } }
            .compactMap(\.wordText)
        if let (signature, consumed) = registry.resolve(words) {
            let range = command.arguments[0..<consumed].map(\.range).reduce(head.range) { $0.union($1) }
            return Hover(
                contents: MarkupContent(
                    kind: "markdown", value: "```scn\n\(signature.usage)\n```\n\(signature.summary)"),
                range: document.range(of: range))
        }
        guard let name = head.wordText, let (def, _) = findDef(name, in: document, index: index) else { return nil }
        let header = (["def", def.name.text] + def.parameters.map(\.text)).joined(separator: " ")
        return Hover(
            contents: MarkupContent(kind: "markdown", value: "```scn\n\(header)\n```\ndefined in \(def.path)"),
            range: document.range(of: head.range))
    }

    /// `textDocument/definition`: from a call of a `def` to the def, from `$name` to its
    /// `let`, `for` or parameter, from an `include` path to the file.
    mutating func definition(_ params: PositionParams) -> Location? {
        guard let (document, index) = indexed(params.textDocument.uri) else { return nil }
        let offset = document.offset(of: params.position)
        let zero = Range(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
        if let include = index.include(at: offset) {
            guard let loader = loader(of: document),
                let source = try? loader.load(include.written, from: document.source.path)
            else { return nil }
            return Location(uri: DocumentURI.uri(of: source.path), range: zero)
        }
        guard let command = index.command(at: offset) else { return nil }
        for argument in command.arguments where argument.range.start <= offset && offset <= argument.range.end {
            if case .variable(let name) = argument.kind, let binding = index.binding(named: name, at: offset) {
                return Location(uri: document.uri, range: document.range(of: binding.name.range))
            }
        }
        guard let head = command.arguments.first, head.range.start <= offset, offset <= head.range.end,
            let name = head.wordText, let (def, source) = findDef(name, in: document, index: index)
        else { return nil }
        let range = Range(
            start: Document.position(of: def.name.range.start, in: source),
            end: Document.position(of: def.name.range.end, in: source))
        let uri = source.path == document.source.path ? document.uri : DocumentURI.uri(of: source.path)
        return Location(uri: uri, range: range)
    }

    /// The def named `name`: in the document first, then in the files it includes (read
    /// once per text, ``included(_:)``).
    mutating func findDef(_ name: String, in document: Document, index: DocumentIndex)
        -> (DocumentIndex.Def, SourceFile)?
    {
        if let def = index.def(named: name) { return (def, document.source) }
        for file in included(document.uri) {
            if let def = file.index.def(named: name) { return (def, file.source) }
        }
        return nil
    }
}
