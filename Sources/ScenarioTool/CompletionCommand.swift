import CommandLineKit
import ScenarioLanguage

/// `scn completion bash|zsh|fish`: the shell's completion script, generated from the same
/// declarations as `--help` (every subcommand, option and choice; `help` completes the
/// vocabulary's commands).
enum CompletionCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            "completion", abstract: "a shell completion script for bash, zsh or fish",
            arguments: [ArgumentSpec("SHELL", .choices(Shell.allCases.map(\.rawValue)), .one, "bash, zsh or fish")],
            discussion: """
                Prints a completion script for the shell. To install it:
                  bash: scn completion bash > ~/.local/share/bash-completion/completions/scn
                  zsh:  scn completion zsh > "${fpath[1]}/_scn"   (a folder on $fpath, before compinit)
                  fish: scn completion fish > ~/.config/fish/completions/scn.fish
                """),
        run: main)

    static func main(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        let word = parsed.positionals.first ?? ""
        guard let shell = Shell(rawValue: word) else {
            let names = Shell.allCases.map(\.rawValue)
            let suggestion = Suggestion.closest(to: word, among: names).map { "; did you mean '\($0)'?" } ?? ""
            return tool.usageError(
                "unknown shell '\(word)'\(suggestion); scn completes bash, zsh and fish", command: "completion")
        }
        Terminal.write(shell.completionScript(tool.spec))
        return ExitCode.success
    }
}
