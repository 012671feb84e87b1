import StandardVocabulary
import Foundation
import ScenarioTesting
import Synchronization

/// An executor that reads a tiny line format instead of `.scn`, so that tests can lay out
/// suites of any shape:
///
/// ```
/// # a comment (a line that starts with #)
/// tags smoke
/// case one pass kindly slow
/// case two fail
/// case three skip needs edna 5
/// case four error
/// case five missing
/// check unknown command 'tpa'
/// sleep 30
/// ```
/// `tags` gives every case of the file tags; a `case` line has a name, a status, then the
/// case's own tags (`pass`, `fail` — failing at this line, column 1 —, `error`, `missing`:
/// no outcome comes back) or a skip reason (`skip`); `check` makes the file fail its check
/// at this line; `sleep` makes planning and running the file take that many milliseconds.
/// Case names are one word (`_` stands for a space). A file without `case` lines has one
/// passing case named after the file.
struct FakeExecutor: ScenarioExecutor {
    /// Where relative paths are resolved (the test's working directory).
    let base: String
    /// Every `run` call: file and cases.
    let calls = Calls()

    final class Calls: Sendable {
        private let log = Mutex<[String]>([])
        func record(_ s: String) { log.withLock { $0.append(s) } }
        var all: [String] { log.withLock { $0 } }
    }

    struct Payload: Sendable {
        var statuses: [String: (status: String, rest: String, line: Int)]
        var sleepMilliseconds: Int
    }

    func plan(file: String, root: String) -> FilePlan {
        let absolute = file.hasPrefix("/") ? file : base + "/" + file
        guard let text = try? String(contentsOfFile: absolute, encoding: .utf8) else {
            return .checkFailed(file: file, root: root, diagnostics: "error: cannot read \(file)")
        }
        var fileTags: [String] = []
        var cases: [PlannedCase] = []
        var payload = Payload(statuses: [:], sleepMilliseconds: 0)
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasPrefix("#") ? "" : String(raw)
            let words = line.split(separator: " ").map(String.init)
            guard let keyword = words.first else { continue }
            let at = FileLocation(path: file, line: i + 1, column: 1)
            switch keyword {
            case "tags":
                fileTags += words.dropFirst()
            case "sleep":
                payload.sleepMilliseconds = Int(words.dropFirst().first ?? "") ?? 0
            case "check":
                let message = words.dropFirst().joined(separator: " ")
                return .checkFailed(
                    file: file, root: root,
                    diagnostics: "error: \(message)\n  --> \(at)\n   |\n \(i + 1) | \(line)\n   | ^", location: at)
            case "case":
                guard words.count >= 3 else { continue }
                let name = words[1].replacingOccurrences(of: "_", with: " ")
                let status = words[2]
                let rest = words.dropFirst(3).joined(separator: " ")
                let tags = status == "skip" ? fileTags : fileTags + words.dropFirst(3)
                cases.append(
                    PlannedCase(
                        name: name, tags: tags, skipReason: status == "skip" ? rest : nil, location: at))
                payload.statuses[name] = (status, rest, i + 1)
            default:
                continue
            }
        }
        if cases.isEmpty {
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            cases = [PlannedCase(name: name, tags: fileTags, location: FileLocation(path: file, line: 1, column: 1))]
            payload.statuses[name] = ("pass", "", 1)
        }
        sleep(payload.sleepMilliseconds)
        return FilePlan(file: file, root: root, cases: cases, payload: payload)
    }

    func run(plan: FilePlan, cases: [String], options: ExecutionOptions) -> [CaseOutcome] {
        calls.record(plan.file + ": " + cases.joined(separator: ", "))
        guard let payload = plan.payload as? Payload else {
            return cases.map { .error($0, message: "no payload") }
        }
        sleep(payload.sleepMilliseconds)
        return cases.compactMap { name in
            let (status, rest, line) = payload.statuses[name] ?? ("error", "", 1)
            let at = FileLocation(path: plan.file, line: line, column: 1)
            return CaseOutcome.timed {
                switch status {
                case "pass":
                    return .passed(name)
                case "fail":
                    return .failed(
                        name,
                        message: "error: expected banner \"Anna\", but the notification center is empty\n  --> \(at)\n"
                            + "trace:\n  0ms  push kindly visible <sent>\(rest.isEmpty ? "" : "\n" + rest)",
                        at: at)
                case "error":
                    return .error(name, message: "internal error: invariant 2 violated: one push, two banners", at: at)
                default:
                    return .skipped(name, reason: "unexpected status \(status)")
                }
            }
        }.filter { payload.statuses[$0.name]?.status != "missing" }
    }

    private func sleep(_ ms: Int) {
        if ms > 0 { Thread.sleep(forTimeInterval: Double(ms) / 1000) }
    }
}
