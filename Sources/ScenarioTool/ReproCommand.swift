import CommandLineKit
import ScenarioLanguage
import ScenarioRuntime

/// `scn repro FILE [--case NAME] [--against NAME]`: a Markdown bug report (``ReproReport``).
/// Exits 0 once the report is written, whatever the scenario's result.
enum ReproCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            "repro", abstract: "a Markdown bug report: the scenario, its result and its trace",
            arguments: [ArgumentSpec("FILE", .scenario, .one, "the scenario file")],
            options: [
                .value("--case", "NAME", .text, "only this case"),
                .value(
                    "--against", "NAME", .text,
                    "the case to compare the known bug with (default: a passing case named fixed…, else the one with the fewest differing settings)"
                ),
                SharedOptions.root,
            ]),
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
        let against = parsed.value("--against")
        // Every case runs: the comparison may be with any of them.
        var run = FileRun.run(input, tool: tool, limits: Limits())
        let all = run.results
        let names = run.script?.cases.map { "'\(TerminalText.escape($0.name))'" }.joined(separator: ", ") ?? ""
        if let caseName, run.script != nil {
            run.results = all.filter { $0.name == caseName }
            if run.results.isEmpty {
                Terminal.writeError(
                    "error: no case '\(TerminalText.escape(caseName))' in \(TerminalText.escape(path)); its cases: \(names)\n"
                )
                return ExitCode.usage
            }
        }
        var report = ReproReport(path: input.path, text: String(decoding: bytes, as: UTF8.self), run: run)
        report.all = all
        if let against, run.script != nil {
            guard all.contains(where: { $0.name == against }) else {
                Terminal.writeError(
                    "error: --against: no case '\(TerminalText.escape(against))' in \(TerminalText.escape(path)); its cases: \(names)\n"
                )
                return ExitCode.usage
            }
            if against == report.subject?.name {
                Terminal.writeError(
                    "error: --against names the case the report is about, '\(TerminalText.escape(against))': compare it with another case\n"
                )
                return ExitCode.usage
            }
            report.against = against
        }
        Terminal.write(report.render())
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
