import ScenarioRuntime

/// The HTML report (`--html FILE`): one self-contained page a maintainer reads in a browser.
///
/// First the summary — files, cases, the counts, and the console's own closing lines (the
/// failed cases, the known-bug line, `N passed, N failed[, N skipped]`) — and a list of the
/// cases it tells about; then each file, as the console's line for it, its cases in a compact
/// table, and each failing case, internal error, check failure and known-bug case (`KNOWN`,
/// `FIXED?`) told in full: where it is, its message, its sequence diagram drawn as inline SVG
/// (``SequenceDiagram/svg(title:)``, the same rows `scn repro` draws in Mermaid) and its whole
/// trace folded in `<details>`.
///
/// Written as the run goes, like the other report files (``FileReport``): each file's part
/// when the file is reported, the summary when the run is over; it keeps only the summary's
/// lines of what it told. Self-contained: inline CSS, no script, no font, image or style from
/// anywhere else (its Content-Security-Policy forbids them). Every text from a scenario is
/// escaped with ``HTML/escape(_:keepingLineBreaks:)``. No time, duration or host name
/// appears, so the page is byte-identical across runs and whatever `--jobs` is.
final class HTMLReporter: Sendable {
    private struct State {
        /// The console summary's list of failed cases.
        var failed: [String] = []
        /// The list of told cases, as `<li>` lines.
        var told: [String] = []
        /// The reproduced known bugs, as `<li>` lines with their `by:` line.
        var known: [String] = []
    }

    private let state = Locked(State())
    private let console = ConsoleReporter(style: Style(enabled: false), verbose: false)

    /// The whole page of a run held in memory (for tests and embedding).
    static func render(_ suite: TestSuiteResult) -> String {
        let reporter = HTMLReporter()
        let parts = suite.files.enumerated().map { reporter.part($1, $0) }.joined()
        return reporter.head(suite.totals) + parts + reporter.tail(suite.totals)
    }

    /// The page up to the files: the summary and the list of told cases.
    func head(_ totals: SuiteTotals) -> String {
        let t = totals.tally
        let (failed, told, knownIndex) = state.withLock { ($0.failed, $0.told, $0.known) }
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>scn test: \(e(t.summaryLine))</title>
            <style>\n\(Self.css)</style>
            </head>
            <body>
            <header>
            <h1>scn test</h1>
            <p class="verdict \(totals.exitCode == 0 ? "ok" : "bad")">\(e(t.summaryLine))</p>

            """
        out += "<ul class=\"counts\">\n"
        let known = t.knownBugs
        // (what one is called, what several are called, the count, its class)
        let counts: [(String, String, Int, String)] = [
            ("file", "files", totals.files, ""), ("case", "cases", t.total, ""),
            ("passed", "passed", t.passed, "ok"),
            ("failed", "failed", t.totalFailed, t.totalFailed > 0 ? "bad" : ""),
            ("skipped", "skipped", t.skipped, ""),
            ("known bug", "known bugs", known, known > 0 ? "known" : ""),
        ]
        for (one, several, count, kind) in counts {
            out += "<li class=\"\(kind)\"><b>\(count)</b> \(count == 1 ? one : several)</li>\n"
        }
        out += "</ul>\n"
        let summary = console.summary(totals, failed: failed, afterBlankLine: true)
        out += "<pre class=\"summary\">"
        out +=
            HTML.escape(Text.trimmingTrailingNewlines(summary), keepingLineBreaks: true) + "</pre>\n</header>\n<main>\n"
        if !told.isEmpty {
            out += "<nav>\n<h2>Failures and known bugs (\(told.count))</h2>\n<ol class=\"toc\">\n"
            out += told.joined() + "</ol>\n</nav>\n"
        }
        if !knownIndex.isEmpty {
            out += "<nav class=\"known\">\n<h2>Known bugs (\(knownIndex.count))</h2>\n<ol class=\"toc\">\n"
            out += knownIndex.joined() + "</ol>\n</nav>\n"
        }
        return out
    }

    /// One reported file: the console's line for it, its cases, and each told case in full.
    func part(_ file: TestFileResult, _ index: Int) -> String {
        let stories = Self.stories(file)
        let first = state.withLock { s in
            let first = s.told.count + 1
            s.failed += console.failedLines(file)
            for (i, story) in stories.enumerated() {
                // A case is named with its file, as the console's Failed list names it: two
                // files may have cases of one name.
                let name =
                    story.aboutFile
                    ? e(story.title) : "<span class=\"file\">\(e(story.file)) ›</span> \(e(story.title))"
                s.told.append(
                    "<li><a href=\"#case-\(first + i)\"><span class=\"word \(story.kind)\">\(e(story.word))</span> "
                        + "\(name)</a></li>\n")
                if story.word == "KNOWN" {
                    s.known.append(
                        "<li><a href=\"#case-\(first + i)\">\(name)</a>"
                            + (story.knownBug.map { " — " + e($0) } ?? "")
                            + (story.by.map { "<br><span class=\"by\">by: \(e($0))</span>" } ?? "") + "</li>\n")
                }
            }
            return first
        }
        let line = Text.firstLine(console.file(file))
        let kind =
            switch file.status {
            case .passed: "ok"
            case .failed: "bad"
            case .skipped: "skip"
            case .error: "error"
            }
        var out = "<section class=\"file\">\n<h2 class=\"\(kind)\">\(e(line))</h2>\n"
        out += table(file, first: first)
        for (i, story) in stories.enumerated() { out += Self.article(story, number: first + i) }
        return out + "</section>\n"
    }

    /// The end of the page.
    func tail(_ totals: SuiteTotals) -> String {
        "</main>\n<footer>scn \(e(ToolVersion.string))</footer>\n</body>\n</html>\n"
    }

    /// What the page tells about one case (or one file that could not run).
    struct Story {
        var word: String
        /// The CSS class of its word: `bad`, `error` or `known`.
        var kind: String
        var title: String
        var file: String
        /// The story is the file's own (it did not check or could not run): its title names it.
        var aboutFile = false
        var location: FileLocation?
        var knownBug: String?
        /// For a reproduced known bug: what reproduced it (the console's `by:` line).
        var by: String?
        var message: String?
        var diagram: SequenceDiagram?
        var trace: [String]?
    }

    /// The file's failing, erring and known-bug cases, or the file itself when it could not run.
    static func stories(_ file: TestFileResult) -> [Story] {
        if let problem = file.problem {
            return [
                Story(
                    word: problem.kind == .check ? "FAIL" : "ERROR", kind: problem.kind == .check ? "bad" : "error",
                    title: file.path + (problem.kind == .check ? " (check failed)" : " (internal error)"),
                    file: file.path, aboutFile: true, location: problem.location, message: problem.message)
            ]
        }
        return file.cases.filter { $0.outcome.status.tellsAStory }.map { c in
            let status = c.outcome.status
            return Story(
                word: status.word, kind: kind(status), title: c.name, file: file.path,
                location: c.outcome.location ?? c.planned.location, knownBug: status.knownBug,
                by: status.word == "KNOWN" ? c.outcome.knownBug?.byLine : nil,
                message: c.outcome.message, diagram: c.outcome.diagram, trace: c.outcome.trace)
        }
    }

    /// The file's cases in a compact table; the told ones link to their story.
    private func table(_ file: TestFileResult, first: Int) -> String {
        guard !file.cases.isEmpty else { return "" }
        var out = "<table>\n<tbody>\n"
        var number = first
        for c in file.cases {
            let status = c.outcome.status
            var word = "<span class=\"word \(Self.kind(status))\">\(e(status.word))</span>"
            if status.tellsAStory {
                word = "<a class=\"word \(Self.kind(status))\" href=\"#case-\(number)\">\(e(status.word))</a>"
                number += 1
            }
            var name = e(c.name)
            if case .skipped(let reason) = status { name += " <span class=\"why\">— \(e(reason))</span>" }
            if let reference = status.knownBug { name += " <span class=\"why\">— \(e(reference))</span>" }
            out += "<tr><td>\(word)</td><td>\(name)</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    private static func article(_ story: Story, number: Int) -> String {
        var out = "<article id=\"case-\(number)\" class=\"case \(story.kind)\">\n"
        out += "<h3><span class=\"word \(story.kind)\">\(e(story.word))</span> \(e(story.title))</h3>\n"
        out += "<p class=\"where\">\(e(story.location?.description ?? story.file))</p>\n"
        if let reference = story.knownBug {
            let prefix = story.word == "KNOWN" ? "known bug" : "known bug no longer reproduces"
            out += "<p class=\"ref\">\(prefix): \(link(reference))</p>\n"
        }
        if let by = story.by { out += "<p class=\"by\">by: \(e(by))</p>\n" }
        if let message = story.message {
            out +=
                "<pre class=\"message\">\(HTML.escape(Text.trimmingTrailingNewlines(message), keepingLineBreaks: true))</pre>\n"
        }
        if let diagram = story.diagram {
            out += "<figure>\n" + diagram.svg(title: "sequence diagram of " + story.title) + "\n</figure>\n"
        }
        if let trace = story.trace {
            out += "<details><summary>Whole trace (\(trace.count) \(trace.count == 1 ? "event" : "events"))</summary>\n"
            out += "<pre class=\"trace\">"
            for line in trace { out += e(FailureReport.shortened(line)) + "\n" }
            out += "</pre>\n</details>\n"
        }
        return out + "</article>\n"
    }

    /// A reference as a link when it is a web address, else as text.
    private static func link(_ reference: String) -> String {
        let shown = HTML.escape(reference)
        let isWeb =
            (reference.hasPrefix("https://") || reference.hasPrefix("http://"))
            && !reference.unicodeScalars.contains { $0.value <= 0x20 || $0 == "\"" || $0 == "<" || $0 == ">" }
        return isWeb ? "<a href=\"\(shown)\">\(shown)</a>" : shown
    }

    /// `text` escaped for the page (``HTML/escape(_:keepingLineBreaks:)``), on one line.
    private static func e(_ text: String) -> String { HTML.escape(text) }
    private func e(_ text: String) -> String { HTML.escape(text) }

    private static func kind(_ status: CaseStatus) -> String {
        switch status {
        case .passed: "ok"
        case .failed, .noLongerReproduces: "bad"
        case .skipped: "skip"
        case .error: "error"
        case .reproduced: "known"
        }
    }

    static let css = """
        :root { color-scheme: light; --ink: #1f2328; --dim: #59636e; --line: #d1d9e0; --ok: #1a7f37;
          --bad: #cf222e; --known: #9a6700; --error: #8250df; --paper: #ffffff; --tint: #f6f8fa; }
        * { box-sizing: border-box; }
        body { margin: 0 auto; padding: 16px 24px 32px; max-width: 1240px; color: var(--ink); background: var(--paper);
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
        h3 { font-size: 15px; margin: 0 0 4px; overflow-wrap: anywhere; }
        pre, code, .where, td { font-family: "DejaVu Sans Mono", "Liberation Mono", Menlo, monospace; font-size: 12px; }
        pre { background: var(--tint); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px;
          overflow-x: auto; white-space: pre; margin: 6px 0; }
        .verdict { font-size: 18px; font-weight: 600; margin: 0 0 8px; }
        .verdict.ok { color: var(--ok); } .verdict.bad { color: var(--bad); }
        .counts { list-style: none; display: flex; flex-wrap: wrap; gap: 8px; padding: 0; margin: 0 0 8px; }
        .counts li { border: 1px solid var(--line); border-radius: 6px; padding: 4px 10px; }
        .counts li.ok b { color: var(--ok); } .counts li.bad b { color: var(--bad); }
        .counts li.known b { color: var(--known); }
        .toc { padding-left: 24px; } .toc li { overflow-wrap: anywhere; }
        section.file { margin: 18px 0; }
        section.file h2 { font: 600 13px/1.5 "DejaVu Sans Mono", "Liberation Mono", Menlo, monospace; margin: 0 0 6px;
          overflow-wrap: anywhere; }
        section.file h2.ok { color: var(--ok); } section.file h2.bad { color: var(--bad); }
        section.file h2.error { color: var(--error); } section.file h2.skip { color: var(--dim); }
        a { color: inherit; }
        .word { display: inline-block; min-width: 52px; font: 600 11px/18px "DejaVu Sans Mono", monospace;
          text-align: center; border-radius: 4px; padding: 0 4px; color: #fff; background: var(--dim);
          text-decoration: none; }
        .word.ok { background: var(--ok); } .word.bad { background: var(--bad); }
        .word.known { background: var(--known); } .word.error { background: var(--error); }
        .case { border: 1px solid var(--line); border-left: 4px solid var(--dim); border-radius: 6px;
          padding: 10px 14px; margin: 14px 0; }
        .case.bad { border-left-color: var(--bad); } .case.known { border-left-color: var(--known); }
        .case.error { border-left-color: var(--error); }
        .where, .ref { color: var(--dim); margin: 0 0 4px; overflow-wrap: anywhere; }
        figure { margin: 8px 0; overflow-x: auto; }
        summary { cursor: pointer; color: var(--dim); }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; border-bottom: 1px solid var(--line); padding: 2px 8px; vertical-align: top;
          overflow-wrap: anywhere; }
        th { font-size: 12px; color: var(--dim); }
        td:first-child { width: 1%; white-space: nowrap; }
        .why { color: var(--dim); }
        .toc .file { color: var(--dim); }
        footer { margin-top: 24px; color: var(--dim); font-size: 12px; }
        svg.diagram { display: block; background: var(--paper); }
        svg.diagram text { font-family: "DejaVu Sans Mono", "Liberation Mono", Menlo, monospace; font-size: 12px;
          fill: var(--ink); white-space: pre; }
        svg.diagram text.who { text-anchor: middle; font-weight: 600; }
        svg.diagram text.time { fill: var(--dim); }
        svg.diagram rect.who { fill: #ddf4ff; stroke: #54aeff; }
        svg.diagram rect.note { fill: #fff8c5; stroke: #d4a72c; }
        svg.diagram .life { stroke: var(--line); stroke-dasharray: 4 3; }
        svg.diagram .msg { stroke: var(--ink); fill: none; stroke-width: 1.2; }
        svg.diagram .msg.dashed { stroke-dasharray: 5 3; }
        svg.diagram .head { fill: var(--ink); }
        svg.diagram .cross { stroke: var(--bad); stroke-width: 2; fill: none; }

        """
}
