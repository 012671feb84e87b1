import CommandLineKit
import ScenarioRuntime

/// One subcommand: its declaration (what parsing, `--help`, the man page and the shell
/// completion scripts read) and its handler. A new subcommand is a file that declares one
/// of these, and a line in ``Tool/subcommands``.
struct Subcommand: Sendable {
    var spec: CommandSpec
    /// Runs the command on its parsed command line (never with `--help`: the tool answers
    /// that) and returns the exit code.
    var run: @Sendable (ParsedArguments, Tool) -> Int32
}

extension Tool {
    /// Every subcommand, in the order `scn help` lists them.
    static let subcommands: [Subcommand] = [
        TestSubcommand.subcommand, RunCommand.subcommand, CheckCommand.subcommand, FormatCommand.subcommand,
        ReplCommand.subcommand, ReproCommand.subcommand, ApnsCommand.subcommand, ExploreCommand.subcommand,
        LspCommand.subcommand,
        HelpCommand.subcommand,
        CompletionCommand.subcommand,
    ]
}

/// Options several subcommands share, declared once.
enum SharedOptions {
    static let root = OptionSpec.value(
        "--root", "DIR", .folder,
        "the scenario root: includes and payload files are found in it (default: the file's folder)")
    static let maxSteps = OptionSpec.value("--max-steps", "N", .number, "steps a case may take (default 1000000)")
    /// `--color auto|always|never`: the tool passes it on as `SCN_COLOR` (``Tool/run(_:)``).
    static let color = OptionSpec.color
}
