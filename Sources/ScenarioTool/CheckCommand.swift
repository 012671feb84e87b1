import CommandLineKit
import NotificationCore
import ScenarioLanguage
import ScenarioRuntime
import ScenarioTesting

/// `scn check PATH…`: syntax and checker only; nothing runs. A folder stands for every
/// `*.scn` below it; `-` for standard input.
enum CheckCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            "check", abstract: "check scenarios without running them",
            arguments: [ArgumentSpec("PATH", .scenario, .oneOrMore, "a .scn file, a folder, or - for standard input")],
            options: [
                .flag("--json", "JSON lines: a diagnostic line per problem, a file line per file checked"),
                SharedOptions.root, SharedOptions.color,
            ]),
        run: main)

    static func main(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        let json = parsed.flag("--json")
        let color = Terminal.useColor(terminal: Terminal.stderrIsTerminal, environment: tool.environment)
        let (files, found) = Files.scenarios(parsed.positionals, root: parsed.value("--root"))
        var failed = found ? 0 : 1
        for file in files {
            let loaded = tool.load(file)
            if let error = loaded.error {
                if json {
                    Terminal.write(
                        line([("type", "error"), ("file", .string(file.path)), ("message", .string(error))]))
                } else {
                    Terminal.writeError("error: \(TerminalText.escape(error))\n")
                }
                failed += 1
                continue
            }
            let diagnostics = loaded.result?.diagnostics ?? []
            // Warnings (a direction control in a string) are shown and change nothing else.
            let warnings = loaded.result?.warnings ?? []
            let cases = loaded.result?.script?.cases.count ?? 0
            if json {
                Terminal.write((diagnostics + warnings).map(diagnosticLine).joined())
                Terminal.write(
                    line([
                        ("type", "file"), ("file", .string(file.path)),
                        ("status", diagnostics.isEmpty ? "ok" : "error"), ("cases", .integer(Int64(cases))),
                    ]))
            } else if !diagnostics.isEmpty {
                Terminal.writeError(Language.render(diagnostics + warnings, color: color) + "\n")
            } else {
                if !warnings.isEmpty { Terminal.writeError(Language.render(warnings, color: color) + "\n") }
                Terminal.write("ok \(TerminalText.escape(file.path)) (\(cases) case\(cases == 1 ? "" : "s"))\n")
            }
            if !diagnostics.isEmpty || loaded.result?.script == nil { failed += 1 }
            Finished.keep(loaded.result)
        }
        return failed == 0 ? ExitCode.success : ExitCode.usage
    }

    static func line(_ fields: [(String, JSONValue)]) -> String {
        JSONValue.object(fields.map { JSONMember($0.0, $0.1) }).serializedForReading + "\n"
    }

    /// One diagnostic: where (1-based line and column, `end_column` just after the span on
    /// the same line), how bad, what, and the renderer's label and notes.
    static func diagnosticLine(_ d: Diagnostic) -> String {
        var fields: [(String, JSONValue)] = [
            ("type", "diagnostic"), ("file", .string(d.path)), ("line", .integer(Int64(d.location.line))),
            ("column", .integer(Int64(d.location.column))),
            ("end_column", .integer(Int64(d.location.column + max(d.width, 1)))),
            ("severity", .string(d.severity.rawValue)), ("message", .string(d.message)),
        ]
        if let label = d.label { fields.append(("label", .string(label))) }
        if !d.notes.isEmpty { fields.append(("notes", .array(d.notes.map { .string($0) }))) }
        return line(fields)
    }
}
