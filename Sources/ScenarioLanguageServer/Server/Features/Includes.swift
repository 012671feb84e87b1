import ScenarioLanguage

/// A file a document includes (directly or through other includes), parsed.
struct IncludedFile: Sendable {
    var source: SourceFile
    var index: DocumentIndex
}

extension LanguageServer {
    /// Every file `document` includes, breadth first, each once, read through the same
    /// loader the checker uses (so confined to the scenario root), up to the include depth
    /// limit. Files that cannot be read are left out: the diagnostics say why. At most
    /// ``LanguageLimits/maxIncludes`` files are read, and an `include` line written twice
    /// in one file is read once: 200,000 `include` lines cost what a thousand do.
    func includedFiles(of document: Document, index: DocumentIndex) -> [IncludedFile] {
        guard let loader = loader(of: document) else { return [] }
        var out: [IncludedFile] = []
        var seen: Set<String> = [document.source.path]
        var asked = Set<String>()
        var reads = 0
        var frontier: [(from: String, includes: [DocumentIndex.Include])] = [(document.source.path, index.includes)]
        var depth = 0
        while !frontier.isEmpty, depth < limits.maxIncludeDepth {
            var next: [(from: String, includes: [DocumentIndex.Include])] = []
            for (from, includes) in frontier {
                for include in includes {
                    guard asked.insert(from + "\u{0}" + include.written).inserted else { continue }
                    guard reads < limits.maxIncludes else { return out }
                    reads += 1
                    guard let source = try? loader.load(include.written, from: from),
                        seen.insert(source.path).inserted
                    else { continue }
                    let included = IncludedFile(
                        source: source, index: DocumentIndex(Language.parse(source, limits: limits)))
                    out.append(included)
                    next.append((source.path, included.index.includes))
                }
            }
            frontier = next
            depth += 1
        }
        return out
    }
}
