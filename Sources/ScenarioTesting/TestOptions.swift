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
    /// `--tap`: TAP on stdout instead of the console report.
    public var tap = false
    /// `--list`: print the selected cases, run nothing.
    public var list = false
    /// `--verbose`, `-v`: a line per case in the console report.
    public var verbose = false
    /// `--max-steps N`.
    public var maxSteps = ExecutionOptions.defaultMaxSteps
    /// `--max-failures N` (`--fail-fast` is 1): stop after N failures; `nil` runs everything.
    public var maxFailures: Int?
    /// `--help`, `-h`.
    public var help = false

    /// Options with every default.
    public init() {}

    /// The options that take a value, and those that do not.
    static let valued = [
        "--jobs", "--filter", "--tags", "--shard", "--junit", "--json", "--max-steps", "--max-failures",
    ]
    static let flags = ["--tap", "--list", "--verbose", "--fail-fast", "--help"]

    /// Parses the arguments that follow `scn test`.
    ///
    /// Options and paths may come in any order; `--name value` and `--name=value` are the
    /// same; `-j N`, `-jN`, `-v`, `-h` are short forms; `--` ends the options. When an
    /// option is given twice, the last one counts.
    ///
    /// - Throws: ``UsageError`` for an unknown option, a missing or malformed value.
    public static func parse(_ arguments: [String]) throws(UsageError) -> TestOptions {
        var options = TestOptions()
        var i = 0
        var onlyPaths = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                options.paths.append(argument)
                continue
            }
            if argument == "--" {
                onlyPaths = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            } else if argument.hasPrefix("-j"), argument.count > 2, !argument.hasPrefix("--") {
                name = "--jobs"
                inlineValue = String(argument.dropFirst(2))
            }
            switch name {
            case "-j": name = "--jobs"
            case "-v": name = "--verbose"
            case "-h": name = "--help"
            default: break
            }

            if flags.contains(name) {
                if inlineValue != nil { throw UsageError("option '\(name)' takes no value") }
                switch name {
                case "--tap": options.tap = true
                case "--list": options.list = true
                case "--verbose": options.verbose = true
                case "--fail-fast": options.maxFailures = 1
                default: options.help = true
                }
                continue
            }
            guard valued.contains(name) else {
                let suggestion = closest(to: name, in: valued + flags).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown option '\(name)'\(suggestion)")
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard i < arguments.count else { throw UsageError("option '\(name)' needs a value") }
                value = arguments[i]
                i += 1
            }
            switch name {
            case "--jobs":
                options.jobs = try positive(value, for: name)
            case "--max-steps":
                options.maxSteps = try positive(value, for: name)
            case "--max-failures":
                options.maxFailures = try positive(value, for: name)
            case "--filter":
                guard !value.isEmpty else { throw UsageError("option '--filter' needs a non-empty regular expression") }
                options.filter = value
            case "--tags":
                do {
                    options.tags = try TagExpression.parse(value)
                } catch {
                    throw UsageError("invalid --tags expression at \(error)")
                }
            case "--shard":
                do {
                    options.shard = try Shard.parse(value)
                } catch {
                    throw UsageError(error.message)
                }
            case "--junit":
                guard !value.isEmpty else { throw UsageError("option '--junit' needs a file name") }
                options.junitPath = value
            default:  // --json
                guard !value.isEmpty else { throw UsageError("option '--json' needs a file name") }
                options.jsonPath = value
            }
        }
        return options
    }

    private static func positive(_ value: String, for name: String) throws(UsageError) -> Int {
        guard value.allSatisfy(\.isASCII), let n = Int(value), n >= 1 else {
            throw UsageError("option '\(name)' needs a whole number of at least 1, not '\(value)'")
        }
        return n
    }

    /// The known option nearest to `name` (edit distance at most 2).
    static func closest(to name: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(name, $0)) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// `scn test --help`.
    public static let help = """
        usage: scn test [options] [PATH...]

        Runs every case of the *.scn files under each PATH (a folder, searched
        recursively, or a file) as a test suite, in parallel. PATH defaults to
        Scenarios. Each folder given is the scenario root of the files under it;
        a file given directly has its own folder as its root.

        Selection:
          --filter REGEX     run the cases whose "file › case" contains a match
                             of REGEX (e.g. 'kindly/', '› cold tap', 'a\\.scn')
          --tags EXPR        run the cases whose tags satisfy EXPR: tag names with
                             and, or, not and parentheses ('kindly and not slow')
          --shard K/N        run the K-th of N disjoint shares of the files (CI)

        Running:
          -j, --jobs N       files run at once (default: the number of cores)
          --max-steps N      steps a case may take (default 1000000)
          --max-failures N   stop after N failed cases (files in order; what is
                             reported does not depend on --jobs)
          --fail-fast        the same as --max-failures 1
          --list             print the selected cases and run nothing

        Reports (the console report and the files can be combined):
          -v, --verbose      a line for every case, not only for every file
          --tap              TAP version 13 on stdout instead of the console report
          --junit FILE       write a JUnit XML report to FILE
          --json FILE        write a JSON report to FILE
          -h, --help         show this help

        The console report is the same whatever --jobs is: files in order, each
        failure in full, then the line 'N passed, N failed' (', N skipped' when
        any were). Colour only on a terminal, never with NO_COLOR set.

        Exit codes: 0 all selected cases passed (or were skipped); 1 a case
        failed; 2 a usage error, or a file that did not pass its check;
        3 an internal error. The highest that applies wins.

        """
}

/// A command line `scn test` cannot run: exit code 2.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, without the `error: ` prefix.
    public var message: String

    /// A usage error saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
