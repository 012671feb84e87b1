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
    ///
    /// At most ``maxCompletionItems`` items (then `isIncomplete`, so the editor asks again as
    /// more is typed); each item's work does not depend on the number of defs or on the
    /// length of the line.
    mutating func completion(_ params: PositionParams) -> CompletionList? {
        guard let (document, index) = indexed(params.textDocument.uri) else { return nil }
        let offset = document.offset(of: params.position)
        let bytes = document.source.bytes
        let lineStart = document.source.lineStarts[document.source.lineIndex(of: offset)]
        // The word being typed: back to the last blank or statement separator.
        var wordStart = offset
        while wordStart > lineStart, !LanguageServer.breaks.contains(bytes[wordStart - 1]) { wordStart -= 1 }
        let before = String(decoding: bytes[lineStart..<wordStart], as: UTF8.self)
        let word = String(decoding: bytes[wordStart..<offset], as: UTF8.self)

        let included = self.included(params.textDocument.uri)
        var defs = index.defs.map(\.name.text)
        for file in included { defs += file.index.defs.map(\.name.text) }
        var variables = index.variableNames
        for file in included { variables += file.index.variableNames }
        let defNames = Set(defs)
        let completer = StatementCompleter(
            registry: registry, variables: Array(Set(variables)).sorted(), defs: defNames.sorted())
        let tokens = StatementCompleter.tokenize(StatementCompleter.currentStatement(before).segment).tokens
        let replace = Range(start: document.position(of: wordStart), end: params.position)

        switch completer.complete(before: before, word: word) {
        case .words(let words):
            // A command's path is a few words: after more than the longest, no item continues one.
            let path = tokens.count < registry.longestPath ? tokens : nil
            let command = registry.resolve(tokens)?.signature
            let items = words.prefix(LanguageServer.maxCompletionItems).enumerated().map { n, w in
                item(
                    w, after: tokens, path: path, command: command, defs: defNames, sort: n,
                    edit: TextEdit(range: replace, newText: w))
            }
            return CompletionList(isIncomplete: words.count > items.count, items: items)
        case .files:
            return CompletionList(
                isIncomplete: false,
                items: fileItems(document, typed: word, at: offset, include: tokens.first == "include"))
        }
    }

    /// Bytes that end a word: blanks and statement separators.
    static let breaks: Set<UInt8> = [0x20, 0x09, 0x3B, 0x7B, 0x7D]  // space, tab, ; { }

    /// The most items one completion answers with.
    static let maxCompletionItems = 1_000

    /// An item for `word` after the statement's words `tokens`: `path` is them when they are
    /// few enough to be part of a command's path (nil: `word` continues no path), `command`
    /// the command they name.
    private func item(
        _ word: String, after tokens: [String], path: [String]?, command: Signature?, defs: Set<String>, sort: Int,
        edit: TextEdit
    ) -> CompletionItem {
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
        } else if let path, let signature = registry.signature(named: (path + [word]).joined(separator: " ")) {
            kind = .keyword
            detail = signature.usage
            documentation = signature.summary
        } else if let path, !registry.nextWords(after: path + [word]).isEmpty {
            kind = .keyword
        } else if let option = command?.options.first(where: { $0.keyword == word }) {
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
