import NotificationCore
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

@testable import Edna
@testable import Kindly

@Suite("Properties and the alphabet")
struct PropertyTests {
    @Test("an always property that holds after every step lets the case pass")
    func alwaysHolds() throws {
        let (_, results) = try run(
            """
            sdk kindly 3.0.12
            always expect chat closed
            launch background
            push kindly silent
            expect banners 1
            """)
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
    }

    @Test("an always property is checked after every later step, and fails the case at that step")
    func alwaysViolated() throws {
        let text = """
            sdk kindly 3.0.12
            always expect banners 0
            launch background
            push kindly silent
            wait 1s
            """
        let (_, results) = try run(text)
        let failure = try #require(results[0].failure)
        #expect(results[0].status == .failed)
        #expect(failure.kind == .expectation)
        #expect(failure.property == "always expect banners 0")
        #expect(failure.message == "property violated: always expect banners 0")
        // The step after which it broke: the push on line 4.
        let range = try #require(failure.range)
        #expect(SourceFile(path: "t.scn", text: text).location(of: range.start).line == 4)
        #expect(failure.actual?.contains("1 banner") == true)
    }

    @Test("a never property fails the case once its expectation holds")
    func neverViolated() throws {
        let (_, results) = try run(
            """
            sdk kindly 3.0.12
            launch background
            never expect banners 2
            push kindly silent
            push kindly silent
            push kindly silent
            """)
        let failure = try #require(results[0].failure)
        #expect(failure.property == "never expect banners 2")
        #expect(failure.expected == "never: expect banners 2")
        // sdk, launch and two pushes: the third push never runs.
        #expect(results[0].steps == 4)
    }

    @Test("a property is checked where it stands once the app is installed")
    func checkedWhereItStands() throws {
        let (_, results) = try run(
            """
            sdk kindly 3.0.12
            screen chat
            never expect chat open
            """)
        #expect(results[0].failure?.property == "never expect chat open")
    }

    @Test("a property before the first action does not install the app")
    func notAnAction() throws {
        let (script, results) = try run(
            """
            sdk kindly 3.0.12
            always expect app foreground
            extension kindly
            launch foreground
            """)
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
        #expect(script.prologue.count == 4)
        #expect(results[0].context.world?.configuration.serviceExtension == .kindly)
    }

    @Test("a property inside a case applies to that case only")
    func perCase() throws {
        let (_, results) = try run(
            """
            sdk kindly 3.0.12
            launch background
            case "with the property" {
                always expect banner none
                push kindly silent
            }
            case "without it" {
                push kindly silent
                expect banners 1
            }
            """)
        #expect(results.map(\.status) == [.failed, .passed])
    }

    @Test("running a case does not run the alphabet's steps")
    func alphabetNotRun() throws {
        let (script, results) = try run(
            """
            sdk kindly 3.0.12
            alphabet { tap; push kindly visible; wait 61s }
            launch background
            expect banner none
            """)
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
        #expect(script.alphabet?.count == 3)
        #expect(results[0].context.world?.now == 0)
    }

    @Test("a property line inside a loop counts once, however often the loop runs")
    func propertyInALoopCountsOnce() throws {
        let (_, results) = try run(
            """
            sdk kindly 3.0.12
            launch background
            repeat 50 {
                always expect banner none
                wait 1s
            }
            """)
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
        var session = Session(vocabulary: .standard, context: ScenarioContext())
        let checked = Language.check(
            SourceFile(
                path: "t.scn", text: "sdk kindly\nlaunch background\nrepeat 50 { always expect app background }\n"),
            registry: Vocabulary.standard.registry)
        try session.execute(try #require(checked.script).prologue)
        #expect(session.properties.count == 1)
    }

    @Test("a trace or log property reads only what is new, and still sees every event")
    func incrementalRecordProperties() throws {
        // The event the property is about comes after many steps: it is still found.
        let (_, results) = try run(
            """
            sdk kindly 3.0.12
            launch background
            always expect no trace "banner-shown: b2"
            never expect trace "banner-shown: b1"
            repeat 200 { wait 1s }
            push kindly visible
            wait 1s
            """)
        let failure = try #require(results[0].failure)
        #expect(failure.property == "never expect trace \"banner-shown: b1\"")
        // A history property: the message a step stores is seen at that step.
        let (_, history) = try run(
            """
            sdk kindly 3.0.12
            launch foreground
            screen chat
            never expect history "stop"
            repeat 30 { send "m" }
            send "stop"
            wait 1s
            """)
        let found = try #require(history[0].failure)
        #expect(found.property == "never expect history \"stop\"")
        let range = try #require(found.range)
        #expect(range.start > 0)
    }
}
