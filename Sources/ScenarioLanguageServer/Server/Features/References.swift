import ScenarioLanguage

/// `textDocument/references` and `textDocument/rename` for what a scenario names itself: a
/// `def` (its declaration and every call, in the document and the files it includes, so a
/// def in a library renames across the include) and a variable (its `let`, `for` or
/// parameter and every `$name` and `${name}` that reaches that binding, in the document).
///
/// Calls in files that include the same library but are not included by this document are
/// not seen: the server reads what the open document reaches, not the workspace.
extension LanguageServer {
    /// At most this many places in one answer, and in one rename.
    static let maxReferences = 10_000

    /// What the cursor names.
    enum NamedTarget {
        case def(String)
        case variable(DocumentIndex.Binding)
    }

    /// The def or variable at `offset`: a use or a declaration.
    mutating func target(at offset: Int, in document: Document, index: DocumentIndex) -> NamedTarget? {
        func holds(_ range: SourceRange) -> Bool { range.start <= offset && offset <= range.end }
        if let use = index.variableUses.first(where: { holds($0.range) }),
            let binding = index.binding(named: use.text, at: use.range.start)
        {
            return .variable(binding)
        }
        if let binding = index.bindings.first(where: { holds($0.name.range) }) { return .variable(binding) }
        if let def = index.defs.first(where: { holds($0.name.range) }) { return .def(def.name.text) }
        if let command = index.command(at: offset), let head = command.arguments.first, holds(head.range),
            let name = head.wordText, findDef(name, in: document, index: index) != nil
        {
            return .def(name)
        }
        return nil
    }

    /// Every place of `target`: (file, range of the name), the declaration first.
    mutating func places(of target: NamedTarget, in document: Document, index: DocumentIndex)
        -> [(source: SourceFile, range: SourceRange)]
    {
        var out: [(source: SourceFile, range: SourceRange)] = []
        switch target {
        case .variable(let binding):
            out.append((document.source, binding.name.range))
            for use in index.variableUses where out.count < Self.maxReferences && use.text == binding.name.text {
                if let reached = index.binding(named: use.text, at: use.range.start),
                    reached.name.range == binding.name.range
                {
                    out.append((document.source, use.range))
                }
            }
        case .def(let name):
            let files = [IncludedFile(source: document.source, index: index)] + included(document.uri)
            for file in files {
                for def in file.index.defs where def.name.text == name { out.append((file.source, def.name.range)) }
            }
            for file in files {
                for command in file.index.commands where out.count < Self.maxReferences {
                    if let head = command.arguments.first, head.wordText == name {
                        out.append((file.source, head.range))
                    }
                }
            }
        }
        return Array(out.prefix(Self.maxReferences))
    }

    func location(_ place: (source: SourceFile, range: SourceRange), in document: Document) -> Location {
        if place.source.path == document.source.path {
            return Location(uri: document.uri, range: document.range(of: place.range))
        }
        return Location(
            uri: DocumentURI.uri(of: place.source.path),
            range: Range(
                start: Document.position(of: place.range.start, in: place.source),
                end: Document.position(of: place.range.end, in: place.source)))
    }

    /// `textDocument/references`.
    mutating func references(_ params: ReferenceParams) -> [Location] {
        guard let (document, index) = indexed(params.textDocument.uri) else { return [] }
        let offset = document.offset(of: params.position)
        guard let target = target(at: offset, in: document, index: index) else { return [] }
        var found = places(of: target, in: document, index: index)
        if params.context?.includeDeclaration == false { found.removeFirst(min(1, found.count)) }
        return found.map { location($0, in: document) }
    }

    /// `textDocument/rename`: every place, in every file, as one workspace edit. A new name
    /// must be a name the language reads as one (letters, digits, `_` and `-`, not starting
    /// with a digit or `-`); a def's new name must not be a command's first word.
    mutating func rename(_ params: RenameParams) throws(ResponseError) -> WorkspaceEdit? {
        guard let (document, index) = indexed(params.textDocument.uri) else {
            throw .requestFailed("the document is not open")
        }
        let offset = document.offset(of: params.position)
        guard let target = target(at: offset, in: document, index: index) else {
            throw .requestFailed("nothing to rename here: put the cursor on a def's name or call, or on a variable")
        }
        let name = params.newName
        guard Self.isName(name) else {
            throw .invalidParams(
                "'\(TerminalText.escape(name))' is not a name: letters, digits, '_' and '-', not first a digit or '-'")
        }
        if case .def = target, registry.headWords.contains(name) {
            throw .requestFailed("'\(name)' is a command: a def of that name would not be called")
        }
        var changes: [String: [TextEdit]] = [:]
        for place in places(of: target, in: document, index: index) {
            let at = location(place, in: document)
            changes[at.uri, default: []].append(TextEdit(range: at.range, newText: name))
        }
        return WorkspaceEdit(changes: changes)
    }

    /// Whether `text` is one word the language reads as a name.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.utf8.count <= 256 else { return false }
        func letter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" }
        guard letter(first) else { return false }
        return text.unicodeScalars.allSatisfy { letter($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
