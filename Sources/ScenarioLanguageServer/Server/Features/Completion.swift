import ScenarioLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension LanguageServer {
    /// `textDocument/completion`: what the REPL offers at the same place
    /// (``StatementCompleter``), with the document's variables and defs (its own and those
    /// of the files it includes), and file names after `include` and `push raw file`.
    func completion(_ params: PositionParams) -> CompletionList? {
        guard let document = documents[params.textDocument.uri] else { return nil }
        let offset = document.offset(of: params.position)
        let bytes = document.source.bytes
        let lineStart = document.source.lineStarts[document.source.lineIndex(of: offset)]
        // The word being typed: back to the last blank or statement separator.
        var wordStart = offset
        while wordStart > lineStart, !LanguageServer.breaks.contains(bytes[wordStart - 1]) { wordStart -= 1 }
        let before = String(decoding: bytes[lineStart..<wordStart], as: UTF8.self)
        let word = String(decoding: bytes[wordStart..<offset], as: UTF8.self)

        let index = DocumentIndex(Language.parse(document.source, limits: limits))
        let included = includedFiles(of: document, index: index)
        var defs = index.defs.map(\.name.text)
        for file in included { defs += file.index.defs.map(\.name.text) }
        var variables = index.variableNames
        for file in included { variables += file.index.variableNames }
        let completer = StatementCompleter(
            registry: registry, variables: Array(Set(variables)).sorted(), defs: Array(Set(defs)).sorted())
        let tokens = StatementCompleter.tokenize(StatementCompleter.currentStatement(before).segment).tokens
        let replace = Range(start: document.position(of: wordStart), end: params.position)

        switch completer.complete(before: before, word: word) {
        case .words(let words):
            let items = words.enumerated().map { n, w in
                item(w, after: tokens, defs: Set(defs), sort: n, edit: TextEdit(range: replace, newText: w))
            }
            return CompletionList(isIncomplete: false, items: items)
        case .files:
            return CompletionList(
                isIncomplete: false,
                items: fileItems(document, typed: word, at: offset, include: tokens.first == "include"))
        }
    }

    /// Bytes that end a word: blanks and statement separators.
    static let breaks: Set<UInt8> = [0x20, 0x09, 0x3B, 0x7B, 0x7D]  // space, tab, ; { }

    private func item(_ word: String, after tokens: [String], defs: Set<String>, sort: Int, edit: TextEdit)
        -> CompletionItem
    {
        var kind = CompletionItem.Kind.enumMember
        var detail: String?
        var documentation: String?
        if word.hasPrefix("$") {
            kind = .variable
        } else if tokens.isEmpty && defs.contains(word) {
            kind = .function
            detail = "def \(word)"
        } else if tokens.isEmpty && Parser.keywords.contains(word) {
            kind = .keyword
        } else if let signature = registry.signature(named: (tokens + [word]).joined(separator: " ")) {
            kind = .keyword
            detail = signature.usage
            documentation = signature.summary
        } else if !registry.nextWords(after: tokens + [word]).isEmpty {
            kind = .keyword
        } else if let (signature, _) = registry.resolve(tokens),
            let option = signature.options.first(where: { $0.keyword == word })
        {
            kind = .field
            detail = option.value.map { "\(word) \($0.placeholder)" } ?? word
        }
        let sortText = String(repeating: "0", count: max(0, 4 - String(sort).count)) + String(sort)
        return CompletionItem(
            label: word, kind: kind, detail: detail, documentation: documentation, sortText: sortText, textEdit: edit)
    }

    /// File and folder names in the folder the typed path names, inside the scenario root;
    /// `include` offers `.scn` files only.
    private func fileItems(_ document: Document, typed: String, at offset: Int, include: Bool) -> [CompletionItem] {
        guard let path = document.filePath, let root = root(of: document) else { return [] }
        let partial = typed.hasPrefix("\"") || typed.hasPrefix("'") ? String(typed.dropFirst()) : typed
        let slash = partial.lastIndex(of: "/")
        let folderPart = slash.map { String(partial[...$0]) } ?? ""
        let namePart = slash.map { String(partial[partial.index(after: $0)...]) } ?? partial
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(folderPart)
        let folder = base.standardizedFileURL.resolvingSymlinksInPath().path
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        guard folder == rootPath || folder.hasPrefix(rootPath.hasSuffix("/") ? rootPath : rootPath + "/") else {
            return []
        }
        let fm = FileManager.default
        let names = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        let start = document.position(of: offset - namePart.utf8.count)
        let end = document.position(of: offset)
        var items: [CompletionItem] = []
        for name in names.prefix(1000) where name.hasPrefix(namePart) {
            var isFolder = false
            guard fm.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder) else { continue }
            if !isFolder && include && !name.hasSuffix(".scn") { continue }
            let text = isFolder ? name + "/" : name
            items.append(
                CompletionItem(
                    label: text, kind: isFolder ? .folder : .file, detail: nil, documentation: nil,
                    sortText: nil, textEdit: TextEdit(range: Range(start: start, end: end), newText: text)))
        }
        return items
    }
}
