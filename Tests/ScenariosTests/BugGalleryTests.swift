import Foundation
import ScenarioRuntime
import ScenarioTesting
import Testing

/// The rules every file of the bug gallery (Scenarios/bugs/) keeps: named after its thread,
/// citing it by URL and quoting its stated cause, a faulty case marked `known-bug`, a fixed
/// case that passes, a stated reason (`because`, `bug expect`) or a `why:` case that reads
/// the cause from the trace, and an entry in docs/BUGS.md (BugsPageTests).
enum BugGallery {
    static let folder = Library.root.appendingPathComponent("Scenarios/bugs")

    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".scn") }.sorted()
    }()

    static func text(_ name: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// The comment lines before the first statement, without their `#`.
    static func header(_ text: String) -> [String] {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("#") else { break }
            lines.append(String(line.dropFirst()).trimmingCharacters(in: .whitespaces))
        }
        return lines
    }

    /// Each case's name and body, in file order.
    static func cases(_ text: String) -> [(name: String, body: String)] {
        var found: [(String, String)] = []
        var current: (name: String, lines: [String])?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if current == nil, line.hasPrefix("case \""), line.hasSuffix("{") {
                let name = line.dropFirst("case \"".count).prefix { $0 != "\"" }
                current = (String(name), [])
            } else if let open = current {
                if raw.hasPrefix("}") {
                    found.append((open.name, open.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            }
        }
        return found
    }

    static func threadURLs(_ header: [String]) -> [String] {
        header.flatMap { line in
            line.split(separator: " ").map(String.init).filter { $0.hasPrefix("https://github.com/") }
        }
    }
}

@Suite("Bug gallery")
struct BugGalleryTests {
    @Test("the gallery holds at least 27 files, each named <project>-<number>-<what>.scn")
    func galleryIsLargeAndNamed() throws {
        #expect(BugGallery.files.count >= 27)
        let pattern = try Regex("^[a-z][a-z0-9-]*-[0-9]+-[a-z0-9][a-z0-9-]*\\.scn$")
        for name in BugGallery.files {
            #expect(name.wholeMatch(of: pattern) != nil, "\(name) is not named <project>-<number>-<what>.scn")
        }
    }

    @Test("a file cites its thread by URL and quotes the cause it states", arguments: BugGallery.files)
    func headerCitesAndQuotes(_ name: String) throws {
        let header = BugGallery.header(BugGallery.text(name))
        let urls = BugGallery.threadURLs(header)
        #expect(!urls.isEmpty, "\(name): no thread URL in the header")
        let number = name.split(separator: "-").first { Int($0) != nil }.map(String.init) ?? ""
        #expect(
            urls.contains { $0.hasSuffix("/" + number) } || header.joined(separator: " ").contains(number),
            "\(name): the header does not cite thread \(number)")
        let joined = header.joined(separator: " ")
        let cause = try #require(joined.range(of: "Cause"), "\(name): no 'Cause' line in the header")
        let quoted = joined[cause.upperBound...].split(separator: "\"", omittingEmptySubsequences: false)
        #expect(quoted.count >= 3 && quoted[1].count >= 20, "\(name): the cause is not quoted")
    }

    @Test("a file has a faulty case marked known-bug and a fixed case without it", arguments: BugGallery.files)
    func faultyAndFixedCases(_ name: String) {
        let text = BugGallery.text(name)
        let urls = BugGallery.threadURLs(BugGallery.header(text))
        let cases = BugGallery.cases(text)
        let known = cases.filter { $0.body.contains("known-bug \"") }
        #expect(!known.isEmpty, "\(name): no case marked known-bug")
        #expect(known.count < cases.count, "\(name): no case without known-bug (the fixed integration)")
        for (caseName, body) in known {
            #expect(caseName.hasPrefix("faulty"), "\(name) › \(caseName): a known-bug case is named 'faulty: …'")
            #expect(
                urls.contains { body.contains("known-bug \"\($0)\"") },
                "\(name) › \(caseName): known-bug does not cite the header's thread")
        }
        for (caseName, body) in cases where !body.contains("known-bug \"") {
            #expect(!caseName.hasPrefix("faulty"), "\(name) › \(caseName): a faulty case without known-bug")
        }
    }

    @Test("a file reads the faulty integration's cause from the trace: in each faulty case's because, or in a why: case", arguments: BugGallery.files)
    func whyCaseReadsTheTrace(_ name: String) {
        let cases = BugGallery.cases(BugGallery.text(name))
        let why = cases.filter { $0.name.hasPrefix("why: ") }
        let faulty = cases.filter { $0.body.contains("known-bug \"") }
        let allBecause = !faulty.isEmpty && faulty.allSatisfy { $0.body.contains("\" because \"") }
        #expect(!why.isEmpty || allBecause, "\(name): no 'why: …' case, and a faulty case without because")
        for (caseName, body) in why {
            #expect(!body.contains("known-bug \""), "\(name) › \(caseName): a why: case passes, without known-bug")
            #expect(
                body.contains("expect trace \"") || body.contains("expect no trace \""),
                "\(name) › \(caseName): a why: case reads the trace")
        }
    }

    @Test("every faulty case states its reason: because \"TEXT\" or a bug expect line", arguments: BugGallery.files)
    func faultyCasesStateTheirReason(_ name: String) {
        for (caseName, body) in BugGallery.cases(BugGallery.text(name)) where body.contains("known-bug \"") {
            let states =
                body.contains("\" because \"") || body.contains("bug expect ") || body.contains("bug always ")
                || body.contains("bug never ")
            #expect(states, "\(name) › \(caseName): states no reason (because \"…\" or bug expect)")
        }
    }

    @Test("each faulty case reproduces as stated, and with the file's fix the because event is gone", arguments: BugGallery.files)
    func fixRemovesTheCause(_ name: String) throws {
        let executor = RuntimeExecutor()
        let path = BugGallery.folder.appendingPathComponent(name).path
        let plan = executor.plan(file: path, root: BugGallery.folder.path)
        #expect(plan.problem == nil, "\(name): \(plan.problem?.message ?? "")")
        let outcomes = executor.run(
            plan: plan, cases: plan.cases.map(\.name), options: ExecutionOptions(trace: true))
        let fixed = outcomes.first { $0.status == .passed && $0.name.lowercased().hasPrefix("fixed") }
        for outcome in outcomes where plan.cases.first(where: { $0.name == outcome.name })?.knownBug != nil {
            guard case .reproduced = outcome.status else {
                Issue.record("\(name) › \(outcome.name): \(outcome.status.word), not KNOWN")
                continue
            }
            guard let because = outcome.knownBug?.because else { continue }
            let fix = try #require(fixed, "\(name): no passing fixed… case to compare \(outcome.name) with")
            // The fixed case's events after its install line.
            let events = (fix.trace ?? []).drop { !$0.contains("] install: ") }.dropFirst()
            #expect(
                !events.contains { $0.contains(because.text) },
                "\(name): the fixed case \(fix.name) still shows \(because.text)")
        }
    }
}
