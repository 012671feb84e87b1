import ScenarioLanguage

extension SequenceDiagram {
    /// How many characters a Mermaid label may have.
    static let mermaidWidth = 100

    /// The diagram as a Mermaid `sequenceDiagram` (GitHub renders it in a ```mermaid block).
    public func mermaid() -> String {
        var out = "sequenceDiagram\n"
        let drawn = participants
        for p in drawn { out += "    participant \(p.id) as \(p.label)\n" }
        for entry in entries {
            switch entry.item {
            case .message(let from, let to, let arrow, let text):
                let line =
                    switch arrow {
                    case .arrives: "->>"
                    case .lost: "-x"
                    case .failed: "--x"
                    }
                out += "    \(from.id)\(line)\(to.id): \(Self.mermaidText(text))\n"
            case .note(let noteFirst, let noteLast, let text):
                let (first, last) = Self.span(noteFirst, noteLast, in: drawn)
                let over = first == last ? first.id : "\(first.id),\(last.id)"
                out += "    Note over \(over): \(Self.mermaidText(text))\n"
            }
        }
        return out
    }

    /// Text Mermaid draws as written: one line, at most ``mermaidWidth`` characters, with
    /// the characters Mermaid would read as syntax (`;` a statement separator, `#` an entity,
    /// `%%` a comment, angle brackets, `:`) written as Mermaid's entity codes (`#59;`), which
    /// it shows as the character itself; control and direction characters made visible.
    static func mermaidText(_ text: String) -> String {
        var plain = ""
        for c in TerminalText.escape(text)
        where c.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
            plain.append(c)
        }
        var out = ""
        for c in DiagramText.shortened(plain, to: mermaidWidth) {
            switch c {
            case ";": out += "#59;"
            case "#": out += "#35;"
            case "<": out += "#60;"
            case ">": out += "#62;"
            case "%": out += "#37;"
            default: out.append(c)
            }
        }
        return out
    }
}

/// Label text shared by the diagram's renderers.
enum DiagramText {
    /// `text` cut to `width` characters, the last one an ellipsis, when it is longer.
    static func shortened(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        return String(text.prefix(max(0, width - 1))) + "…"
    }
}
