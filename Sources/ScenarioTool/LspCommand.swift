import CommandLineKit
import ScenarioLanguageServer
import ScenarioRuntime

/// `scn lsp`: a Language Server Protocol server on standard input and output, checking,
/// completing and formatting with the same registry as every other subcommand.
enum LspCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            "lsp", abstract: "a language server for editors, on standard input and output",
            discussion: """
                A Language Server Protocol server on standard input and output; an editor
                starts it. Diagnostics, completion, hover, formatting, document symbols and
                go to definition come from the same checker, registry and formatter as the
                other commands.
                """),
        run: main)

    static func main(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        var connection = Connection(
            server: LanguageServer(registry: tool.vocabulary.registry, version: ToolVersion.string))
        return connection.run()
    }
}
