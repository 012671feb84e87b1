import CommandLineKit
import NotificationCore
import ScenarioLanguage
import ScenarioRuntime
import ScenarioTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A file checked and run, case by case.
struct FileRun {
    var path: String
    var script: CheckedScript?
    var diagnostics: [Diagnostic]
    var error: String?
    var results: [CaseResult]

    /// The worst exit code of this file.
    var exitCode: Int32 {
        if error != nil || !diagnostics.isEmpty { return ExitCode.usage }
        if results.contains(where: { $0.status == .error }) { return ExitCode.internal }
        if results.contains(where: { !$0.status.countsAsPassing }) { return ExitCode.failure }
        return ExitCode.success
    }

    /// Checks and runs `input` with the tool's vocabulary. With `caseName`, only that case
    /// runs.
    static func run(
        _ input: ScenarioInput, tool: Tool, limits: Limits, caseName: String? = nil, selection: Selection? = nil,
        keepsWholeRecords: Bool = true
    ) -> FileRun {
        let path = input.path
        if !input.isStandardInput && Files.isFolder(path) {
            return FileRun(
                path: path, script: nil, diagnostics: [],
                error: "'\(path)' is a folder, not a scenario file", results: [])
        }
        let loaded = tool.load(input)
        if let error = loaded.error {
            return FileRun(path: path, script: nil, diagnostics: [], error: error, results: [])
        }
        guard let result = loaded.result, let script = result.script, result.diagnostics.isEmpty else {
            return FileRun(
                path: path, script: nil, diagnostics: loaded.result?.diagnostics ?? [], error: nil, results: [])
        }
        let interpreter = Interpreter(vocabulary: tool.vocabulary, limits: limits, keepsWholeRecords: keepsWholeRecords)
        let keeping = interpreter.recordKeeping(for: script)
        let results = script.cases.filter {
            (caseName == nil || $0.name == caseName)
                && (selection?.selects(file: path, case: $0.name, tags: $0.tags) ?? true)
        }.map {
            interpreter.run(script, case: $0, loader: loaded.loader, keeping: keeping)
        }
        return FileRun(path: path, script: script, diagnostics: [], error: nil, results: results)
    }

    /// `path` as a command line names it: a file (its root `root`, or its own folder), or
    /// `-` for standard input.
    static func input(_ path: String, root: String?) -> ScenarioInput {
        if path == "-" {
            return ScenarioInput(
                path: ScenarioInput.standardInputName, root: root ?? FileManager.default.currentDirectoryPath,
                isStandardInput: true)
        }
        return ScenarioInput(path: path, root: root ?? Files.folder(of: path), isStandardInput: false)
    }
}

/// `scn run PATH…`: runs scenarios and prints each case's result. A folder stands for
/// every `*.scn` below it (the folder is their scenario root, as in `scn test`).
enum RunCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            "run", abstract: "run scenarios and print each case's result",
            arguments: [ArgumentSpec("PATH", .scenario, .oneOrMore, "a .scn file, a folder, or - for standard input")],
            options: [
                .flag("--trace", "print each case's trace under its result"),
                .flag("--json", "JSON lines: an event line per trace event, a case line per case"),
                .value("--case", "NAME", .text, "run only the case named NAME"),
                .value(
                    "--filter", "REGEX", .text, "run only the cases whose \"file › case\" contains a match of REGEX"),
                SharedOptions.maxSteps, SharedOptions.root, SharedOptions.color,
            ]),
        run: main)

    static func main(_ parsed: ParsedArguments, _ tool: Tool) -> Int32 {
        var limits = Limits()
        do {
            if let n = try parsed.positiveInteger("--max-steps") { limits.maxSteps = n }
        } catch {
            return tool.usageError(error, command: "run")
        }
        let trace = parsed.flag("--trace")
        let json = parsed.flag("--json")
        let caseName = parsed.value("--case")
        var selection: Selection?
        if let filter = parsed.value("--filter") {
            do {
                selection = try Selection(filter: filter, tags: nil)
            } catch {
                return tool.usageError(error.message, command: "run")
            }
        }
        let color = Terminal.useColor(terminal: Terminal.stdoutIsTerminal, environment: tool.environment)
        let errorColor = Terminal.useColor(terminal: Terminal.stderrIsTerminal, environment: tool.environment)
        let (files, found) = Files.scenarios(parsed.positionals, root: parsed.value("--root"))
        var exit = found ? ExitCode.success : ExitCode.usage
        for file in files {
            let run = FileRun.run(
                file, tool: tool, limits: limits, caseName: caseName, selection: selection,
                keepsWholeRecords: trace || json)
            exit = max(exit, run.exitCode)
            if let caseName, run.script != nil, run.results.isEmpty {
                let names = run.script?.cases.map { "\"\($0.name)\"" }.joined(separator: ", ") ?? ""
                Terminal.writeError(
                    "error: no case \(TerminalText.escape("\"\(caseName)\"")) in \(TerminalText.escape(run.path)); its cases: \(TerminalText.escape(names))\n"
                )
                exit = max(exit, ExitCode.usage)
                continue
            }
            if json {
                JSONLines.write(run)
            } else if run.script == nil {
                // It did not check: the diagnostics are errors, on standard error as `scn check` puts them.
                Terminal.writeError(render(run, trace: trace, color: errorColor))
            } else {
                Terminal.write(render(run, trace: trace, color: color))
            }
        }
        return exit
    }

    static func render(_ run: FileRun, trace: Bool, color: Bool) -> String {
        if let error = run.error { return "error: \(TerminalText.escape(error))\n" }
        if !run.diagnostics.isEmpty { return Language.render(run.diagnostics, color: color) + "\n" }
        guard let script = run.script else { return "" }
        var out = ""
        for result in run.results {
            let word = result.status.word
            let style: String = {
                switch result.status {
                case .passed: return "\u{1B}[32m"
                case .failed, .noLongerReproduces: return "\u{1B}[31m"
                case .skipped, .reproduced: return "\u{1B}[33m"
                case .error: return "\u{1B}[35m"
                }
            }()
            let label = color ? style + word + "\u{1B}[0m" : word
            var line = "\(label) \(TerminalText.escape(run.path)) › \(TerminalText.escape(result.name))"
            if case .skipped(let reason) = result.status { line += " (\(TerminalText.escape(reason)))" }
            if case .reproduced(let reference) = result.status {
                line += " — known bug: \(TerminalText.escape(reference))"
            }
            if case .noLongerReproduces(let reference) = result.status {
                line += " — known bug no longer reproduces: \(TerminalText.escape(reference))"
            }
            if let evidence = result.knownBug {
                if case .reproduced = result.status {
                    line += "\n  by: " + TerminalText.escape(evidence.byLine)
                } else {
                    line +=
                        " — " + KnownBugText.notAsStated + "\n  stated:   " + TerminalText.escape(evidence.stated)
                        + "\n  happened: " + TerminalText.escape(evidence.happened)
                }
            }
            out += line + "\n"
            if trace {
                for event in result.trace { out += "  \(TerminalText.escape(JSONLines.bounded(event.line)))\n" }
            }
            if let message = FailureReport.render(result, in: script, color: color) {
                // Indented under the case's line; empty lines stay empty (no trailing spaces).
                for line in message.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
                    message.hasSuffix("\n") ? 1 : 0)
                {
                    out += line.isEmpty ? "\n" : "  \(line)\n"
                }
            }
        }
        return out
    }
}

/// `scn run --json`: one JSON object per line — a `case` line for each case, preceded by
/// an `event` line for each event of its trace. Schema in docs/TOOL.md.
enum JSONLines {
    /// The most bytes of one trace event's text written out (``FailureReport/maxEventText``).
    static let maxEventText = FailureReport.maxEventText

    /// `text`, or its first ``maxEventText`` bytes (whole characters) and how long it was.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maxEventText else { return text }
        let bytes = Array(text.utf8.prefix(maxEventText + 1))
        var end = maxEventText
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character's bytes
        return String(decoding: bytes[..<end], as: UTF8.self) + "… (\(text.utf8.count) bytes)"
    }

    /// Writes the lines of `run` as they are made, so that the answer is never held whole.
    static func write(_ run: FileRun) {
        render(run) { Terminal.write($0) }
    }

    /// The lines of `run`, handed to `emit` in pieces of about 64 KiB.
    static func render(_ run: FileRun, emit: (String) -> Void) {
        var out = ""
        func object(_ fields: [(String, JSONValue)]) -> String {
            JSONValue.object(fields.map { JSONMember($0.0, $0.1) }).serializedForReading + "\n"
        }
        defer { if !out.isEmpty { emit(out) } }
        if let error = run.error {
            out = object([("type", "error"), ("file", .string(run.path)), ("message", .string(error))])
            return
        }
        if !run.diagnostics.isEmpty {
            out = run.diagnostics.map { d in
                object([
                    ("type", "diagnostic"), ("file", .string(d.path)), ("line", .integer(Int64(d.location.line))),
                    ("column", .integer(Int64(d.location.column))), ("message", .string(d.message)),
                ])
            }.joined()
            return
        }
        guard let script = run.script else { return }
        for result in run.results {
            for event in result.trace {
                out += object([
                    ("type", "event"), ("file", .string(run.path)), ("case", .string(result.name)),
                    ("time_ms", .integer(event.time)), ("kind", .string(event.kind.rawValue)),
                    ("text", .string(bounded(event.text))),
                ])
                if out.utf8.count >= 1 << 16 {
                    emit(out)
                    out = ""
                }
            }
            var fields: [(String, JSONValue)] = [
                ("type", "case"), ("file", .string(run.path)), ("case", .string(result.name)),
            ]
            fields.append(("status", .string(result.status.name)))
            if case .skipped(let reason) = result.status { fields.append(("reason", .string(reason))) }
            if let reference = result.status.knownBug { fields.append(("known_bug", .string(reference))) }
            if let evidence = result.knownBug {
                if case .reproduced = result.status {
                    var by: [(String, JSONValue)] = [
                        ("kind", .string(evidence.by.rawValue)), ("message", .string(evidence.failure)),
                    ]
                    if let because = evidence.because {
                        by.append(
                            (
                                "because",
                                JSONValue.object([
                                    JSONMember("text", .string(because.text)),
                                    JSONMember("time_ms", .integer(because.time)),
                                    JSONMember("event", .string(because.event)),
                                ])
                            ))
                    }
                    fields.append(("reproduced_by", JSONValue.object(by.map { JSONMember($0.0, $0.1) })))
                } else {
                    fields.append(("known_bug", .string(script.cases.first { $0.name == result.name }?.knownBug ?? "")))
                    fields.append(("stated", .string(evidence.stated)))
                    fields.append(("happened", .string(evidence.happened)))
                }
            }
            fields.append(("steps", .integer(Int64(result.steps))))
            if let failure = result.failure {
                let d = FailureReport.diagnostic(failure, sources: script.sources, fallback: script.source)
                fields.append(("message", .string(d.message)))
                fields.append(("line", .integer(Int64(d.location.line))))
                fields.append(("column", .integer(Int64(d.location.column))))
                if let e = failure.expected { fields.append(("expected", .string(e))) }
                if let a = failure.actual { fields.append(("actual", .string(a))) }
                if !d.notes.isEmpty { fields.append(("notes", .array(d.notes.map { .string($0) }))) }
            }
            out += object(fields)
        }
    }
}
