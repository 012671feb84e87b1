import Foundation
import ScenarioLanguage
import ScenarioRuntime

/// `scn repl` / `scn` alone. On a terminal, the interactive shell; otherwise standard input
/// is run as one scenario (its folder: the working directory).
enum ReplCommand {
    static func main(_ arguments: [String]) -> Int32 {
        if !Terminal.stdinIsTerminal {
            return runStandardInput()
        }
        return Repl.main(arguments)
    }

    static func runStandardInput() -> Int32 {
        let loader = DirectoryLoader(root: FileManager.default.currentDirectoryPath)
        let data: [UInt8]
        do throws(LoadError) {
            data = try BoundedFile.readStandardInput(maxBytes: loader.maxBytes)
        } catch {
            Terminal.writeError("error: \(error.message)\n")
            return ExitCode.usage
        }
        let source = SourceFile(path: "<stdin>", bytes: data)
        let result = Language.check(source, registry: Vocabulary.standard.registry, loader: loader)
        let color = Terminal.useColor(terminal: Terminal.stdoutIsTerminal, environment: environment)
        guard let script = result.script, result.diagnostics.isEmpty else {
            Terminal.writeError(Language.render(result.diagnostics, color: color) + "\n")
            return ExitCode.usage
        }
        let results = Interpreter().run(script, loader: loader)
        let run = FileRun(path: "<stdin>", script: script, diagnostics: [], error: nil, results: results)
        Terminal.write(RunCommand.render(run, trace: false, color: color))
        return run.exitCode
    }
}
