import Foundation
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

@testable import Edna
@testable import Kindly

/// docs/TESTING.md "Where a failure was reached from": a failure inside a `def` names the call
/// site, one inside a `for` the value, one inside a `repeat` the iteration — innermost first,
/// at most `StepError.frameLimit` of them.
@Suite("Failure context")
struct FailureContextTests {
    /// The `= note:` lines of the failure of the first case of `text`.
    func notes(_ text: String, limits: Limits = Limits()) throws -> [String] {
        let (script, results) = try run(text, limits: limits)
        let result = try #require(results.first)
        let rendered = try #require(FailureReport.render(result, in: script))
        return rendered.split(separator: "\n").filter { $0.contains("= note: ") }.map {
            String($0.trimmingCharacters(in: .whitespaces).dropFirst("= note: ".count))
        }
    }

    static let prologue = "sdk kindly\nextension kindly\nlaunch background\npush kindly visible title \"Anna\"\n"

    @Test("a failure in a def names its call site, after what was expected and what is")
    func defNamesCallSite() throws {
        let text = Self.prologue + "def check who {\n    expect banner $who\n}\ncheck \"Bob\"\n"
        let (script, results) = try run(text)
        let rendered = try #require(results.first.flatMap { FailureReport.render($0, in: script) })
        let head = rendered.components(separatedBy: "trace (")[0]
        #expect(
            head == """
                error: expectation failed: expect banner $who
                  --> test.scn:6:5
                   |
                 6 |     expect banner $who
                   |     ^^^^^^^^^^^^^^^^^^
                   = expected: newest banner "Bob"
                   = actual:   newest banner b1: "Anna" "Message 1" from extension
                   = note: called from test.scn:8:1

                """)
    }

    @Test("nested defs: one line per call, innermost first")
    func nestedDefs() throws {
        let text =
            Self.prologue + "def inner {\n    expect banners 2\n}\ndef outer {\n    inner\n}\n"
            + "case \"c\" {\n    outer\n}\n"
        #expect(try notes(text) == ["called from test.scn:9:5", "called from test.scn:12:5"])
    }

    @Test("a failure in a for names the variable, the value and which item it is")
    func forNamesValue() throws {
        let text = Self.prologue + "for who in [\"Anna\", \"Bob\", \"Cy\"] {\n    expect banner $who\n}\n"
        #expect(try notes(text) == ["in for who = \"Bob\" (item 2 of 3) at test.scn:5:1"])
    }

    @Test("a def called in a for: the call, then the loop")
    func defInFor() throws {
        let text =
            Self.prologue + "def check who {\n    expect banner $who\n}\n"
            + "for who in [\"Anna\", {name: \"Bob\"}] {\n    check $who\n}\n"
        #expect(
            try notes(text) == [
                "called from test.scn:9:5", "in for who = {\"name\": \"Bob\"} (item 2 of 2) at test.scn:8:1",
            ])
    }

    @Test("a for in a def: the loop, then the call")
    func forInDef() throws {
        let text =
            Self.prologue + "def each names {\n    for n in $names {\n        expect banner $n\n    }\n}\n"
            + "each [\"Anna\", \"Zoe\"]\n"
        #expect(try notes(text) == ["in for n = \"Zoe\" (item 2 of 2) at test.scn:6:5", "called from test.scn:10:1"])
    }

    @Test("a failure in a repeat names the iteration")
    func repeatNamesIteration() throws {
        let text = Self.prologue + "repeat 3 {\n    tap\n}\n"
        #expect(try notes(text) == ["in repeat (iteration 2 of 3) at test.scn:5:1"])
    }

    @Test("a long item is shortened")
    func longValueShortened() throws {
        let long = String(repeating: "x", count: 500)
        let text = Self.prologue + "for who in [\"\(long)\"] {\n    expect banner $who\n}\n"
        let line = try #require(try notes(text).first)
        #expect(line.hasPrefix("in for who = \"xxx"))
        #expect(line.contains("…"))
        #expect(line.utf8.count < 120)
    }

    @Test("recursion 256 deep names the 8 innermost calls, then how many more")
    func frameBound() throws {
        let found = try notes("sdk kindly\ndef f { f }\nf\n")
        #expect(found.count == StepError.frameLimit + 1)
        #expect(found.prefix(8).allSatisfy { $0 == "called from test.scn:2:9" })
        #expect(found.last == "… 248 more")
    }

    @Test("a failure outside any def or loop has no note")
    func noFrames() throws {
        #expect(try notes(Self.prologue + "expect banner \"Bob\"\n") == [])
    }

    @Test("a def in an included file: the failing line in the library, the call site in the case's file")
    func includedDef() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scn-context-\(getpid())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "def check who {\n    expect banner $who\n}\n".write(
            to: root.appendingPathComponent("lib.scn"), atomically: true, encoding: .utf8)
        let main = "include \"lib.scn\"\n" + Self.prologue + "check \"Bob\"\n"
        let path = root.appendingPathComponent("main.scn").path
        let loader = DirectoryLoader(root: root.path)
        let (script, results) = try run(main, path: path, loader: loader)
        let result = try #require(results.first)
        let failure = try #require(result.failure)
        #expect(failure.path == root.appendingPathComponent("lib.scn").path)
        let rendered = try #require(FailureReport.render(result, in: script))
        #expect(rendered.contains("--> \(root.path)/lib.scn:2:5"))
        #expect(rendered.contains("= note: called from \(path):6:1"))
    }

    @Test("the frames are data on the error, for embedders")
    func framesAreData() throws {
        let text = Self.prologue + "for who in [\"Anna\", \"Bob\"] {\n    expect banner $who\n}\n"
        let (_, results) = try run(text)
        let failure = try #require(results.first?.failure)
        #expect(
            failure.frames.map(\.kind) == [.item(variable: "who", value: "\"Bob\"", number: 2, count: 2)])
        #expect(failure.moreFrames == 0)
    }
}
