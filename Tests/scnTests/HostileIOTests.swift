import Foundation
import Testing

/// Hostile inputs aimed at what the tool writes and echoes: a full disk, symbolic links
/// given to `fmt`, raw bytes on the command line, a `--filter` built to backtrack, direction
/// controls in reports, warnings that fan out, `scn apns` names too long for a file. Each
/// runs the `scn` binary in a process of its own and must end with a clear error or the
/// right result.
@Suite struct HostileIOTests {
    static let scenario = "sdk kindly\ncase \"a\" {\n    launch background\n    push raw {aps: {alert: \"x\"}}\n}\n"

    static func expectEnds(
        _ r: CLIResult, status: Int32, _ needle: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(r.exited, "\(r)", sourceLocation: sourceLocation)
        #expect(r.status == status, "\(r)", sourceLocation: sourceLocation)
        #expect((r.stdout + r.stderr).contains(needle), "\(r)", sourceLocation: sourceLocation)
    }

    /// `/dev/full` is still the device it was (a report is written in place, never renamed over it).
    static func expectFullDeviceIntact(sourceLocation: SourceLocation = #_sourceLocation) {
        let type = (try? FileManager.default.attributesOfItem(atPath: "/dev/full"))?[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial, "\(String(describing: type))", sourceLocation: sourceLocation)
    }

    // MARK: Output lost to a full disk

    @Test(
        "a report to a full disk is an error naming the path",
        arguments: ["--junit", "--json", "--html"])
    func reportToAFullDisk(option: String) throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let dir = try TempDir()
        try dir.write("s/a.scn", Self.scenario)
        let r = try dir.scn("test", "s", option, "/dev/full")
        Self.expectEnds(r, status: 2, "error: cannot write '/dev/full' (No space left on device)")
        Self.expectFullDeviceIntact()
    }

    @Test(
        "standard output on a full disk is an error naming it, for every command that writes there",
        arguments: [
            ["run", "a.scn"], ["run", "--json", "a.scn"], ["run", "--trace", "a.scn"], ["repro", "a.scn"],
            ["test", "a.scn"], ["test", "--tap", "a.scn"], ["test", "--list", "a.scn"], ["check", "a.scn"],
            ["check", "--json", "a.scn"], ["fmt", "-"], ["apns", "a.scn", "--out", "out"], ["help"],
            ["help", "--markdown"], ["completion", "bash"], ["--version"],
        ])
    func standardOutputOnAFullDisk(arguments: [String]) throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let dir = try TempDir()
        try dir.write("a.scn", Self.scenario)
        let r = try CLI.run(arguments, in: dir.url, input: Data(Self.scenario.utf8), stdoutPath: "/dev/full")
        Self.expectEnds(r, status: 2, "error: cannot write standard output")
        #expect(r.stderr.contains("No space left on device"), "\(r)")
        #expect(r.stderr.contains("'/dev/full'"), "names the path: \(r)")
    }

    @Test("a closed pipe is not lost output: the reader chose to stop")
    func closedPipe() throws {
        let dir = try TempDir()
        try dir.write("a.scn", Self.scenario)
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["help", "--markdown"]
        process.currentDirectoryURL = dir.url
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try pipe.fileHandleForReading.close()
        #expect(!(try CLI.runToEnd(process)))
        #expect(process.terminationStatus == 0)
    }

    @Test("a report file is written beside its name and renamed: no partial file is left, an old one is replaced")
    func reportsAreReplacedWhole() throws {
        let dir = try TempDir()
        try dir.write("s/a.scn", Self.scenario)
        try dir.write("r/junit.xml", "old")
        try dir.write("r/junit.xml.partial", "a file of the user's")
        let r = try dir.scn("test", "s", "--junit", "r/junit.xml", "--json", "r/report.json")
        #expect(r.status == 0, "\(r)")
        #expect(try dir.read("r/junit.xml").hasPrefix("<?xml"))
        #expect(try dir.read("r/junit.xml.partial") == "a file of the user's")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("r").path)
        #expect(names.sorted() == ["junit.xml", "junit.xml.partial", "report.json"])
    }

    // MARK: fmt and symbolic links

    @Test("fmt does not follow a file symlink or a folder symlink out of the folder it was given")
    func fmtAndSymbolicLinks() throws {
        let dir = try TempDir()
        let messy = "sdk kindly\nlaunch   background\n"
        try dir.write("outside/t.scn", messy)
        try dir.write("outside/d/u.scn", messy)
        try dir.write("in/own.scn", messy)
        let fm = FileManager.default
        try fm.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("in/link.scn").path, withDestinationPath: "../outside/t.scn")
        try fm.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("in/dir").path, withDestinationPath: "../outside/d")
        let r = try dir.scn("fmt", "in")
        #expect(r.status == 0, "\(r)")
        #expect(r.stderr.contains("warning: skipped 'in/link.scn' is a symbolic link"), "\(r)")
        #expect(r.stderr.contains("warning: skipped 'in/dir/u.scn' is reached through a symbolic link"), "\(r)")
        #expect(try dir.read("outside/t.scn") == messy)
        #expect(try dir.read("outside/d/u.scn") == messy)
        #expect(try dir.read("in/own.scn") == "sdk kindly\nlaunch background\n")
        // Named directly, a link is refused; --check does not read through it either.
        Self.expectEnds(try dir.scn("fmt", "in/link.scn"), status: 2, "is a symbolic link; fmt does not follow links")
        Self.expectEnds(try dir.scn("fmt", "--check", "in/link.scn"), status: 2, "is a symbolic link")
        #expect(try dir.read("outside/t.scn") == messy)
        let isLink = (try fm.attributesOfItem(atPath: dir.url.appendingPathComponent("in/link.scn").path))[.type]
        #expect(isLink as? FileAttributeType == .typeSymbolicLink)
    }

    // MARK: fmt is idempotent

    /// Inputs of the hostile suites, and the shapes that once made `fmt` unstable.
    static let hostileTexts: [String] = [
        "sdk kindly\n# x\r \r\r\nlaunch background # y \r\r\n",
        "sdk kindly\r\n# a\rb\r\nlaunch background\r\n",
        "sdk kindly\n#\r\n#\r\r\r\ncase \"c\" { # \r\n    launch background\r\n}\r\n",
        "sdk kindly\ncase \"a\u{202E}b\u{1B}[2J\" {\n    launch background # \u{202E} hidden\n}\n",
        HostileInputTests.exponential(3, then: "let s = \"${a}\""),
        HostileInputTests.recursion,
        "sdk kindly\n" + String(repeating: "# comment\n", count: 5_000) + "launch background\n",
        "sdk kindly\nlet n = 99999999999999999999\nlaunch background\nexpect banners $n\n",
        "sdk kindly\nlaunch background\nrepeat 500000 { push raw {aps: {alert: \"x\"}} }\n",
    ]

    @Test("fmt is idempotent on every file of Scenarios/ and on the hostile suites' inputs")
    func fmtIsIdempotent() throws {
        let dir = try TempDir()
        let scenarios = CLI.packageRoot.appendingPathComponent("Scenarios")
        for copy in ["once", "twice"] {
            try FileManager.default.copyItem(at: scenarios, to: dir.url.appendingPathComponent(copy))
            for (i, text) in Self.hostileTexts.enumerated() { try dir.write("\(copy)/hostile/h\(i).scn", text) }
        }
        // Every file that parses is formatted; one that does not is left alone (and says so).
        _ = try dir.scn("fmt", "once", "twice")
        _ = try dir.scn("fmt", "twice")
        let check = try dir.scn("fmt", "--check", "twice")
        #expect(check.stdout.isEmpty, "a second fmt would still change: \(check)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: dir.url.appendingPathComponent("once").path)
            .filter { $0.hasSuffix(".scn") }
        #expect(files.count > Self.hostileTexts.count)
        for file in files {
            #expect(try dir.read("once/\(file)") == (try dir.read("twice/\(file)")), "\(file)")
        }
    }

    // MARK: Raw bytes from argv

    @Test(
        "an argument with ESC, BEL or a direction control is escaped in every usage error",
        arguments: [
            ["\u{1B}[2J\u{07}"], ["--\u{1B}]0;x\u{07}"], ["test", "--bogus\u{1B}[2J"],
            ["run", "--bogus\u{1B}[2J", "a.scn"],
            ["explore", "--root", "\u{1B}[2J", "a.scn"], ["run", "--root", "\u{1B}[2J", "a.scn"],
            ["apns", "a.scn", "--out", "o", "--root", "\u{1B}[2J"], ["test", "--filter", "(\u{1B}[2J", "."],
            ["run", "--filter", "(\u{1B}[2J", "a.scn"], ["test", "--tags", "a \u{1B}[2J\u{202E}", "."],
            ["test", "--tags", "a or\n\u{1B}[2J", "."], ["help", "\u{1B}[2J"], ["completion", "\u{1B}[2J"],
            ["test", "--jobs", "\u{1B}[2J", "."],
        ])
    func argumentsAreEscaped(arguments: [String]) throws {
        let dir = try TempDir()
        try dir.write("a.scn", Self.scenario)
        let r = try dir.scn(arguments)
        #expect(r.exited && r.status == 2, "\(r)")
        let all = r.stdout + r.stderr
        #expect(!all.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" }, "\(r)")
        #expect(all.contains("\\u{1B}"), "\(r)")
    }

    // MARK: --filter

    @Test("--filter '(a|a)*b' on a 40-character name ends at once: the matcher does not backtrack")
    func filterDoesNotBacktrack() throws {
        let dir = try TempDir()
        let name = String(repeating: "a", count: 40)
        try dir.write("s/l.scn", "sdk kindly\ncase \"\(name)\" {\n    launch background\n}\n")
        for pattern in ["(a|a)*b", "(a*)*b", "(a|aa)*q", "^(a+)+$x", "(.*a){20}z"] {
            let r = try dir.scn("test", "s", "--filter", pattern)
            Self.expectEnds(r, status: 0, "no cases selected")
        }
        let hit = try dir.scn("test", "s", "--filter", "› (a|a)*$")
        #expect(hit.status == 0 && hit.stdout.contains("1 passed"), "\(hit)")
    }

    @Test("the --filter window is 512 bytes: 512 letters with 400 combining marks each are not searched whole")
    func filterWindowInBytes() throws {
        let dir = try TempDir()
        let letter = "a" + String(repeating: "\u{0301}", count: 400)
        let name = String(repeating: letter, count: 512) + "z"
        try dir.write("s/l.scn", "sdk kindly\ncase \"\(name)\" {\n    launch background\n}\n")
        Self.expectEnds(try dir.scn("test", "s", "--filter", "z"), status: 0, "no cases selected")
        Self.expectEnds(try dir.scn("test", "s", "--filter", ".*z"), status: 0, "no cases selected")
    }

    @Test("backreferences and lookaround are refused with a message")
    func filterRefusesBacktrackingConstructs() throws {
        let dir = try TempDir()
        try dir.write("a.scn", Self.scenario)
        Self.expectEnds(try dir.scn("test", "--filter", "(a)\\1", "a.scn"), status: 2, "backreferences")
        Self.expectEnds(try dir.scn("test", "--filter", "a(?=b)", "a.scn"), status: 2, "lookaround")
        Self.expectEnds(try dir.scn("test", "--filter", "a{1001}", "a.scn"), status: 2, "at most 1000")
        Self.expectEnds(try dir.scn("test", "--filter", "(a{1000}){1000}", "a.scn"), status: 2, "too complex")
        let deep = String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000)
        Self.expectEnds(try dir.scn("test", "--filter", deep, "a.scn"), status: 2, "nests groups more than 64 deep")
        Self.expectEnds(
            try dir.scn("test", "--filter", "a" + String(repeating: "*", count: 10_000), "a.scn"), status: 2,
            "a quantifier after a quantifier")
    }

    // MARK: Direction controls in reports, warnings per run

    @Test("U+202E in a case name is escaped in scn run --json, scn test --json and JUnit")
    func directionControlsInReports() throws {
        let dir = try TempDir()
        try dir.write("s/a.scn", "sdk kindly\ncase \"a\u{202E}b\u{200B}c\" {\n    launch background\n}\n")
        let run = try dir.scn("run", "--json", "s/a.scn")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("a\\u202eb\\u200bc"), "\(run)")
        let test = try dir.scn("test", "s", "--json", "r.json", "--junit", "r.xml")
        #expect(test.status == 0, "\(test)")
        let json = try dir.read("r.json")
        let xml = try dir.read("r.xml")
        #expect(json.contains("a\\u202eb\\u200bc"), "\(json)")
        #expect(xml.contains("a&#x202E;b&#x200B;c"), "\(xml)")
        for text in [run.stdout, json, xml] {
            #expect(!text.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" })
        }
        // Still valid JSON, and the name reads back as it was.
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        #expect("\(object)".contains("a\u{202E}b\u{200B}c"))
    }

    @Test("1,000 includes of 100 warnings each: the check stops after 100 warnings")
    func warningsAreCappedPerRun() throws {
        let dir = try TempDir()
        let warned = String(repeating: "# \u{202E}\n", count: 100)
        var main = "sdk kindly\n"
        for i in 0..<1_000 {
            try dir.write("w/i\(i).scn", warned)
            main += "include \"i\(i).scn\"\n"
        }
        main += "launch background\n"
        try dir.write("w/main.scn", main)
        for arguments in [["check", "w/main.scn"], ["run", "w/main.scn"], ["test", "w/main.scn"]] {
            let r = try dir.scn(arguments)
            #expect(r.exited && r.status == 0, "\(r.stdout.prefix(300)) \(r.stderr.prefix(300))")
            if arguments[0] == "check" {
                #expect(r.stderr.contains("too many warnings: stopped after 100"), "\(r.stderr.suffix(300))")
            }
            #expect(r.stderr.utf8.count < 200_000, "\(arguments): \(r.stderr.utf8.count) bytes")
        }
    }

    // MARK: The language server

    static func frame(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n" + body }

    @Test("scn lsp: a Content-Length of -5, a body nested 21,000 deep and a 10 MB document each cost one error; initialize is answered")
    func languageServer() throws {
        let dir = try TempDir()
        let initialize = #"{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"capabilities":{}}}"#
        let big = String(repeating: "wait 1s\\n", count: 1_300_000)
        let open =
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/x/a.scn","languageId":"scn","version":1,"text":""#
            + big + #""}}}"#
        let input =
            "Content-Length: -5\r\n\r\n" + initialize + Self.frame(String(repeating: "[", count: 21_000))
            + Self.frame(initialize) + Self.frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
            + Self.frame(open) + Self.frame(#"{"jsonrpc":"2.0","id":8,"method":"shutdown"}"#)
            + Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let r = try CLI.run(["lsp"], in: dir.url, input: Data(input.utf8))
        #expect(r.exited && r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""id":7,"jsonrpc":"2.0","result""#), "\(r.stdout.prefix(2000))")
        #expect(r.stdout.contains("Content-Length is not a number: '-5'"), "\(r.stdout.prefix(2000))")
        #expect(r.stdout.contains("nests more than 64 levels"), "\(r.stdout.prefix(2000))")
        #expect(r.stdout.contains("larger than 4194304 bytes"), "\(r.stdout.prefix(2000))")
        #expect(r.stdout.contains(#""id":8"#))
        #expect(r.stdout.utf8.count < 10_000, "\(r.stdout.utf8.count) bytes")
    }

    // MARK: scn apns writes all or nothing

    @Test("scn apns: a case name too long for a file name is cut, and a failed write leaves nothing")
    func apnsAllOrNothing() throws {
        let dir = try TempDir()
        let long = String(repeating: "x", count: 300)
        try dir.write(
            "a.scn",
            "sdk kindly\ncase \"\(long)\" {\n    launch background\n    push raw {aps: {alert: \"a\"}}\n}\n"
                + "case \"b\" {\n    launch background\n    push raw {aps: {alert: \"b\"}}\n}\n")
        let r = try dir.scn("apns", "a.scn", "--out", "out")
        #expect(r.status == 0, "\(r)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("out").path)
        #expect(names.count == 2, "\(names)")
        #expect(names.allSatisfy { $0.utf8.count <= 255 && !$0.hasPrefix(".") }, "\(names)")

        // The second file cannot be written (a folder holds its name): the first is not left behind.
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("fail/b-p1.apns"), withIntermediateDirectories: true)
        let failed = try dir.scn("apns", "a.scn", "--out", "fail")
        Self.expectEnds(failed, status: 2, "nothing was written")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("fail").path)
        #expect(left == ["b-p1.apns"], "\(left)")
    }
}
