/// What may come next in a statement being typed: the completion the REPL and the
/// language server share.
///
/// Every word comes from somewhere that already exists: command words, positional choices
/// and option keywords from the registry, statement keywords from the parser, variables
/// and defs from whoever knows them (the REPL's check context, the editor's document). A
/// positional named `path` (`push raw file`) and `include` complete file names.
public struct StatementCompleter: Sendable {
    public enum Completion: Equatable, Sendable {
        /// These words (already filtered by the prefix typed), in a stable order.
        case words([String])
        /// A file name.
        case files
    }

    public var registry: Registry
    /// Variable names without the `$`.
    public var variables: [String]
    public var defs: [String]
    /// The statement keywords offered at the start of a statement.
    public var keywords: [String]

    public init(
        registry: Registry, variables: [String] = [], defs: [String] = [],
        keywords: [String] = Parser.keywords.sorted()
    ) {
        self.registry = registry
        self.variables = variables
        self.defs = defs
        self.keywords = keywords
    }

    /// Completions of `word`, which follows `before` on the line.
    public func complete(before: String, word: String) -> Completion {
        if word.hasPrefix("$") {
            return .words(filter(variables.map { "$" + $0 }, word))
        }
        let (tokens, inString) = StatementCompleter.tokenize(StatementCompleter.currentStatement(before).segment)
        guard let head = tokens.first else {
            if inString { return .words([]) }
            return .words(filter(registry.headWords + keywords + defs, word))
        }
        return complete(tokens: tokens, inString: inString, head: head, word: word)
    }

    /// Completions after the words of a statement already typed (`tokens`, head first).
    public func complete(tokens: [String], inString: Bool, head: String, word: String) -> Completion {
        if head == "include" { return tokens.count == 1 ? .files : .words([]) }
        if PropertyKind(rawValue: head) != nil {
            // `always expect …` / `never expect …`: an expectation follows.
            let rest = Array(tokens.dropFirst())
            guard let next = rest.first else {
                return .words(filter(registry.headWords.filter { $0 == "expect" }, word))
            }
            if PropertyKind(rawValue: next) != nil { return .words([]) }
            return complete(tokens: rest, inString: inString, head: next, word: word)
        }
        if head == "bug" {
            // `bug expect …` / `bug always|never expect …`.
            let rest = Array(tokens.dropFirst())
            guard let next = rest.first else {
                return .words(filter(registry.headWords.filter { $0 == "expect" } + ["always", "never"], word))
            }
            return complete(tokens: rest, inString: inString, head: next, word: word)
        }
        if head == "known-bug" {
            // `known-bug "REF" because "TEXT" in PUSH`: the words after the quoted values.
            if inString { return .words([]) }
            switch tokens.count {
            case 2: return .words(filter(["because"], word))
            case 4 where tokens[2] == "because": return .words(filter(["in"], word))
            default: return .words([])
            }
        }
        if Parser.keywords.contains(head) || defs.contains(head) { return .words([]) }
        if inString {
            // Inside a quoted argument: only a file path is worth completing.
            if let (signature, consumed) = registry.resolve(tokens),
                case .files = arguments(signature, Array(tokens[consumed...]))
            {
                return .files
            }
            return .words([])
        }
        var out = registry.nextWords(after: tokens)
        if let (signature, consumed) = registry.resolve(tokens) {
            switch arguments(signature, Array(tokens[consumed...])) {
            case .files: return out.isEmpty ? .files : .words(filter(out, word))
            case .words(let more): out += more
            }
        }
        return .words(filter(out, word))
    }

    /// What may follow the arguments already given to a command.
    private func arguments(_ signature: Signature, _ given: [String]) -> Completion {
        let positionals = signature.positionals
        var slot = 0
        var used = Set<String>()
        var index = 0
        while index < given.count {
            let argument = given[index]
            if let option = signature.options.first(where: { $0.keyword == argument }), !used.contains(argument) {
                used.insert(argument)
                if option.value != nil {
                    if index + 1 == given.count { return .words(StatementCompleter.values(option.value)) }
                    index += 2
                } else {
                    index += 1
                }
                continue
            }
            // A positional; an optional choice that does not fit is skipped, as the checker does.
            while slot < positionals.count, positionals[slot].optional, slot + 1 < positionals.count,
                case .choice(let words) = positionals[slot].kind, !words.contains(argument)
            {
                slot += 1
            }
            slot += 1
            index += 1
        }
        var out: [String] = []
        var p = slot
        while p < positionals.count {
            if positionals[p].name == "path" { return .files }
            out += StatementCompleter.values(positionals[p].kind)
            if !positionals[p].optional { break }
            p += 1
        }
        // Options come after the positionals they follow; offer them once the required ones are given.
        let requiredLeft = positionals[min(slot, positionals.count)...].contains { !$0.optional }
        if !requiredLeft {
            out += signature.options.map(\.keyword).filter { !used.contains($0) }
        }
        return .words(out)
    }

    /// The words a kind of value can be, where they are a closed set.
    public static func values(_ kind: ValueKind?) -> [String] {
        switch kind {
        case .choice(let words)?, .words(let words)?: return words
        case .boolean?: return ["true", "false"]
        case .oneOf(let kinds)?: return kinds.flatMap { values($0) }
        default: return []
        }
    }

    /// `words` that start with `prefix`, without repeats, in order.
    public func filter(_ words: [String], _ prefix: String) -> [String] {
        var seen = Set<String>()
        return words.filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }
    }

    /// The statement being typed: the text after the last `;`, `{` or `}` outside quotes.
    /// `isWholeLine`: nothing came before it on the line.
    public static func currentStatement(_ text: String) -> (segment: Substring, isWholeLine: Bool) {
        var quote: Character?
        var start = text.startIndex
        var whole = true
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if let q = quote {
                if c == "\\" && q == "\"" {
                    i = text.index(after: i)
                    if i == text.endIndex { break }
                } else if c == q {
                    quote = nil
                }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" {
                return (text[text.endIndex...], false)
            } else if c == ";" || c == "{" || c == "}" {
                start = text.index(after: i)
                whole = false
            }
            i = text.index(after: i)
        }
        return (text[start...], whole)
    }

    /// Blank-separated words (quoted strings kept whole); whether the text ends inside a quote.
    public static func tokenize(_ text: Substring) -> (tokens: [String], inString: Bool) {
        var tokens: [String] = []
        var current = ""
        var quote: Character?
        var inToken = false
        for c in text {
            if let q = quote {
                current.append(c)
                if c == q { quote = nil }
            } else if c == " " || c == "\t" || c == "\n" {
                if inToken {
                    tokens.append(current)
                    current = ""
                    inToken = false
                }
            } else {
                if c == "\"" || c == "'" { quote = c }
                current.append(c)
                inToken = true
            }
        }
        if inToken && quote == nil { tokens.append(current) }
        return (tokens, quote != nil)
    }
}
