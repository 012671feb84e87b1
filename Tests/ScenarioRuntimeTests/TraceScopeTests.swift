import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

/// `expect trace` and `expect no trace` with their scopes (spec §5.3).
@Suite("expect trace scopes")
struct TraceScopeTests {
    private func status(_ body: String) throws -> (CaseResult.Status, StepError?) {
        let (_, results) = try run("sdk kindly 3.0.12\n" + body)
        let result = try #require(results.first)
        return (result.status, result.failure)
    }

    @Test("plain expect trace no longer reads the install line; in install reads only it")
    func installLine() throws {
        let (plain, failure) = try status("low-power on\nscreen settings\nexpect trace \"low-power on\"\n")
        #expect(plain == .failed)
        #expect(failure?.actual?.contains("the install line does: write 'in install'") == true)
        #expect(try status("low-power on\nscreen settings\nexpect trace \"low-power on\" in install\n").0 == .passed)
        #expect(try status("screen settings\nexpect no trace \"install:\"\n").0 == .passed)
        #expect(try status("screen settings\nexpect trace \"step: screen\" in install\n").0 == .failed)
    }

    @Test("since step reads the newest action step's events only")
    func sinceStep() throws {
        let body = """
            launch background
            push kindly title "A" body "B"
            launch foreground
            """
        #expect(try status(body + "\nexpect trace \"p1\"\n").0 == .passed)
        #expect(try status(body + "\nexpect trace \"p1\" since step\n").0 == .failed)
        #expect(try status(body + "\nexpect trace \"step: launch foreground\" since step\n").0 == .passed)
        #expect(try status(body + "\nexpect no trace \"p1\" since step\n").0 == .passed)
    }

    @Test("in PUSH reads that push's events, its notifications' too; a push never sent fails and says so")
    func inPush() throws {
        let body = """
            launch background
            push kindly title "A" body "B"
            push kindly title "C" body "D"
            """
        #expect(try status(body + "\nexpect trace \"\\\"C\\\"\" in p2\n").0 == .passed)
        #expect(try status(body + "\nexpect trace \"\\\"C\\\"\" in p1\n").0 == .failed)
        #expect(try status(body + "\nexpect trace \"banner-shown\" in p1\n").0 == .passed)
        #expect(try status(body + "\nexpect no trace \"\\\"A\\\"\" in p2\n").0 == .passed)
        let (never, failure) = try status(body + "\nexpect no trace \"x\" in p7\n")
        #expect(never == .failed)
        #expect(failure?.actual == "the trace has no push p7")
        #expect(try status(body + "\nexpect trace \"\\\"C\\\"\" since step in p2\n").0 == .passed)
        #expect(try status(body + "\nexpect trace \"\\\"A\\\"\" since step in p1\n").0 == .failed)
    }

    @Test("a property over expect trace skips the install line too")
    func property() throws {
        #expect(try status("low-power on\nnever expect trace \"low-power on\"\nscreen settings\n").0 == .passed)
    }
}
