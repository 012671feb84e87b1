/// What the three completion scripts share: quoting and the words a position offers.
enum ShellWords {
    /// `word` in single quotes, for any of bash, zsh and fish (fish also reads `\'` inside
    /// quotes; the others end the quote, add an escaped quote and start again).
    static func quoted(_ word: String, fish: Bool = false) -> String {
        if fish {
            return "'" + word.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
                + "'"
        }
        return "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// A shell function name from the program name (`scn` → `_scn`).
    static func function(_ program: String) -> String {
        "_" + String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Every spelling of the command's options: `--jobs`, `-j`, … and `--help`, `-h`.
    static func optionWords(_ command: CommandSpec) -> [String] {
        command.allOptions.flatMap { o in [o.name] + (o.short.map { ["-\($0)"] } ?? []) }
    }

    /// The positional arguments' kind: what the first declared argument is (every command
    /// here takes words of one kind).
    static func positionalKind(_ command: CommandSpec, in tool: ToolSpec) -> ArgumentKind? {
        command.arguments.first.map { resolved($0.kind, in: tool) }
    }

    /// `kind`, with ``ArgumentKind/topic`` spelt out as the tool's topics.
    static func resolved(_ kind: ArgumentKind, in tool: ToolSpec) -> ArgumentKind {
        kind == .topic ? .choices(tool.topics) : kind
    }
}
