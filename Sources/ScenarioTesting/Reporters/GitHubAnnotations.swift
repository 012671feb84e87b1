import ScenarioLanguage

/// `scn test --annotate github`: GitHub Actions' workflow commands, one line per failure and
/// per known bug, written to standard output after the report. The runner turns each into an
/// annotation on the pull request's diff at the scenario's own line:
///
///     ::error file=Scenarios/tap.scn,line=12,col=5,title=scn test: tap lost::expected …%0A…
///     ::notice file=Scenarios/bugs/x.scn,line=4,col=1,title=known bug::https://…; by: …
///
/// A file that did not pass its check is one `::error` at its first diagnostic. Values are
/// escaped as the workflow-command syntax requires (`%`, CR and LF in the message; also `:`
/// and `,` in a property), and each message is cut to ``maxMessage`` bytes: GitHub shows a
/// few kilobytes of an annotation, and a run shows at most ``maxLines`` of them.
public enum GitHubAnnotations {
    /// Bytes of one annotation's message kept (the rest is replaced by `…`).
    public static let maxMessage = 4_096
    /// Annotations written; GitHub keeps 10 errors and 10 notices per step, so more are noise.
    public static let maxLines = 50

    /// Every annotation of `suite`, in report order.
    public static func text(_ suite: TestSuiteResult) -> String {
        text(suite.files.flatMap(lines(for:)))
    }

    /// The annotation lines, at most ``maxLines`` of them and a warning for the rest (and for
    /// `dropped` lines left out before).
    static func text(_ all: [String], dropped: Int = 0) -> String {
        var lines = Array(all.prefix(maxLines))
        let more = all.count - lines.count + dropped
        if more > 0 {
            lines.append(
                "::warning title=scn test::\(more) more annotations not written (the console report lists them)")
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The annotations of one file's result.
    static func lines(for file: TestFileResult) -> [String] {
        if let problem = file.problem {
            let kind = problem.kind == .check ? "check failed" : "internal error"
            return [
                command(
                    "error", at: problem.location, fallback: file.path, title: "scn test: \(kind)",
                    message: problem.message)
            ]
        }
        var lines: [String] = []
        for result in file.cases {
            let outcome = result.outcome
            let at = outcome.location ?? result.planned.location
            switch outcome.status {
            case .passed, .skipped:
                continue
            case .reproduced(let reference):
                let by = outcome.knownBug.map { "; by: " + $0.byLine } ?? ""
                lines.append(
                    command(
                        "notice", at: at, fallback: file.path, title: "known bug: \(result.name)",
                        message: reference + by))
            case .failed, .error, .noLongerReproduces:
                lines.append(
                    command(
                        "error", at: at, fallback: file.path, title: "scn test: \(result.name)",
                        message: outcome.message ?? outcome.status.word))
            }
        }
        return lines
    }

    /// Collects annotations as results stream in (in report order), keeping at most
    /// ``maxLines`` and counting the rest.
    final class Collector: Sendable {
        private let state = Locked<(lines: [String], dropped: Int)>(([], 0))

        func add(_ file: TestFileResult) {
            let new = GitHubAnnotations.lines(for: file)
            state.withLock { state in
                for line in new {
                    if state.lines.count < GitHubAnnotations.maxLines {
                        state.lines.append(line)
                    } else {
                        state.dropped += 1
                    }
                }
            }
        }

        var text: String {
            state.withLock { state in
                GitHubAnnotations.text(state.lines, dropped: state.dropped)
            }
        }
    }

    static func command(
        _ kind: String, at location: FileLocation?, fallback: String, title: String, message: String
    ) -> String {
        var properties = ["file=" + property(location?.path ?? fallback)]
        if let location {
            properties.append("line=\(location.line)")
            properties.append("col=\(max(1, location.column))")
        }
        properties.append("title=" + property(title))
        return "::\(kind) " + properties.joined(separator: ",") + "::" + data(clipped(message))
    }

    /// A message: `%`, CR and LF escaped; other controls and direction marks made visible.
    static func data(_ text: String) -> String {
        var out = ""
        for scalar in Text.trimmingTrailingNewlines(text).unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out += TerminalText.escape(String(scalar))
            }
        }
        return out
    }

    /// A property value: as ``data(_:)``, and `:` and `,` too (they end a property).
    static func property(_ text: String) -> String {
        var out = ""
        for scalar in data(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func clipped(_ text: String) -> String {
        guard text.utf8.count > maxMessage else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: maxMessage)
        while end > text.startIndex, end.samePosition(in: text.unicodeScalars) == nil {
            end = text.utf8.index(before: end)
        }
        return String(text.unicodeScalars[..<end]) + "…"
    }
}
