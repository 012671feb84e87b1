import ScenarioLanguage

/// The command reference, generated from a registry: `scn help`, `:help` in the REPL and
/// docs/COMMANDS.md all come from here, so there is no second list to keep in step.
public enum Reference {
    /// Topics in the order they were first registered.
    static func topics(_ registry: Registry) -> [(topic: String, signatures: [Signature])] {
        var order: [String] = []
        var groups: [String: [Signature]] = [:]
        for s in registry.signatures {
            if groups[s.topic] == nil { order.append(s.topic) }
            groups[s.topic, default: []].append(s)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    static func roleNote(_ role: CommandRole) -> String {
        switch role {
        case .setting: return "configuration, before the first action"
        case .runtimeSetting: return "configuration, any time"
        case .action: return "action"
        case .expectation: return "expectation"
        }
    }

    /// The whole reference as groups of terms, one group a topic: the man page's SCENARIO
    /// COMMANDS.
    public static func groups(_ registry: Registry) -> [(topic: String, entries: [(usage: String, summary: String)])] {
        topics(registry).map { topic, signatures in (topic, signatures.map { ($0.usage, $0.summary) }) }
    }

    /// The whole reference as plain text, one command per line.
    public static func text(_ registry: Registry) -> String {
        var out = ""
        for (topic, signatures) in topics(registry) {
            out += "\(topic):\n"
            let width = min(56, signatures.map(\.usage.count).max() ?? 0)
            for s in signatures {
                let usage = s.usage
                let pad = usage.count < width ? String(repeating: " ", count: width - usage.count) : " "
                out += "  \(usage)\(pad)  \(s.summary)\n"
            }
            out += "\n"
        }
        out += "statements:\n"
        let width = min(56, StatementForms.all.map(\.usage.count).max() ?? 0)
        for form in StatementForms.all {
            let pad = form.usage.count < width ? String(repeating: " ", count: width - form.usage.count) : " "
            out += "  \(form.usage)\(pad)  \(form.summary)\n"
        }
        out += "\n"
        return out
    }

    /// The entries whose name starts with `words` (e.g. `push` → every `push …`).
    public static func matching(_ registry: Registry, _ words: [String]) -> [Signature] {
        registry.signatures.filter { Array($0.path.prefix(words.count)) == words }
    }

    /// Help for one command (or every command starting with those words).
    public static func text(_ registry: Registry, command words: [String]) -> String? {
        let found = matching(registry, words)
        if found.isEmpty, words.count == 1 {
            let forms = StatementForms.all.filter { $0.keyword == words[0] }
            guard !forms.isEmpty else { return nil }
            return forms.map { "\($0.usage)\n    \($0.summary) (statement)\n" }.joined()
        }
        guard !found.isEmpty else { return nil }
        var out = ""
        for s in found {
            out += "\(s.usage)\n    \(s.summary) (\(roleNote(s.role)))\n"
            for p in s.positionals {
                out += "    \(p.name): \(p.kind)\(p.optional ? " (optional)" : "")\n"
            }
            for o in s.options {
                let value = o.value.map { ": \($0)" } ?? " (flag)"
                out += "    \(o.keyword)\(value)\(o.required ? " (required)" : "")\n"
            }
        }
        return out
    }

    /// docs/COMMANDS.md.
    public static func markdown(_ registry: Registry) -> String {
        var out = """
            # Command reference

            Generated from the command registry by `scn help --markdown`; do not edit by hand
            (a test checks that this file matches the registry).

            Configuration marked *any time* may also change after the first action; the other
            configuration must come before it. Every other line is an action; the first action
            installs the app.


            """
        for (topic, signatures) in topics(registry) {
            out += "## \(topic)\n\n| command | meaning | kind |\n|---|---|---|\n"
            for s in signatures {
                let usage = s.usage.replacing("|", with: "\\|")
                let kind: String
                switch s.role {
                case .setting: kind = "configuration"
                case .runtimeSetting: kind = "configuration, *any time*"
                case .action: kind = "action"
                case .expectation: kind = "expectation"
                }
                out += "| `\(usage)` | \(s.summary) | \(kind) |\n"
            }
            out += "\n"
        }
        out += "## Statements\n\n| statement | meaning | kind |\n|---|---|---|\n"
        for form in StatementForms.all {
            out += "| `\(form.usage.replacing("|", with: "\\|"))` | \(form.summary) | statement |\n"
        }
        out += "\n"
        return out
    }
}
