import ScenarioLanguage

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The TextMate grammar of `.scn` files (VS Code, Sublime Text, GitHub's highlighters),
/// with its word lists taken from the registry and the parser: statement keywords, command
/// words, option keywords and choice words. `scn help --grammar` prints it;
/// editors/vscode/syntaxes/scn.tmLanguage.json is its output for the built-in vocabulary,
/// and a test fails when that file is stale.
public enum TextMateGrammar {
    /// The grammar as JSON text (keys sorted, two-space indent, a final newline): the same
    /// registry gives the same bytes.
    public static func json(_ registry: Registry) -> String {
        let object = grammar(registry)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(GrammarJSON(object)) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Words that are not part of a longer word (scenario words hold `-` and `.`).
    static func alternation(_ words: Set<String>) -> String {
        let sorted = words.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        return "(?<![\\w.-])(?:" + sorted.map(escape).joined(separator: "|") + ")(?![\\w.-])"
    }

    static func escape(_ word: String) -> String {
        var out = ""
        for c in word {
            if "\\^$.|?*+()[]{}/".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    static func grammar(_ registry: Registry) -> [String: Any] {
        let keywords = Parser.keywords
        let heads = Set(registry.headWords)
        var commandWords = Set<String>()
        var options = Set<String>()
        var choices = Set<String>()
        for signature in registry.signatures {
            commandWords.formUnion(signature.path.dropFirst())
            for option in signature.options {
                options.insert(option.keyword)
                choices.formUnion(StatementCompleter.values(option.value))
            }
            for parameter in signature.positionals {
                choices.formUnion(StatementCompleter.values(parameter.kind))
            }
        }
        choices.subtract(["true", "false"])
        // A word that is an option somewhere (`title`) reads as one wherever it stands,
        // also where it is a command's own word (`expect banner title`).
        commandWords.subtract(options)
        // The statements that mark a case (StatementForms): `known-bug`'s clauses, and the
        // keywords an expectation follows.
        let forms = StatementForms.all
        let knownBugClauses = Set(forms.filter { $0.keyword == "known-bug" }.flatMap(\.clauses))
        let prefixes = Set(forms.filter(\.takesExpectation).map(\.keyword))
        let prefixClauses = Set(forms.filter(\.takesExpectation).flatMap(\.clauses))
        // A statement starts a line or follows `;` or `{`.
        let start = "(?:^|(?<=[;{]))\\s*"
        let patterns: [[String: Any]] = [
            ["include": "#comment"],
            ["include": "#raw-string"],
            ["include": "#string"],
            ["include": "#variable"],
            [
                // `for NAME in …`
                "match": start + "(for)\\s+([A-Za-z_][A-Za-z0-9_-]*)\\s+(in)(?![\\w.-])",
                "captures": [
                    "1": ["name": "keyword.control.scn"], "2": ["name": "variable.other.scn"],
                    "3": ["name": "keyword.control.scn"],
                ],
            ],
            [
                // `known-bug "REF" because "TEXT" in PUSH`: its clauses are keywords.
                "begin": start + "(" + alternation(["known-bug"]) + ")",
                "beginCaptures": ["1": ["name": "keyword.control.scn"]],
                "end": "(?=[;}])|$",
                "patterns": [
                    ["include": "#comment"], ["include": "#raw-string"], ["include": "#string"],
                    ["include": "#variable"],
                    ["match": alternation(knownBugClauses), "name": "keyword.control.scn"],
                ],
            ],
            [
                // `bug expect …`, `bug always expect …`, `never expect …`: the keywords, then
                // the expectation's command word.
                "match": start + "(" + alternation(prefixes) + ")(?:\\s+(" + alternation(prefixClauses)
                    + "))?\\s+(" + alternation(heads) + ")",
                "captures": [
                    "1": ["name": "keyword.control.scn"], "2": ["name": "keyword.control.scn"],
                    "3": ["name": "keyword.other.command.scn"],
                ],
            ],
            [
                "match": start + "(" + alternation(keywords) + ")",
                "captures": ["1": ["name": "keyword.control.scn"]],
            ],
            [
                "match": start + "(" + alternation(heads) + ")",
                "captures": ["1": ["name": "keyword.other.command.scn"]],
            ],
            ["match": alternation(["true", "false", "none"]), "name": "constant.language.scn"],
            [
                "match": "(?<![\\w.-])\\d+(?:ms|s|m|h|d)(?:\\d+(?:ms|s|m|h|d))*(?![\\w.-])",
                "name": "constant.numeric.duration.scn",
            ],
            ["match": "(?<![\\w.-])\\d+(?:\\.\\d+)*(?![\\w.-])", "name": "constant.numeric.scn"],
            ["match": alternation(commandWords), "name": "support.function.command.scn"],
            ["match": alternation(options), "name": "variable.parameter.option.scn"],
            ["match": alternation(choices), "name": "support.constant.choice.scn"],
        ]
        let repository: [String: Any] = [
            "comment": ["match": "#.*$", "name": "comment.line.number-sign.scn"],
            "variable": ["match": "\\$[A-Za-z_][A-Za-z0-9_-]*", "name": "variable.other.scn"],
            "raw-string": ["begin": "'", "end": "'", "name": "string.quoted.single.scn"],
            "string": [
                "begin": "\"", "end": "\"|$", "name": "string.quoted.double.scn",
                "patterns": [
                    ["match": "\\\\.", "name": "constant.character.escape.scn"],
                    [
                        "match": "\\$\\{[A-Za-z_][A-Za-z0-9_-]*\\}",
                        "name": "variable.other.interpolation.scn",
                    ],
                ],
            ],
        ]
        return [
            "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
            "name": "scn",
            "scopeName": "source.scn",
            "fileTypes": ["scn"],
            "patterns": patterns,
            "repository": repository,
        ]
    }
}

/// The grammar's plist-like value, encodable by `JSONEncoder`.
private enum GrammarJSON: Encodable {
    case string(String)
    case number(Int)
    case bool(Bool)
    case array([GrammarJSON])
    case object([String: GrammarJSON])

    init(_ value: Any) {
        switch value {
        case let text as String: self = .string(text)
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .number(number)
        case let list as [Any]: self = .array(list.map(GrammarJSON.init))
        case let object as [String: Any]: self = .object(object.mapValues(GrammarJSON.init))
        default: self = .string("\(value)")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .array(let list): try container.encode(list)
        case .object(let object): try container.encode(object)
        }
    }
}
