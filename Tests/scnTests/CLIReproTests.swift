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
        #expect(r.stdoutLines.first?.contains("known bugs: 2 reproduced") == true)
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

    @Test("the first five lines are the verdict: result, case, expected, actual, the trace line that explains it")
    func verdictFirst() throws {
        let r = try CLI.run(["repro", Self.bugFile], in: CLI.packageRoot)
        let head = Array(r.stdoutLines.prefix(7))
        #expect(head.count == 7, "\(r)")
        guard head.count == 7 else { return }
        #expect(head[0].hasPrefix("**Result:** known bugs: 2 reproduced · 1 passed, 0 failed, 2 known (exit 0)"))
        #expect(
            head[1]
                == "- **Case:** \"faulty: force-quit app, delegate assigned late: the tap is lost\" — KNOWN, known bug "
                + "https://github.com/deltachat/deltachat-ios/issues/2671")
        #expect(head[2] == "- **Expected:** chat open")
        #expect(head[3] == "- **Actual:** chat closed (app foreground, screen host)")
        #expect(
            head[4]
                == "- **In the trace:** `[   0.000s] tap-lost: b1: no notification-center delegate was assigned during "
                + "launch (delegate-assigned at-start)` (because \"no notification-center delegate was assigned during launch\")")
        #expect(head[5] == "" && head[6] == "### Scenario", "then the scenario")

        // A plain failure: a step's precondition, and a line the file's `expect trace` names.
        let dir = try TempDir()
        try dir.write(
            "tap.scn",
            """
            sdk kindly
            delegate none
            case "fails" {
                push kindly visible
                tap
            }
            case "why" {
                push kindly visible
                expect trace "no notification-center delegate"
            }

            """)
        let plain = try dir.scn("repro", "tap.scn")
        #expect(plain.stdoutLines.first?.hasPrefix("**Result:** 1 passed, 1 failed (exit 1)") == true, "\(plain)")
        #expect(plain.stdoutLines.dropFirst().first == "- **Case:** \"fails\" — FAIL")
        #expect(plain.stdoutLines.dropFirst(2).first == "- **Expected:** `tap` succeeds")
        #expect(plain.stdoutLines.dropFirst(3).first?.hasPrefix("- **Actual:** ") == true)
        #expect(plain.stdoutLines.dropFirst(4).first?.contains("no notification-center delegate") == true)

        // Every case passed: the result line, then the scenario.
        try dir.write("ok.scn", "sdk kindly\npush kindly visible\nexpect banners 1\n")
        let ok = try dir.scn("repro", "ok.scn")
        #expect(ok.stdoutLines.first?.hasPrefix("**Result:** 1 passed, 0 failed (exit 0) · `ok.scn` · scn ") == true, "\(ok)")
        #expect(Array(ok.stdoutLines.dropFirst().prefix(2)) == ["", "### Scenario"])

        // A file that does not check: its first error.
        try dir.write("bad.scn", "sdk kindly\nexpect banners many\n")
        let bad = try dir.scn("repro", "bad.scn")
        #expect(bad.stdoutLines.dropFirst().first?.hasPrefix("- **Check failed:** `bad.scn:2:") == true, "\(bad)")
    }

    @Test("the cases that share settings are named in a list, one a line")
    func settingsNameCasesInAList() throws {
        let r = try CLI.run(["repro", Self.bugFile], in: CLI.packageRoot)
        #expect(
            r.stdout.contains(
                """
                The cases

                - "faulty: force-quit app, delegate assigned late: the tap is lost"
                - "faulty: an app the system ended, delegate assigned late: the tap is lost"

                ```scn
                """), "\(r)")
        #expect(
            r.stdout.contains("The case\n\n- \"fixed: delegate assigned during launch: the tap opens the chat\"\n\n"))
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

/// `scn repro`'s diagram against its own trace, for every scenario with the host's own
/// delegate: each callback's arrow ends where the trace's `delegate:` line says it went, each
/// `host:` line is a note over the host, and only participants that act are drawn.
@Suite struct CLIReproDiagramTests {
    /// The files under Scenarios/ with a `delegate own` line or a proxy in the chain.
    static let files: [String] = {
        let root = CLI.packageRoot.appendingPathComponent("Scenarios")
        let all = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".scn") }.sorted().filter { name in
            let text = (try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.split(separator: "\n").contains {
                let line = $0.trimmingCharacters(in: .whitespaces)
                return line == "delegate own" || (line.hasPrefix("proxy ") && !line.contains("registers-categories"))
            }
        }.map { "Scenarios/" + $0 }
    }()

    /// The names of a file's cases, as `scn test --list` prints them (`path › name  [tags]`).
    static func caseNames(_ path: String) throws -> [String] {
        let r = try CLI.run(["test", "--list", path], in: CLI.packageRoot)
        return r.stdoutLines.compactMap { line in
            guard let arrow = line.range(of: " › ") else { return nil }
            let rest = line[arrow.upperBound...]
            let name = rest.range(of: "  [", options: .backwards).map { rest[..<$0.lowerBound] } ?? rest
            return String(name)
        }
    }

    struct Drawn {
        var participants: [String] = []
        var arrows: [(from: String, to: String, label: String)] = []
        var notes: [(over: [String], text: String)] = []
    }

    /// The report's Mermaid block, read back.
    static func diagram(_ report: String) throws -> Drawn {
        let start = try #require(report.range(of: "```mermaid\n"))
        let end = try #require(report.range(of: "```\n", range: start.upperBound..<report.endIndex))
        var drawn = Drawn()
        for line in report[start.upperBound..<end.lowerBound].split(separator: "\n").dropFirst() {
            if let m = line.wholeMatch(of: #/    participant (\w+) as .+/#) {
                drawn.participants.append(String(m.1))
            } else if let m = line.wholeMatch(of: #/    Note over ([\w,]+): (.+)/#) {
                drawn.notes.append((m.1.split(separator: ",").map(String.init), String(m.2)))
            } else if let m = line.wholeMatch(of: #/    (\w+)(?:->>|-x|--x)(\w+): (.+)/#) {
                drawn.arrows.append((String(m.1), String(m.2), String(m.3)))
            } else {
                Issue.record("a line the diagram should not have: \(line)")
            }
        }
        return drawn
    }

    /// The trace of the report's one case from its first step on (the install before it is
    /// one note), as `(kind, text)`; empty when the case has no trace.
    static func trace(_ report: String) throws -> [(kind: String, text: String)] {
        guard let details = report.range(of: "<details><summary>Trace of ") else { return [] }
        let start = try #require(report.range(of: "```\n", range: details.upperBound..<report.endIndex))
        let end = try #require(report.range(of: "\n```", range: start.upperBound..<report.endIndex))
        let lines: [(kind: String, text: String)] = report[start.upperBound..<end.lowerBound].split(separator: "\n")
            .compactMap { line in
                guard let m = line.wholeMatch(of: #/\[ *[0-9.]+s\] ([a-z-]+): (.+)/#) else { return nil }
                return (String(m.1), String(m.2))
            }
        return Array(lines.drop { $0.kind != "step" })
    }

    /// Whether a label Mermaid draws stands for `text`: Mermaid's entity codes (`#59;`) are
    /// the characters themselves, and a long label is cut with an ellipsis.
    static func draws(_ label: String, _ text: String) -> Bool {
        var shown = label
        for (code, c) in [("#59;", ";"), ("#35;", "#"), ("#60;", "<"), ("#62;", ">"), ("#37;", "%")] {
            shown = shown.replacingOccurrences(of: code, with: c)
        }
        return shown.hasSuffix("…") ? text.hasPrefix(shown.dropLast()) : text == shown
    }

    @Test("every callback's arrow ends where the trace says it went; host lines are notes; only actors are drawn")
    func arrowsFollowTheTrace() throws {
        #expect(Self.files.count >= 8, "\(Self.files)")
        var tapsAtTheHost = 0
        for path in Self.files {
            let names = try Self.caseNames(path)
            for name in names.isEmpty ? [nil] : names.map(Optional.some) {
                let r = try CLI.run(["repro", path] + (name.map { ["--case", $0] } ?? []), in: CLI.packageRoot)
                #expect(r.status == 0, "\(path) \(name ?? ""): \(r)")
                let drawn = try Self.diagram(r.stdout)
                let trace = try Self.trace(r.stdout)
                guard !trace.isEmpty else { continue }  // a prologue only, for scn explore
                let context = "\(path), \(name ?? "the file")"
                let callbacks = trace.filter { $0.kind == "delegate" && !$0.text.contains("'s completion for ") }
                let callbackArrows = drawn.arrows.filter { arrow in
                    ["willPresent", "didReceive"].contains { arrow.label.hasPrefix($0) }
                }
                #expect(callbackArrows.count == callbacks.count, "\(context)")
                for (line, arrow) in zip(callbacks, callbackArrows) {
                    let toHost =
                        line.text.hasPrefix("didReceiveRemoteNotification") || line.text.contains("→ own delegate")
                        || line.text.contains("→ forwarding delegate")
                    #expect(Self.draws(arrow.label, line.text), "\(context): \(arrow.label) for \(line.text)")
                    let receiver = toHost ? "host" : line.text.contains("→ proxy ") ? "proxies" : "SDK"
                    #expect(arrow.from == "iOS" && arrow.to == receiver, "\(context): \(line.text)")
                    if line.text.hasPrefix("didReceive(response)") && line.text.contains("→ own delegate") {
                        tapsAtTheHost += 1
                    }
                }
                let hostNotes = drawn.notes.filter { $0.over == ["host"] && $0.text.hasPrefix("host: ") }
                let hostLines = trace.filter { $0.kind == "host" }
                #expect(hostNotes.count == hostLines.count, "\(context)")
                for (line, note) in zip(hostLines, hostNotes) {
                    #expect(Self.draws(note.text, "host: " + line.text), "\(context): \(note.text)")
                }
                var acting = Set(drawn.arrows.flatMap { [$0.from, $0.to] })
                acting.formUnion(drawn.notes.flatMap(\.over))
                #expect(Set(drawn.participants) == acting, "\(context): drawn \(drawn.participants), acting \(acting)")
            }
        }
        #expect(tapsAtTheHost >= 10, "taps on the own delegate, each drawn ending at the host")
    }

    /// Every file of the bug gallery.
    static let gallery: [String] = {
        let root = CLI.packageRoot.appendingPathComponent("Scenarios/bugs")
        let all = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return all.filter { $0.hasSuffix(".scn") }.sorted().map { "Scenarios/bugs/" + $0 }
    }()

    @Test("over the gallery: a participant only for an actor that acts, an arrow toward iOS only for a push that travelled, the comparison case named")
    func galleryDiagramsAgreeWithTheTrace() throws {
        #expect(Self.gallery.count >= 40)
        for path in Self.gallery {
            let r = try CLI.run(["repro", path], in: CLI.packageRoot)
            #expect(r.status == 0, "\(path): \(r)")
            let drawn = try Self.diagram(r.stdout)
            let trace = try Self.trace(r.stdout)
            var acting = Set(drawn.arrows.flatMap { [$0.from, $0.to] })
            acting.formUnion(drawn.notes.flatMap(\.over))
            #expect(Set(drawn.participants) == acting, "\(path)")
            if r.stdout.contains("Note over host: install: none") {
                #expect(!drawn.participants.contains("SDK"), "\(path): an app without an SDK has no SDK column")
            }
            // A push APNs refused never travels on: no arrow from APNs toward iOS names it.
            let refused = trace.filter { $0.kind == "apns" }.compactMap { line -> String? in
                let words = line.text.split(separator: " ")
                guard words.count >= 2, words[1].first?.isNumber == true, words[1] != "200," else { return nil }
                return String(words[0])
            }
            for id in refused {
                #expect(
                    !drawn.arrows.contains { $0.from == "APNs" && $0.to == "iOS" && $0.label.contains(" \(id):") },
                    "\(path): \(id) was refused")
            }
            #expect(!r.stdout.contains("trace (last "), "\(path): the trace is printed once, in its details")
            if r.stdout.contains("### Where the known bug parts from the passing case") {
                #expect(r.stdout.contains("\ncompared with \""), "\(path): the comparison case is named")
            }
            #expect(r.stdout.contains("### Where the known bug parts"), "\(path): every gallery file compares")
        }
    }

    @Test("--against names the case to compare with; the default is a passing fixed… case, else the fewest differing settings")
    func against() throws {
        let dir = try TempDir()
        try dir.write(
            "a.scn",
            """
            sdk kindly 3.0.12
            extension kindly

            case "faulty" {
                known-bug "ref"
                delegate-assigned at-start
                launch killed
                push kindly visible title "A" body "B"
                tap
                start
                expect chat open
            }

            case "control: background" {
                launch background
                expect banners 0
            }

            case "fixed: at launch" {
                delegate-assigned at-launch
                launch killed
                push kindly visible title "A" body "B"
                tap
                start
                expect chat open
            }

            """)
        let byName = try dir.scn("repro", "a.scn")
        #expect(byName.stdout.contains("compared with \"fixed: at launch\" (its name starts with \"fixed\")"), "\(byName)")
        let chosen = try dir.scn("repro", "a.scn", "--against", "control: background")
        #expect(chosen.stdout.contains("compared with \"control: background\" (--against)"), "\(chosen)")
        let unknown = try dir.scn("repro", "a.scn", "--against", "nope")
        #expect(unknown.status == 2 && unknown.stderr.contains("--against: no case 'nope'"), "\(unknown)")
        let itself = try dir.scn("repro", "a.scn", "--against", "faulty")
        #expect(itself.status == 2, "\(itself)")

        try dir.write(
            "b.scn",
            """
            sdk kindly 3.0.12
            extension kindly

            case "faulty" {
                known-bug "ref"
                delegate-assigned at-start
                launch killed
                push kindly visible title "A" body "B"
                tap
                start
                expect chat open
            }

            case "far" {
                should-handle false
                delegate-assigned at-launch
                low-power on
                launch background
            }

            case "near" {
                launch background
            }

            """)
        let fewest = try dir.scn("repro", "b.scn")
        #expect(fewest.stdout.contains("compared with \"near\" (fewest differing settings: 1)"), "\(fewest)")

        try dir.write("c.scn", "sdk kindly 3.0.12\nknown-bug \"ref\"\nlaunch background\nexpect banners 1\n")
        let alone = try dir.scn("repro", "c.scn")
        #expect(!alone.stdout.contains("### Where the known bug parts"), "no other case: the section is left out")
    }

    @Test("a known bug that did not reproduce as stated: the verdict names what it stated and what happened")
    func notAsStated() throws {
        let dir = try TempDir()
        try dir.write(
            "s.scn",
            "sdk kindly 3.0.12\nknown-bug \"ref\" because \"swallowed the tap\"\nlaunch background\ntap\n")
        let r = try dir.scn("repro", "s.scn")
        #expect(r.status == 0, "\(r)")
        let lines = r.stdoutLines
        #expect(lines.first?.hasPrefix("**Result:** known bugs: 0 reproduced · 0 passed, 1 failed (exit 1)") == true, "\(r)")
        #expect(lines.dropFirst().first == "- **Case:** \"s\" — FAIL, known bug did not reproduce as stated")
        #expect(lines.contains("- **Stated:** because \"swallowed the tap\""))
        #expect(lines.contains { $0.hasPrefix("- **Happened:** step failed at 4:1: tap: no banner") })
    }

    @Test("Mermaid text keeps what was written, as entity codes")
    func mermaidEntities() throws {
        let dir = try TempDir()
        try dir.write(
            "m.scn", "sdk none\nknown-bug \"ref\"\nlaunch background\npush app visible title \"50% off; #1 <now>\"\nexpect banners 2\n")
        let r = try dir.scn("repro", "m.scn")
        #expect(r.stdout.contains("50#37; off#59; #35;1 #60;now#62;"), "\(r)")
        #expect(!r.stdout.contains("percent"))
    }
}
