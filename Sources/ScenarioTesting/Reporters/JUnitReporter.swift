/// The JUnit XML report (`--junit FILE`), as Jenkins, GitLab and GitHub Actions read it.
///
/// One `<testsuite>` per file, one `<testcase>` per selected case; a failed case holds a
/// `<failure>`, an internal error an `<error>`, a skipped case `<skipped>`; a reproduced
/// known bug is `<skipped message="known bug: reference">` (CI shows it, but does not fail),
/// and a known bug that no longer reproduces is a `<failure>` that says so. A file that did
/// not pass its check is a suite with one testcase named `check` holding a `<failure
/// type="check">`. `classname` is the file's path without `.scn`, with `/` as `.`
/// (`Scenarios.kindly.cold-start`), so Jenkins groups cases by folder. A failure's text
/// starts with where it happened, `path:line:column` — in an included file when the failing
/// step is there. `time` (seconds) is the only field that differs between runs; there is no
/// timestamp or host name.
///
/// By default the report validates against the Jenkins xunit-plugin schema `junit-10.xsd`
/// (a copy is in Tests/ScenarioTestingTests/Data/junit-10.xsd). With `locations`
/// (`--junit-locations`) each testcase also carries `file` and `line` — where the failure
/// happened, or the case's declaration — which CI annotators (GitHub Actions' test
/// reporters, GitLab) read; the schema does not allow them.
enum JUnitReporter {
    static func render(_ suite: TestSuiteResult, locations: Bool = false) -> String {
        head(suite.totals) + suite.files.map { testsuite($0, locations: locations) }.joined() + tail
    }

    /// What comes before the files: the root element, with the run's totals.
    static func head(_ totals: SuiteTotals) -> String {
        let t = totals.tally
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"scn test\" tests=\"\(t.total)\" failures=\"\(t.failed + t.checkErrors)\""
        out += " errors=\"\(t.errors)\" time=\"\(Text.seconds(totals.duration))\">\n"
        return out
    }

    /// What comes after the files.
    static let tail = "</testsuites>\n"

    static func classname(_ path: String) -> String {
        var p = Substring(path)
        if p.hasSuffix(".scn") { p = p.dropLast(4) }
        while p.hasPrefix("./") { p = p.dropFirst(2) }
        return p.split(separator: "/", omittingEmptySubsequences: true).joined(separator: ".")
    }

    /// One file's `<testsuite>` element.
    static func testsuite(_ file: TestFileResult, locations: Bool) -> String {
        let t = file.tally
        let a = XML.attribute
        var out = "  <testsuite name=\"\(a(file.path))\" tests=\(q(t.total)) failures=\(q(t.failed + t.checkErrors))"
        out +=
            " errors=\(q(t.errors)) skipped=\(q(t.skipped + t.knownBugs)) time=\"\(Text.seconds(file.duration))\" file=\"\(a(file.path))\">\n"
        if t.knownBugs > 0 {
            // JUnit has no fourth outcome: `skipped` counts known bugs too, this the split.
            out += "    <properties>\n      <property name=\"scn.known\" value=\(q(t.knownBugs))/>\n    </properties>\n"
        }
        let classname = a(classname(file.path))
        /// ` file="…" line="…"` with `locations`, where `location` is (else the file itself).
        func place(_ location: FileLocation?) -> String {
            guard locations else { return "" }
            return " file=\"\(a(location?.path ?? file.path))\"" + (location.map { " line=\(q($0.line))" } ?? "")
        }
        if let problem = file.problem {
            out +=
                "    <testcase name=\"check\" classname=\"\(classname)\" time=\"\(Text.seconds(file.duration))\"\(place(problem.location))>\n"
            let element = problem.kind == .check ? "failure" : "error"
            let type = problem.kind == .check ? "check" : "internal error"
            out +=
                "      " + detail(element: element, type: type, message: problem.message, location: problem.location)
                + "\n"
            out += "    </testcase>\n"
        }
        for c in file.cases {
            let location =
                c.outcome.status == .failed || c.outcome.status == .error
                ? (c.outcome.location ?? c.planned.location) : c.planned.location
            out +=
                "    <testcase name=\"\(a(c.name))\" classname=\"\(classname)\" time=\"\(Text.seconds(c.outcome.duration))\"\(place(location))"
            switch c.outcome.status {
            case .passed:
                out += "/>\n"
            case .skipped(let reason):
                out += ">\n      <skipped message=\"\(a(reason))\"/>\n    </testcase>\n"
            case .reproduced(let reference):
                var message = KnownBugText.reproduced(reference)
                if let evidence = c.outcome.knownBug { message += "; by: " + evidence.byLine }
                out += ">\n      <skipped type=\"known-bug\" message=\"\(a(message))\"/>\n    </testcase>\n"
            case .noLongerReproduces:
                out +=
                    ">\n      "
                    + detail(
                        element: "failure", type: "known bug no longer reproduces", message: c.outcome.message ?? "",
                        location: c.planned.location)
                    + "\n    </testcase>\n"
            case .failed, .error:
                let element = c.outcome.status == .failed ? "failure" : "error"
                let type =
                    c.outcome.status == .failed
                    ? (c.outcome.notAsStated ? KnownBugText.notAsStated : "failure") : "internal error"
                out +=
                    ">\n      "
                    + detail(
                        element: element, type: type, message: c.outcome.message ?? "", location: c.outcome.location)
                    + "\n    </testcase>\n"
            }
        }
        out += "  </testsuite>\n"
        return out
    }

    /// `<failure message="first line" type="…">location, then the full text</failure>`.
    private static func detail(element: String, type: String, message: String, location: FileLocation?) -> String {
        let body = (location.map { "\($0)\n" } ?? "") + Text.trimmingTrailingNewlines(message)
        let summary = Text.firstLine(message)
        return
            "<\(element) message=\"\(XML.attribute(summary))\" type=\"\(XML.attribute(type))\">\(XML.text(body))</\(element)>"
    }

    private static func q(_ n: Int) -> String { "\"\(n)\"" }
}
