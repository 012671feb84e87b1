import ScenarioLanguage

/// Tab completion, without readline: given the text before the word being completed,
/// what may come next.
///
/// Statements complete as the language server completes them (``StatementCompleter``:
/// the registry, the parser's keywords, variables and defs from the check context); this
/// adds the REPL's meta commands from ``MetaCommand/table`` and file names for `:load`
/// and `:save`.
struct Completer {
    typealias Completion = StatementCompleter.Completion

    var registry: Registry
    /// Variable names without the `$`.
    var variables: [String] = []
    var defs: [String] = []

    /// Statement keywords the REPL accepts (`case`, `tags`, `skip` and `alphabet` belong in files).
    static var keywords: [String] {
        Parser.keywords.subtracting(["case", "tags", "skip", "known-bug", "bug", "alphabet"]).sorted()
    }

    private var statements: StatementCompleter {
        StatementCompleter(registry: registry, variables: variables, defs: defs, keywords: Completer.keywords)
    }

    /// Completions of `word`, which follows `before` on the line. `continuation`: the line
    /// continues an open block (no meta commands there).
    func complete(before: String, word: String, continuation: Bool = false) -> Completion {
        let statements = self.statements
        if word.hasPrefix("$") {
            return statements.complete(before: before, word: word)
        }
        let (segment, isWholeLine) = StatementCompleter.currentStatement(before)
        let (tokens, inString) = StatementCompleter.tokenize(segment)
        guard let head = tokens.first else {
            if !inString && word.hasPrefix(":") {
                return .words(isWholeLine && !continuation ? statements.filter(MetaCommand.names, word) : [])
            }
            return statements.complete(before: before, word: word)
        }
        guard head.hasPrefix(":") else {
            return statements.complete(tokens: tokens, inString: inString, head: head, word: word)
        }
        guard isWholeLine, !continuation, let entry = MetaCommand.entry(named: head) else { return .words([]) }
        switch entry.argument {
        case .none: return .words([])
        case .file: return .files
        case .command:
            let words = Array(tokens.dropFirst())
            if words.isEmpty {
                return .words(statements.filter(registry.headWords + MetaCommand.names, word))
            }
            return .words(statements.filter(registry.nextWords(after: words), word))
        }
    }
}
