import Foundation
import NotificationCore
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

@testable import ScenarioTool

/// The REPL's state grows linearly with its entries: `:undo` keeps at most
/// `ReplMachine.maxUndo` snapshots (and at most `maxUndoBytes` of worlds), the entries and
/// files are kept once, and an open block is not lexed again at every line.
@Suite struct ReplBudgetTests {
    let folder: String

    init() throws {
        folder = try TemporaryFolder.make("repl-budget")
    }

    @Test("5,000 one-line comments: every entry kept once, :undo bounded, and it still steps back")
    func manyEntries() throws {
        var repl = ReplMachine(root: folder)
        #expect(!repl.handle("sdk kindly").isError)
        for i in 0..<5_000 { #expect(!repl.handle("let v\(i) = \(i) # entry \(i)").isError) }
        #expect(repl.entries.count == 5_001)
        #expect(repl.sources.count == 5_001)
        #expect(repl.undoDepth == ReplMachine.maxUndo)
        let undone = repl.handle(":undo")
        #expect(undone.text.contains("undid: let v4999"), "\(undone.text)")
        #expect(repl.entries.count == 5_000)
        #expect(repl.sources["<repl:5001>"] == nil || repl.sources.count == 5_000)
        for _ in 1..<ReplMachine.maxUndo { #expect(!repl.handle(":undo").isError) }
        #expect(repl.handle(":undo").text.contains("nothing more to undo"))
        #expect(repl.entries.count == 5_001 - ReplMachine.maxUndo)
    }

    @Test(":reset and :undo bring the entries and files back")
    func resetAndUndo() throws {
        var repl = ReplMachine(root: folder)
        for line in ["sdk kindly", "launch background", "wait 1s"] { #expect(!repl.handle(line).isError) }
        #expect(!repl.handle(":reset").isError)
        #expect(repl.entries.isEmpty && repl.sources.isEmpty)
        #expect(repl.handle(":undo").text.contains("undid the :reset"))
        #expect(repl.entries.count == 3 && repl.sources.count == 3)
        #expect(repl.world?.now == 1_000)
        #expect(repl.handle(":undo").text.contains("undid: wait 1s"))
        #expect(repl.world?.now == 0)
    }

    @Test(":undo after a 400,000-step loop steps back to the world before it")
    func undoAfterALongLoop() throws {
        var repl = ReplMachine(root: folder)
        for line in ["sdk kindly", "launch background"] { #expect(!repl.handle(line).isError) }
        let loop = repl.handle("repeat 400000 { wait 1s }")
        #expect(!loop.isError, "\(loop.text)")
        #expect(repl.world?.now == 400_000_000)
        for _ in 0..<5 { #expect(!repl.handle("wait 1s").isError) }
        // Each world after the loop holds its 400,000 events: :undo keeps as many as its
        // budget holds, and says so when it has gone back as far as it can.
        #expect(!repl.handle(":undo").isError)
        #expect(repl.world?.now == 400_004_000)
        var undone = 1
        while !repl.handle(":undo").isError { undone += 1 }
        #expect(undone <= 6)
        #expect(repl.handle(":undo").text.contains("nothing more to undo: :undo keeps the last 100 entries"))
    }

    @Test("an open raw string of 3,000 lines is one entry, lexed again only where a line may end it")
    func longOpenBlock() throws {
        var block = OpenBlock()
        #expect(Repl.add("sdk kindly", to: &block) == "sdk kindly")
        #expect(Repl.add("let s = '", to: &block) == nil)
        for i in 0..<3_000 { #expect(Repl.add("line \(i) { [", to: &block) == nil) }
        let text = try #require(Repl.add("'", to: &block))
        #expect(block.isEmpty)
        #expect(text.hasPrefix("let s = '\nline 0 { [\n"))
        var repl = ReplMachine(root: folder)
        #expect(!repl.handle("sdk kindly").isError)
        #expect(!repl.handle(text).isError)
        // A closing bracket on a line of its own ends a block.
        #expect(Repl.add("repeat 2 {", to: &block) == nil)
        #expect(Repl.add("    wait 1s", to: &block) == nil)
        #expect(Repl.add("}", to: &block) == "repeat 2 {\n    wait 1s\n}")
        #expect(Language.cannotEndBlock("wait 1s") && !Language.cannotEndBlock("}") && !Language.cannotEndBlock("'"))
    }

    @Test(
        "a 3,000-line open block whose every line closes a bracket of its own is lexed whole once, at its end",
        arguments: [
            ("def many {", "    repeat 1 { wait 1s }", "}"),
            ("let s = '", "{\"a\": [1, 2]} # \" ${x} }", "'"),
            ("push raw {\"list\": [", "    {\"a\": \"}]\\\"\", \"b\": [1]},", "    {}]}"),
        ])
    func openBlockOfClosingLines(first: String, line: String, last: String) throws {
        var block = OpenBlock()
        #expect(Repl.add(first, to: &block) == nil)
        for _ in 0..<3_000 { #expect(Repl.add(line, to: &block) == nil) }
        let before = block.lexes
        let text = try #require(Repl.add(last, to: &block))
        #expect(block.isEmpty)
        #expect(before == 0, "lexed \(before) times before its last line")
        #expect(block.lexes == 1)
        #expect(!Language.needsContinuation(text))
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 3_002)
    }

    @Test("the line scan agrees with the lexer on strings, comments, variables and raw strings")
    func openBlockScanAgrees() {
        let cases: [[String]] = [
            ["repeat 2 {", "  send \"}\"", "  # }", "  send \"${a}\"", "}"],
            ["repeat 2 {", "  let x = ${y}", "}"],
            ["let s = 'a", "b } ]", "c'"],
            ["send \"unterminated {"],
            ["}"],
            ["push raw [", "\"\\\"]\"", "]"],
            ["let a = \"\\", "]"],
        ]
        for lines in cases {
            var block = OpenBlock()
            var outputs: [String] = []
            for line in lines { if let text = block.add(line) { outputs.append(text) } }
            // What the lexer alone says, line by line, as the REPL did before.
            var expected: [String] = []
            var pending: [String] = []
            for line in lines {
                pending.append(line)
                let text = pending.joined(separator: "\n")
                if !Language.needsContinuation(text) {
                    expected.append(text)
                    pending = []
                }
            }
            #expect(outputs == expected, "\(lines)")
        }
    }
}
