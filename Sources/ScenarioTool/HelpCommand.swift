import CommandLineKit
import ScenarioLanguage
import ScenarioLanguageServer
import ScenarioRuntime

/// `scn help [COMMAND…]`: the tool's commands and the scenario command reference, from the
/// registry; `--markdown` for docs/COMMANDS.md, `--man` for the man page.
enum HelpCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            "help", abstract: "the command reference (--markdown: as Markdown; --man: the man page)",
            arguments: [
                ArgumentSpec(
                    "COMMAND", .topic, .any, "a subcommand (help run), or a scenario command (help push kindly)")
            ],
            options: [
                .flag("--markdown", "the scenario command reference as Markdown"),
                .flag("--man", "the man page, in roff (man -l <(scn help --man))"),
                .flag("--grammar", "the TextMate grammar for editors, as JSON"),
            ]),
        run: main)

    static func main(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        let registry = tool.vocabulary.registry
        let words = parsed.positionals
        if parsed.flag("--grammar") {
            guard words.isEmpty, !parsed.flag("--markdown"), !parsed.flag("--man") else {
                return tool.usageError("--grammar takes no command and no other option", command: "help")
            }
            Terminal.write(TextMateGrammar.json(registry))
            return ExitCode.success
        }
        if parsed.flag("--markdown") || parsed.flag("--man") {
            guard words.isEmpty, !(parsed.flag("--markdown") && parsed.flag("--man")) else {
                return tool.usageError("--markdown and --man take no command and cannot be combined", command: "help")
            }
            if parsed.flag("--markdown") {
                Terminal.write(Reference.markdown(registry))
            } else {
                let reference = ToolSpec.Section(
                    "scenario commands",
                    groups: Reference.groups(registry).map { topic, entries in
                        .init(topic, entries.map { .init($0.usage, $0.summary) })
                    })
                Terminal.write(ManPage.render(tool.spec, version: ToolVersion.string, extra: [reference]))
            }
            return ExitCode.success
        }
        if words.isEmpty {
            Terminal.write(HelpText.tool(tool.spec) + "\n" + Reference.text(registry))
            return ExitCode.success
        }
        // A subcommand's name first: `help apns` is the subcommand, `help apns device-rate` the
        // scenario command.
        if words.count == 1, let subcommand = Tool.subcommands.first(where: { $0.spec.name == words[0] }) {
            Terminal.write(HelpText.command(subcommand.spec, program: tool.name))
            return ExitCode.success
        }
        if let text = Reference.text(registry, command: words) {
            Terminal.write(text)
            return ExitCode.success
        }
        let asked = words.joined(separator: " ")
        let known = tool.spec.topics + registry.signatures.map(\.name)
        let suggestion = Suggestion.closest(to: asked, among: known).map { "; did you mean '\($0)'?" } ?? ""
        let error = UsageError("no command '\(asked)'\(suggestion); 'scn help' lists them all")
        Terminal.writeError("error: \(error.message)\n")
        return ExitCode.usage
    }
}
