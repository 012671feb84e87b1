import Foundation
import Testing

/// A malformed scenario and where its first error must be reported.
struct Malformed: CustomStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    /// The diagnostic's first line, after `error: ` (a prefix of it).
    var message: String
    var line: Int
    var column: Int
    /// Whether `scn fmt` (which parses but does not check) must refuse it too.
    var syntax: Bool

    var description: String { name }
    var file: String { name + ".scn" }

    init(_ name: String, _ text: String, _ message: String, _ line: Int, _ column: Int, syntax: Bool = true) {
        self.init(name, Array(text.utf8), message, line, column, syntax: syntax)
    }

    init(_ name: String, _ bytes: [UInt8], _ message: String, _ line: Int, _ column: Int, syntax: Bool = true) {
        self.name = name
        self.bytes = bytes
        self.message = message
        self.line = line
        self.column = column
        self.syntax = syntax
    }

    static let all: [Malformed] = [
        Malformed(
            "unterminated-string", "sdk kindly\nlaunch background\npush kindly visible title \"Anna\n",
            "unterminated string", 3, 27),
        Malformed(
            "invalid-utf8",
            Array("sdk kindly\nlaunch background\npush kindly visible title \"An".utf8) + [0xFF]
                + Array("na\"\n".utf8),
            "invalid UTF-8", 3, 30),
        Malformed(
            "nul-byte", Array("sdk kindly\nlaunch background\npush kindly".utf8) + [0] + Array(" visible\n".utf8),
            "NUL byte in the source", 3, 12),
        Malformed("unbalanced-close", "sdk kindly\nlaunch background\n}\n", "unexpected '}'", 3, 1),
        Malformed("unclosed-block", "sdk kindly\ncase \"a\" {\n    launch background\n", "unclosed '{'", 2, 10),
        Malformed(
            "unclosed-object", "sdk kindly\nlaunch background\npush raw {\"aps\": {\"alert\": \"x\"}\nwait 1s\n",
            "expected ',' or '}' in object, got word 'wait'", 4, 1),
        Malformed("let-without-value", "sdk kindly\nlet x =\nlaunch background\n", "expected a value after '='", 2, 8),
        Malformed(
            "unknown-command", "sdk kindly\nlaunch background\nfrobnicate 3\n", "unknown command 'frobnicate'", 3, 1,
            syntax: false),
        Malformed(
            "unknown-option", "sdk kindly\nlaunch background\npush kindly visible tilte \"Anna\"\n",
            "unknown option 'tilte' for 'push kindly'", 3, 21, syntax: false),
        Malformed(
            "undefined-variable", "sdk kindly\nlaunch background\npush kindly visible title $nme\n",
            "undefined variable 'nme'", 3, 27, syntax: false),
        Malformed(
            "duplicate-case",
            "sdk kindly\ncase \"a\" {\n    launch background\n}\ncase \"a\" {\n    launch background\n}\n",
            "duplicate case 'a'", 5, 6, syntax: false),
        Malformed(
            "nested-blocks",
            "sdk kindly\ncase \"deep\" {\n" + String(repeating: "repeat 1 {\n", count: 5000) + "wait 1s\n"
                + String(repeating: "}\n", count: 5000) + "}\n",
            "nesting deeper than the limit of 200 levels", 202, 10),
        Malformed(
            "nested-brackets",
            "sdk kindly\nlet x = " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "\n",
            "nesting deeper than the limit of 200 levels", 2, 209),
        Malformed(
            "huge-string",
            "sdk kindly\nlaunch background\npush kindly visible title \""
                + String(repeating: "a", count: 2 * 1024 * 1024) + "\"\n",
            "string longer than the limit of 1 MiB", 3, 27),
    ]
}

/// `scn check`: good files, malformed files, folders.
@Suite struct CLICheckTests {
    @Test func goodFileChecks() throws {
        let dir = try TempDir()
        try dir.write("good.scn", Fixture.twoCases)
        let r = try dir.scn("check", "good.scn")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "ok good.scn (2 cases)\n")
        #expect(r.stderr.isEmpty)
    }

    @Test(arguments: Malformed.all)
    func malformedInputIsReportedAtItsPosition(input: Malformed) throws {
        let dir = try TempDir()
        try dir.write(input.file, Data(input.bytes))
        let location = "--> \(input.file):\(input.line):\(input.column)\n"
        for command in ["check", "run"] {
            let r = try dir.scn(command, input.file)
            #expect(r.exited, "\(command) \(input): \(r)")
            #expect(r.status == 2, "\(command) \(input): \(r)")
            #expect(r.stdout.isEmpty, "\(command) \(input): \(r)")
            #expect(r.stderr.hasPrefix("error: \(input.message)"), "\(command) \(input): \(r)")
            #expect(r.stderr.contains(location), "\(command) \(input): \(r)")
            // The source line is quoted under the location, with a caret.
            #expect(r.stderr.contains(" | "), "\(command) \(input): \(r)")
            #expect(r.stderr.contains("^"), "\(command) \(input): \(r)")
        }
        // The JSON form of the same diagnostic.
        let j = try dir.scn("run", "--json", input.file)
        #expect(j.status == 2, "\(input): \(j)")
        let first = try #require(j.stdoutLines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "diagnostic")
        #expect(object["file"] as? String == input.file)
        #expect(object["line"] as? Int == input.line)
        #expect(object["column"] as? Int == input.column)
        #expect((object["message"] as? String)?.hasPrefix(input.message) == true)
        // fmt parses: a syntax error stops it; a checker error does not concern it.
        let f = try dir.scn("fmt", "--check", input.file)
        #expect(f.exited, "fmt \(input): \(f)")
        if input.syntax {
            #expect(f.status == 2, "fmt \(input): \(f)")
            #expect(f.stderr.contains(location), "fmt \(input): \(f)")
        } else {
            #expect([0, 1].contains(f.status), "fmt \(input): \(f)")
        }
        // And the bug-report and simulator commands refuse it the same way.
        for command in [["repro"], ["apns", "--out", "out"]] {
            let r = try dir.scn(command + [input.file])
            #expect(r.exited && r.status == 2, "\(command) \(input): \(r)")
        }
    }

    /// docs/LANGUAGE.md's diagnostic example, verbatim.
    @Test func specExampleDiagnostic() throws {
        let dir = try TempDir()
        try dir.write(
            "Scenarios/kindly/cold-start.scn",
            "sdk kindly\nextension kindly\nlaunch killed\npush kindly visible tilte \"Anna\"\n")
        let expected = """
            error: unknown option 'tilte' for 'push kindly'
              --> Scenarios/kindly/cold-start.scn:4:21
               |
             4 | push kindly visible tilte "Anna"
               |                     ^^^^^ did you mean 'title'?

            """
        for path in ["Scenarios/kindly/cold-start.scn", "Scenarios"] {
            let r = try dir.scn("check", path)
            #expect(r.status == 2, "\(r)")
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.hasPrefix(expected), "\(r)")
        }
    }

    /// A direction control written raw in a string or comment: a warning at the character
    /// (text and JSON), exit 0, and the file still runs.
    @Test func directionControlsAreWarnedAboutAndTheFileStillRuns() throws {
        let dir = try TempDir()
        try dir.write(
            "t.scn",
            "sdk kindly\ncase \"a\" {\n    launch background  # by \u{202E}Anna\n"
                + "    push kindly visible title \"x\u{2066}y\"\n    expect banners 1\n}\n")
        let r = try dir.scn("check", "t.scn")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "ok t.scn (1 case)\n")
        #expect(!r.stderr.unicodeScalars.contains("\u{202E}") && !r.stderr.unicodeScalars.contains("\u{2066}"))
        #expect(
            r.stderr.hasPrefix("warning: invisible direction control U+202E (RIGHT-TO-LEFT OVERRIDE) in a comment\n"))
        #expect(r.stderr.contains("  --> t.scn:3:29\n"), "\(r.stderr)")
        #expect(r.stderr.contains("  --> t.scn:4:33\n"), "\(r.stderr)")
        #expect(r.stderr.contains("^^^^^^^^ if it is meant, write it as \\u{2066}"), "\(r.stderr)")
        let json = try dir.scn("check", "--json", "t.scn")
        #expect(json.status == 0)
        #expect(json.stdoutLines.filter { $0.contains("\"severity\":\"warning\"") }.count == 2, "\(json)")
        #expect(json.stdout.contains("\"type\":\"file\",\"file\":\"t.scn\",\"status\":\"ok\""), "\(json)")
        let test = try dir.scn("test", "t.scn")
        #expect(test.status == 0 && test.stdout.contains("1 passed, 0 failed"), "\(test)")
    }

    @Test func manyErrorsAreAllReported() throws {
        let dir = try TempDir()
        try dir.write(
            "many.scn", "sdk kindly\nlaunch background\nfrobnicate\npush kindly visible tilte \"A\"\nwait $later\n")
        let r = try dir.scn("check", "many.scn")
        #expect(r.status == 2)
        #expect(r.stderr.contains("--> many.scn:3:1\n"))
        #expect(r.stderr.contains("--> many.scn:4:21\n"))
        #expect(r.stderr.contains("--> many.scn:5:6\n"))
    }

    @Test func foldersAreCheckedRecursivelyInOrder() throws {
        let dir = try TempDir()
        try dir.write("lib/b.scn", Fixture.passing)
        try dir.write("lib/sub/a.scn", Fixture.twoCases)
        try dir.write("lib/a-b.scn", Fixture.failing)
        try dir.write("lib/.hidden/x.scn", "not a scenario {")
        try dir.write("lib/notes.txt", "not a scenario {")
        let r = try dir.scn("check", "lib")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "ok lib/a-b.scn (1 case)\nok lib/b.scn (1 case)\nok lib/sub/a.scn (2 cases)\n")

        // One bad file: the others are still checked, and the exit code is 2.
        try dir.write("lib/sub/bad.scn", "sdk kindly\nfrobnicate\n")
        let bad = try dir.scn("check", "lib", "lib/b.scn")
        #expect(bad.status == 2, "\(bad)")
        #expect(bad.stdout == "ok lib/a-b.scn (1 case)\nok lib/b.scn (1 case)\nok lib/sub/a.scn (2 cases)\n")
        #expect(bad.stderr.contains("--> lib/sub/bad.scn:2:1\n"))

        // A folder without scenarios is a warning, a missing path an error.
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let empty = try dir.scn("check", "empty")
        #expect(empty.status == 0)
        #expect(empty.stderr == "warning: no *.scn files under 'empty'\n")
        let missing = try dir.scn("check", "missing", "lib/b.scn")
        #expect(missing.status == 2)
        #expect(missing.stdout == "ok lib/b.scn (1 case)\n")
        #expect(missing.stderr.contains("missing"))
    }

    @Test func includesStayInsideTheFolderGiven() throws {
        let dir = try TempDir()
        try dir.write("lib/common.scn", "sdk kindly\nextension kindly\n")
        try dir.write("lib/cases/uses.scn", "include \"../common.scn\"\nlaunch background\n")
        // Checked through the folder, the include is inside the root.
        let viaFolder = try dir.scn("check", "lib")
        #expect(viaFolder.status == 0, "\(viaFolder)")
        // Checked directly, the root is the file's folder: the include leaves it.
        let direct = try dir.scn("check", "lib/cases/uses.scn")
        #expect(direct.status == 2, "\(direct)")
        #expect(direct.stderr.contains("--> lib/cases/uses.scn:1:9\n"), "\(direct)")
        #expect(direct.stderr.contains("is outside the scenario root"), "\(direct)")
    }

    @Test func theScenarioLibraryChecks() throws {
        let root = CLI.packageRoot
        let r = try CLI.run(["check", "Scenarios"], in: root)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdoutLines.filter { $0.hasPrefix("ok Scenarios/") }.count == scenarioFiles().count)
    }
}

/// Every `*.scn` under the package's Scenarios/, relative to the package root, sorted.
func scenarioFiles() -> [String] {
    let root = CLI.packageRoot.appendingPathComponent("Scenarios")
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
        if path.hasSuffix(".scn") { files.append("Scenarios/" + path) }
    }
    return files.sorted()
}
