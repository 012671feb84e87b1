import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

@Suite("Defs shared by calls")
struct DefinitionLayerTests {
    @Test("a def inside a call is the call's: defined each time it runs, gone when it returns")
    func defsOfACall() throws {
        let (_, results) = try run(
            """
            sdk kindly 3.0.12
            def tick { wait 1s }
            def outer {
                def helper { wait 5s }
                helper
                tick
            }
            launch background
            outer
            outer
            tick
            """)
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
        #expect(results[0].context.world?.now == 13_000)
    }

    @Test("an environment's defs are the same after a call, whatever the call defined")
    func environmentsCompareByTheirDefs() throws {
        var session = Session(vocabulary: .standard, context: ScenarioContext())
        let checked = Language.check(
            SourceFile(path: "t.scn", text: "sdk kindly\ndef a { def b { wait 1s } }\nlaunch background\na\n"),
            registry: Vocabulary.standard.registry)
        try session.execute(try #require(checked.script).prologue)
        #expect(session.environment.definitions.keys.sorted() == ["a"])
        #expect(session.environment.definition(named: "b") == nil)
    }
}
