import CommandLineKit
import ScenarioLanguage
import ScenarioRuntime

/// `scn repro FILE [--case NAME]`: a Markdown bug report (``ReproReport``). Exits 0 once the
/// report is written, whatever the scenario's result.
enum ReproCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            "repro", abstract: "a Markdown bug report: the scenario, its result and its trace",
            arguments: [ArgumentSpec("FILE", .scenario, .one, "the scenario file")],
            options: [.value("--case", "NAME", .text, "only this case"), SharedOptions.root]),
        run: main)

    static func main(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        guard let path = parsed.positionals.first else { return tool.usageError("missing FILE", command: "repro") }
        let caseName = parsed.value("--case")
        let root = parsed.value("--root")
        if let root, !Files.isFolder(root) {
            return tool.usageError("--root '\(TerminalText.escape(root))' is not a folder", command: "repro")
        }
        if Files.isFolder(path) {
            Terminal.writeError(
                "error: '\(TerminalText.escape(path))' is a folder; scn repro takes one scenario file\n")
            return ExitCode.usage
        }
        let input = FileRun.input(path, root: root)
        let bytes: [UInt8]
        do throws(LoadError) {
            bytes = try Files.read(input)
        } catch {
            Terminal.writeError("error: \(TerminalText.escape(error.message))\n")
            return ExitCode.usage
        }
        let run = FileRun.run(input, tool: tool, limits: Limits(), caseName: caseName)
        if let caseName, run.script != nil, run.results.isEmpty {
            let names = run.script?.cases.map { "'\(TerminalText.escape($0.name))'" }.joined(separator: ", ") ?? ""
            Terminal.writeError(
                "error: no case '\(TerminalText.escape(caseName))' in \(TerminalText.escape(path)); its cases: \(names)\n"
            )
            return ExitCode.usage
        }
        Terminal.write(ReproReport(path: input.path, text: String(decoding: bytes, as: UTF8.self), run: run).render())
        // The report was written, whatever the scenario's result: `scn repro f > bug.md && …`.
        // A file that does not check is refused as every command refuses it (exit 2).
        return run.script == nil ? ExitCode.usage : ExitCode.success
    }

    static func fence(_ text: String) -> String {
        // A fence longer than any run of backticks inside.
        var longest = 0
        var current = 0
        for c in text {
            if c == "`" {
                current += 1
                longest = max(longest, current)
            } else {
                current = 0
            }
        }
        return String(repeating: "`", count: max(3, longest + 1))
    }

}
