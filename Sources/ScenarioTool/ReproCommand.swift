import CommandLineKit
import ScenarioLanguage
import ScenarioRuntime

/// `scn repro FILE [--case NAME]`: a Markdown block to paste into a bug report — the tool's
/// version, the scenario, the result and the trace.
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
        Terminal.write(markdown(path: input.path, text: String(decoding: bytes, as: UTF8.self), run: run))
        return run.exitCode
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

    static func markdown(path: String, text: String, run: FileRun) -> String {
        let outcome: String
        switch run.exitCode {
        case ExitCode.success: outcome = "passed"
        case ExitCode.failure: outcome = "failed"
        case ExitCode.internal: outcome = "internal error"
        default: outcome = "check failed"
        }
        var out = "#### Reproduction: `\(TerminalText.escape(path))`\n\n"
        out += "scn \(ToolVersion.string) · result: \(outcome) (exit \(run.exitCode))\n\n"
        let shown = TerminalText.escape(text, keepingLineBreaks: true)
        let body = shown.hasSuffix("\n") ? shown : shown + "\n"
        let f = fence(body)
        out += "\(f)scn\n\(body)\(f)\n\n"
        let result = RunCommand.render(run, trace: false, color: false)
        let rf = fence(result)
        out += "Result:\n\n\(rf)\n\(result)\(rf)\n"
        for caseResult in run.results where !caseResult.trace.isEmpty {
            let trace = caseResult.trace.map { TerminalText.escape($0.line) }.joined(separator: "\n") + "\n"
            let tf = fence(trace)
            out += "\nTrace of '\(TerminalText.escape(caseResult.name))':\n\n\(tf)\n\(trace)\(tf)\n"
        }
        return out
    }
}
