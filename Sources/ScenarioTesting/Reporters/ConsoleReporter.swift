/// The console report: one line per file, failures in full, then the summary.
///
/// ```
/// PASS Scenarios/kindly/cold-start.scn (2 passed)
/// FAIL Scenarios/kindly/foreground.scn (1 passed, 1 failed)
///
/// FAIL: Scenarios/kindly/foreground.scn:7:1: case "banner while on chat"
/// error: expected banner none, but the notification center holds 1 banner
///   ...
///
/// SKIP Scenarios/edna/campaign.scn (1 skipped)
/// PASS Scenarios/bugs/lost-tap.scn (1 passed, 1 known bug)
///   KNOWN  tap on a cold start opens the chat — https://example.com/issues/12
///     by: expectation failed: expect chat open (9:5)
///
/// Failed (1):
///   Scenarios/kindly/foreground.scn › banner while on chat
///
/// 4 files, 7 cases
/// known bugs: 1 reproduced
/// 4 passed, 1 failed, 1 skipped, 1 known
/// ```
///
/// Nothing in it depends on timing, so it is byte-identical whatever `--jobs` is.
struct ConsoleReporter: Sendable {
    let style: Style
    /// `--verbose`: a line per case under each file's line.
    let verbose: Bool
    /// `--trace`: each failure ends with the case's whole trace.
    var trace = false

    /// The block for one file: its line, then each failure in full.
    func file(_ result: TestFileResult) -> String {
        var out = statusWord(result.status) + " " + Text.oneLine(result.path) + " (" + counts(result) + ")\n"
        for c in result.cases where verbose || c.outcome.status.knownBug != nil || c.outcome.notAsStated {
            out += "  " + caseLine(c) + "\n"
        }
        for failure in failures(of: result) {
            out += "\n" + failure + "\n"
        }
        if !failures(of: result).isEmpty { out += "\n" }
        return out
    }

    /// Whether the block for `result` ends with a blank line.
    func endsWithBlankLine(_ result: TestFileResult) -> Bool { !failures(of: result).isEmpty }

    /// The summary line's list entries for `f`: its failed cases (or the file, when it did
    /// not pass its check). A run keeps only these of each file, for ``summary(_:failed:afterBlankLine:)``.
    func failedLines(_ f: TestFileResult) -> [String] {
        var failed: [String] = []
        if let problem = f.problem {
            failed.append(Text.oneLine(f.path) + (problem.kind == .check ? " (check failed)" : " (internal error)"))
        }
        for c in f.cases {
            switch c.outcome.status {
            case .failed:
                failed.append(
                    Text.oneLine(Selection.qualifiedName(file: f.path, case: c.name))
                        + (c.outcome.notAsStated ? " (\(KnownBugText.notAsStated))" : ""))
            case .error:
                failed.append(Text.oneLine(Selection.qualifiedName(file: f.path, case: c.name)) + " (internal error)")
            case .noLongerReproduces:
                failed.append(
                    Text.oneLine(Selection.qualifiedName(file: f.path, case: c.name))
                        + " (known bug no longer reproduces)")
            case .passed, .skipped, .reproduced: break
            }
        }
        return failed
    }

    /// The summary: the failed cases listed, the totals, and `N passed, N failed[, N skipped]`.
    /// - Parameters:
    ///   - failed: ``failedLines(_:)`` of every reported file, in order.
    ///   - afterBlankLine: whether the previous output ended with a blank line.
    func summary(_ suite: SuiteTotals, failed: [String], afterBlankLine: Bool) -> String {
        var out = afterBlankLine || suite.files == 0 ? "" : "\n"
        if !failed.isEmpty {
            out += style.bold("Failed (\(failed.count)):") + "\n"
            for line in failed { out += "  " + line + "\n" }
            out += "\n"
        }
        let t = suite.tally
        let files = suite.files
        out += "\(files) \(files == 1 ? "file" : "files"), \(t.total) \(t.total == 1 ? "case" : "cases")"
        if t.checkErrors > 0 { out += ", \(t.checkErrors) \(t.checkErrors == 1 ? "file" : "files") failed the check" }
        if t.errors > 0 { out += ", \(t.errors) internal \(t.errors == 1 ? "error" : "errors")" }
        out += "\n"
        if suite.notRun > 0 {
            out +=
                style.yellow(
                    (suite.caseLimitFile != nil
                        ? "stopped at the case limit: "
                        : "stopped after \(t.totalFailed) \(t.totalFailed == 1 ? "failure" : "failures"): ")
                        + "\(suite.notRun) \(suite.notRun == 1 ? "file" : "files") not run") + "\n"
        }
        if let known = t.knownBugLine { out += known + "\n" }
        var line = style.green("\(t.passed) passed") + ", "
        line += t.totalFailed > 0 ? style.red("\(t.totalFailed) failed") : "0 failed"
        if t.skipped > 0 { line += ", " + style.yellow("\(t.skipped) skipped") }
        if t.knownBugs > 0 { line += ", " + style.yellow("\(t.knownBugs) known") }
        return out + line + "\n"
    }

    private func statusWord(_ status: FileStatus) -> String {
        switch status {
        case .passed: style.green("PASS")
        case .failed: style.red("FAIL")
        case .skipped: style.yellow("SKIP")
        case .error: style.magenta("ERROR")
        }
    }

    /// `1 passed, 1 failed`, `check failed`, …
    private func counts(_ result: TestFileResult) -> String {
        if let problem = result.problem {
            return problem.kind == .check ? "check failed" : "internal error"
        }
        let t = result.tally
        var parts: [String] = []
        if t.passed > 0 { parts.append("\(t.passed) passed") }
        if t.failed > 0 { parts.append("\(t.failed) failed") }
        if t.knownBugs > 0 { parts.append("\(t.knownBugs) known \(t.knownBugs == 1 ? "bug" : "bugs")") }
        if t.skipped > 0 { parts.append("\(t.skipped) skipped") }
        if t.errors > 0 { parts.append("\(t.errors) \(t.errors == 1 ? "error" : "errors")") }
        return parts.joined(separator: ", ")
    }

    private func caseLine(_ c: TestCaseResult) -> String {
        let name = Text.oneLine(c.name)
        switch c.outcome.status {
        case .passed: return style.green("pass") + "  " + name
        case .failed:
            guard let evidence = c.outcome.knownBug else { return style.red("FAIL") + "  " + name }
            return style.red("FAIL") + "  " + name + " — " + KnownBugText.notAsStated + "\n"
                + "    stated:   " + Text.oneLine(evidence.stated) + "\n"
                + "    happened: " + Text.oneLine(evidence.happened)
        case .error: return style.magenta("ERROR") + " " + name
        case .skipped(let reason): return style.yellow("skip") + "  " + name + style.dim(" — " + Text.oneLine(reason))
        case .reproduced(let reference):
            var line = style.yellow("KNOWN") + "  " + name + " — " + Text.oneLine(reference)
            if let evidence = c.outcome.knownBug { line += "\n    by: " + Text.oneLine(evidence.byLine) }
            return line
        case .noLongerReproduces(let reference):
            return style.red("FIXED?") + " " + name + " — " + Text.oneLine(reference)
        }
    }

    /// Each failure of the file in full: `FAIL: path:line:col: case "name"` and the message.
    private func failures(of result: TestFileResult) -> [String] {
        if let problem = result.problem {
            let word = problem.kind == .check ? style.red("FAIL:") : style.magenta("ERROR:")
            let what = problem.kind == .check ? "check failed" : "internal error"
            let place = Text.oneLine(problem.location?.description ?? result.path)
            return [word + " " + place + ": " + what + "\n" + Text.trimmingTrailingNewlines(problem.message)]
        }
        return result.cases.compactMap { c in
            let word: String
            switch c.outcome.status {
            case .failed: word = style.red("FAIL:")
            case .error: word = style.magenta("ERROR:")
            case .noLongerReproduces: word = style.red("FIXED?")
            case .passed, .skipped, .reproduced: return nil
            }
            let place = Text.oneLine((c.outcome.location ?? c.planned.location)?.description ?? result.path)
            var message = Text.trimmingTrailingNewlines(c.outcome.message ?? "(no message)")
            if trace, let events = c.outcome.trace {
                message += "\nwhole trace (\(events.count) events):"
                for event in events { message += "\n  " + Text.oneLine(event) }
            }
            return word + " " + place + ": case " + Text.quoted(c.name) + "\n" + message
        }
    }
}
