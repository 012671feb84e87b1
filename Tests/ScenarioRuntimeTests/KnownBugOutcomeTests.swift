import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

/// §5.3's outcome table, row by row, and the statements that state a known bug's reason.
@Suite("Known bugs: the outcome table")
struct KnownBugOutcomeTests {
    /// The one case of `body` (after `sdk kindly 3.0.12`), run.
    private func outcome(_ body: String, limits: Limits = Limits()) throws -> CaseResult {
        let (_, results) = try run("sdk kindly 3.0.12\n" + body, limits: limits)
        return try #require(results.first)
    }

    // Row 1: a limit (or an internal error) is as without the marker.
    @Test("a known-bug case that ends at a limit is a failure, not a reproduction")
    func limit() throws {
        let result = try outcome(
            """
            known-bug "ref"
            repeat 10 { wait 1s }
            expect banners 1
            """, limits: Limits(maxSteps: 5))
        #expect(result.status == .failed)
        #expect(result.failure?.kind == .limit)
        #expect(result.knownBug == nil)
    }

    // Row 2: passes.
    @Test("a known-bug case that passes no longer reproduces")
    func passes() throws {
        let result = try outcome(
            """
            known-bug "ref" because "anything"
            launch background
            """)
        #expect(result.status == .noLongerReproduces(knownBug: "ref"))
    }

    // Row 3: fails as stated.
    @Test("without because or bug lines, any failed expectation reproduces")
    func anyExpectation() throws {
        let result = try outcome(
            """
            known-bug "ref"
            launch background
            expect banners 1
            """)
        #expect(result.status == .reproduced(knownBug: "ref"))
        #expect(result.knownBug?.by == .expectation)
        #expect(result.knownBug?.line == 4)
    }

    @Test("a violated property reproduces")
    func property() throws {
        let result = try outcome(
            """
            known-bug "ref"
            always expect banners 0
            launch background
            push kindly title "A" body "B"
            """)
        #expect(result.status == .reproduced(knownBug: "ref"))
        #expect(result.knownBug?.by == .property)
    }

    @Test("with bug lines, the failing check must be one of them")
    func bugLine() throws {
        let result = try outcome(
            """
            known-bug "ref"
            launch background
            push kindly title "A" body "B"
            expect banners 1
            bug expect banner "X"
            """)
        #expect(result.status == .reproduced(knownBug: "ref"))
        let other = try outcome(
            """
            known-bug "ref"
            launch background
            push kindly title "A" body "B"
            expect banner "X"
            bug expect banners 1
            """)
        #expect(other.status == .failed)
        #expect(other.knownBug?.stated == "bug expect banners 1 (6:1)")
        #expect(other.knownBug?.happened.hasPrefix("expectation failed: expect banner \"X\" (5:1) (not a 'bug' line)") == true)
    }

    @Test("a bug property reproduces when it is the one violated")
    func bugProperty() throws {
        let result = try outcome(
            """
            known-bug "ref"
            bug always expect banners 0
            launch background
            push kindly title "A" body "B"
            """)
        #expect(result.status == .reproduced(knownBug: "ref"))
        #expect(result.knownBug?.by == .property)
    }

    @Test("with because, the text must be in an event after the install line")
    func because() throws {
        let result = try outcome(
            """
            known-bug "ref" because "Low Power Mode holds back"
            low-power on
            launch background
            push kindly title "A" body "B"
            expect banner "A" "B"
            """)
        #expect(result.status == .reproduced(knownBug: "ref"))
        #expect(result.knownBug?.because?.event.hasPrefix("dropped: p1: low-power on") == true)
        #expect(result.knownBug?.byLine.contains(" · because \"Low Power Mode holds back\" at 0s dropped: p1") == true)
    }

    @Test("a because text found only in the install line does not reproduce")
    func becauseInstallLine() throws {
        let result = try outcome(
            """
            known-bug "ref" because "low-power on"
            low-power on
            screen settings
            expect banners 1
            """)
        #expect(result.status == .failed)
        #expect(result.knownBug?.stated == "because \"low-power on\"")
        #expect(result.knownBug?.happened.contains("no event after the install line contains \"low-power on\"") == true)
    }

    @Test("because … in PUSH reads that push's events; a push never named fails and says so")
    func becauseInPush() throws {
        let result = try outcome(
            """
            known-bug "ref" because "Low Power Mode" in p1
            low-power on
            launch background
            push kindly title "A" body "B"
            push kindly title "C" body "D"
            expect banner "C" "D"
            """)
        #expect(result.status == .reproduced(knownBug: "ref"))
        let other = try outcome(
            """
            known-bug "ref" because "Low Power Mode" in p3
            low-power on
            launch background
            push kindly title "A" body "B"
            expect banner "A" "B"
            """)
        #expect(other.status == .failed)
        #expect(other.knownBug?.happened.contains("(the trace has no push p3)") == true)
    }

    @Test("a step precondition reproduces only with because")
    func precondition() throws {
        // Revision-3 compatibility: an unmarked known-bug case that stops at a precondition.
        let unstated = try outcome(
            """
            known-bug "ref"
            launch background
            tap
            """)
        #expect(unstated.status == .failed)
        #expect(unstated.knownBug?.by == .precondition)
        #expect(unstated.knownBug?.happened.hasPrefix("step failed at 4:1: tap: no banner") == true)
        let stated = try outcome(
            """
            known-bug "ref" because "background (the user left the app)"
            launch background
            tap
            """)
        #expect(stated.status == .reproduced(knownBug: "ref"))
        #expect(stated.knownBug?.by == .precondition)
    }

    // Row 4: fails otherwise.
    @Test("a case that fails for another reason is a failure naming what it stated and what happened")
    func otherwise() throws {
        let result = try outcome(
            """
            known-bug "ref" because "swallowed the tap"
            launch background
            push kindly title "A" body "B"
            bug expect banner "X"
            """)
        #expect(result.status == .failed)
        #expect(result.notAsStated)
        #expect(result.knownBug?.stated == "because \"swallowed the tap\"; bug expect banner \"X\" (5:1)")
    }

    // The statements.
    @Test("bug outside a known-bug case is a check error, at its position")
    func bugOutsideKnownBug() {
        let found = diagnostics(
            """
            sdk kindly 3.0.12
            case "a" {
                launch background
                bug expect banners 1
            }
            """)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("has no 'known-bug' line") == true)
        #expect(found.first?.location.line == 4)
    }

    @Test("bug takes an expectation; because takes one line of quoted text; in takes a push")
    func statementErrors() {
        #expect(
            diagnostics("sdk kindly 3.0.12\nknown-bug \"r\"\nbug launch background\n").first?.message
                .contains("'bug' marks an expectation") == true)
        #expect(
            diagnostics("sdk kindly 3.0.12\nknown-bug \"r\" because x\nlaunch background\n").first?.message
                .contains("'because' takes the cause as quoted trace text") == true)
        let long = String(repeating: "a", count: KnownBugMark.becauseLimit + 1)
        #expect(
            diagnostics("sdk kindly 3.0.12\nknown-bug \"r\" because \"\(long)\"\nlaunch background\n").first?.message
                .contains("at most \(KnownBugMark.becauseLimit) bytes") == true)
        #expect(
            diagnostics("sdk kindly 3.0.12\nknown-bug \"r\" because \"x\" in \"p1\"\nlaunch background\n").first?
                .message.contains("'in' takes a push's id") == true)
        #expect(
            diagnostics("sdk kindly 3.0.12\nknown-bug \"r\" because\nlaunch background\n").first?.message
                .contains("expected the cause") == true)
    }

    @Test("the formatter keeps because, in and bug")
    func formats() {
        let text = "known-bug \"r\"   because  \"t\"   in p1\nbug   always expect banners 0\n"
        #expect(
            (try? Language.format(SourceFile(path: "t.scn", text: text)).get())
                == "known-bug \"r\" because \"t\" in p1\nbug always expect banners 0\n")
    }

    @Test("help, completion and the reference know the statements")
    func reference() throws {
        let registry = Vocabulary.standard.registry
        let help = try #require(Reference.text(registry, command: ["known-bug"]))
        #expect(help.hasPrefix("known-bug TEXT [because TEXT [in PUSH]]\n"))
        #expect(Reference.text(registry, command: ["bug"])?.contains("bug always|never expect …") == true)
        #expect(Reference.markdown(registry).contains("| `known-bug TEXT [because TEXT [in PUSH]]` |"))
        let completer = StatementCompleter(registry: registry)
        #expect(completer.complete(before: "", word: "bu") == .words(["build", "bug"]))
        #expect(completer.complete(before: "bug ", word: "") == .words(["expect", "always", "never"]))
        #expect(completer.complete(before: "bug always ", word: "e") == .words(["expect"]))
        #expect(completer.complete(before: "known-bug \"x\" ", word: "") == .words(["because"]))
        #expect(completer.complete(before: "known-bug \"x\" because \"y\" ", word: "") == .words(["in"]))
        #expect(completer.complete(before: "expect trace \"x\" ", word: "si") == .words(["since"]))
    }
}
