import NotificationCore
import ScenarioRuntime

/// The JSON report (`--json FILE`): one object, files → cases. The schema is in
/// docs/TESTING.md; `duration_ms` fields are the only ones that differ between runs.
enum JSONReporter {
    /// The schema version; bumped when a field changes meaning or goes away.
    static let version = 1

    static func render(_ suite: TestSuiteResult) -> String {
        head(suite.totals) + suite.files.enumerated().map { file($1, index: $0) }.joined() + tail(suite.totals)
    }

    /// What comes before the files: the version, the exit code, the summary, up to the
    /// files' array.
    static func head(_ totals: SuiteTotals) -> String {
        let t = totals.tally
        let root: JSON = .object([
            ("version", .int(version)),
            ("exit_code", .int(Int(totals.exitCode))),
            (
                "summary",
                .object([
                    ("files", .int(totals.files)),
                    ("cases", .int(t.total)),
                    ("passed", .int(t.passed)),
                    ("failed", .int(t.totalFailed)),
                    ("skipped", .int(t.skipped)),
                    ("errors", .int(t.errors)),
                    ("check_errors", .int(t.checkErrors)),
                    ("known_bugs_reproduced", .int(t.knownBugs)),
                    ("known_bugs_no_longer_reproducing", .int(t.noLongerReproducing)),
                    ("not_run", .int(totals.notRun)),
                ])
            ),
            ("duration_ms", .number(Text.milliseconds(totals.duration))),
            ("files", .array([])),
        ])
        // The root rendered with no files ends `"files": []` and the closing brace.
        let empty = root.rendered(indent: "")
        return totals.files == 0 ? empty : String(empty.dropLast("[]\n}".count)) + "[\n"
    }

    /// The `index`th file's element of the files' array (0 is the first).
    static func file(_ f: TestFileResult, index: Int) -> String {
        (index == 0 ? "" : ",\n") + "    " + file(f).rendered(indent: "    ")
    }

    /// What comes after the files.
    static func tail(_ totals: SuiteTotals) -> String { totals.files == 0 ? "\n" : "\n  ]\n}\n" }

    private static func file(_ f: TestFileResult) -> JSON {
        .object([
            ("path", .string(f.path)),
            ("root", .string(f.file.root)),
            ("status", .string(f.status.rawValue)),
            (
                "problem",
                f.problem.map { p in
                    .object([
                        ("kind", .string(p.kind == .check ? "check" : "internal_error")),
                        ("message", .string(p.message)),
                        ("location", location(p.location)),
                    ])
                } ?? .null
            ),
            ("duration_ms", .number(Text.milliseconds(f.duration))),
            ("cases", .array(f.cases.map(testCase))),
        ])
    }

    private static func testCase(_ c: TestCaseResult) -> JSON {
        let skipReason: JSON
        if case .skipped(let reason) = c.outcome.status { skipReason = .string(reason) } else { skipReason = .null }
        var members: [(String, JSON)] = [
            ("name", .string(c.name)),
            ("tags", .array(c.planned.tags.map { .string($0) })),
            ("declared_at", location(c.planned.location)),
            ("status", .string(c.outcome.status.name)),
            ("skip_reason", skipReason),
            ("known_bug", (c.outcome.status.knownBug ?? c.planned.knownBug).map { .string($0) } ?? .null),
        ]
        // Only for known-bug cases that failed, so other cases read as they always did.
        if let evidence = c.outcome.knownBug {
            if case .reproduced = c.outcome.status {
                members.append(("reproduced_by", reproducedBy(evidence)))
            } else {
                members.append(("stated", .string(evidence.stated)))
                members.append(("happened", .string(evidence.happened)))
            }
        }
        members += [
            ("message", c.outcome.message.map { .string($0) } ?? .null),
            ("location", location(c.outcome.location)),
            ("duration_ms", .number(Text.milliseconds(c.outcome.duration))),
        ]
        return .object(members)
    }

    /// `{kind, line, column, message, because {text, time, event}}`: what reproduced a known bug.
    private static func reproducedBy(_ e: KnownBugEvidence) -> JSON {
        .object([
            ("kind", .string(e.by.rawValue)),
            ("line", e.line.map { .int($0) } ?? .null),
            ("column", e.column.map { .int($0) } ?? .null),
            ("message", .string(e.failure)),
            (
                "because",
                e.because.map { b in
                    .object([
                        ("text", .string(b.text)), ("time", .string(TimeFormat.seconds(b.time))),
                        ("event", .string(b.event)),
                    ])
                } ?? .null
            ),
        ])
    }

    private static func location(_ l: FileLocation?) -> JSON {
        guard let l else { return .null }
        return .object([("path", .string(l.path)), ("line", .int(l.line)), ("column", .int(l.column))])
    }
}

/// A JSON value whose objects keep their keys in the order written, rendered with
/// two-space indentation; arrays of scalars and small objects of scalars (a location) stay
/// on one line.
enum JSON: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number already formatted (e.g. `12.345`).
    case number(String)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    func rendered(indent: String) -> String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let n): return String(n)
        case .number(let text): return text
        case .string(let s): return Self.quote(s)
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            if items.allSatisfy(\.isScalar) {
                return "[" + items.map { $0.rendered(indent: indent) }.joined(separator: ", ") + "]"
            }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n" + indent
                + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            if members.count <= 3 && members.allSatisfy({ $0.1.isScalar }) {
                return "{"
                    + members.map { Self.quote($0.0) + ": " + $0.1.rendered(indent: indent) }.joined(separator: ", ")
                    + "}"
            }
            let inner = indent + "  "
            return "{\n"
                + members.map { inner + Self.quote($0.0) + ": " + $0.1.rendered(indent: inner) }.joined(
                    separator: ",\n")
                + "\n" + indent + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        case .null, .bool, .int, .number, .string: true
        }
    }

    /// A JSON string literal (RFC 8259), written by the core's serializer: one JSON writer
    /// in the package.
    static func quote(_ s: String) -> String {
        JSONValue.string(s).serializedForReading
    }
}
