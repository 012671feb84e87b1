import Foundation
import NotificationCore
import ScenarioRuntime
import StandardVocabulary
import Testing

@testable import ScenarioTesting

/// The HTML report's parts: the one escape function, the diagram's one selection and its two
/// renderers, and the page built from a suite's results.
@Suite struct HTMLReportTests {
    /// A short story: the install, a push that arrives and one that is dropped, a banner, a
    /// wait, an error thrown back, and bookkeeping the diagram leaves out.
    static let trace: [TraceEvent] = [
        TraceEvent(time: 0, kind: .install, text: "kindly 3.0.12, extension kindly"),
        TraceEvent(time: 0, kind: .keychain, text: "Kindly stores the key"),
        TraceEvent(time: 0, kind: .step, text: "push kindly visible title \"Anna\""),
        TraceEvent(time: 0, kind: .server, text: "Kindly stores m1 in chat-1"),
        TraceEvent(time: 0, kind: .pushSent, text: "p1 (kindly) visible, 390 bytes: {\"aps\":{}}"),
        TraceEvent(time: 0, kind: .delivered, text: "p1 (app background): alert"),
        TraceEvent(time: 0, kind: .bannerShown, text: "b1 from p1: \"Anna\""),
        TraceEvent(time: 0, kind: .step, text: "wait 1m30s"),
        TraceEvent(time: 90_000, kind: .dropped, text: "p2: expired"),
        TraceEvent(time: 90_000, kind: .error, text: "start() threw notStarted"),
    ]

    @Test("one escape function: markup, quotes, control and direction characters cannot break the page")
    func escapesHostileText() {
        let hostile = "</pre><script>alert(1)</script> \"double\" 'single' & \u{202E}evil\u{2066} \u{0}\r\n\u{FFFE}"
        let escaped = HTML.escape(hostile)
        for raw in ["<", ">", "\"", "'", "\u{202E}", "\u{2066}", "\u{0}", "\r", "\n", "\u{FFFE}"] {
            #expect(!escaped.contains(raw), "\(raw.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(
            escaped
                == "&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;double&quot; &#39;single&#39; &amp; "
                + "\\u{202E}evil\\u{2066} \\u{0}\\r\\n\\u{FFFE}")
        #expect(HTML.escape("a\n\tb\r", keepingLineBreaks: true) == "a\n\tb\\r", "a <pre> keeps its lines")
        #expect(HTML.escape("Zoë 日本 🙂") == "Zoë 日本 🙂", "other text is left as it is")
    }

    @Test("the diagram's messages are chosen once; Mermaid and SVG draw the same rows")
    func oneSelectionTwoRenderers() {
        let diagram = SequenceDiagram(trace: Self.trace)
        #expect(diagram.entries.count == 7, "the keychain, the step and the server's store are bookkeeping")
        let mermaid = diagram.mermaid()
        #expect(
            mermaid == """
                sequenceDiagram
                    participant server as server
                    participant APNs as APNs
                    participant iOS as iOS
                    participant host as host app
                    participant SDK as SDK
                    participant user as user
                    Note over host: install: kindly 3.0.12, extension kindly
                    server->>APNs: p1 (kindly) visible, 390 bytes
                    APNs->>iOS: delivered p1 (app background): alert
                    iOS->>user: banner b1 from p1: "Anna"
                    Note over iOS,user: wait 1m30s (now 90s)
                    APNs-xiOS: dropped p2: expired
                    SDK--xhost: start() threw notStarted

                """)
        let svg = diagram.svg(title: "t")
        let messages = diagram.entries.filter { if case .message = $0.item { true } else { false } }.count
        #expect(occurrences(of: "<line class=\"msg", in: svg) == messages)
        #expect(occurrences(of: "<rect class=\"note\"", in: svg) == diagram.entries.count - messages)
        #expect(occurrences(of: "<path class=\"cross\"", in: svg) == 2, "dropped and thrown are crossed out")
        #expect(occurrences(of: "<line class=\"msg dashed\"", in: svg) == 1, "the error is a dashed reply")
        #expect(svg.contains(">90s</text>"), "the time column moves on with the clock")
        #expect(!svg.contains(" id="), "a page holds many diagrams: no ids to clash")
        #expect(diagram.participants == [.server, .apns, .iOS, .host, .sdk, .user], "the extension plays no part")
        #expect(occurrences(of: "<rect class=\"who\"", in: svg) == 2 * 6, "a box above and below each actor's lifeline")
        #expect(!svg.contains(">extension</text>"))
    }

    @Test("the SVG's size follows its rows; a long label is shortened to the width")
    func svgSizeAndLabels() throws {
        func height(_ svg: String) throws -> Double {
            let value = try #require(svg.firstMatch(of: /height="([0-9.]+)"/)?.1)
            return try #require(Double(value))
        }
        let short = SequenceDiagram(trace: Array(Self.trace.prefix(6)))
        let long = SequenceDiagram(trace: Self.trace)
        #expect(try height(long.svg(title: "")) > height(short.svg(title: "")))
        let text = String(repeating: "very long label ", count: 40)
        let wide = SequenceDiagram(entries: [
            .init(time: 0, item: .message(from: .server, to: .user, arrow: .arrives, text: text)),
            .init(time: 0, item: .note(first: .sdk, last: .sdk, text: text)),
        ])
        let svg = wide.svg(title: "")
        let width = SequenceDiagram.SVGLayout(drawn: wide.participants).width
        for match in svg.matches(of: /<text class="label" x="([0-9.]+)"[^>]*>([^<]*)<\/text>/) {
            let x = try #require(Double(match.1))
            let label = String(match.2)
            #expect(label.hasSuffix("…"))
            #expect(x + Double(label.count) * SequenceDiagram.SVGLayout.character <= width, "\(label)")
        }
    }

    @Test("a callback ends where the trace says it went; host lines are notes over the host")
    func callbacksEndAtTheirReceiver() {
        let trace: [TraceEvent] = [
            TraceEvent(time: 0, kind: .step, text: "tap"),
            TraceEvent(time: 0, kind: .delegate, text: "didReceive(response) p1 → own delegate"),
            TraceEvent(time: 0, kind: .host, text: "own delegate handles the tap; Kindly never hears of it"),
            TraceEvent(time: 0, kind: .delegate, text: "willPresent p2 → kindly delegate"),
            TraceEvent(time: 0, kind: .delegate, text: "willPresent p3 → forwarding delegate"),
            TraceEvent(time: 0, kind: .delegate, text: "didReceiveRemoteNotification p4 (app foreground)"),
            TraceEvent(time: 0, kind: .decryption, text: "p4 decrypted by the SDK"),
        ]
        let diagram = SequenceDiagram(trace: trace)
        #expect(
            diagram.entries.map(\.item) == [
                .message(from: .iOS, to: .host, arrow: .arrives, text: "didReceive(response) p1 → own delegate"),
                .note(first: .host, last: .host, text: "host: own delegate handles the tap; Kindly never hears of it"),
                .message(from: .iOS, to: .sdk, arrow: .arrives, text: "willPresent p2 → kindly delegate"),
                .message(from: .iOS, to: .host, arrow: .arrives, text: "willPresent p3 → forwarding delegate"),
                .message(
                    from: .iOS, to: .host, arrow: .arrives, text: "didReceiveRemoteNotification p4 (app foreground)"),
                .note(first: .sdk, last: .sdk, text: "p4 decrypted by the SDK"),
            ])
        #expect(diagram.participants == [.iOS, .host, .sdk])
        let wait = SequenceDiagram(entries: [
            .init(time: 0, item: .message(from: .apns, to: .iOS, arrow: .arrives, text: "delivered")),
            .init(time: 0, item: .note(first: .iOS, last: .user, text: "wait 1s")),
        ])
        #expect(wait.participants == [.apns, .iOS], "a wide note spans the actors, it adds none")
        #expect(wait.mermaid().contains("Note over iOS: wait 1s"))
        #expect(SequenceDiagram(entries: []).participants == [.host])
    }

    @Test("durations as the trace writes them")
    func waitDurations() {
        #expect(SequenceDiagram.milliseconds("500ms") == 500)
        #expect(SequenceDiagram.milliseconds("61s") == 61_000)
        #expect(SequenceDiagram.milliseconds("1h1m1s") == 3_661_000)
        #expect(SequenceDiagram.milliseconds("soon") == nil)
        #expect(SequenceDiagram.milliseconds("") == nil)
        #expect(SequenceDiagram.milliseconds("5") == nil)
    }

    /// A run with a failing case, a reproduced known bug, one that no longer reproduces, a
    /// pass, a skip and a file that did not check.
    static func suite() -> TestSuiteResult {
        func planned(_ name: String, line: Int) -> PlannedCase {
            PlannedCase(name: name, location: FileLocation(path: "s/a.scn", line: line, column: 1))
        }
        var failed = CaseOutcome.failed(
            "</pre><script>x()</script> \u{202E}\"q\"", message: "error: expected <b>",
            at: FileLocation(path: "s/a.scn", line: 3, column: 5))
        failed.diagram = SequenceDiagram(trace: trace)
        failed.trace = trace.map(\.line)
        var known = CaseOutcome.reproduced("known", reference: "https://example.com/1?a=1&b=2", message: "error: it")
        known.diagram = SequenceDiagram(trace: trace)
        var fixed = CaseOutcome.noLongerReproduces("fixed", reference: "javascript:alert(1)")
        fixed.diagram = SequenceDiagram(trace: [])
        let a = TestFileResult(
            file: ScenarioFile(path: "s/a.scn", root: "s"), problem: nil,
            cases: [
                TestCaseResult(planned: planned("ok", line: 1), outcome: .passed("ok")),
                TestCaseResult(planned: planned(failed.name, line: 2), outcome: failed),
                TestCaseResult(planned: planned("known", line: 4), outcome: known),
                TestCaseResult(planned: planned("fixed", line: 6), outcome: fixed),
                TestCaseResult(planned: planned("later", line: 8), outcome: .skipped("later", reason: "<not yet>")),
            ], duration: .milliseconds(5))
        let b = TestFileResult(
            file: ScenarioFile(path: "s/b.scn", root: "s"),
            problem: PlanProblem(kind: .check, message: "error: unknown command 'x'"), cases: [],
            duration: .milliseconds(7))
        return TestSuiteResult(files: [a, b], duration: .milliseconds(12))
    }

    @Test("the page: the console's summary, an SVG and a trace per told case, every case listed")
    func page() {
        let html = HTMLReporter.render(Self.suite())
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
        #expect(html.hasSuffix("</html>\n"))
        #expect(html.contains("<title>scn test: 1 passed, 3 failed, 1 skipped, 1 known</title>"))
        #expect(html.contains("known bugs: 1 reproduced, 1 no longer reproduces\n1 passed, 3 failed, 1 skipped, 1 known</pre>"))
        #expect(html.contains("<b>2</b> files") && html.contains("<b>6</b> cases"))
        #expect(occurrences(of: "<svg ", in: html) == 3, "the failing case and both known bugs")
        #expect(occurrences(of: "<article ", in: html) == 4, "…and the file that did not check")
        #expect(occurrences(of: "<details>", in: html) == 1, "the trace travels with the outcome that has one")
        #expect(occurrences(of: "<tr><td>", in: html) == 5, "every case in its file's table")
        #expect(html.contains("<h2 class=\"bad\">FAIL s/a.scn (1 passed, 2 failed, 1 known bug, 1 skipped)</h2>"))
        #expect(html.contains("<h2 class=\"bad\">FAIL s/b.scn (check failed)</h2>"), "the console's line per file")
        #expect(occurrences(of: "<li><a href=\"#case-", in: html) == 5, "the told cases, and the Known bugs index")
        #expect(html.contains("<a href=\"https://example.com/1?a=1&amp;b=2\">"), "a web reference is a link")
        #expect(!html.contains("href=\"javascript"), "any other reference is text")
        #expect(!html.contains("<script") && !html.contains("\u{202E}"))
        #expect(html.contains("&lt;/pre&gt;&lt;script&gt;x()&lt;/script&gt; \\u{202E}&quot;q&quot;"))
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\""))
        #expect(!html.contains("http-equiv=\"refresh\"") && !html.contains("<link") && !html.contains("src="))
    }

    @Test("the list at the top names each told case with its file, and a file's own failure once")
    func topListNamesTheFile() throws {
        let html = HTMLReporter.render(Self.suite())
        let start = try #require(html.range(of: "<ol class=\"toc\">"))
        let end = try #require(html.range(of: "</ol>", range: start.upperBound..<html.endIndex))
        let items = html[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("<li>") }
        #expect(items.count == 4)
        let cases = items.filter { !$0.contains("(check failed)") }
        #expect(cases.count == 3)
        for item in cases {
            #expect(item.contains("<span class=\"file\">s/a.scn ›</span> "), "\(item)")
        }
        let file = try #require(items.first { $0.contains("(check failed)") })
        #expect(file.contains("s/b.scn (check failed)") && !file.contains("class=\"file\""), "\(file)")
    }

    @Test("a case's word on the page is the runtime's word for its status, the one scn run prints")
    func oneWordPerStatus() {
        #expect(CaseStatus.self == CaseResult.Status.self, "one enum for how a case ended")
        let html = HTMLReporter.render(Self.suite())
        let cases = Self.suite().files[0].cases
        #expect(cases.map(\.outcome.status.word) == ["PASS", "FAIL", "KNOWN", "FIXED?", "SKIP"])
        for c in cases {
            #expect(html.contains("\">\(c.outcome.status.word)</"), "\(c.name): no '\(c.outcome.status.word)'")
        }
        #expect(CaseStatus.error.word == "ERROR" && CaseStatus.error.name == "error")
    }

    @Test("the page does not depend on timing: durations differ, the page does not")
    func deterministic() {
        var slower = Self.suite()
        slower.duration = .seconds(9)
        slower.files[0].duration = .seconds(3)
        slower.files[0].cases[1].outcome.duration = .seconds(2)
        #expect(HTMLReporter.render(slower) == HTMLReporter.render(Self.suite()))
    }

    private func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
