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

    /// Text Mermaid draws as it is: one line, no `;` (a statement separator), `#` (an
    /// entity), `%%` or angle brackets, control or direction characters made visible, at
    /// most ``mermaidWidth`` characters.
    static func mermaidText(_ text: String) -> String {
        var out = ""
        for c in TerminalText.escape(text) {
            switch c {
            case ";": out += ","
            case "#": out += "no. "
            case "<": out += "‹"
            case ">": out += "›"
            case "%": out += " percent"
            default:
                if c.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) { out.append(c) }
            }
        }
        return DiagramText.shortened(out, to: mermaidWidth)
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
