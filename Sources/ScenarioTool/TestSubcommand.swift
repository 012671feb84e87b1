import Foundation
import ScenarioTesting

/// `scn test`: the scenario library as a test suite (see docs/TESTING.md).
enum TestSubcommand {
    static func main(_ arguments: [String]) -> Int32 {
        TestCommand.main(
            arguments: arguments, executor: RuntimeExecutor(),
            stdout: FileDescriptorOutput.standardOutput, stderr: FileDescriptorOutput.standardError,
            environment: ProcessInfo.processInfo.environment, isTerminal: Terminal.stdoutIsTerminal,
            stderrIsTerminal: Terminal.stderrIsTerminal)
    }
}
