// Commands: resolving a statement's words to a registered signature (or a `def`), binding its
// arguments to the signature, and the suggestions an unknown or misused command gets.

extension CheckRun {
    // MARK: - Commands

    func checkCommand(_ arguments: [Expr], stmt: Stmt, file: SourceFile, scope: Scope) -> CheckedStmt? {
        for argument in arguments.dropFirst() { checkExpr(argument, file: file, scope: scope) }
        guard let head = arguments.first, case .word(let headWord) = head.kind else { return nil }

        // A user-defined command.
        if let id = scope.def(headWord) {
            let def = defs[id]
            let given = arguments.count - 1
            if given != def.parameters.count {
                let names = def.parameters.map(\.text).joined(separator: " ")
                let takes = def.parameters.count == 1 ? "1 argument" : "\(def.parameters.count) arguments"
                let range =
                    given > def.parameters.count
                    ? arguments[def.parameters.count + 1].range.union(arguments[given].range) : stmt.range
                error(
                    "'\(headWord)' takes \(takes)\(names.isEmpty ? "" : " (\(names))"), got \(given)", file, range,
                    label: given > def.parameters.count ? "too many arguments" : "missing arguments")
            }
            callTargets[SiteKey(path: file.path, start: stmt.range.start)] = id
            return CheckedStmt(
                .call(name: Name(headWord, head.range), arguments: Array(arguments.dropFirst())), stmt.range,
                path: file.path)
        }

        // A registered command: the longest path of leading words.
        guard let resolved = registry.resolve(leading: arguments) else {
            var words: [String] = []
            for argument in arguments {
                switch argument.kind {
                case .word, .bool, .none:
                    if let w = argument.wordText { words.append(w) }
                    continue
                default:
                    break
                }
                break
            }
            unknownCommand(arguments, words: words, file: file, scope: scope)
            return nil
        }
        let (signature, consumed) = resolved
        let pathRange = arguments[0].range.union(arguments[consumed - 1].range)
        if let (range, command) = countAsWords(arguments[consumed...], signature: signature) {
            error(
                "expected \(signature.positionals.first.map { CheckRun.describe($0.kind) } ?? "no argument"), "
                    + "got '\(text(file, range))'", file, range, label: "did you mean '\(command)'?",
                notes: ["a count is the number after its own command's words"])
            return nil
        }
        let bound = bind(
            arguments[consumed...], to: signature, pathRange: pathRange, file: file,
            context: WordContext(pathWords: arguments[..<consumed], scope: scope))
        checkFilePaths(bound, of: signature, file: file)
        if signature.hasStatementRules, let rules = registry.statementRules[signature.name] {
            let command = ConfiguredCommand(signature: signature, arguments: bound, range: stmt.range, path: file.path)
            for rule in rules {
                for violation in rule(command) where !gaveUp {
                    add(file.diagnostic(violation.message, at: violation.range, label: violation.label))
                }
            }
        }
        return CheckedStmt(.command(BoundCommand(signature: signature, arguments: bound)), stmt.range, path: file.path)
    }

    /// The words a count is written as (`expect banner count 1`).
    static let countWords: Set<String> = ["count", "number", "total"]

    /// `expect banner count 1`: a count written as a word and a number after a command that
    /// takes no count, where a neighbouring command takes the number itself — the same path
    /// with its last word in the plural (`expect banners 1`), or one word longer (`expect
    /// handler calls 1`). The range of the word and the number, and the command to write.
    func countAsWords(_ rest: ArraySlice<Expr>, signature: Signature) -> (SourceRange, String)? {
        guard rest.count >= 2, let word = rest.first, case .word(let w) = word.kind, CheckRun.countWords.contains(w),
            !signature.options.contains(where: { $0.keyword == w })
        else { return nil }
        let number = rest[rest.startIndex + 1]
        guard case .number(let digits, _) = number.kind, ValueKind.wholeNumber(digits) != nil else { return nil }
        let path = signature.path
        var candidates: [[String]] = []
        if let last = path.last { candidates.append(path.dropLast() + [last + "s"]) }
        candidates += registry.nextWords(after: path).map { path + [$0] }
        for candidate in candidates {
            guard let other = registry.signature(named: candidate.joined(separator: " ")),
                let first = other.positionals.first, CheckRun.accepts(first.kind, number) == true,
                !other.positionals.dropFirst().contains(where: { !$0.optional })
            else { continue }
            return (word.range.union(number.range), (candidate + [digits]).joined(separator: " "))
        }
        return nil
    }

    /// A literal file path must stay inside the scenario root (the file itself is read when
    /// the step runs).
    func checkFilePaths(_ bound: BoundArguments, of signature: Signature, file: SourceFile) {
        guard let loader else { return }
        for (index, parameter) in signature.positionals.enumerated() where parameter.isFilePath {
            guard index < bound.positionals.count, let expr = bound.positionals[index],
                case .string(let path)? = expr.literalValue
            else { continue }
            do {
                try loader.confine(path, from: file.path)
            } catch {
                self.error(
                    "'\(signature.name)' cannot read '\(Token.abbreviate(path))': \(error.message)", file, expr.range)
            }
        }
    }

    /// The defs in scope whose names could be two edits from `word` (their length is
    /// within 2), in the order they were defined, from the first
    /// ``Suggestion/maxCandidates`` defs: the candidates of a "did you mean", in a time
    /// that does not grow with the file.
    func defNames(near word: String, in scope: Scope) -> [String] {
        let length = word.unicodeScalars.count
        var out: [String] = []
        for (id, def) in defs.prefix(Suggestion.maxCandidates).enumerated()
        where abs(def.name.text.unicodeScalars.count - length) <= 2 && scope.def(def.name.text) == id {
            out.append(def.name.text)
        }
        return out
    }

    func unknownCommand(_ arguments: [Expr], words: [String], file: SourceFile, scope: Scope) {
        guard !gaveUp else { return }
        // How far the words follow some command's path.
        var k = 0
        while k < words.count && registry.nextWords(after: Array(words[0..<k])).contains(words[k]) { k += 1 }
        let prefix = Array(words[0..<k])
        let candidates = registry.nextWords(after: prefix)
        if k < words.count {
            let wrong = words[k]
            let shown = (prefix + [wrong]).joined(separator: " ")
            var pool = candidates
            if k == 0 { pool += defNames(near: wrong, in: scope) }
            let guess = Suggestion.closest(to: wrong, among: pool)
            let label = guess.map { "did you mean '\((prefix + [$0]).joined(separator: " "))'?" }
            error(
                "unknown command '\(Token.abbreviate(shown, max: 60))'", file, arguments[k].range,
                label: label
                    ?? (k == 0
                        ? "see 'scn help' for the commands"
                        : "'\(prefix.joined(separator: " "))' is followed by \(CheckRun.list(candidates))"),
                replacement: guess)
        } else {
            let range = arguments[0].range.union(arguments[max(0, k - 1)].range)
            let name = prefix.joined(separator: " ")
            error(
                "incomplete command '\(Token.abbreviate(name, max: 60))'", file, range,
                label: "expected \(CheckRun.list(candidates)) after it")
        }
    }

    /// `a, b or c`, at most eight.
    static func list(_ words: [String]) -> String {
        let shown = words.prefix(8).map { "'\($0)'" }
        let more = words.count > 8 ? ", …" : ""
        if shown.count <= 1 { return (shown.first ?? "nothing") + more }
        if more.isEmpty { return shown.dropLast().joined(separator: ", ") + " or " + (shown.last ?? "") }
        return shown.joined(separator: ", ") + more
    }

    /// How a kind is named in "expected …": choices as `a|b|c`.
    static func describe(_ kind: ValueKind) -> String {
        switch kind {
        case .choice(let words): return words.joined(separator: "|")
        case .oneOf(let kinds): return kinds.map(describe).joined(separator: " or ")
        default: return kind.description
        }
    }

    /// Whether `kind` accepts the expression: nil when that depends on a variable's value
    /// (checked when the step runs).
    static func accepts(_ kind: ValueKind, _ expr: Expr) -> Bool? {
        switch expr.kind {
        case .variable:
            return nil
        case .string(let parts)
        where parts.contains(where: { if case .interpolation = $0 { return true } else { return false } }):
            let a = kind.accepts(.string("1"))
            let b = kind.accepts(.string("x"))
            return a == b ? a : nil
        case .list, .object:
            return kind.accepts(shape(expr))
        default:
            guard let value = expr.literalValue else { return nil }
            if case .quotedText = kind {
                // A literal text is quoted; only a variable may bring a word or a number.
                if case .string = value { return true }
                return false
            }
            return kind.accepts(value)
        }
    }

    /// A literal with the same structure as `expr`, variables replaced by `none`.
    static func shape(_ expr: Expr) -> Value {
        if let v = expr.literalValue { return v }
        switch expr.kind {
        case .list(let items): return .list(items.map(shape))
        case .object(let entries): return .object(entries.map { Value.Field($0.key.text, shape($0.value)) })
        case .string: return .string("")
        default: return .none
        }
    }

    /// The choice words a kind offers (for "did you mean").
    static func choices(_ kind: ValueKind) -> [String] {
        switch kind {
        case .choice(let words), .words(let words): return words
        case .boolean: return ["true", "false"]
        case .oneOf(let kinds): return kinds.flatMap(choices)
        default: return []
        }
    }

    /// What a "bare word where a text goes" hint can use: the command's words so far, and the
    /// variables in scope.
    struct WordContext {
        /// The command's words as written (made into text only for a message).
        var pathWords: ArraySlice<Expr>
        var scope: Scope
        var path: [String] { pathWords.compactMap(\.wordText) }
    }

    func bind(
        _ arguments: ArraySlice<Expr>, to signature: Signature, pathRange: SourceRange, file: SourceFile,
        context: WordContext? = nil
    ) -> BoundArguments {
        let positionals = signature.positionals
        var bound = BoundArguments(positionals: .filled(nil, count: positionals.count))
        // The options are few (a dozen at most): they are found by a scan of the signature's
        // list, the first of a keyword winning, and where each was given is kept by its
        // place in that list. Nothing is hashed or built per statement but the result.
        let options = signature.options
        func optionIndex(_ keyword: String) -> Int? { options.firstIndex { $0.keyword == keyword } }
        var optionRanges: [SourceRange?] = .filled(nil, count: options.count)
        var optionWords: [String] { options.map(\.keyword) }
        let name = signature.name
        var slot = 0
        var i = arguments.startIndex
        var missingReported = false

        /// "unknown option" for a word close to an option keyword; returns how many
        /// arguments to skip (the option's value too, when it takes one).
        func unknownOption(_ word: String, _ range: SourceRange, suggestion: String?) -> Int {
            let label = suggestion.map { "did you mean '\($0)'?" } ?? "'\(name)' takes \(CheckRun.list(optionWords))"
            error(
                "unknown option '\(Token.abbreviate(word))' for '\(name)'", file, range, label: label,
                replacement: suggestion)
            if let s = suggestion, let index = optionIndex(s), options[index].value != nil { return 2 }
            return 1
        }

        while i < arguments.endIndex {
            let argument = arguments[i]
            // A keyword option — unless the next positional is required, still empty and
            // takes this very word (`push edna campaign "…" campaign ID`).
            var fillsRequiredSlot: Bool {
                slot < positionals.count && !positionals[slot].optional
                    && CheckRun.accepts(positionals[slot].kind, argument) == true
            }
            if case .word(let w) = argument.kind, !options.isEmpty, let index = optionIndex(w), !fillsRequiredSlot {
                if let first = optionRanges[index] {
                    error(
                        "option '\(w)' given twice", file, argument.range,
                        notes: ["it is first given at \(file.location(of: first.start))"])
                }
                optionRanges[index] = argument.range
                guard let kind = options[index].value else {
                    bound.flags.insert(w)
                    i += 1
                    continue
                }
                guard i + 1 < arguments.endIndex else {
                    error(
                        "option '\(w)' needs a value: \(CheckRun.describe(kind))", file, argument.range,
                        label: "write \(w) \(kind.placeholder)")
                    i += 1
                    continue
                }
                let value = arguments[i + 1]
                if CheckRun.accepts(kind, value) == false {
                    wrongKind(value, kind, file: file, what: "option '\(w)'", context: context)
                }
                // Sized once for the options the statement can still give.
                if bound.options.isEmpty { bound.options.reserveCapacity(min(options.count, arguments.count / 2)) }
                bound.options[w] = value
                i += 2
                continue
            }

            // A positional: an optional slot is skipped when the literal fits a later one.
            var s = slot
            if s < positionals.count, positionals[s].optional, CheckRun.accepts(positionals[s].kind, argument) == false
            {
                var j = s + 1
                while j < positionals.count {
                    if CheckRun.accepts(positionals[j].kind, argument) != false {
                        s = j
                        break
                    }
                    if !positionals[j].optional { break }
                    j += 1
                }
            }
            let word: String? = { if case .word(let w) = argument.kind { return w } else { return nil } }()
            // Only on the error paths: a "did you mean" costs an edit distance per option.
            func optionGuess() -> (candidate: String, distance: Int)? {
                word.flatMap { Suggestion.best(for: $0, among: optionWords) }
            }

            guard s < positionals.count else {
                if let word, !optionWords.isEmpty {
                    i += unknownOption(word, argument.range, suggestion: optionGuess()?.candidate)
                } else {
                    error(
                        "too many arguments for '\(name)'", file,
                        argument.range.union(arguments[arguments.endIndex - 1].range),
                        label: "usage: \(signature.usage)")
                    i = arguments.endIndex
                }
                continue
            }
            let parameter = positionals[s]
            // A required word left out before the argument that fills the next slot
            // (`push edna "Hi"`): one error for what is missing, the argument kept for its slot.
            if !parameter.optional, CheckRun.accepts(parameter.kind, argument) == false, s + 1 < positionals.count,
                CheckRun.accepts(positionals[s + 1].kind, argument) == true,
                i + 1 == arguments.endIndex || arguments[i + 1].wordText.flatMap(optionIndex) != nil,
                !positionals[(s + 1)...].dropFirst().contains(where: { !$0.optional })
            {
                let expected = {
                    if case .choice = parameter.kind { return parameter.kind.placeholder }
                    return CheckRun.describe(parameter.kind)
                }()
                let given = text(file, argument.range)
                error(
                    "'\(name)' needs \(expected) before \(given)", file, argument.range,
                    label: "missing \(parameter.name): write \(name) \(parameter.kind.placeholder) \(given)")
                bound.positionals[s + 1] = argument
                missingReported = true
                slot = s + 2
                i += 1
                continue
            }
            if CheckRun.accepts(parameter.kind, argument) == false {
                let choiceGuess = word.flatMap { Suggestion.best(for: $0, among: CheckRun.choices(parameter.kind)) }
                if let word, let optionGuess = optionGuess(),
                    choiceGuess.map({ optionGuess.distance < $0.distance }) ?? true
                {
                    i += unknownOption(word, argument.range, suggestion: optionGuess.candidate)
                    continue
                }
                wrongKind(
                    argument, parameter.kind, file: file, what: nil,
                    context: s == 0 && slot == 0 && i == arguments.startIndex
                        ? context
                        : context.map {
                            WordContext(pathWords: [], scope: $0.scope)
                        })
            }
            if let means = parameter.bareWordMeans, case .word(let w) = argument.kind,
                CheckRun.accepts(parameter.kind, argument) == true, context?.scope.hasVariable(w) != true
            {
                add(
                    warning: "the bare word '\(Token.abbreviate(w))' is read as \(means)", file, argument.range,
                    label: "if \(means) is meant, quote it: \"\(Token.abbreviate(w))\"",
                    notes: ["usage: \(signature.usage)"])
            }
            bound.positionals[s] = argument
            slot = s + 1
            i += 1
        }

        if !missingReported,
            let missing = positionals.indices.first(where: { !positionals[$0].optional && bound.positionals[$0] == nil }
            )
        {
            let parameter = positionals[missing]
            let expected: String
            if case .choice = parameter.kind {
                expected = parameter.kind.placeholder
            } else {
                expected = CheckRun.describe(parameter.kind)
            }
            error("'\(name)' needs \(expected)", file, pathRange, label: "missing \(parameter.name)")
        }
        for option in options where option.required && optionRanges[optionIndex(option.keyword) ?? 0] == nil {
            let body = option.value.map { "\(option.keyword) \($0.placeholder)" } ?? option.keyword
            error("'\(name)' needs the option '\(body)'", file, pathRange, label: "missing \(option.keyword)")
        }
        return bound
    }

    func wrongKind(
        _ argument: Expr, _ kind: ValueKind, file: SourceFile, what: String?, context: WordContext? = nil
    ) {
        guard !gaveUp else { return }
        let got = text(file, argument.range)
        var label: String?
        // A bare word where a text goes: the word is not read as text. It may be a variable
        // without its `$`, or the next word of a longer command (`expect banner titel "A"`).
        let longer = context.flatMap { c -> String? in
            guard !c.path.isEmpty, case .word(let w) = argument.kind else { return nil }
            return Suggestion.closest(to: w, among: registry.nextWords(after: c.path)).map {
                (c.path + [$0]).joined(separator: " ")
            }
        }
        var replacement: String?
        if case .word(let w) = argument.kind, let guess = Suggestion.closest(to: w, among: CheckRun.choices(kind)) {
            label = "did you mean '\(guess)'?"
            replacement = guess
        } else if case .word(let w) = argument.kind, context?.scope.hasVariable(w) == true, kind == .quotedText {
            label = "a bare word is not text: write $\(w) for the variable, or put it in quotes"
        } else if let longer, kind == .quotedText {
            label = "a bare word is not text: did you mean '\(longer)'?"
        } else if let w = argument.wordText, kind == .quotedText {
            label = "a bare word is not text: put it in quotes: \"\(Token.abbreviate(w))\""
        } else if let w = argument.wordText, kind.accepts(.string(w)) {
            label = "put it in quotes: \"\(Token.abbreviate(w))\""
        } else if case .string = argument.kind, case .choice = kind {
            label = "choices are bare words, without quotes"
        } else if case .number(let t, _) = argument.kind, t.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            kind.accepts(.duration(text: t + "s", milliseconds: 1))
        {
            label = "durations carry a unit: \(t)s, \(t)ms, \(t)m"
        } else if case .number(let t, _) = argument.kind, kind.accepts(.number(text: "1", value: 1)) {
            label =
                t.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 })
                ? "out of range: at most \(ValueKind.maxWholeNumber)" : "a whole number has digits only"
        } else if case .duration = argument.kind, kind.accepts(.duration(text: "1s", milliseconds: 1)) {
            label = "must be longer than 0"
        }
        let prefix = what.map { "\($0) expected" } ?? "expected"
        error(
            "\(prefix) \(CheckRun.describe(kind)), got '\(got)'", file, argument.range, label: label,
            replacement: replacement)
    }
}
