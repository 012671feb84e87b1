import CommandLineKit
import ScenarioLanguage

/// What `scn test` was asked to do: its parsed command line.
public struct TestOptions: Sendable, Hashable {
    /// Folders and files to run (`Scenarios` when none are given).
    public var paths: [String] = []
    /// Files checked or run at once (`--jobs N`, `-j N`); `nil` for the number of cores.
    public var jobs: Int?
    /// `--filter REGEX`: searched in `"file › case"`.
    public var filter: String?
    /// `--tags EXPR`, parsed.
    public var tags: TagExpression?
    /// `--shard K/N`.
    public var shard: Shard?
    /// `--junit FILE`: where to write the JUnit XML report.
    public var junitPath: String?
    /// `--json FILE`: where to write the JSON report.
    public var jsonPath: String?
    /// `--html FILE`: where to write the HTML report.
    public var htmlPath: String?
    /// `--tap`: TAP on stdout instead of the console report.
    public var tap = false
    /// `--list`: print the selected cases, run nothing.
    public var list = false
    /// `--verbose`, `-v`: a line per case in the console report.
    public var verbose = false
    /// `--trace`: the whole trace of each failing case under its failure.
    public var trace = false
    /// `--max-steps N`.
    public var maxSteps = ExecutionOptions.defaultMaxSteps
    /// `--max-failures N` (`--fail-fast` is 1): stop after N failures; `nil` runs everything.
    public var maxFailures: Int?
    /// `--help`, `-h`.
    public var help = false
    /// `--junit-locations`: `file` and `line` on each JUnit testcase (outside the schema).
    public var junitLocations = false
    /// `--annotate github`: GitHub's workflow commands after the report.
    public var annotateGitHub = false

    /// Options with every default.
    public init() {}

    /// `scn test`'s command line, declared once: parsing, `--help`, the man page and the
    /// shell completion scripts read it.
    public static let command = CommandSpec(
        "test", abstract: "run every *.scn under each path (default: Scenarios) as a test suite",
        arguments: [
            ArgumentSpec("PATH", .scenario, .any, "a .scn file, or a folder: every *.scn below it (default: Scenarios)")
        ],
        options: [
            .value(
                "--filter", "REGEX", .text, "run the cases whose \"file › case\" contains a match of REGEX",
                section: "Selection"),
            .value(
                "--tags", "EXPR", .text, "run the cases whose tags satisfy EXPR ('kindly and not slow')",
                section: "Selection"),
            .value(
                "--shard", "K/N", .text, "run the K-th of N disjoint shares of the files (CI)", section: "Selection"),
            .value(
                "--jobs", short: "j", "N", .number, "files run at once (default: the number of cores; at most 64)",
                section: "Running"),
            .value("--max-steps", "N", .number, "steps a case may take (default 1000000)", section: "Running"),
            .value(
                "--max-failures", "N", .number,
                "stop after N failed cases (what is reported does not depend on --jobs)",
                section: "Running"),
            .flag("--fail-fast", "the same as --max-failures 1", section: "Running"),
            .flag("--list", "print the selected cases and run nothing", section: "Running"),
            .flag("--verbose", short: "v", "a line for every case, not only for every file", section: "Reports"),
            .flag("--trace", "print the whole trace of each failing case under its failure", section: "Reports"),
            .flag("--tap", "TAP version 13 on stdout instead of the console report", section: "Reports"),
            .value("--junit", "FILE", .output, "write a JUnit XML report to FILE", section: "Reports"),
            .flag(
                "--junit-locations", "add file and line attributes to each JUnit testcase (outside the JUnit schema)",
                section: "Reports"),
            .value("--json", "FILE", .output, "write a JSON report to FILE", section: "Reports"),
            .value(
                "--html", "FILE", .output, "write an HTML page to FILE: each failure and known bug with its diagram",
                section: "Reports"),
            .value(
                "--annotate", "FORMAT", .choices(["github"]),
                "after the report, a workflow command per failure (::error file=…,line=…) and known bug (::notice): "
                    + "annotations on a GitHub pull request",
                section: "Reports"),
            OptionSpec.color(section: "Reports"),
        ],
        discussion: """
            Runs every case of the *.scn files under each PATH (a folder, searched
            recursively, or a file) as a test suite, in parallel. PATH defaults to
            Scenarios. Each folder given is the scenario root of the files under it;
            a file given directly has its own folder as its root. A file that holds only
            def, let and include statements is a library: it is checked, it is not a case.
            """,
        epilogue: """
            The console report is the same whatever --jobs is: files in order, each
            failure in full, then the line 'N passed, N failed' (', N skipped' when
            any were, then ', N known'). Colour as --color says: by default only on a
            terminal, never with NO_COLOR set. Report files are checked before the run
            starts: a path that cannot be written is a usage error.

            Exit codes: 0 all selected cases passed (or were skipped); 1 a case
            failed; 2 a usage error, or a file that did not pass its check;
            3 an internal error. The highest that applies wins.
            """)

    /// Parses the arguments that follow `scn test` (the rules are ``ArgumentParser``'s).
    ///
    /// - Throws: ``UsageError`` for an unknown option, a missing or malformed value.
    public static func parse(_ arguments: [String]) throws(UsageError) -> TestOptions {
        try TestOptions(try ArgumentParser.parse(arguments, for: command))
    }

    /// The options a parsed command line asks for.
    ///
    /// - Throws: ``UsageError`` for a malformed value.
    public init(_ parsed: ParsedArguments) throws(UsageError) {
        paths = parsed.positionals
        help = parsed.help
        tap = parsed.flag("--tap")
        list = parsed.flag("--list")
        verbose = parsed.flag("--verbose")
        trace = parsed.flag("--trace")
        junitLocations = parsed.flag("--junit-locations")
        if let annotate = parsed.value("--annotate") {
            guard annotate == "github" else {
                throw UsageError("option '--annotate' takes github (got '\(TerminalText.escape(annotate))')")
            }
            annotateGitHub = true
        }
        jobs = try parsed.positiveInteger("--jobs")
        maxSteps = try parsed.positiveInteger("--max-steps") ?? maxSteps
        maxFailures = try parsed.positiveInteger("--max-failures")
        if parsed.flag("--fail-fast") { maxFailures = 1 }
        if let value = parsed.value("--filter") {
            guard !value.isEmpty else { throw UsageError("option '--filter' needs a non-empty regular expression") }
            filter = value
        }
        if let value = parsed.value("--tags") {
            do {
                tags = try TagExpression.parse(value)
            } catch {
                var lines = error.lines
                lines[0] = "invalid --tags expression at " + lines[0]
                throw UsageError(lines: lines)
            }
        }
        if let value = parsed.value("--shard") {
            do {
                shard = try Shard.parse(value)
            } catch {
                throw UsageError(error.message)
            }
        }
        junitPath = try Self.reportFile(parsed, "--junit", "xml")
        jsonPath = try Self.reportFile(parsed, "--json", "json")
        htmlPath = try Self.reportFile(parsed, "--html", "html")
    }

    /// A report option's FILE. A scenario file there (`scn test --json two.scn`, written as
    /// if `--json` were a flag, as it is for `scn run` and `scn check`) is refused before
    /// anything runs, so the report never overwrites a scenario.
    static func reportFile(_ parsed: ParsedArguments, _ name: String, _ ext: String) throws(UsageError) -> String? {
        guard let path = try parsed.nonEmpty(name, "a file name") else { return nil }
        guard !path.hasSuffix(".scn") else {
            let flag = name == "--json" ? "; 'scn run --json' and 'scn check --json' print JSON on standard output" : ""
            throw UsageError(
                "\(name) takes the file to write the report to, and '\(path)' is a scenario file: "
                    + "write 'scn test \(path) \(name) report.\(ext)'\(flag)")
        }
        return path
    }
}
