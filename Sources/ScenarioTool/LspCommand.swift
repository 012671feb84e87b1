import ScenarioLanguageServer
import ScenarioRuntime

/// `scn lsp`: a Language Server Protocol server on standard input and output, checking,
/// completing and formatting with the same registry as every other subcommand.
enum LspCommand {
    static let usage = """
        usage: scn lsp  (a language server on standard input and output; an editor starts it)

        """

    static func main(_ arguments: [String], vocabulary: Vocabulary = .standard) -> Int32 {
        switch CommandArguments.parse(arguments, command: "lsp", usage: usage) {
        case .exit(let code): return code
        case .parsed(let parsed):
            guard parsed.paths.isEmpty else {
                Terminal.writeError("error: scn lsp takes no arguments\n" + usage)
                return ExitCode.usage
            }
        }
        var connection = Connection(
            server: LanguageServer(registry: vocabulary.registry, version: ToolVersion.string))
        return connection.run()
    }
}
