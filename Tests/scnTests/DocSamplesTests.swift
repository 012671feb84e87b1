import Foundation
import Testing

/// The README and docs/ show only what is real, byte for byte:
///
/// - a fenced block after `<!-- file: PATH -->` is that file of the repository;
/// - a fenced block after `<!-- sample -->` is a shell session: each `$ COMMAND` line is run
///   with `sh` in a fresh copy of `docs/samples/` (the built `scn` first on `PATH`, no colour,
///   standard output and standard error together as a terminal shows them), and the lines up
///   to the next `$ ` line are what it printed;
/// - after `<!-- sample: FOLDER/ -->` the same, in a fresh folder holding a copy of the
///   repository's `FOLDER/` (so `scn test Scenarios/bugs/…` runs the repository's gallery);
/// - a sample that is one `$ scn` (or `$ scn repl`) followed by `scn> ` lines is a REPL
///   session: it is typed into `scn` in a real terminal (tmux), one entry at a time, and the
///   block is the screen.
///
/// `SCN_UPDATE_SAMPLES=1 swift test --filter DocSamples` rewrites every such block from the
/// files and from real runs.
@Suite("DocSamples")
struct DocSamplesTests {
    static let regenerate = "SCN_UPDATE_SAMPLES=1 swift test --filter DocSamples"
    static let samples = CLI.packageRoot.appendingPathComponent("docs/samples")

    /// The README and every page of docs/, relative to the package root.
    static let pages: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.path + "/docs")) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// A marked block of a page: what the marker says it must hold, and what it holds.
    struct Block {
        /// 1-based line of the marker.
        var line: Int
        var marker: String
        /// Index of the first line inside the fence, and of the closing fence.
        var start: Int
        var end: Int
    }

    /// The marked blocks of `lines`, and any marker not followed by a fenced block.
    static func blocks(_ lines: [String]) -> (blocks: [Block], strays: [Int]) {
        var blocks: [Block] = []
        var strays: [Int] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            i += 1
            guard
                line == "<!-- sample -->" || (line.hasPrefix("<!-- sample: ") && line.hasSuffix("/ -->"))
                    || (line.hasPrefix("<!-- file: ") && line.hasSuffix(" -->"))
            else {
                continue
            }
            let fence = i < lines.count ? String(lines[i].prefix { $0 == "`" }) : ""
            guard fence.count >= 3, let close = lines[(i + 1)...].firstIndex(of: fence) else {
                strays.append(i)
                continue
            }
            blocks.append(Block(line: i, marker: line, start: i + 1, end: close))
            i = close + 1
        }
        return (blocks, strays)
    }

    /// What the block after `marker` must hold, given what it holds now (its commands).
    static func expected(_ marker: String, current: [String]) throws -> [String] {
        if marker.hasPrefix("<!-- file: ") {
            let path = String(marker.dropFirst("<!-- file: ".count).dropLast(" -->".count))
            let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(path), encoding: .utf8)
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        let commands = current.filter { $0.hasPrefix("$ ") }.map { String($0.dropFirst(2)) }
        guard !commands.isEmpty, current.first?.hasPrefix("$ ") == true else {
            throw CLIError("a sample block must start with a '$ COMMAND' line")
        }
        let scratch = try TempDir()
        let folder = scratch.url.appendingPathComponent("samples")
        if marker.hasPrefix("<!-- sample: ") {
            let path = String(marker.dropFirst("<!-- sample: ".count).dropLast("/ -->".count))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try FileManager.default.copyItem(
                at: CLI.packageRoot.appendingPathComponent(path), to: folder.appendingPathComponent(path))
        } else {
            try FileManager.default.copyItem(at: samples, to: folder)
        }
        if commands == ["scn"] || commands == ["scn repl"], current.contains(where: { $0.hasPrefix(Self.prompt) }) {
            return try ["$ " + commands[0]] + terminal(commands[0], typing: current, in: folder)
        }
        // One shell for the block, so that `echo $?` and `cd` work as typed; a separator
        // (U+001E) after each command, the status kept across it.
        let separator = "\u{1E}"
        let script = commands.map { $0 + "\n__status=$?; printf '\\036'; (exit $__status)\n" }.joined()
        let printed = try shell(script, in: folder).components(separatedBy: separator)
        var out: [String] = []
        for (command, var text) in zip(commands, printed) {
            out.append("$ " + command)
            if text.hasSuffix("\n") { text.removeLast() }
            if !text.isEmpty { out += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        }
        return out
    }

    static let prompt = "scn> "
    static let continuation = "...> "

    /// Runs `command` in a terminal (tmux) in `folder`, types the text after each prompt of
    /// `transcript` when the REPL asks for it, and returns the screen up to the last prompt.
    static func terminal(_ command: String, typing transcript: [String], in folder: URL) throws -> [String] {
        guard Tmux.executable != nil else {
            // Without tmux the block cannot be run here; CI installs it (.ci/packages/docs.apt).
            return transcript
        }
        let entries = transcript.compactMap { line -> String? in
            for prompt in [prompt, continuation] where line.hasPrefix(prompt) {
                return String(line.dropFirst(prompt.count))
            }
            return nil
        }
        let state = folder.deletingLastPathComponent().appendingPathComponent("state").path
        let tmux = Tmux(folder: folder.deletingLastPathComponent().path)
        defer { tmux.killServer() }
        let arguments = command.split(separator: " ").dropFirst().map(String.init)
        try tmux.start(
            ["env", "XDG_STATE_HOME=\(state)", "HOME=\(state)", "INPUTRC=/dev/null", "TERM=screen", CLI.binary.path]
                + arguments, in: folder.path)
        func prompts(_ screen: String) -> Int {
            screen.split(separator: "\n").filter { $0.hasPrefix("scn>") || $0.hasPrefix("...>") }.count
        }
        var screen = try tmux.waitFor("the first prompt") { prompts($0) == 1 && Tmux.lastLine($0).hasSuffix(">") }
        for (typed, entry) in entries.enumerated() {
            tmux.type(entry)
            screen = try tmux.waitFor("the prompt after '\(entry)'") {
                prompts($0) == typed + 2 && Tmux.lastLine($0).hasSuffix(">")
            }
        }
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
        while let last = lines.last, last.isEmpty || last == "scn>" || last == "...>" { lines.removeLast() }
        return lines
    }

    /// Runs `script` with `sh -c` in `folder`; both output streams, interleaved as written.
    static func shell(_ script: String, in folder: URL) throws -> String {
        let log = folder.deletingLastPathComponent().appendingPathComponent("output")
        try Data().write(to: log)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = CLI.environment()
        environment["SCN_UPDATE_SAMPLES"] = nil
        environment["PATH"] =
            CLI.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        if try CLI.runToEnd(process) {
            throw CLIError("'\(script)' did not end within \(Int(CLI.deadline)) s")
        }
        return String(decoding: try Data(contentsOf: log), as: UTF8.self)
    }

    @Test("every marked block of the docs is the file it names, or what its commands print", arguments: pages)
    func page(_ page: String) throws {
        let url = CLI.packageRoot.appendingPathComponent(page)
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let (blocks, strays) = Self.blocks(lines)
        for stray in strays { Issue.record("\(page):\(stray): a marker must be followed by a fenced block") }
        let update = ProcessInfo.processInfo.environment["SCN_UPDATE_SAMPLES"] == "1"
        // From the last block up, so that earlier line numbers stay put while rewriting.
        for block in blocks.reversed() {
            let current = Array(lines[block.start..<block.end])
            let wanted = try Self.expected(block.marker, current: current)
            guard wanted != current else { continue }
            if update {
                lines.replaceSubrange(block.start..<block.end, with: wanted)
                continue
            }
            let first =
                zip(current, wanted).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(current.count, wanted.count)
            let line = first < wanted.count ? wanted[first] : "(end of block)"
            let had = first < current.count ? current[first] : "(end of block)"
            Issue.record(
                """
                \(page):\(block.line): the block after \(block.marker) is stale (regenerate: \(Self.regenerate))
                  line \(block.start + first + 1) is:  \(had)
                  it should be: \(line)
                """)
        }
        if update {
            let rewritten = lines.joined(separator: "\n")
            if rewritten != text { try rewritten.write(to: url, atomically: true, encoding: .utf8) }
        }
    }

    // On every page, every block that shows a command and what it prints (its first line
    // starts with `$ `) is a sample, and every Swift block of docs/EMBEDDING.md is a file.
    /// The tool's own pages and the tutorial, which show many runs: each must mark at least
    /// five blocks.
    static let toolPages = ["docs/TOOL.md", "docs/TESTING.md", "docs/EMBEDDING.md", "docs/TUTORIAL.md"]

    @Test("on every page every shown run is a sample, and every Swift block is a file", arguments: pages)
    func everyRunIsASample(_ page: String) throws {
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(page), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marked = Set(Self.blocks(lines).blocks.map { $0.start - 1 })
        #expect(marked.count >= 5 || !Self.toolPages.contains(page), "\(page) marks fewer than 5 blocks")
        var i = 0
        while i < lines.count {
            let fence = String(lines[i].prefix { $0 == "`" })
            guard fence.count >= 3 else {
                i += 1
                continue
            }
            let close = lines[(i + 1)...].firstIndex(of: fence) ?? lines.count
            if !marked.contains(i) {
                let first = i + 1 < close ? lines[i + 1] : ""
                #expect(!first.hasPrefix("$ "), "\(page):\(i + 1): a run shown without <!-- sample -->")
                #expect(
                    lines[i] != fence + "swift" || page != "docs/EMBEDDING.md",
                    "\(page):\(i + 1): a Swift block that is not a file")
            }
            i = close + 1
        }
    }
}
