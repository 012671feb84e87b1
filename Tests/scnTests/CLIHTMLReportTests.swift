import Foundation
import Testing

/// `scn test --html FILE`: one self-contained page with the summary and, for each failing and
/// known-bug case, its message, its sequence diagram as inline SVG and its trace. The page
/// in a real browser is .ci/checks/45-html-report.sh's.
@Suite struct CLIHTMLReportTests {
    static let fixture = "Tests/cli/html"

    /// Runs a Python script from Tests/cli on `page`; nil when python3 is not installed.
    static func python(_ script: String, _ page: URL) throws -> CLIResult? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        guard
            let exe = paths.map({ "\($0)/python3" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exe)
        process.arguments = [CLI.packageRoot.appendingPathComponent("Tests/cli/\(script)").path, page.path]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(
            status: process.terminationStatus, crashed: false, timedOut: false, stdoutData: stdout, stderrData: stderr)
    }

    @Test("the page holds the summary, and an SVG diagram and a trace per failing and known-bug case")
    func summaryDiagramsAndTraces() throws {
        let dir = try TempDir()
        let page = dir.url.appendingPathComponent("report.html")
        let r = try CLI.run(["test", Self.fixture, "--html", page.path], in: CLI.packageRoot)
        #expect(r.status == 1, "a case failed: \(r)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let closing = try #require(r.stdoutLines.dropLast().last)
        #expect(closing == "1 passed, 3 failed, 1 skipped, 1 known")
        #expect(html.contains("<title>scn test: \(closing)</title>"))
        #expect(
            html.contains("known bugs: 1 reproduced, 1 no longer reproduces\n\(closing)</pre>"), "the console's lines")
        #expect(html.contains("<b>1</b> file<") && html.contains("<b>6</b> cases"))
        let articles = html.components(separatedBy: "<article ").dropFirst()
        #expect(articles.count == 4, "2 failed, 1 KNOWN, 1 FIXED?")
        for (article, word) in zip(articles, ["FAIL", "KNOWN", "FIXED?", "FAIL"]) {
            #expect(article.contains(">\(word)</span>"))
            #expect(article.contains("<p class=\"where\">Tests/cli/html/stories.scn:"))
            #expect(article.contains("<svg "), "each has its diagram")
            #expect(article.contains("<details><summary>Whole trace ("), "each has its trace")
            #expect(article.contains("participant") == false && article.contains(">host app</text>"))
        }
        #expect(articles.dropFirst().first?.contains("known bug: <a href=\"https://example.com/issues/12\">") == true)
        #expect(html.contains("<td>a visible push shows its banner</td>"), "passing cases are listed compactly")
        #expect(html.contains("edna is covered by Scenarios/edna"), "with the skip's reason")
        #expect(!html.contains("<script"), "the hostile case name is text")
        #expect(
            html.contains(
                "&lt;/pre&gt;&lt;script&gt;undefinedFn()&lt;/script&gt; &quot;quoted&quot; &amp; &#39;single&#39;"))
        // The same messages `scn repro` draws in Mermaid.
        let repro = try CLI.run(["repro", "\(Self.fixture)/stories.scn"], in: CLI.packageRoot)
        #expect(repro.stdout.contains("    server->>APNs: p1 (kindly) visible, 390 bytes\n"))
        #expect(html.contains(">p1 (kindly) visible, 390 bytes</text>"))

        if let parsed = try Self.python("html-structure.py", page) {
            #expect(parsed.status == 0, "\(parsed)")
        } else {
            Issue.record("python3 is not installed: the page's structure was not checked")
        }
    }

    @Test("hostile case names (markup, quotes, direction controls) stay text in the page")
    func hostileNames() throws {
        let dir = try TempDir()
        let name =
            "</h3></article><script>alert(1)</script><img src=x onerror=alert(2)> \\\"q\\\" 's \u{202E}gnp.exe \u{2066}"
        try dir.write(
            "s/hostile.scn",
            "sdk kindly\nextension kindly\nlaunch background\n\ncase \"\(name)\" {\n"
                + "    push kindly visible title \"<i>Anna</i>\" body \"\u{202E}Hi\"\n    expect banner \"Bob\"\n}\n")
        let r = try dir.scn("test", "s", "--html", "out/page.html")
        #expect(r.status == 1, "\(r)")
        let html = try dir.read("out/page.html")
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("<i>"))
        #expect(!html.contains("\u{202E}") && !html.contains("\u{2066}"), "no direction control reaches the page")
        #expect(html.contains("\\u{202E}gnp.exe \\u{2066}"), "it is shown, escaped, as on a terminal")
        #expect(html.contains("&lt;/h3&gt;&lt;/article&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.components(separatedBy: "<svg ").count == 2)
        if let parsed = try Self.python("html-structure.py", dir.url.appendingPathComponent("out/page.html")) {
            #expect(parsed.status == 0, "\(parsed)")
        }
    }

    @Test("byte-identical across runs and whatever --jobs is")
    func deterministic() throws {
        let dir = try TempDir()
        var pages: [String] = []
        for (i, jobs) in ["1", "4", "2"].enumerated() {
            let page = dir.url.appendingPathComponent("p\(i).html").path
            let r = try CLI.run(
                ["test", "Scenarios/bugs", Self.fixture, "--jobs", jobs, "--html", page], in: CLI.packageRoot)
            #expect(r.status == 1, "\(r)")
            pages.append(try String(contentsOfFile: page, encoding: .utf8))
        }
        #expect(pages[0] == pages[1] && pages[1] == pages[2])
        #expect(pages[0].contains("known bugs: "))
    }

    @Test("--html is checked before the run, is in --help, and combines with the other reporters")
    func optionAndOtherReporters() throws {
        let dir = try TempDir()
        try dir.write("s/a.scn", "sdk kindly\nextension kindly\nlaunch background\npush kindly visible title \"A\"\n")
        try dir.write("blocker", "a file")
        let refused = try dir.scn("test", "s", "--html", "blocker/page.html")
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.hasPrefix("error: cannot write the --html report: cannot create 'blocker/page.html'"))
        #expect(refused.stdout.isEmpty, "nothing ran")
        let folder = try dir.scn("test", "s", "--html", "s")
        #expect(folder.status == 2 && folder.stderr.contains("'s' is a folder"), "\(folder)")
        let empty = try dir.scn("test", "s", "--html", "")
        #expect(empty.status == 2, "\(empty)")

        let all = try dir.scn("test", "s", "--tap", "--junit", "j.xml", "--json", "j.json", "--html", "h.html")
        #expect(all.status == 0, "\(all)")
        #expect(all.stdout.hasPrefix("TAP version 13\n"))
        let html = try dir.read("h.html")
        #expect(html.contains("<title>scn test: 1 passed, 0 failed</title>"))
        #expect(!html.contains("<article "), "nothing to tell when everything passed")
        #expect(try dir.read("j.xml").contains("<testsuites"))
        #expect(try dir.read("j.json").contains("\"summary\""))

        let help = try dir.scn("test", "--help")
        #expect(help.stdout.contains("--html FILE"), "\(help)")
    }
}
