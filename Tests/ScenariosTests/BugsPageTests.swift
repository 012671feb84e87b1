import Foundation
import Testing

/// docs/BUGS.md's list of the gallery is generated from the files of Scenarios/bugs/: each
/// file's header (its symptom, its thread, the cause the thread states, how scn plays it) and
/// its cases (a faulty case with the reason it states). The rest of the page is written by
/// hand. `SCN_UPDATE_BUGS=1 swift test --filter BugsPage` rewrites the list.
enum BugsPage {
    static let regenerate = "SCN_UPDATE_BUGS=1 swift test --filter BugsPage"
    static let start = "<!-- The list below is generated from Scenarios/bugs/ (regenerate: \(regenerate)) -->"
    static let end = "<!-- end of the generated list -->"
    static let page = Library.root.appendingPathComponent("docs/BUGS.md")

    /// `https://github.com/OWNER/REPO/(issues|pull)/N` as `OWNER/REPO#N`, else the URL.
    static func threadName(_ url: String) -> String {
        let parts = url.dropFirst("https://github.com/".count).split(separator: "/")
        guard parts.count == 4, ["issues", "pull"].contains(parts[2]), Int(parts[3]) != nil else { return url }
        return "\(parts[0])/\(parts[1])#\(parts[3])"
    }

    /// The header's paragraphs (separated by a bare `#` line), each as its lines.
    static func paragraphs(_ header: [String]) -> [[String]] {
        var found: [[String]] = [[]]
        for line in header {
            if line.isEmpty {
                if found[found.count - 1].isEmpty == false { found.append([]) }
            } else {
                found[found.count - 1].append(line)
            }
        }
        return found.filter { !$0.isEmpty }
    }

    /// The reason a faulty case states: the rest of its `known-bug` line after the thread
    /// (`because "TEXT" [in PUSH]`), and its `bug …` lines.
    static func reasons(_ body: String) -> [String] {
        body.split(separator: "\n").map(String.init).compactMap { line in
            if line.hasPrefix("known-bug \"") {
                let rest = line.dropFirst("known-bug \"".count).drop { $0 != "\"" }.dropFirst()
                let reason = rest.trimmingCharacters(in: .whitespaces)
                return reason.isEmpty ? nil : reason
            }
            return line.hasPrefix("bug ") ? line : nil
        }
    }

    /// One file's entry: a row of the table and a section.
    static func entry(_ name: String) -> (row: String, section: [String]) {
        let text = BugGallery.text(name)
        let paragraphs = paragraphs(BugGallery.header(text))
        let opening = paragraphs.first ?? []
        let symptom = opening.first ?? ""
        let citation = opening.dropFirst().joined(separator: " ")
        let url = String(citation.prefix { $0 != " " })
        let link = url.hasPrefix("https://") ? "[\(threadName(url))](\(url))" + citation.dropFirst(url.count) : citation
        var section = ["### `\(name)`", "", "**\(symptom)** · \(link)"]
        for paragraph in paragraphs.dropFirst() { section += [""] + paragraph }
        section += [""]
        for (caseName, body) in BugGallery.cases(text) {
            let reasons = reasons(body)
            section.append(
                reasons.isEmpty
                    ? "- \(caseName)" : "- \(caseName) — " + reasons.map { "`\($0)`" }.joined(separator: ", "))
        }
        return ("| `\(name)` | [\(threadName(url))](\(url)) | \(symptom) |", section)
    }

    /// The generated list: a table of every file, then a section for each.
    static func generated() -> [String] {
        let entries = BugGallery.files.map(entry)
        var lines = [start, "", "| file | thread | symptom |", "|---|---|---|"] + entries.map(\.row)
        for entry in entries { lines += [""] + entry.section }
        return lines + ["", end]
    }
}

@Suite("BugsPage")
struct BugsPageTests {
    @Test("docs/BUGS.md's list of the gallery is what the files of Scenarios/bugs/ generate")
    func listIsGenerated() throws {
        let text = try String(contentsOf: BugsPage.page, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(lines.firstIndex(of: BugsPage.start), "docs/BUGS.md has no \(BugsPage.start)")
        let last = try #require(lines.firstIndex(of: BugsPage.end), "docs/BUGS.md has no \(BugsPage.end)")
        try #require(first < last)
        let wanted = BugsPage.generated()
        let current = Array(lines[first...last])
        if ProcessInfo.processInfo.environment["SCN_UPDATE_BUGS"] == "1" {
            lines.replaceSubrange(first...last, with: wanted)
            let rewritten = lines.joined(separator: "\n")
            if rewritten != text { try rewritten.write(to: BugsPage.page, atomically: true, encoding: .utf8) }
            return
        }
        let differ = zip(current, wanted).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        let at = differ ?? min(current.count, wanted.count)
        let same = current == wanted
        #expect(
            same,
            """
            docs/BUGS.md's generated list is stale (regenerate: \(BugsPage.regenerate))
              line \(first + at + 1) is:  \(at < current.count ? current[at] : "(end of list)")
              it should be: \(at < wanted.count ? wanted[at] : "(end of list)")
            """)
    }

    @Test("a thread's name, a faulty case's reason")
    func pieces() {
        #expect(BugsPage.threadName("https://github.com/zulip/zulip/pull/35074") == "zulip/zulip#35074")
        #expect(BugsPage.threadName("https://github.com/a/b/issues/7") == "a/b#7")
        #expect(BugsPage.threadName("https://github.com/a/b") == "https://github.com/a/b")
        let body = """
            known-bug "https://x/1" because "dropped: low-power on" in p2
            launch killed
            bug expect banners 1
            """
        #expect(BugsPage.reasons(body) == ["because \"dropped: low-power on\" in p2", "bug expect banners 1"])
        #expect(BugsPage.reasons("known-bug \"https://x/1\"\nexpect banners 1").isEmpty)
    }

    @Test("the tutorial counts the gallery's threads as the gallery holds them")
    func tutorialCountsTheGallery() throws {
        let tutorial = try String(
            contentsOf: Library.root.appendingPathComponent("docs/TUTORIAL.md"), encoding: .utf8)
        #expect(
            tutorial.contains("[BUGS.md](BUGS.md): \(BugGallery.files.count) real threads"),
            "docs/TUTORIAL.md does not say the gallery holds \(BugGallery.files.count) real threads")
    }

    @Test("every file of the gallery has its row and its section on the page")
    func everyFileListed() throws {
        let text = try String(contentsOf: BugsPage.page, encoding: .utf8)
        for name in BugGallery.files {
            #expect(text.contains("| `\(name)` |"), "docs/BUGS.md has no row for \(name)")
            #expect(text.contains("### `\(name)`"), "docs/BUGS.md has no section for \(name)")
        }
    }
}
