import Foundation
import NotificationCore
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

@testable import Edna
@testable import Kindly

@Suite("Interpreter")
struct InterpreterTests {
    @Test("README.md example runs and passes")
    func specExample() throws {
        let (_, results) = try run(
            """
            sdk kindly 3.0.12
            extension kindly

            launch killed
            push kindly visible title "Anna" body "Hi there"
            expect banner "Anna" "Hi there"
            tap
            wait 61s
            start
            expect chat closed
            expect log "dropped"
            """)
        #expect(results.map(\.status) == [.passed])
    }

    @Test("each case runs in a fresh world after the prologue")
    func casesAreIndependent() throws {
        let (_, results) = try run(
            """
            sdk kindly
            launch background
            case "one" {
                push kindly visible
                expect banners 1
            }
            case "two" {
                expect banner none
            }
            """)
        #expect(results.map(\.name) == ["one", "two"])
        #expect(results.map(\.status) == [.passed, .passed])
    }

    @Test(
        "cases run one after another end as each does run alone: an install copied from an earlier one is a fresh install"
    )
    func repeatedInstallIsTheSameWorld() throws {
        let (script, _) = try run(
            """
            sdk kindly 3.0.12
            extension kindly
            case "one" {
                launch background
                push kindly visible title "A" body "B"
                expect banner "A" "B"
            }
            case "one again" {
                launch background
                push kindly silent body "C"
                expect history count 1
            }
            case "another iOS" {
                ios 16.4
                launch killed
                push kindly visible
            }
            case "fresh" {
                install fresh
                launch foreground
            }
            """)
        let interpreter = Interpreter()
        // In order, each case after the others (the core hands out copies of an install).
        let reused = interpreter.run(script)
        let alone = script.cases.map { interpreter.run(script, case: $0) }
        #expect(reused.map(\.status) == [.passed, .passed, .passed, .passed])
        #expect(reused.map { $0.trace.map(\.line) } == alone.map { $0.trace.map(\.line) })
        #expect(reused.map(\.traceCount) == alone.map(\.traceCount))
        #expect(reused.map { $0.context.world?.log } == alone.map { $0.context.world?.log })
        #expect(reused.map(\.steps) == alone.map(\.steps))
    }

    @Test("for around case blocks makes one case per value, with the value bound")
    func forMakesCases() throws {
        let (_, results) = try run(
            """
            sdk kindly
            for state in [killed, terminated, background] {
                case "visible push while ${state}" {
                    launch $state
                    push kindly visible
                    expect banners 1
                    expect app $state
                }
            }
            """)
        #expect(
            results.map(\.name) == [
                "visible push while killed", "visible push while terminated", "visible push while background",
            ])
        #expect(results.allSatisfy { $0.status == .passed })
    }

    @Test("let, interpolation, repeat and def with parameters")
    func statements() throws {
        let (_, results) = try run(
            """
            sdk kindly
            extension kindly
            let who = "Anna"
            def message_from name {
                push kindly visible title "${name}" body "from ${name}"
            }
            launch background
            repeat 3 { message_from $who }
            expect banners 3
            expect banner "Anna" "from Anna"
            """)
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
    }

    @Test("a value from a variable is checked when the step runs, at the variable")
    func variableKindCheckedAtRunTime() throws {
        let (_, results) = try run("sdk kindly\nlet s = \"sideways\"\nlaunch $s\n")
        #expect(results[0].status == .failed)
        let failure = try #require(results[0].failure)
        #expect(failure.kind == .precondition)
        #expect(failure.message.contains("expected 'killed', 'terminated', 'background', 'foreground'"))
        #expect(failure.range == SourceRange(37, 39))
    }

    @Test("a failed expectation says what was expected, what is, and quotes the trace")
    func failureReport() throws {
        let (script, results) = try run(
            "sdk kindly\nextension kindly\nlaunch background\npush kindly visible title \"Anna\"\nexpect banner \"Bob\"\n"
        )
        let result = try #require(results.first)
        #expect(result.status == .failed)
        let text = try #require(FailureReport.render(result, in: script))
        #expect(text.contains("--> test.scn:5:1"))
        #expect(text.contains("= expected: newest banner \"Bob\""))
        #expect(text.contains("= actual:   newest banner b1: \"Anna\""))
        #expect(text.contains("banner-shown"))
    }

    @Test("a precondition that does not hold ends the case; later cases still run")
    func preconditionEndsCase() throws {
        let (_, results) = try run(
            """
            sdk kindly
            case "tap with no banner" {
                tap
                expect banners 5
            }
            case "next" {
                expect banner none
            }
            """)
        #expect(results.map(\.status) == [.failed, .passed])
        #expect(results[0].failure?.message.contains("no banner") == true)
    }

    @Test("install fresh installs a never-launched app")
    func installFresh() throws {
        let (_, results) = try run("sdk kindly\ninstall fresh\nexpect app killed\nexpect mode nothing\n")
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
        #expect(results[0].context.installedFresh)
        #expect(results[0].context.world?.hasKindlyKey == false)
    }

    @Test("runtime settings change the installed world")
    func runtimeSettings() throws {
        let (_, results) = try run(
            """
            sdk kindly
            launch foreground
            delegate none
            push kindly visible
            expect banner none
            delegate kindly
            push kindly visible
            expect banners 1
            """)
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
        #expect(results[0].context.world?.configuration.delegate == DelegateChoice.kindly)
    }

    @Test("the same file gives byte-identical traces on every run")
    func deterministic() throws {
        let text = "sdk kindly\nextension kindly\nlaunch killed\npush kindly visible\ntap\nwait 10s\nstart\n"
        let first = try run(text).results.map { $0.trace.map(\.line) }
        let second = try run(text).results.map { $0.trace.map(\.line) }
        #expect(first == second)
        #expect(!first[0].isEmpty)
    }
}

@Suite("Interpreter determinism")
struct InterpreterDeterminismTests {
    @Test("with two bad option values, the error is at the first one written, every run")
    func firstBadOptionInSourceOrder() throws {
        for _ in 0..<20 {
            let (_, results) = try run(
                "sdk kindly\nlet a = [1]\nlet b = [2]\nlaunch background\npush kindly body $a title $b\n")
            let failure = try #require(results.first?.failure)
            #expect(failure.message == "expected a quoted string, got [1]")
        }
    }
}

@Suite("What a case keeps of its trace")
struct RecordKeepingTests {
    static let long = """
        sdk kindly 3.0.12
        case "long" {
            repeat 200 {
                launch background
                launch foreground
            }
            expect banner "never"
        }
        """

    func runLong(_ text: String, keepsWholeRecords: Bool) throws -> CaseResult {
        let checked = Language.check(SourceFile(path: "long.scn", text: text), registry: Vocabulary.standard.registry)
        let script = try #require(checked.script)
        let results = Interpreter(keepsWholeRecords: keepsWholeRecords).run(script)
        return try #require(results.first)
    }

    @Test("a script that reads no whole trace keeps the newest events, and its report counts them all")
    func newestOnly() throws {
        let whole = try runLong(Self.long, keepsWholeRecords: true)
        let newest = try runLong(Self.long, keepsWholeRecords: false)
        #expect(newest.trace.count < whole.trace.count)
        #expect(newest.traceCount == whole.trace.count)
        #expect(Array(newest.trace.suffix(12)) == Array(whole.trace.suffix(12)))
        let script = try #require(
            Language.check(SourceFile(path: "long.scn", text: Self.long), registry: Vocabulary.standard.registry).script
        )
        #expect(FailureReport.render(newest, in: script) == FailureReport.render(whole, in: script))
    }

    @Test("expect trace, anywhere in the script, keeps the whole trace", arguments: ["expect trace", "expect no log"])
    func readersKeepEverything(_ reader: String) throws {
        let text = """
            sdk kindly 3.0.12
            def check {
                \(reader) "nothing like this"
            }
            case "long" {
                repeat 200 {
                    launch background
                    launch foreground
                }
                check
            }
            """
        let result = try runLong(text, keepsWholeRecords: false)
        #expect(result.trace.count == result.traceCount)
        for name in ["expect trace", "expect no trace", "expect log", "expect no log"] {
            #expect(Vocabulary.standard.registry.signature(named: name)?.readsRecords == true, "\(name)")
        }
    }
}
