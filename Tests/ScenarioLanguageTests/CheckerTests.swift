import Foundation
import Testing

@testable import ScenarioLanguage

private func accepted(_ text: String, path: String = "Scenarios/cold-start.scn", files: [String: String] = [:])
    -> CheckedScript?
{
    let result = check(text, path: path, files: files)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
    return result.script
}

private func command(_ s: CheckedStmt?) -> BoundCommand? {
    guard case .command(let c)? = s?.kind else { return nil }
    return c
}

@Suite struct CheckerTests {
    // MARK: - Files and cases

    @Test func aFileWithoutCasesIsOneCaseNamedAfterTheFile() throws {
        let script = try #require(accepted("tags smoke kindly\nsdk kindly 3.0.12\nlaunch killed\ntap\n"))
        #expect(script.cases.map(\.name) == ["cold-start"])
        #expect(script.cases[0].tags == ["smoke", "kindly"])
        #expect(script.cases[0].body.isEmpty)
        #expect(script.prologue.count == 3)
        #expect(script.sources.keys.sorted() == ["Scenarios/cold-start.scn"])
    }

    @Test func casesSeeTheWholePrologue() throws {
        let text = """
            tags kindly
            case "early" {
                tags slow
                skip "not yet"
                launch $state
                helper
            }
            sdk kindly
            let state = killed
            def helper {
                tap
            }
            case "late" {
                tap
            }
            """
        let script = try #require(accepted(text))
        #expect(script.cases.map(\.name) == ["early", "late"])
        #expect(script.cases.map(\.tags) == [["kindly", "slow"], ["kindly"]])
        #expect(script.cases.map(\.skip) == ["not yet", nil])
        #expect(script.prologue.count == 3)
        guard case .call(let name, let args)? = script.cases[0].body.last?.kind else {
            Issue.record("not a call")
            return
        }
        #expect(name.text == "helper")
        #expect(args.isEmpty)
    }

    @Test("known-bug: a case's own reference, else its file's (a known bug, §5.3)")
    func knownBugReachesItsCases() throws {
        let text = """
            known-bug "https://example.com/file"
            sdk kindly
            case "own" {
                tags slow
                known-bug "https://example.com/own"
                tap
            }
            case "inherits" {
                tap
            }
            """
        let script = try #require(accepted(text))
        #expect(script.cases.map(\.knownBug) == ["https://example.com/own", "https://example.com/file"])
        let plain = try #require(accepted("sdk kindly\ntap"))
        #expect(plain.cases[0].knownBug == nil)
    }

    @Test func fileLevelSkipWithoutReason() throws {
        let script = try #require(accepted("skip\nsdk kindly\ntap"))
        #expect(script.cases[0].skip == "")
    }

    @Test func forAroundCasesMakesOneCasePerValue() throws {
        let text = """
            sdk kindly
            let states = [killed, background]
            for state in $states {
                case "visible push while ${state}" {
                    launch $state
                }
            }
            for n in [1, 2] {
                for s in ["a", 'b'] {
                    case "${s}${n}" {
                        tap $n
                    }
                }
            }
            """
        let script = try #require(accepted(text))
        #expect(
            script.cases.map(\.name) == [
                "visible push while killed", "visible push while background", "a1", "b1", "a2", "b2",
            ])
        #expect(script.cases[0].bindings.map { "\($0.key.text)=\($0.value)" } == ["state=word(\"killed\")"])
        #expect(script.cases[3].bindings.count == 2)
        #expect(script.cases[3].bindings.first { $0.key.text == "s" }?.value == .string("b"))
    }

    // MARK: - Binding

    @Test func bindingPositionalsOptionsAndFlags() throws {
        let script = try #require(
            accepted("sdk kindly\npush kindly title \"Anna\" tampered silent chat c-7 missing body"))
        let push = try #require(command(script.prologue.last))
        #expect(push.signature.name == "push kindly")
        #expect(push.arguments.positionals.map { $0?.wordText } == ["silent"])
        #expect(push.arguments.options.keys.sorted() == ["chat", "missing", "title"])
        #expect(push.arguments.options["title"]?.literalValue == .string("Anna"))
        #expect(push.arguments.flags == ["tampered"])
    }

    @Test func anOptionalPositionalIsSkippedWhenTheLiteralFitsTheNext() throws {
        var registry = Registry()
        try registry.register(
            Signature(
                ["sdk"],
                [
                    Parameter("sdk", .choice(["kindly", "edna"]), optional: true),
                    Parameter("version", .version, optional: true),
                ], role: .setting, topic: "", summary: ""))
        let result = Language.check(source("sdk 3.0.12"), registry: registry)
        let sdk = try #require(command(result.script?.prologue.first))
        #expect(sdk.arguments.positionals.map { $0?.wordText } == [nil, "3.0.12"])
    }

    @Test func longestPathWins() throws {
        let script = try #require(accepted("sdk kindly\nexpect banner none\nexpect banner \"none\"\nexpect banners 2"))
        #expect(
            script.prologue.compactMap { command($0)?.signature.name } == [
                "sdk", "expect banner none", "expect banner", "expect banners",
            ])
    }

    @Test func wordsNumbersAndVersionsAsText() throws {
        let script = try #require(accepted("sdk kindly 2.0\npush kindly chat 42 title \"61s\"\ntap 2\ntap \"Anna\""))
        #expect(command(script.prologue[0])?.arguments.positionals[1]?.wordText == "2.0")
        #expect(command(script.prologue[2])?.arguments.positionals[0]?.wordText == "2")
    }

    @Test("free text (a title, a log line) is quoted; a variable may bring a word")
    func freeTextIsQuoted() throws {
        #expect(
            messages(check("sdk kindly\npush kindly title 61s").diagnostics) == [
                "option 'title' expected a quoted string, got '61s'"
            ])
        _ = try #require(accepted("sdk kindly\nlet who = Anna\npush kindly title $who chat chat-2"))
    }

    @Test func variablesAreCheckedWhenTheStepRuns() throws {
        // A variable's value is not known before the run: any kind is accepted here.
        _ = try #require(accepted("sdk kindly\nlet d = abc\nwait $d\nlaunch $d\nsend \"${d}\""))
        let r = check("sdk kindly\nlet d = abc\nexpect banners \"${d}\"")
        #expect(messages(r.diagnostics) == ["expected a whole number, got '\"${d}\"'"])
    }

    @Test func objectsAndListsWithVariables() throws {
        _ = try #require(accepted("sdk kindly\nlet t = \"x\"\npush raw {aps: {alert: $t}}"))
        #expect(messages(check("sdk kindly\npush raw {aps: {alert: $t}}").diagnostics) == ["undefined variable 't'"])
    }

    // MARK: - def

    @Test func defsAreCalledWithTheirArguments() throws {
        let script = try #require(
            accepted("sdk kindly\ndef cold_tap delay {\n    launch killed\n    wait $delay\n}\ncold_tap 61s\n"))
        guard case .def(let name, let params, let body) = script.prologue[1].kind else {
            Issue.record("not a def")
            return
        }
        #expect(name.text == "cold_tap")
        #expect(params.map(\.text) == ["delay"])
        #expect(body.count == 2)
        guard case .call(_, let args) = script.prologue[2].kind else {
            Issue.record("not a call")
            return
        }
        #expect(args.first?.wordText == "61s")
    }

    @Test func defsAreLexicallyScoped() {
        let r = check("sdk kindly\nrepeat 2 {\n    def inner {\n        tap\n    }\n    inner\n}\ninner\n")
        #expect(r.diagnostics.map { "\($0.location.line): \($0.message)" } == ["8: unknown command 'inner'"])
    }

    @Test func defsInSiblingBlocksMayShareAName() throws {
        _ = try #require(
            accepted(
                "sdk kindly\nrepeat 1 {\n    def h {\n        tap\n    }\n    h\n}\nrepeat 1 {\n    def h {\n        start\n    }\n    h\n}"
            ))
    }

    @Test func unknownCommandSuggestsADef() {
        let r = check("sdk kindly\ndef cold_tap {\n    tap\n}\ncold_tpa")
        #expect(r.diagnostics.first?.label == "did you mean 'cold_tap'?")
    }

    // MARK: - The configuration rule

    @Test func settingsSeenThroughDefsAndIncludes() {
        let files = ["lib/setup.scn": "launch killed\n"]
        let r = check("sdk kindly\ninclude \"lib/setup.scn\"\nextension kindly\n", path: "main.scn", files: files)
        #expect(
            messages(r.diagnostics) == [
                "'extension' is install-time configuration: it must come before the first action"
            ])
        #expect(r.diagnostics.first?.notes == ["the first action, on lib/setup.scn:1, installs the app"])
    }

    @Test func runtimeSettingsMayComeLater() throws {
        _ = try #require(accepted("sdk kindly\nlaunch killed\ndelegate own\nextension-delay 31s\n"))
    }

    @Test func caseRulesSeeTheCaseConfiguration() throws {
        nonisolated(unsafe) var seen: [String] = []
        var registry = testRegistry
        registry.addCaseRule { config in
            seen.append(
                "\(config.caseName): \(config.settings.map(\.signature.name)) first=\(config.firstAction.map { "\($0.range.start)" } ?? "-")"
            )
            return []
        }
        let text =
            "sdk kindly\ncase \"a\" {\n    keychain shared\n    tap\n    delegate own\n}\ncase \"b\" {\n    delegate own\n}\n"
        let r = Language.check(source(text), registry: registry)
        #expect(r.diagnostics.isEmpty)
        #expect(seen == ["a: [\"sdk\", \"keychain\"] first=46", "b: [\"sdk\", \"delegate\"] first=-"])
    }

    @Test func recursiveDefsDoNotLoopTheChecker() throws {
        _ = try #require(accepted("sdk kindly\ndef again n {\n    tap\n    again $n\n}\nagain 3\n"))
    }

    @Test func longDefChainsStayLinear() {
        var text = "sdk kindly\ndef d0 {\n    keychain shared\n}\n"
        for k in 1..<2000 { text += "def d\(k) {\n    d\(k - 1)\n    d\(k - 1)\n}\n" }
        text += "d1999\ntap\n"
        let clock = ContinuousClock()
        var r: CheckResult?
        let elapsed = clock.measure { r = check(text) }
        #expect(r?.diagnostics.first?.message == "only one 'sdk' line per case" || r?.diagnostics.isEmpty == true)
        #expect(elapsed < .seconds(20))
    }

    // MARK: - Includes

    @Test func includesAreInlinedWithTheirSource() throws {
        let files = [
            "Scenarios/lib/common.scn":
                "include \"more.scn\"\ndef cold_tap delay {\n    launch killed\n    wait $delay\n}\n",
            "Scenarios/lib/more.scn": "let greeting = \"hi\"\n",
        ]
        let script = try #require(
            accepted(
                "sdk kindly\ninclude \"lib/common.scn\"\ncold_tap 61s\nsend $greeting\n", path: "Scenarios/main.scn",
                files: files))
        guard case .include(let path, let src, let body) = script.prologue[1].kind else {
            Issue.record("not an include")
            return
        }
        #expect(path == "lib/common.scn")
        #expect(src.path == "Scenarios/lib/common.scn")
        #expect(body.count == 2)
        #expect(body[1].path == "Scenarios/lib/common.scn")
        #expect(
            script.sources.keys.sorted() == [
                "Scenarios/lib/common.scn", "Scenarios/lib/more.scn", "Scenarios/main.scn",
            ])
    }

    @Test func includeCyclesAreOneClearError() {
        let files = ["lib/a.scn": "include \"b.scn\"\n", "lib/b.scn": "include \"a.scn\"\n"]
        let r = check("include \"lib/a.scn\"\n", path: "main.scn", files: files)
        #expect(messages(r.diagnostics) == ["include cycle: lib/a.scn → lib/b.scn → lib/a.scn"])
        #expect(r.diagnostics.first?.path == "lib/b.scn")
        #expect(r.diagnostics.first?.location == SourceLocation(line: 1, column: 9))
    }

    @Test func includeDepthIsLimited() {
        var files: [String: String] = [:]
        for k in 0..<30 { files["f\(k).scn"] = "include \"f\(k + 1).scn\"\n" }
        let r = check("include \"f0.scn\"\n", path: "main.scn", files: files)
        #expect(messages(r.diagnostics) == ["includes nested deeper than the limit of 16"])
        #expect(r.diagnostics.first?.path == "f15.scn")
    }

    @Test func nestingIsCountedAcrossIncludes() {
        let nested = { (n: Int, inner: String) in
            String(repeating: "repeat 1 {\n", count: n) + inner + "\n" + String(repeating: "}\n", count: n)
        }
        let files = ["deep.scn": nested(150, "tap")]
        let r = check(nested(150, "include \"deep.scn\""), path: "main.scn", files: files)
        #expect(messages(r.diagnostics) == ["nesting deeper than the limit of 200 levels"])
        #expect(r.diagnostics.first?.path == "deep.scn")
        #expect(r.diagnostics.first?.location.line == 51)
    }

    @Test func includedSyntaxErrorsCarryTheirPath() {
        let r = check("sdk kindly\ninclude \"bad.scn\"\ntap ,\n", path: "main.scn", files: ["bad.scn": "\ntap ,\n"])
        #expect(
            r.diagnostics.map(\.description) == [
                "main.scn:3:5: error: unexpected ','",
                "bad.scn:2:5: error: unexpected ','",
            ])
    }

    @Test func noLoaderNoInclude() {
        let r = Language.check(source("include \"x.scn\""), registry: testRegistry)
        #expect(messages(r.diagnostics) == ["cannot include 'x.scn': no scenario root to read from"])
    }

    @Test func theRealLoaderStaysInsideTheRoot() throws {
        let fm = FileManagerShim.self
        let root = try fm.makeTemporaryDirectory()
        try fm.write("def hello {\n    tap\n}\n", to: root + "/lib/common.scn")
        try fm.write("secret\n", to: root + "/../outside-\(UInt32.random(in: 0...UInt32.max)).scn")
        let loader = DirectoryLoader(root: root)
        let main = SourceFile(
            path: root + "/main.scn",
            text: "sdk kindly\ninclude \"lib/common.scn\"\nhello\ninclude \"../outside.scn\"\ninclude \"/etc/passwd\"\n"
        )
        let r = Language.check(main, registry: testRegistry, loader: loader)
        #expect(
            messages(r.diagnostics) == [
                "cannot include '../outside.scn': '../outside.scn' is outside the scenario root",
                "cannot include '/etc/passwd': '/etc/passwd' is absolute; paths are relative to the file that names them",
            ])
    }

    // MARK: - Diagnostics order

    @Test func allErrorsAtOnceInPositionOrder() {
        let r = check("sdk kindly\nwait $x\ntpa\nlaunch\ncase \"a\" {\n    tap\n}\ncase \"a\" {\n    tap\n}\n")
        #expect(r.diagnostics.map { $0.location.line } == [2, 3, 4, 8])
        #expect(r.script == nil)
    }
}

enum FileManagerShim {
    static func makeTemporaryDirectory() throws -> String {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scn-lang-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        return base.path
    }

    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

@Suite struct DirectoryLoaderTests {
    @Test func includedPathsAreNormalised() throws {
        let root = try FileManagerShim.makeTemporaryDirectory()
        try FileManagerShim.write("include \"../lib/c.scn\"\n", to: root + "/a/b.scn")
        try FileManagerShim.write("let x = 1\n", to: root + "/lib/c.scn")
        let loader = DirectoryLoader(root: root)
        let b = try loader.load("a/b.scn", from: root + "/main.scn")
        let c = try loader.load("../lib/c.scn", from: b.path)
        #expect(b.path == root + "/a/b.scn")
        #expect(c.path == root + "/lib/c.scn")
    }
}

@Suite struct EvaluationTests {
    private func value(_ text: String) -> Expr? {
        guard case .let(_, let e)? = parse("let v = " + text).statements.first?.kind else { return nil }
        return e
    }

    @Test func variablesAndInterpolation() throws {
        let env: [String: Value] = ["who": .word("Anna"), "n": .number(text: "2.0", value: 2), "l": .list([])]
        let e = try #require(value(#"{title: "Hi ${who} #${n}", list: [$n, none, 61s]}"#))
        #expect(
            try e.evaluate { env[$0] }
                == .object([
                    Value.Field("title", .string("Hi Anna #2.0")),
                    Value.Field(
                        "list",
                        .list([.number(text: "2.0", value: 2), .none, .duration(text: "61s", milliseconds: 61_000)])),
                ]))
        #expect(throws: EvaluationError("undefined variable 'x'", at: SourceRange(8, 10))) {
            try value("$x")?.evaluate { env[$0] }
        }
        #expect(throws: EvaluationError.self) { try value("\"${l}\"")?.evaluate { env[$0] } }
    }
}
