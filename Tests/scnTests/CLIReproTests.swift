import Foundation
import Testing

/// `scn repro` on a real bug file: Markdown that cmark-gfm (GitHub's renderer) renders with
/// a Mermaid block and a `<details>` block, whose embedded scenario runs to the same result.
@Suite struct CLIReproTests {
    static let bugFile = "Scenarios/bugs/deltachat-2671-delegate-too-late.scn"

    /// Runs a program from PATH on `input`; nil when it is not installed.
    static func tool(_ name: String, _ arguments: [String], input: String) throws -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        guard
            let exe = paths.map({ "\($0)/\(name)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        let dir = try TempDir()
        _ = try dir.write("in.md", input)
        let inURL = dir.url.appendingPathComponent("in.md").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exe)
        process.arguments = arguments + [inURL]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("the report renders as GitHub-flavoured Markdown: result first, mermaid, details")
    func rendersWithCmarkGFM() throws {
        let dir = try TempDir()
        let r = try CLI.run(["repro", Self.bugFile], in: CLI.packageRoot)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdoutLines.first?.hasPrefix("**Result:** ") == true)
        #expect(r.stdoutLines.first?.contains("known bugs reproduced") == true)
        #expect(r.stdout.contains("delegate-assigned at-start"), "the setting that differs is named")
        #expect(r.stdout.contains("+ [   0.000s] tap-lost:"), "the first difference, highlighted")
        guard let html = try Self.tool("cmark-gfm", ["--unsafe", "-e", "table"], input: r.stdout) else {
            Issue.record("cmark-gfm is not installed (Debian: apt-get install cmark-gfm)")
            _ = dir
            return
        }
        #expect(html.hasPrefix("<p><strong>Result:</strong> "))
        #expect(html.contains("<pre lang=\"mermaid\"") || html.contains("class=\"language-mermaid\""))
        #expect(html.contains("sequenceDiagram"))
        #expect(html.contains("<details><summary>Trace of"))
        #expect(html.contains("class=\"language-diff\"") || html.contains("<pre lang=\"diff\""))
    }

    @Test("the embedded scenario, saved and run, gives the same result; the report is deterministic")
    func embeddedScenarioRunsTheSame() throws {
        let first = try CLI.run(["repro", Self.bugFile], in: CLI.packageRoot)
        let second = try CLI.run(["repro", Self.bugFile], in: CLI.packageRoot)
        #expect(first.stdout == second.stdout)
        let text = first.stdout
        let start = try #require(text.range(of: "```scn\n"))
        let end = try #require(text.range(of: "\n```\n", range: start.upperBound..<text.endIndex))
        let scenario = String(text[start.upperBound..<end.lowerBound]) + "\n"
        let dir = try TempDir()
        try dir.write("saved.scn", scenario)
        let run = try dir.scn("run", "saved.scn")
        #expect(run.status == 0, "\(run)")
        let words = run.stdoutLines.filter { !$0.hasPrefix(" ") && !$0.isEmpty }.map {
            String($0.prefix(while: { $0 != " " }))
        }
        let results = try #require(
            text.components(separatedBy: "### Results\n\n").last?.components(separatedBy: "\n\n").first)
        let reported = results.split(separator: "\n").filter { $0.hasPrefix("- ") }.map {
            String($0.dropFirst(2).prefix(while: { $0 != " " }))
        }
        #expect(words == reported, "\(run)")
        #expect(words.contains("KNOWN") && words.contains("PASS"))
    }

    @Test("includes are inlined, so the report stands alone")
    func includesAreInlined() throws {
        let dir = try TempDir()
        try dir.write(
            "lib/common.scn", "def cold_tap {\n    launch killed\n    push kindly visible title \"Anna\"\n    tap\n}\n")
        try dir.write(
            "bug.scn", "sdk kindly\nextension kindly\ninclude \"lib/common.scn\"\ncold_tap\nexpect chat open\n")
        let r = try dir.scn("repro", "bug.scn")
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("# include \"lib/common.scn\", inlined:\ndef cold_tap {"), "\(r)")
        #expect(!r.stdout.contains("\ninclude \"lib/common.scn\"\n"))
    }
}
