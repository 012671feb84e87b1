import Foundation
import Testing

/// The REPL's hostile inputs in a real terminal (tmux), the `scn` process under the same
/// 256 MiB data limit as the rest of the hostile suite (`ulimit -d`): many entries, `:undo`
/// after a long loop, a long open block. Each must leave the REPL answering, with the right
/// result; a process that ran out of memory would end the tmux session, which the test
/// reports. The wait limits only guard against a hang: they are not timing figures.
@Suite(.enabled(if: Tmux.executable != nil, "tmux is not installed"), .serialized)
struct HostileReplTests {
    static func start() throws -> (Tmux, String) {
        let scn = try ScnBinary.path()
        let folder = try TemporaryFolder.make("repl-hostile")
        let state = (folder as NSString).appendingPathComponent("state")
        let tmux = Tmux(folder: folder)
        let command = [
            "sh", "-c", "ulimit -d \(HostileBudgetTests.memoryKiB) && exec \"$0\" \"$@\"", "env",
            "XDG_STATE_HOME=\(state)", "HOME=\(folder)", "INPUTRC=/dev/null", "TERM=screen", scn,
        ]
        try tmux.start(command, in: folder)
        try tmux.waitFor("the greeting", { Tmux.lastLine($0) == "scn>" })
        return (tmux, folder)
    }

    /// Fails when the REPL's process has gone (a crash ends the session).
    static func expectAlive(_ tmux: Tmux, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(tmux.tmux(["has-session", "-t", tmux.session]).status == 0, sourceLocation: sourceLocation)
    }

    @Test("5,000 pasted one-line entries, then a step and :undo: the REPL still answers at once")
    func manyEntries() throws {
        let (tmux, folder) = try Self.start()
        defer { tmux.killServer() }
        tmux.type("sdk kindly")
        try tmux.paste((1...5_000).map { "# entry \($0)\n" }.joined(), using: folder)
        tmux.type("launch background")
        try tmux.waitFor("the launch after 5,000 entries", limit: 300, { $0.contains("app: background on host") })
        tmux.type(":undo")
        try tmux.waitFor("the undo", limit: 60, { $0.contains("undid: launch background") })
        tmux.type(":undo")
        try tmux.waitFor("the undo of an entry", limit: 60, { $0.contains("undid: # entry 5000") })
        Self.expectAlive(tmux)
    }

    @Test(":undo after a 400,000-step loop steps back within the memory limit")
    func undoAfterLongLoop() throws {
        let (tmux, _) = try Self.start()
        defer { tmux.killServer() }
        tmux.type("sdk kindly")
        tmux.type("launch background")
        try tmux.waitFor("the launch", { $0.contains("background") })
        tmux.type("repeat 400000 { wait 1s }")
        try tmux.waitFor("the loop", limit: 300, { $0.contains("→ 400000.000s") })
        tmux.type(":undo")
        try tmux.waitFor("the undo", limit: 120, { $0.contains("undid: repeat 400000 { wait 1s }") })
        tmux.type("expect app background")
        try tmux.waitFor("the expectation after the undo", limit: 60, { Tmux.lastLine($0) == "scn>" && $0.contains("expect app background\n  ok") })
        Self.expectAlive(tmux)
    }

    @Test("an open raw string of 3,000 pasted lines is one entry")
    func longOpenBlock() throws {
        let (tmux, folder) = try Self.start()
        defer { tmux.killServer() }
        let block = "let s = '\n" + (1...3_000).map { "line \($0)\n" }.joined() + "'\n"
        try tmux.paste(block, using: folder)
        tmux.type(":state")
        try tmux.waitFor("the entry and the state after it", limit: 300, { $0.contains("not installed") || $0.contains("nothing installed") })
        Self.expectAlive(tmux)
    }

    @Test("an open block of 3,000 pasted lines, each closing brackets of its own, is one entry")
    func longOpenBlockOfClosingLines() throws {
        let (tmux, folder) = try Self.start()
        defer { tmux.killServer() }
        tmux.type("sdk kindly")
        tmux.type("launch background")
        try tmux.waitFor("the launch", { $0.contains("background") })
        let block = "def many {\n" + String(repeating: "    repeat 1 { wait 1s }\n", count: 3_000) + "}\n"
        try tmux.paste(block, using: folder)
        tmux.type("many")
        try tmux.waitFor("the def's 3,000 waits", limit: 300, { $0.contains("→ 3000.000s") })
        Self.expectAlive(tmux)
    }
}
