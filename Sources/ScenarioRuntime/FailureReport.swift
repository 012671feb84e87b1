import NotificationCore
import ScenarioLanguage

/// How a failed case reads (docs/COMMANDS.md): the step with a caret under it, what was expected,
/// what is, and the trace events that led there.
public enum FailureReport {
    /// How many trace events a failure quotes.
    public static let traceExcerptLength = 12

    /// How long a trace line may be, in characters, before a report cuts it: a push's line
    /// carries its whole payload, several hundred bytes. `--trace` and `--json` keep it whole
    /// up to ``maxEventText``.
    public static let longTraceLine = 160

    /// The most bytes of one trace event's text `scn run --json` and `--trace` write: a
    /// push's payload of up to 64 KiB, 10,000 times in a case, made a 182 MB answer. APNs
    /// takes at most 4 KiB (5 KiB for VoIP), so a payload it could accept is always whole.
    public static let maxEventText = 8_192

    /// A trace line as reports quote it (the failure's excerpt, `scn repro`, the HTML page):
    /// past ``longTraceLine`` characters, its start and how long it was. Only the characters
    /// kept are counted, so a 60 KB line costs what a short one does.
    public static func shortened(_ line: String) -> String {
        guard let cut = line.index(line.startIndex, offsetBy: longTraceLine, limitedBy: line.endIndex),
            cut != line.endIndex
        else { return line }
        let whole = line.utf8.count <= maxEventText ? "; whole in scn run --json" : ""
        return String(line.prefix(longTraceLine - 40)) + "… (\(line.utf8.count) bytes\(whole))"
    }

    /// ``shortened(_:)`` of the line escaped for a terminal, escaping only what is kept of a
    /// long line (escaping only lengthens text, so the characters kept come from as many of
    /// the line at most); its length is the escaped line's when that is within
    /// ``maxEventText`` bytes, else the line's own.
    public static func shortenedEscaped(_ line: String) -> String {
        guard line.utf8.count > maxEventText else { return shortened(TerminalText.escape(line)) }
        let cut = line.index(line.startIndex, offsetBy: longTraceLine, limitedBy: line.endIndex) ?? line.endIndex
        return String(TerminalText.escape(String(line[..<cut])).prefix(longTraceLine - 40))
            + "… (\(line.utf8.count) bytes)"
    }

    /// The kinds of trace event where something did not happen that could have: a banner
    /// suppressed, a tap lost or dropped, a push dropped or not sent, an extension that
    /// expired or was killed, a call that threw, a broken invariant.
    public static let setbackKinds: Set<TraceKind> = [
        .bannerSuppressed, .tapLost, .tapDropped, .dropped, .pushNotSent, .extensionExpired, .extensionKilled,
        .error, .invariant,
    ]

    /// The trace event that best explains how a case ended, after the install (the events
    /// before the first step): the newest event whose line (`kind: text`) contains one of
    /// `hints` (the texts a file's `expect trace` lines look for); else the newest setback
    /// (``setbackKinds``, or a decryption that failed); else the newest decision of the
    /// host or the SDK; else the newest event that is not a step. Nil when nothing happened
    /// after the install.
    public static func explanation(in trace: [TraceEvent], hints: [String] = []) -> TraceEvent? {
        let story = trace.drop { $0.kind != .step }
        return story.last { event in
            let line = event.kind.rawValue + ": " + event.text
            return hints.contains { !$0.isEmpty && line.contains($0) }
        }
            ?? story.last { setbackKinds.contains($0.kind) || ($0.kind == .decryption && $0.text.contains("cannot")) }
            ?? story.last { $0.kind == .host || $0.kind == .sdk }
            ?? story.last { $0.kind != .step }
    }

    /// The first line of the failing statement as written (at most 100 characters), or ""
    /// when the failure has no place.
    public static func statement(_ failure: StepError, sources: [String: SourceFile], fallback: SourceFile) -> String {
        guard let range = failure.range else { return "" }
        let source = failure.path.flatMap { sources[$0] } ?? fallback
        let written = source.text(range).split(separator: "\n").first.map(String.init) ?? ""
        return written.count > 100 ? String(written.prefix(99)) + "…" : written
    }

    /// The failure of `result`, rendered; nil when the case did not fail.
    public static func render(_ result: CaseResult, in script: CheckedScript, color: Bool = false) -> String? {
        guard let failure = result.failure else { return nil }
        return render(
            failure, sources: script.sources, fallback: script.source, trace: result.trace, events: result.traceCount,
            color: color)
    }

    /// A step error, rendered against the files it may point into. `trace` ends with the
    /// newest events of the case's `events` (all of them when nil).
    public static func render(
        _ failure: StepError, sources: [String: SourceFile], fallback: SourceFile, trace: [TraceEvent],
        events: Int? = nil, color: Bool = false
    ) -> String {
        let diagnostic = self.diagnostic(failure, sources: sources, fallback: fallback)
        let renderer = DiagnosticRenderer(color: color)
        var snippet = diagnostic
        snippet.notes = []
        var out = renderer.render(snippet)
        let pad = String(repeating: " ", count: String(diagnostic.location.line).count)
        if let expected = failure.expected {
            out += "\(pad)  = expected: \(TerminalText.escape(expected))\n"
        }
        if let actual = failure.actual {
            out += "\(pad)  = actual:   \(TerminalText.escape(actual))\n"
        }
        // Where the step was reached from, after what failed.
        out += renderer.notes(diagnostic)
        if !trace.isEmpty {
            let excerpt = trace.suffix(traceExcerptLength)
            let total = max(events ?? trace.count, trace.count)
            out += total > excerpt.count ? "trace (last \(excerpt.count) of \(total) events):\n" : "trace:\n"
            for event in excerpt { out += "  \(shortenedEscaped(event.line))\n" }
        }
        return out
    }

    /// The failure as a diagnostic value (for JSON, the REPL and locations).
    public static func diagnostic(_ failure: StepError, sources: [String: SourceFile], fallback: SourceFile)
        -> Diagnostic
    {
        let source = failure.path.flatMap { sources[$0] } ?? fallback
        let range = failure.range ?? SourceRange(0, 0)
        let message: String
        switch failure.kind {
        case .expectation:
            // The expectation as written says more than its name: `expect banner "Bob"`.
            let shown = statement(failure, sources: sources, fallback: fallback)
            message = shown.hasPrefix("expect") ? "expectation failed: " + shown : failure.message
        case .precondition: message = "step failed: " + failure.message
        case .limit: message = "limit reached: " + failure.message
        case .internal: message = "internal error: " + failure.message
        }
        return source.diagnostic(message, at: range, notes: notes(failure, sources: sources, fallback: fallback))
    }

    /// The calls and loops a failing step ran inside, innermost first, one line each:
    /// `called from a.scn:12:3`, `in for name = "Anna" (item 2 of 3) at a.scn:10:1`,
    /// `in repeat (iteration 4 of 5) at a.scn:9:1`, then `… 3 more` past the bound.
    public static func notes(_ failure: StepError, sources: [String: SourceFile], fallback: SourceFile) -> [String] {
        var notes: [String] = []
        for frame in failure.frames {
            let source = sources[frame.path] ?? fallback
            let at = source.path + ":" + source.location(of: frame.range.start).description
            switch frame.kind {
            case .call:
                notes.append("called from \(at)")
            case .item(let variable, let value, let number, let count):
                notes.append("in for \(variable) = \(value) (item \(number) of \(count)) at \(at)")
            case .iteration(let number, let count):
                notes.append("in repeat (iteration \(number) of \(count)) at \(at)")
            }
        }
        if failure.moreFrames > 0 { notes.append("… \(failure.moreFrames) more") }
        return notes
    }
}
