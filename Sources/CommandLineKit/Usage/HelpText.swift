/// `--help` text, read from the declarations.
public enum HelpText {
    /// `scn run --help`: the usage line, what the command does, its arguments and options
    /// (grouped under their sections), then its closing paragraphs.
    public static func command(_ command: CommandSpec, program: String) -> String {
        var out = "usage: \(usageLine(command, program: program))\n\n"
        let labels = command.arguments.map(\.placeholder) + command.allOptions.map(\.label)
        let column = columnWidth(labels)
        out += paragraph(command.discussion.isEmpty ? sentence(command.abstract) : command.discussion)
        if !command.arguments.isEmpty {
            out += "\nArguments:\n"
            out += table(command.arguments.map { ($0.placeholder, $0.help) }, column: column)
        }
        var sections: [String?] = []
        for option in command.allOptions where !sections.contains(option.section) {
            sections.append(option.section)
        }
        for section in sections {
            out += "\n\(section ?? "Options"):\n"
            out += table(
                command.allOptions.filter { $0.section == section }.map { ($0.label, $0.help) }, column: column)
        }
        if !command.epilogue.isEmpty { out += "\n" + paragraph(command.epilogue) }
        return out
    }

    /// `scn --help`: every command with its arguments and what it does, the tool's own
    /// options, then the tool's sections.
    public static func tool(_ tool: ToolSpec) -> String {
        var out = "usage: \(tool.name) <command> [options]\n\n"
        out += "commands:\n"
        let rows =
            tool.commands.map { c in
                ([c.name, c.argumentSynopsis].filter { !$0.isEmpty }.joined(separator: " "), c.abstract)
            }
            + tool.options.map { ($0.label, $0.help) }
        out += table(rows, column: columnWidth(rows.map(\.0)))
        for section in tool.sections {
            out += "\n"
            if section.text.contains("\n") {
                out +=
                    "\(section.title):\n"
                    + paragraph(section.text).split(separator: "\n", omittingEmptySubsequences: false)
                    .dropLast().map { $0.isEmpty ? "" : "  \($0)" }.joined(separator: "\n") + "\n"
            } else {
                out += "\(section.title): \(section.text)\n"
            }
        }
        return out
    }

    /// `scn run [options] PATH…`.
    public static func usageLine(_ command: CommandSpec, program: String) -> String {
        var parts = [program, command.name]
        if !command.options.isEmpty { parts.append("[options]") }
        if !command.arguments.isEmpty { parts.append(command.argumentSynopsis) }
        return parts.joined(separator: " ")
    }

    /// Two columns: the label, then its help, aligned; a label too wide for the column
    /// puts its help on the next line.
    static func table(_ rows: [(String, String)], column: Int) -> String {
        var out = ""
        for (label, help) in rows {
            let left = "  " + label
            if left.count + 2 > column {
                out += left + "\n" + String(repeating: " ", count: column) + help + "\n"
            } else {
                out += left + String(repeating: " ", count: column - left.count) + help + "\n"
            }
        }
        return out
    }

    /// Where the help column starts: after the widest label (at most 24 wide) and a gap.
    static func columnWidth(_ labels: [String]) -> Int {
        min(labels.map(\.count).max() ?? 0, 24) + 4
    }

    /// The text with exactly one newline at its end.
    static func paragraph(_ text: String) -> String {
        var t = Substring(text)
        while t.hasSuffix("\n") { t = t.dropLast() }
        return t + "\n"
    }

    /// "runs scenarios" → "Runs scenarios."
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return "" }
        return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
    }
}
