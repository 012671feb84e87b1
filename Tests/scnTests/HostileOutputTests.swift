import Foundation
import Testing

/// Strings from a scenario or a payload never reach the terminal raw: escape sequences,
/// bells, carriage returns, line feeds that would forge a report line, and bidirectional
/// controls are printed escaped by every command (a scenario from a bug report must not
/// be able to drive the reader's terminal or fake a result).
@Suite struct HostileOutputTests {
    /// A case name with a line feed that forges a `PASS` line, an escape sequence, a bell
    /// and U+202E; a banner title from the payload with an OSC sequence; an expected value
    /// with a colour code; all inside a file whose name holds an ESC.
    static let scenario = """
        sdk kindly
        extension kindly

        case "x\\nPASS forged.scn › all good\\u{1B}[2J\\u{7}\\u{202E}evil" {
            launch background
            push raw {aps: {alert: {title: "T\\u{1B}]0;pwn\\u{7}\\u{202E}", body: "B\\r"}}}
            expect banner "\\u{1B}[31mred" "B"
        }

        """

    /// Raw control bytes in the file itself (inside string literals).
    static let rawBytes =
        "sdk kindly\ncase \"raw\u{1B}[2J\u{7} name\" {\n    launch background\n"
        + "    push raw {aps: {alert: \"x\u{1B}[5m\"}}\n    expect banner \"\u{1B}[31m\"\n}\n"

    static let fileName = "inj\u{1B}[1m.scn"

    /// No byte of `text` drives a terminal: no C0 control but the line feed, no DEL or C1,
    /// no bidirectional control, and no line that pretends to be a result.
    static func expectSafe(_ text: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let bad =
                (v < 0x20 && scalar != "\n") || (v >= 0x7F && v < 0xA0) || (v >= 0x202A && v <= 0x202E)
                || (v >= 0x2066 && v <= 0x2069) || v == 0x200E || v == 0x200F || v == 0x2028 || v == 0x2029
            #expect(
                !bad, "U+\(String(v, radix: 16)) reached the terminal in \(context)", sourceLocation: sourceLocation)
            if bad { break }
        }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            !lines.contains { $0.hasPrefix("PASS forged.scn") }, "a forged line in \(context):\n\(text)",
            sourceLocation: sourceLocation)
    }

    @Test("run, run --trace, test, test --verbose, repro, check and fmt --check escape every scenario string")
    func everyCommandEscapes() throws {
        let dir = try TempDir()
        try dir.write("s/" + Self.fileName, Self.scenario)
        try dir.write("s/raw.scn", Self.rawBytes)
        let commands: [[String]] = [
            ["run", "s"], ["run", "--trace", "s"], ["test", "s"], ["test", "--verbose", "s"],
            ["test", "--list", "s"], ["repro", "s/" + Self.fileName], ["repro", "s/raw.scn"],
            ["check", "s"], ["fmt", "--check", "s"],
        ]
        for arguments in commands {
            let r = try dir.scn(arguments)
            #expect(r.exited, "\(arguments): \(r)")
            Self.expectSafe(r.stdout, "stdout of \(arguments)")
            Self.expectSafe(r.stderr, "stderr of \(arguments)")
        }
        // What was escaped is still readable.
        let run = try dir.scn("run", "s/" + Self.fileName)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("x\\nPASS forged.scn › all good\\u{1B}[2J\\u{7}\\u{202E}evil"), "\(run)")
        #expect(run.stdout.contains("inj\\u{1B}[1m.scn"), "\(run)")
        #expect(run.stdout.contains("\"T\\u{1B}]0;pwn\\u{7}\\u{202E}\""), "\(run)")
    }

    @Test("a check error about a name with control characters is escaped")
    func diagnosticsEscape() throws {
        let dir = try TempDir()
        try dir.write("bad.scn", "sdk kindly\nlaunch \"\u{1B}[2J\u{202E}\"\n")
        let r = try dir.scn("check", "bad.scn")
        #expect(r.status == 2, "\(r)")
        Self.expectSafe(r.stderr, "check")
        #expect(r.stderr.contains("\\u{1B}[2J\\u{202E}"), "\(r)")
    }

    @Test("JSON, JUnit and TAP keep their own escaping")
    func structuredReportsAreTheirOwn() throws {
        let dir = try TempDir()
        try dir.write("s/a.scn", Self.scenario)
        let r = try dir.scn("test", "s", "--json", "out.json", "--junit", "out.xml")
        #expect(r.status == 1, "\(r)")
        let json = try dir.read("out.json")
        #expect(json.contains("\\u001b") || json.contains("\\u001B"), "\(json)")
        let xml = try dir.read("out.xml")
        #expect(!xml.unicodeScalars.contains("\u{1B}"), "\(xml)")
        let tap = try dir.scn("test", "--tap", "s")
        Self.expectSafe(tap.stdout, "TAP")
    }
}
