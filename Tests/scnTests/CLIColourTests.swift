import Foundation
import Testing

/// Colour only on a terminal, and never with NO_COLOR (docs/TOOL.md).
@Suite struct CLIColourTests {
    static let escape = "\u{1B}["

    /// Whether `text` holds an SGR sequence (colour, bold: ESC [ digits;… m). Other control
    /// sequences, like the progress line's erase-line on a terminal, are not colour.
    static func hasColour(_ text: String) -> Bool {
        var rest = Substring(text)
        while let start = rest.range(of: escape) {
            rest = rest[start.upperBound...]
            let parameters = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ";") }
            if rest.dropFirst(parameters.count).first == "m" { return true }
        }
        return false
    }

    func folder() throws -> TempDir {
        let dir = try TempDir()
        try dir.write("two.scn", Fixture.twoCases)
        try dir.write("bad.scn", "sdk kindly\npush kindly visible tilte \"Anna\"\n")
        return dir
    }

    static let commands: [[String]] = [
        ["run", "two.scn"], ["run", "--trace", "two.scn"], ["check", "bad.scn"], ["run", "bad.scn"],
        ["test", "two.scn"], ["test", "two.scn", "--tap"], ["repro", "two.scn"], ["fmt", "--check", "bad.scn"],
        ["help"],
    ]

    @Test(arguments: commands)
    func noEscapesWhenNotATerminal(arguments: [String]) throws {
        let dir = try folder()
        for environment in [[:], ["TERM": "xterm-256color"], ["NO_COLOR": "1", "TERM": "xterm-256color"]] {
            let r = try dir.scn(arguments, environment: environment)
            #expect(r.exited)
            #expect(!r.stdout.contains(Self.escape), "\(arguments) \(environment): \(r)")
            #expect(!r.stderr.contains(Self.escape), "\(arguments) \(environment): \(r)")
        }
    }

    @Test func colourDetection() {
        #expect(Self.hasColour("a \u{1B}[31mFAIL\u{1B}[0m"))
        #expect(Self.hasColour("\u{1B}[1;32mok"))
        #expect(!Self.hasColour("\u{1B}[2Kprogress"))
        #expect(!Self.hasColour("plain [0m"))
    }

    @Test(arguments: [["run", "two.scn"], ["check", "bad.scn"], ["test", "two.scn"], ["run", "bad.scn"]])
    func colourOnATerminalUnlessNoColor(arguments: [String]) throws {
        let dir = try folder()
        let coloured = try CLI.runOnTerminal(arguments, in: dir.url, environment: ["TERM": "xterm-256color"])
        #expect(Self.hasColour(coloured.output), "\(arguments): no colour on a terminal:\n\(coloured.output)")

        for value in ["1", "", "0"] {
            let plain = try CLI.runOnTerminal(
                arguments, in: dir.url, environment: ["TERM": "xterm-256color", "NO_COLOR": value])
            #expect(plain.status == coloured.status)
            #expect(!Self.hasColour(plain.output), "\(arguments) NO_COLOR=\(value):\n\(plain.output)")
            #expect(!plain.output.isEmpty)
        }
        let dumb = try CLI.runOnTerminal(arguments, in: dir.url, environment: ["TERM": "dumb"])
        #expect(!Self.hasColour(dumb.output), "\(arguments) TERM=dumb:\n\(dumb.output)")
    }
}
