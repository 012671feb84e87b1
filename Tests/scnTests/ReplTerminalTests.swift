import ScenarioRuntime
import StandardVocabulary
import Foundation
import Testing

@testable import ScenarioTool

/// The REPL in a real pseudo-terminal (tmux): readline editing, a mistake with its caret,
/// tab completion, `:save`, `scn run` on the saved file, and history in a second session.
@Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed"))
struct ReplTerminalTests {
    @Test func aSessionWithAMistakeIsSavedRunsAndIsRememberedNextTime() throws {
        let scn = try ScnBinary.path()
        let folder = try TemporaryFolder.make("repl-pty")
        let state = (folder as NSString).appendingPathComponent("state")
        let tmux = Tmux(folder: folder)
        defer { tmux.killServer() }
        let command = [
            "env", "XDG_STATE_HOME=\(state)", "HOME=\(folder)", "INPUTRC=/dev/null", "TERM=screen", scn,
        ]

        try tmux.start(command, in: folder)
        try tmux.waitFor("the greeting", { Tmux.lastLine($0) == "scn>" })
        tmux.type("sdk kindly")
        tmux.type("extension kindly")
        try tmux.waitFor("configuration accepted", { $0.components(separatedBy: "  ok").count == 3 })
        tmux.type("launch killed")
        try tmux.waitFor("install", { $0.contains("installed: kindly") })

        // A mistake: the error, with a caret under the unknown option.
        tmux.type("push kindly visible tilte \"Anna\"")
        let error = try tmux.waitFor("the error", { $0.contains("did you mean 'title'?") })
        #expect(error.contains("error: unknown option 'tilte' for 'push kindly'"))
        let lines = error.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let source = lines.firstIndex(where: { $0.hasSuffix("| push kindly visible tilte \"Anna\"") }),
            source + 1 < lines.count
        {
            let column = lines[source].range(of: "tilte").map {
                lines[source].distance(from: lines[source].startIndex, to: $0.lowerBound)
            }
            let caret = lines[source + 1].range(of: "^^^^^").map {
                lines[source + 1].distance(from: lines[source + 1].startIndex, to: $0.lowerBound)
            }
            #expect(column != nil && column == caret, "caret not under 'tilte':\n\(error)")
        } else {
            Issue.record("the offending line is not on screen:\n\(error)")
        }

        // Tab completion from the registry.
        tmux.send(literal: "push kin")
        tmux.send(key: "Tab")
        try tmux.waitFor("completion", { Tmux.lastLine($0) == "scn> push kindly" })
        tmux.type("visible title \"Anna\"")
        try tmux.waitFor("the banner", { $0.contains("+ banner b1 \"Anna\"") })
        tmux.type("expect banners 1")
        tmux.type("expect banners 4")
        try tmux.waitFor("the failed expectation", { $0.contains("expect banners 4") && $0.contains("expected") })

        // A block continues on the '...>' prompt and runs when it closes; Ctrl-C drops one.
        tmux.type("repeat 2 {")
        try tmux.waitFor("the continuation prompt", { Tmux.lastLine($0) == "...>" })
        tmux.type("wait 1s")
        tmux.type("}")
        try tmux.waitFor("the block's effect", { $0.contains("time: 0.000s → 2.000s") })
        tmux.type("repeat 3 {")
        try tmux.waitFor("another block", { Tmux.lastLine($0) == "...>" })
        tmux.send(literal: "push kin")
        try tmux.waitFor("typing in the block", { Tmux.lastLine($0) == "...> push kin" })
        tmux.send(key: "C-c")
        try tmux.waitFor("the dropped block", { $0.contains("...> push kin^C") && Tmux.lastLine($0) == "scn>" })

        tmux.type(":save bug.scn")
        try tmux.waitFor("save", { $0.contains("saved 6 entries to bug.scn") })
        tmux.type(":quit")
        try tmux.waitForExit()

        // The saved file runs and passes.
        let run = try ProcessRunner.run(scn, ["run", "bug.scn"], in: folder)
        #expect(run.status == 0, "scn run bug.scn:\n\(run.output)")
        #expect(run.output.contains("PASS bug.scn"))
        let saved = try String(contentsOfFile: (folder as NSString).appendingPathComponent("bug.scn"), encoding: .utf8)
        #expect(
            saved
                == """
                sdk kindly
                extension kindly
                launch killed
                push kindly visible title "Anna"
                expect banners 1
                repeat 2 {
                    wait 1s
                }

                """)

        // A second session remembers the first one's lines.
        try tmux.start(command, in: folder)
        try tmux.waitFor("the second prompt", { Tmux.lastLine($0) == "scn>" })
        tmux.send(key: "Up")
        try tmux.waitFor("history", { Tmux.lastLine($0) == "scn> :quit" })
        tmux.send(key: "Up")
        try tmux.waitFor("older history", { Tmux.lastLine($0) == "scn> :save bug.scn" })
        tmux.send(key: "C-u")
        tmux.send(key: "C-d")
        try tmux.waitForExit()
        let history = try String(
            contentsOfFile: (state as NSString).appendingPathComponent("scn/history"), encoding: .utf8)
        #expect(
            history.contains("push kindly visible tilte \"Anna\"\n"), "mistakes stay in the history, to fix with Up")
    }
}

private let libeditInstalled = ["/usr/lib/x86_64-linux-gnu/libedit.so.2", "/usr/lib/aarch64-linux-gnu/libedit.so.2"]
    .contains { FileManager.default.fileExists(atPath: $0) }

/// The REPL over libedit, as on a Mac with nothing but Xcode (macOS's own
/// `/usr/lib/libedit.3.dylib`; here Debian's libedit2, the same readline-compatible interface):
/// the greeting names the library, Tab completes, a block continues, Ctrl-C drops it, and the
/// next session recalls the history with Up, each line once.
@Suite(
    .enabled(if: Tmux.executable != nil, "tmux is not installed"),
    .enabled(if: libeditInstalled, "libedit is not installed (Debian: apt-get install libedit2)"))
struct LibeditREPLTests {
    @Test func theREPLEditsCompletesAndRemembersWithLibedit() throws {
        let scn = try ScnBinary.path()
        let folder = try TemporaryFolder.make("repl-libedit")
        let state = (folder as NSString).appendingPathComponent("state")
        let tmux = Tmux(folder: folder)
        defer { tmux.killServer() }
        let command = [
            "env", "SCN_LINE_EDITOR=libedit", "XDG_STATE_HOME=\(state)", "HOME=\(folder)", "TERM=screen", scn,
        ]

        try tmux.start(command, in: folder)
        let greeting = try tmux.waitFor("the greeting", { Tmux.lastLine($0) == "scn>" })
        #expect(greeting.contains("scn \(ToolVersion.string) (libedit) — :help for help"))
        tmux.type("sdk kindly")
        try tmux.waitFor("configuration accepted", { $0.contains("  ok") })
        tmux.send(literal: "push kin")
        tmux.send(key: "Tab")
        try tmux.waitFor("completion", { Tmux.lastLine($0) == "scn> push kindly" })
        tmux.type("visible title \"Anna\"")
        try tmux.waitFor("the banner", { $0.contains("+ banner b1 \"Anna\"") })
        tmux.type("repeat 3 {")
        try tmux.waitFor("the continuation prompt", { Tmux.lastLine($0) == "...>" })
        tmux.send(literal: "wait 1")
        tmux.send(key: "C-c")
        try tmux.waitFor("the dropped block", { Tmux.lastLine($0) == "scn>" })
        tmux.type(":quit")
        try tmux.waitForExit()

        try tmux.start(command, in: folder)
        try tmux.waitFor("the second prompt", { Tmux.lastLine($0) == "scn>" })
        tmux.send(key: "Up")
        try tmux.waitFor("history", { Tmux.lastLine($0) == "scn> :quit" })
        tmux.send(key: "Up")
        try tmux.waitFor("older history", { Tmux.lastLine($0) == "scn> repeat 3 {" })
        tmux.send(key: "C-u")
        tmux.send(key: "C-d")
        try tmux.waitForExit()
        let history = try String(
            contentsOfFile: (state as NSString).appendingPathComponent("scn/history"), encoding: .utf8)
        let lines = history.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("kindly") && $0.hasPrefix("sdk") }.count == 1, "each line once:\n\(history)")
    }

    @Test func aPreferenceForALibraryThatIsNotThereSaysWhatWasTried() {
        #expect(throws: Readline.LoadError.self) { try Readline.load(["libnothing-here.so.1"], preference: .libedit) }
        #expect(Readline.Preference(environment: "libedit") == .libedit)
        #expect(Readline.Preference(environment: "readline") == .gnuReadline)
        #expect(Readline.Preference(environment: nil) == .any)
    }

    @Test func eachLibraryIsRecognisedByItsOwnSymbols() throws {
        let edit = try Readline.load(preference: .libedit)
        #expect(edit.library == .libedit)
        let gnu = try Readline.load(preference: .gnuReadline)
        #expect(gnu.library == .gnuReadline)
    }
}

/// The `scn` binary this package builds.
enum ScnBinary {
    /// `.build/debug/scn` under the package root (found from this file), built first if missing.
    static func path(filePath: String = #filePath) throws -> String {
        var root = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            let parent = root.deletingLastPathComponent()
            guard parent.path != root.path else { throw TestFailure("no Package.swift above \(filePath)") }
            root = parent
        }
        let binary = root.appendingPathComponent(".build/debug/scn").path
        if !FileManager.default.isExecutableFile(atPath: binary) {
            let build = try ProcessRunner.run(
                "/usr/bin/env", ["swift", "build", "--product", "scn"], in: root.path, timeout: 1800)
            guard build.status == 0 else { throw TestFailure("swift build --product scn failed:\n\(build.output)") }
        }
        return binary
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs a program to completion, with a bounded wait.
///
/// posix_spawn rather than Foundation's Process: test threads block most signals, and a
/// child would inherit that mask (a REPL deaf to Ctrl-C, a tmux server that cannot be
/// stopped). Here the child starts with no signal blocked and default handlers.
enum ProcessRunner {
    static func run(
        _ executable: String, _ arguments: [String], in directory: String, timeout: TimeInterval = 60
    ) throws -> (status: Int32, output: String) {
        let log = (NSTemporaryDirectory() as NSString).appendingPathComponent("scn-process-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(atPath: log) }

        // `sh` changes to the directory, then becomes the program.
        let command = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory, executable] + arguments
        guard let code = try Platform.spawn(command, log: log, timeout: timeout) else {
            throw TestFailure("\(executable) \(arguments.joined(separator: " ")) took longer than \(Int(timeout))s")
        }
        let output = FileManager.default.contents(atPath: log).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return (code, output)
    }
}

/// A private tmux server (its own socket, no config) driving one session.
struct Tmux {
    static var executable: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in paths + ["/usr/bin", "/usr/local/bin"] {
            let candidate = "\(folder)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    let socket: String
    let session = "scn"
    /// How long to wait for something to show up before failing.
    let timeout: TimeInterval = 30

    init(folder: String) {
        socket = (folder as NSString).appendingPathComponent("tmux.sock")
    }

    @discardableResult
    func tmux(_ arguments: [String]) -> (status: Int32, output: String) {
        guard let executable = Tmux.executable,
            let result = try? ProcessRunner.run(
                executable, ["-S", socket, "-f", "/dev/null"] + arguments, in: "/", timeout: timeout)
        else { return (-1, "") }
        return result
    }

    func start(_ command: [String], in directory: String) throws {
        let line = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let result = tmux(["new-session", "-d", "-x", "200", "-y", "50", "-s", session, "-c", directory, line])
        guard result.status == 0 else { throw TestFailure("tmux new-session failed: \(result.output)") }
    }

    func send(literal text: String) { tmux(["send-keys", "-t", session, "-l", text]) }
    func send(key: String) { tmux(["send-keys", "-t", session, key]) }

    /// Types a line and presses Enter.
    func type(_ line: String) {
        send(literal: line)
        send(key: "Enter")
    }

    func pane() -> String { tmux(["capture-pane", "-p", "-t", session, "-S", "-200"]).output }

    /// Pastes `text` as if typed, line breaks as Enter (tmux's paste buffer).
    func paste(_ text: String, using folder: String) throws {
        let file = (folder as NSString).appendingPathComponent("paste.txt")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        tmux(["load-buffer", file])
        tmux(["paste-buffer", "-t", session])
    }

    /// Polls the pane until `condition` holds; fails after `limit` seconds (``timeout`` unless given).
    @discardableResult
    func waitFor(_ what: String, limit: TimeInterval? = nil, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(limit ?? timeout)
        var screen = pane()
        while !condition(screen) {
            guard Date() < deadline else { throw TestFailure("timed out waiting for \(what); the screen:\n\(screen)") }
            Thread.sleep(forTimeInterval: 0.05)
            screen = pane()
        }
        return screen
    }

    /// Waits until the session's program has ended (and so the session).
    func waitForExit() throws {
        let deadline = Date().addingTimeInterval(timeout)
        while tmux(["has-session", "-t", session]).status == 0 {
            guard Date() < deadline else { throw TestFailure("the REPL did not exit; the screen:\n\(pane())") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    func killServer() { tmux(["kill-server"]) }

    /// The last line with anything on it, without trailing blanks.
    static func lastLine(_ screen: String) -> String {
        let lines = screen.split(separator: "\n").map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        return lines.last(where: { !$0.isEmpty }) ?? ""
    }
}
