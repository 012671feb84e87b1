import CommandLineKit
import ScenarioTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `scn test`: the scenario library as a test suite (see docs/TESTING.md). Its command line
/// is declared beside its options, in ``TestOptions/command``.
enum TestSubcommand {
    static let subcommand = Subcommand(spec: TestOptions.command, run: main)

    static func main(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        let options: TestOptions
        do {
            options = try TestOptions(parsed)
        } catch {
            return tool.usageError(error, command: "test")
        }
        return TestCommand.main(
            options: options, executor: RuntimeExecutor(vocabulary: tool.vocabulary),
            stdout: FileDescriptorOutput.standardOutput, stderr: FileDescriptorOutput.standardError,
            environment: tool.environment, isTerminal: Terminal.stdoutIsTerminal,
            stderrIsTerminal: Terminal.stderrIsTerminal)
    }
}
