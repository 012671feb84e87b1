/// The TAP version 13 report (`--tap`), printed on stdout instead of the console report.
///
/// ```
/// TAP version 13
/// ok 1 - Scenarios/a.scn › cold tap
/// not ok 2 - Scenarios/b.scn › banner on chat
///   ---
///   message: expected banner none, but the notification center holds 1 banner
///   severity: fail
///   at:
///     file: Scenarios/b.scn
///     line: 7
///     column: 1
///   output: |
///     expected banner none, ...
///   ...
/// ok 3 - Scenarios/c.scn › campaign # SKIP needs edna 5
/// not ok 4 - Scenarios/bugs/d.scn › lost tap # TODO known bug: https://example.com/issues/12
/// not ok 5 - Scenarios/bugs/e.scn › placeholder: known bug no longer reproduces: https://…
/// 1..5
/// ```
/// A reproduced known bug is a `# TODO` point (it fails, as expected); one that no longer
/// reproduces is a plain `not ok` with no directive, so every consumer counts it as failed.
/// One test point per selected case, and one for each file that did not pass its check
/// (`not ok N - Scenarios/broken.scn`). The plan comes last (TAP allows a plan after the test
/// points): files are checked as the run reaches them, so the number of points is known only
/// at the end. No timing, so the report is the same whatever `--jobs` is.
enum TAPReporter {
    static let header = "TAP version 13\n"

    /// `1..N`: one test point per selected case and per file that could not be planned,
    /// those not run after `--max-failures` included.
    static func plan(_ count: Int) -> String { "1..\(count)\n" }

    /// The test points of one file, numbered from `first`.
    static func points(_ file: TestFileResult, first: Int) -> String {
        var n = first
        var out = ""
        if let problem = file.problem {
            out += "not ok \(n) - \(description(file.path))\n"
            out += diagnostic(
                message: problem.message, severity: problem.kind == .check ? "fail" : "error",
                kind: problem.kind == .check ? "check" : "internal error", location: problem.location)
            return out
        }
        for c in file.cases {
            let name = description(Selection.qualifiedName(file: file.path, case: c.name))
            switch c.outcome.status {
            case .passed:
                out += "ok \(n) - \(name)\n"
            case .skipped(let reason):
                out += "ok \(n) - \(name) # SKIP \(directive(reason))\n"
            case .reproduced(let reference):
                // A TODO test point: TAP consumers count it as passing, whatever its `not ok`.
                var todo = KnownBugText.reproduced(reference)
                if let evidence = c.outcome.knownBug { todo += " (by: " + evidence.byLine + ")" }
                out += "not ok \(n) - \(name) # TODO \(directive(todo))\n"
            case .noLongerReproduces(let reference):
                // No directive, so every consumer counts it as a failure.
                out += "not ok \(n) - \(name): \(description(KnownBugText.noLongerReproduces(reference)))\n"
                out += diagnostic(
                    message: c.outcome.message ?? "", severity: "fail", kind: "known bug no longer reproduces",
                    location: c.planned.location)
            case .failed, .error:
                out += "not ok \(n) - \(name)\n"
                let failed = c.outcome.status == .failed
                out += diagnostic(
                    message: c.outcome.message ?? "", severity: failed ? "fail" : "error",
                    kind: failed ? (c.outcome.notAsStated ? KnownBugText.notAsStated : "failure") : "internal error",
                    location: c.outcome.location ?? c.planned.location)
            }
            n += 1
        }
        return out
    }

    /// `Bail out!` when `--max-failures` stopped the run before the planned test points.
    static func bailOut(_ suite: SuiteTotals) -> String {
        let f = suite.tally.totalFailed
        if suite.caseLimitFile != nil {
            return
                "Bail out! stopped at the case limit; \(suite.notRun) \(suite.notRun == 1 ? "file" : "files") not run\n"
        }
        return
            "Bail out! stopped after \(f) \(f == 1 ? "failure" : "failures"); \(suite.notRun) \(suite.notRun == 1 ? "file" : "files") not run\n"
    }

    /// How many test points ``points(_:first:)`` writes for `file`.
    static func count(_ file: TestFileResult) -> Int { file.problem == nil ? file.cases.count : 1 }

    /// The YAML block under a `not ok` line.
    private static func diagnostic(message: String, severity: String, kind: String, location: FileLocation?) -> String {
        var y = "  ---\n"
        y += "  message: \(yamlString(Text.firstLine(message)))\n"
        y += "  severity: \(severity)\n"
        y += "  type: \(yamlString(kind))\n"
        if let location {
            y += "  at:\n"
            y += "    file: \(yamlString(location.path))\n"
            y += "    line: \(location.line)\n"
            y += "    column: \(location.column)\n"
        }
        let body = Text.trimmingTrailingNewlines(message)
        if let first = body.unicodeScalars.first, first != " ", first != "\t" {
            // A plain literal block, the one form that both YAML and the YAMLish subset of
            // Perl's TAP::Parser (prove) read: every line, blank ones too, indented by the
            // block's indentation, and a first line that does not start with a space.
            y += "  output: |\n"
            for line in Text.lines(body) {
                y += "    " + yamlBlockLine(line) + "\n"
            }
        } else if !body.isEmpty {
            y += "  output: \(yamlString(body, forcingQuotes: true))\n"
        }
        y += "  ...\n"
        return y
    }

    /// A test point's description: one line, and no `#`, which would start a directive.
    ///
    /// TAP 13 lets a description escape it as `\#`, and Perl's TAP::Parser (`prove`) reads
    /// that, but tappy (Python's `tap.py`) does not: it takes the first `#` as the directive
    /// whatever precedes it, so a failing case named `flaky # TODO` would become an expected
    /// failure there and pass. Written as U+FF03 FULLWIDTH NUMBER SIGN (`＃`), every TAP
    /// consumer reads the same result, and the name still reads as written.
    static func description(_ text: String) -> String {
        Text.oneLine(text).replacingAll("#", with: numberSign)
    }

    /// A directive's text: one line, no `#` (see ``description(_:)``).
    private static func directive(_ reason: String) -> String {
        Text.oneLine(reason).replacingAll("#", with: numberSign)
    }

    /// What stands for `#` in descriptions and directives.
    static let numberSign = "\u{FF03}"

    /// A double-quoted YAML scalar, or the text itself when it is safely plain.
    static func yamlString(_ text: String, forcingQuotes: Bool = false) -> String {
        let plain =
            !forcingQuotes && !text.isEmpty
            && text.unicodeScalars.allSatisfy { s in
                (s.value >= 0x20 && s.value < 0x7F) && !"\"'\\#:{}[],&*!|>%@`".unicodeScalars.contains(s)
            } && !text.hasPrefix(" ") && !text.hasSuffix(" ") && !text.hasPrefix("-") && !text.hasPrefix("?")
            && !["true", "false", "null", "yes", "no", "on", "off", "~"].contains(text.lowercased())
            && Double(text) == nil
        if plain { return text }
        var out = "\""
        for s in text.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if s.value < 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value) {
                    // `\xXX`: an escape both YAML and TAP::Parser's YAMLish understand.
                    let hex = String(s.value, radix: 16, uppercase: true)
                    out += "\\x" + (hex.count < 2 ? "0" : "") + hex
                } else if s.value == 0xFEFF || s.value == 0x2028 || s.value == 0x2029 {
                    out += "\\u" + String(s.value, radix: 16, uppercase: true)
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out + "\""
    }

    /// A line of a literal block: YAML cannot hold control characters there, so they are
    /// written as escapes, tabs as `\t` (TAP::Parser would take a leading one for
    /// indentation); trailing spaces are kept.
    private static func yamlBlockLine(_ line: String) -> String {
        var out = ""
        for s in line.unicodeScalars {
            if s == "\t" {
                out += "\\t"
            } else if s.value >= 0x20 && s.value != 0x7F && !(0x80...0x9F).contains(s.value) && s.value != 0xFEFF {
                out.unicodeScalars.append(s)
            } else {
                out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }
}
