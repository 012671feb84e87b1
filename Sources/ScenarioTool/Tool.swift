import CommandLineKit
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// scn, the command-line tool, as a library: one file per subcommand (each declares its
// command line and handles it); this one dispatches.
// The `scn` executable is one call to `ScenarioTool.main`; a host's own tool is the same call
// with its own vocabulary.

/// The whole `scn` tool: every subcommand and the REPL.
public enum ScenarioTool {
    /// Runs the tool on `arguments` (without the program name) and returns its exit code.
    ///
    /// - Parameter vocabulary: the commands scenarios may use — `check`, `run`, `test`,
    ///   `repl`, `help`, `repro`, `apns`, `fmt` and the completion scripts all read it, so a
    ///   host's own tool, started with its vocabulary, knows the host's commands everywhere.
    public static func main(
        _ arguments: [String] = Array(CommandLine.arguments.dropFirst()), vocabulary: Vocabulary = .standard
    ) -> Int32 {
        Platform.ignoreBrokenPipe()  // `scn test | head` ends quietly
        let code = Tool(vocabulary: vocabulary).run(arguments)
        return lostOutput(code)
    }

    /// `code`, or 2 when standard output or standard error lost a write (a full disk, an
    /// I/O error; a closed pipe is not lost output): said on standard error, naming where
    /// the output went.
    static func lostOutput(_ code: Int32) -> Int32 {
        let lost = [(1, "standard output"), (2, "standard error")].compactMap { fd, name in
            Platform.failedWrite(Int32(fd)).map { reason in
                let path = Platform.pathOfDescriptor(Int32(fd)).map { " '\(TerminalText.escape($0))'" } ?? ""
                return "error: cannot write \(name)\(path): \(reason)\n"
            }
        }
        guard !lost.isEmpty else { return code }
        // When standard error is the one that is full this is lost too; the exit code still says.
        for line in lost { Terminal.writeError(line) }
        return code == ExitCode.internal ? code : ExitCode.usage
    }
}

/// What every subcommand is handed: the vocabulary and the process's environment.
struct Tool: Sendable {
    var vocabulary: Vocabulary
    var environment: [String: String] = Self.processEnvironment()
    /// The program name in messages and generated files.
    var name = "scn"

    /// The tool's declaration: every subcommand's, plus what is said about all of them.
    var spec: ToolSpec {
        var spec = ToolSpec(
            name: name, abstract: "run iOS push-notification scenarios written as plain text",
            commands: Self.subcommands.map(\.spec),
            options: [.flag("--version", "print the tool's version")],
            sections: [
                .init("paths", "a PATH is a .scn file or a folder (every *.scn below it, sorted); - is standard input"),
                .init(
                    "help",
                    "'\(name) COMMAND --help' shows a command's options; '\(name) help WORDS' a scenario command"),
                .init(
                    "exit codes",
                    "0 passed, 1 a case failed, 2 usage or check error, 3 internal error, 4 explore stopped by a budget before --depth"
                ),
                .init(
                    "environment",
                    "--color always|never, or SCN_COLOR=always|never, decides; else NO_COLOR set: no colour; SCN_LINE_EDITOR=readline|libedit picks the REPL's library; the REPL keeps its history in $XDG_STATE_HOME/scn/history (default ~/.local/state/scn/history)"
                ),
            ])
        var topics = Self.subcommands.map(\.spec.name)
        for signature in vocabulary.registry.signatures {
            if let word = signature.path.first, !topics.contains(word) { topics.append(word) }
        }
        spec.topics = topics
        spec.topicContinuations = ToolSpec.continuations(of: vocabulary.registry.signatures.map(\.path))
        spec.examples = [
            .init("\(name) test", "run every scenario under Scenarios/ as a test suite"),
            .init("\(name) run tap.scn --trace", "run one file and print each case's whole timeline"),
            .init("\(name) check Scenarios", "check every file without running it"),
            .init("\(name) test --tags 'kindly and not slow' --filter cold", "run the cases chosen by tag and name"),
            .init(
                "\(name) test Scenarios --junit junit.xml --html report.html",
                "a JUnit report for CI and a page to share"),
            .init(
                "\(name) repro bug.scn > bug.md", "a Markdown bug report: the scenario, expected and actual, the trace"),
            .init(
                "\(name) explore bug.scn", "search the step sequences after the file's prologue for a broken property"),
            .init("\(name) help push kindly", "what a scenario command takes"),
            .init("\(name)", "the REPL: type steps and see what each one does"),
            .init(
                "swift package \(name) test Scenarios",
                "the same from a Swift package that depends on scn, with nothing installed (its SwiftPM plugin)"),
        ]
        return spec
    }

    func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            return ReplCommand.subcommand.run(ParsedArguments(command: ReplCommand.subcommand.spec), self)
        }
        switch first {
        case "--version", "version":
            Terminal.write("\(name) \(ToolVersion.string)\n")
            return ExitCode.success
        case "--help", "-h":
            Terminal.write(HelpText.tool(spec))
            return ExitCode.success
        default:
            break
        }
        guard let subcommand = Self.subcommands.first(where: { $0.spec.name == first }) else {
            let candidates = Self.subcommands.map(\.spec.name) + ["--version", "--help"]
            let suggestion = Suggestion.closest(to: first, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
            let what = first.hasPrefix("-") ? "option" : "command"
            let error = UsageError("unknown \(what) '\(first)'\(suggestion)")
            Terminal.writeError("error: \(error.message)\nRun '\(name) --help' for the commands.\n")
            return ExitCode.usage
        }
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: subcommand.spec, program: name)
        } catch {
            return usageError(error, command: subcommand.spec.name)
        }
        if parsed.help {
            Terminal.write(HelpText.command(subcommand.spec, program: name))
            return ExitCode.success
        }
        var tool = self
        // One colour decision for every command: `--color` travels as SCN_COLOR, which
        // ColorChoice.decide reads wherever colour is decided.
        if let color = parsed.value("--color") {
            guard ColorChoice(rawValue: color) != nil else {
                return usageError(
                    "option '--color' takes auto, always or never (got '\(TerminalText.escape(color))')",
                    command: subcommand.spec.name)
            }
            tool.environment[ColorChoice.variable] = color
        }
        return subcommand.run(parsed, tool)
    }

    /// The process's environment variables.
    static func processEnvironment() -> [String: String] { Platform.environment() }

    /// Prints a usage error the way every subcommand does, and returns exit code 2.
    func usageError(_ message: String, command: String) -> Int32 { usageError(UsageError(message), command: command) }

    /// ``usageError(_:command:)`` of an error whose message is escaped already.
    func usageError(_ error: UsageError, command: String) -> Int32 {
        Terminal.writeError("error: \(error.message)\nRun '\(name) \(command) --help' for usage.\n")
        return ExitCode.usage
    }
}
