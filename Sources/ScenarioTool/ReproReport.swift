import NotificationCore
import ScenarioLanguage
import ScenarioRuntime
import ScenarioTesting

/// The Markdown of `scn repro`: the verdict in its first lines (the result, then the case
/// that matters, what it expected, what happened, and the trace line that explains it), the
/// scenario with its includes inlined, the settings that differ from the default install, a Mermaid sequence diagram
/// of the case that matters, where a known-bug case and a passing case part ways, and the
/// trace folded in `<details>`. Deterministic: no time, no path outside the input.
struct ReproReport {
    var path: String
    var text: String
    var run: FileRun
    /// Every case of the file, run (``run`` holds the ones the report is about: `--case`).
    var all: [CaseResult] = []
    /// `--against NAME`: the case the known bug is compared with.
    var against: String?

    /// The case a report is about: the first failing one, else the first reproduced known
    /// bug, else the first that no longer reproduces, else the first.
    var subject: CaseResult? {
        run.results.first { $0.status == .failed || $0.status == .error }
            ?? run.results.first { if case .reproduced = $0.status { return true } else { return false } }
            ?? run.results.first { if case .noLongerReproduces = $0.status { return true } else { return false } }
            ?? run.results.first
    }

    /// `**Result:** known bugs: 1 reproduced · 1 passed, 0 failed, 1 known (exit 0) · \`file\` ·
    /// scn 1.0`: the console's closing lines, in one.
    var resultLine: String {
        var result: String
        if run.error != nil || !run.diagnostics.isEmpty {
            result = "check failed"
        } else if run.results.isEmpty {
            result = "no case ran"
        } else {
            var passed = 0
            var failed = 0
            var skipped = 0
            var known = 0
            var noLonger = 0
            var marked = 0
            for r in run.results {
                switch r.status {
                case .passed: passed += 1
                case .failed, .error: failed += 1
                case .skipped: skipped += 1
                case .reproduced: known += 1
                case .noLongerReproduces:
                    failed += 1
                    noLonger += 1
                }
                if r.status.knownBug != nil || r.knownBug != nil { marked += 1 }
            }
            result =
                "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
                + (known > 0 ? ", \(known) known" : "")
            if marked > 0 {
                result =
                    "known bugs: \(known) reproduced"
                    + (noLonger > 0 ? ", \(noLonger) no longer \(noLonger == 1 ? "reproduces" : "reproduce")" : "")
                    + " · " + result
            }
        }
        return "**Result:** \(result) (exit \(run.exitCode)) · `\(Self.inline(path))` · scn \(ToolVersion.string)"
    }

    /// The lines under the result, a Markdown list so that each stays a line: the case
    /// that matters and its outcome, what it expected, what happened, and the trace line that
    /// explains it; for a file that does not check, its first diagnostic. Empty when every
    /// case passed.
    var verdictLines: [String] {
        guard let script = run.script else {
            if let error = run.error { return ["- **Check:** " + Self.inline(error)] }
            guard let first = run.diagnostics.first else { return [] }
            let d = Self.inline("\(first.path):\(first.location.line):\(first.location.column): \(first.message)")
            return ["- **Check failed:** `\(d)`"]
        }
        guard let subject, subject.status != .passed else { return [] }
        if case .skipped = subject.status { return [] }
        var outcome = subject.status.word
        if let reference = subject.status.knownBug { outcome += ", known bug " + Self.inline(reference) }
        if subject.notAsStated { outcome += ", " + KnownBugText.notAsStated }
        var lines = ["- **Case:** \(Self.quoted(subject.name)) — \(outcome)"]
        if let failure = subject.failure {
            let written = FailureReport.statement(failure, sources: script.sources, fallback: script.source)
            let expected =
                failure.expected.map(Self.inline)
                ?? (written.isEmpty ? "the step succeeds" : "`\(Self.inline(written))` succeeds")
            lines.append("- **Expected:** " + expected)
            lines.append("- **Actual:** " + Self.inline(failure.actual ?? failure.message))
        } else if case .noLongerReproduces = subject.status {
            lines.append("- **Expected:** the known bug reproduces: a step of the case fails")
            lines.append("- **Actual:** every step passed")
        }
        if let evidence = subject.knownBug, subject.notAsStated {
            lines.append("- **Stated:** " + Self.inline(evidence.stated))
            lines.append("- **Happened:** " + Self.inline(evidence.happened))
        }
        if let because = subject.knownBug?.because, case .reproduced = subject.status {
            // The cause the case states, where the trace shows it.
            let line = FailureReport.shortened(Self.inline("[\(TimeFormat.column(because.time))] " + because.event))
            lines.append("- **In the trace:** `\(line)` (because \(Self.quoted(because.text)))")
        } else if subject.failure != nil,
            let event = FailureReport.explanation(in: subject.trace, hints: traceHints)
        {
            let line = FailureReport.shortened(Self.inline(event.line))
            lines.append("- **In the trace:** `\(line)`")
        }
        return lines
    }

    /// The texts the file's `expect trace "…"` lines look for: what its author says explains
    /// the story.
    var traceHints: [String] {
        guard let script = run.script else { return [] }
        var hints: [String] = []
        // An alphabet's steps never run in a case: they explain nothing in its trace.
        for visit in Walk(script, skipping: [.alphabet]) {
            if case .command(let command) = visit.node.kind, command.signature.path == ["expect", "trace"],
                case .string(let text)? = command.arguments.positionals.first??.literalValue
            {
                hints.append(text)
            }
        }
        return hints
    }

    func render() -> String {
        var out = resultLine + "\n"
        for line in verdictLines { out += line + "\n" }
        out += "\n"
        out += "### Scenario\n\n"
        let scenario = Self.terminalSafe(inlined())
        let f = Self.fence(scenario)
        out += "\(f)scn\n\(scenario)\(f)\n\n"
        guard let script = run.script else {
            let diagnostics = Self.terminalSafe(RunCommand.render(run, trace: false, color: false))
            let df = Self.fence(diagnostics)
            return out + "### Check\n\n\(df)\n\(diagnostics)\(df)\n"
        }
        out += "### Results\n\n"
        for result in run.results {
            out += "- " + result.status.word + " " + Self.inline(result.name)
            if let reference = result.status.knownBug { out += " — known bug: " + Self.inline(reference) }
            out += "\n"
        }
        out += "\n"
        out += settings()
        if let subject {
            out += "### Sequence of \(Self.quoted(subject.name))\n\n"
            out += "```mermaid\n" + SequenceDiagram(trace: subject.trace).mermaid() + "```\n\n"
            // The whole trace is in the details below: the failure is shown without its excerpt.
            if let failure = subject.failure {
                let message = FailureReport.render(
                    failure, sources: script.sources, fallback: script.source, trace: [])
                let m = Self.terminalSafe(message)
                let mf = Self.fence(m)
                out += "\(mf)\n\(m)\(mf)\n\n"
            }
        }
        out += firstDifference()
        for result in run.results where !result.trace.isEmpty {
            let lines =
                result.trace.map { FailureReport.shortenedEscaped($0.line) }.joined(separator: "\n")
                + "\n"
            let tf = Self.fence(lines)
            out +=
                "<details><summary>Trace of \(HTML.escape(Self.quoted(result.name))) (\(result.trace.count) events)</summary>\n\n"
            out += "\(tf)\n\(lines)\(tf)\n\n</details>\n\n"
        }
        return out
    }

    /// Every setting that differs from the default install, per group of cases (named in a
    /// list) when cases differ.
    func settings() -> String {
        var out = "### Settings that differ from the default install\n\n"
        var groups: [(names: [String], lines: [String])] = []
        for result in run.results {
            guard let world = result.context.world else { continue }
            let lines = world.configuration.scenarioLines
            if let k = groups.firstIndex(where: { $0.lines == lines }) {
                groups[k].names.append(result.name)
            } else {
                groups.append(([result.name], lines))
            }
        }
        if groups.isEmpty { return out + "(the app was never installed)\n\n" }
        for group in groups {
            if groups.count > 1 {
                out +=
                    (group.names.count == 1 ? "The case" : "The cases") + "\n\n"
                    + group.names.map { "- " + Self.quoted($0) + "\n" }.joined() + "\n"
            }
            let body = Self.terminalSafe(group.lines.joined(separator: "\n") + "\n")
            out += Self.fence(body) + "scn\n" + body + Self.fence(body) + "\n\n"
        }
        return out
    }

    /// The known-bug case the comparison is about: the report's subject when it is one,
    /// else the first reproduced known bug.
    var knownBugCase: CaseResult? {
        if let subject, subject.status.knownBug != nil || subject.knownBug != nil { return subject }
        return run.results.first { if case .reproduced = $0.status { return true } else { return false } }
    }

    /// The case the known bug is compared with, and why (§8 of the spec): `--against`; else
    /// the first passing case whose name starts with `fixed`; else the passing case whose
    /// settings differ from the known bug's in the fewest lines (the first on a tie).
    func comparison(for bug: CaseResult) -> (result: CaseResult, why: String)? {
        let others = (all.isEmpty ? run.results : all).filter { $0.name != bug.name }
        if let against, let chosen = others.first(where: { $0.name == against }) { return (chosen, "--against") }
        if let fixed = others.first(where: { $0.status == .passed && $0.name.lowercased().hasPrefix("fixed") }) {
            return (fixed, "its name starts with \"fixed\"")
        }
        let mine = Set(bug.context.world?.configuration.scenarioLines ?? [])
        var best: (result: CaseResult, differing: Int)?
        for other in others where other.status == .passed {
            let theirs = Set(other.context.world?.configuration.scenarioLines ?? [])
            let differing = mine.symmetricDifference(theirs).count
            if let current = best, current.differing <= differing { continue }
            best = (other, differing)
        }
        return best.map { ($0.result, "fewest differing settings: \($0.differing)") }
    }

    /// For a file with a known-bug case and a case to compare it with (``comparison(for:)``):
    /// the first event where their traces differ, as a diff (`-` the other case, `+` the
    /// known bug). The header names the case compared with and why.
    func firstDifference() -> String {
        guard let bug = knownBugCase, let (good, why) = comparison(for: bug) else { return "" }
        // The install lines differ by the settings above; the story is in what happens next.
        let goodTrace = good.trace.filter { $0.kind != .install }
        let bugTrace = bug.trace.filter { $0.kind != .install }
        let a = goodTrace.map { $0.kind.rawValue + ": " + $0.text }
        let b = bugTrace.map { $0.kind.rawValue + ": " + $0.text }
        var i = 0
        while i < a.count && i < b.count && a[i] == b[i] { i += 1 }
        var out = "### Where the known bug parts from the passing case\n\n"
        out += "compared with \(Self.quoted(good.name)) (\(why))"
        if good.status != .passed { out += "; that case's outcome: \(good.status.word)" }
        out += "\n\n"
        out += "The traces of \(Self.quoted(good.name)) and \(Self.quoted(bug.name)) (known bug) "
        guard i < a.count || i < b.count else { return out + "are the same.\n\n" }
        out += "first differ after the install line, at event \(i + 1):\n\n"
        var diff = ""
        if i > 0 { diff += "  " + FailureReport.shortenedEscaped(goodTrace[i - 1].line) + "\n" }
        if i < a.count { diff += "- " + FailureReport.shortenedEscaped(goodTrace[i].line) + "\n" }
        if i < b.count { diff += "+ " + FailureReport.shortenedEscaped(bugTrace[i].line) + "\n" }
        let f = Self.fence(diff)
        return out + "\(f)diff\n\(diff)\(f)\n\n"
    }

    /// The scenario with each `include` replaced by the included file's text (recursively),
    /// so the report stands alone.
    func inlined() -> String {
        guard let script = run.script else { return text.hasSuffix("\n") ? text : text + "\n" }
        var sites: [String: [(range: SourceRange, source: SourceFile, written: String)]] = [:]
        // Every body: the report stands alone only if each include is inlined, wherever it is.
        for visit in Walk(script, skipping: []) {
            if case .include(let written, let source, _) = visit.node.kind {
                sites[visit.node.path, default: []].append((visit.node.range, source, written))
            }
        }
        func expand(_ source: SourceFile, depth: Int) -> String {
            let bytes = Array(source.text(SourceRange(0, source.bytes.count)).utf8)
            var out = ""
            var at = 0
            var seen = Set<Int>()
            for site in (sites[source.path] ?? []).sorted(by: { $0.range.start < $1.range.start })
            where !seen.contains(site.range.start) && depth < 16 {
                seen.insert(site.range.start)
                out += String(decoding: bytes[at..<site.range.start], as: UTF8.self)
                var included = expand(site.source, depth: depth + 1)
                if !included.hasSuffix("\n") { included += "\n" }
                out +=
                    "# include \(Self.quoted(site.written)), inlined:\n" + included
                    + "# end of \(Self.quoted(site.written))"
                at = site.range.end
            }
            out += String(decoding: bytes[min(at, bytes.count)...], as: UTF8.self)
            return out
        }
        let whole = expand(script.source, depth: 0)
        return whole.hasSuffix("\n") ? whole : whole + "\n"
    }

    /// `text` as a `.scn` string literal, then made safe for the terminal.
    static func quoted(_ text: String) -> String { TerminalText.escape(Quote.string(text)) }

    /// Text for inline code: one line, no backticks.
    static func inline(_ text: String) -> String {
        String(TerminalText.escape(text).map { $0 == "`" ? "'" : $0 })
    }

    static func terminalSafe(_ text: String) -> String { TerminalText.escape(text, keepingLineBreaks: true) }

    static func fence(_ text: String) -> String { ReproCommand.fence(text) }
}
