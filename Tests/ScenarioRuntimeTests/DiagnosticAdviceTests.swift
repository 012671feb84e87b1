import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

/// Diagnostics that say what was meant: one error for a word left out, the command a count
/// belongs to, a warning where a bare word is read as a title, and step failures that give
/// the reason the trace records.
@Suite struct DiagnosticAdviceTests {
    func warnings(_ text: String) -> [Diagnostic] {
        Language.check(SourceFile(path: "test.scn", text: text), registry: Vocabulary.standard.registry).warnings
    }

    @Test("a kind left out before the text is one error that names it, and the text keeps its slot")
    func missingKindIsOneError() throws {
        let found = diagnostics("sdk edna\npush edna \"Hi\"\n")
        #expect(found.count == 1, "\(found.map(\.description))")
        let d = try #require(found.first)
        #expect(d.message == "'push edna' needs message|campaign before \"Hi\"")
        #expect(d.label == "missing kind: write push edna message|campaign \"Hi\"")
        #expect(d.location.line == 2 && d.location.column == 11)
        // With an option after it, the same single error.
        #expect(diagnostics("sdk edna\npush edna \"Hi\" campaign c1\n").count == 1)
        // A wrong kind (not a missing one) is still the choice's own error.
        let wrong = diagnostics("sdk edna\npush edna mesage \"Hi\"\n")
        #expect(wrong.count == 1 && wrong.first?.label == "did you mean 'message'?", "\(wrong.map(\.description))")
    }

    @Test("a count written as words: did you mean the command that takes the number")
    func countAsWords() throws {
        for (line, meant) in [
            ("expect banner count 1", "expect banners 1"),
            ("expect banner number 2", "expect banners 2"),
        ] {
            let found = diagnostics("sdk kindly\npush kindly visible\n\(line)\n")
            #expect(found.count == 1, "\(line): \(found.map(\.description))")
            #expect(found.first?.label == "did you mean '\(meant)'?", "\(line)")
            #expect(
                found.first?.message.hasSuffix("got '\(line.split(separator: " ").suffix(2).joined(separator: " "))'")
                    == true)
        }
        // `count` where it is an option stays an option.
        #expect(diagnostics("sdk kindly\nexpect history count 0\n").isEmpty)
    }

    @Test("a bare word read as a banner title is a warning; a quoted title and a variable are not")
    func bareWordTitleWarns() throws {
        let found = warnings("sdk kindly\npush kindly visible\ntap banner\n")
        #expect(found.count == 1)
        let w = try #require(found.first)
        #expect(w.severity == .warning)
        #expect(w.message == "the bare word 'banner' is read as a banner title")
        #expect(w.label == "if a banner title is meant, quote it: \"banner\"")
        #expect(w.location.line == 3 && w.location.column == 5)
        #expect(diagnostics("sdk kindly\npush kindly visible\ntap banner\n").isEmpty, "a warning: the file still runs")
        #expect(warnings("sdk kindly\npush kindly visible\ntap \"banner\"\ntap 1\ntap\n").isEmpty)
        #expect(warnings("sdk kindly\nlet who = \"Anna\"\npush kindly visible\ntap $who\n").isEmpty)
    }

    @Test("the check's warnings stop at the error limit")
    func warningsStopAtTheLimit() {
        let text = "sdk kindly\n" + String(repeating: "tap banner\n", count: 150)
        #expect(warnings(text).count == LanguageLimits().maxErrors)
    }

    @Test("tap with no banner names the reason the trace records")
    func tapFailureSaysWhy() throws {
        let (_, results) = try run("sdk kindly\ndelegate none\npush kindly visible\ntap\n")
        let message = try #require(results.first?.failure?.message)
        #expect(
            message
                == "tap: no banner; in the trace: banner-suppressed: p1 in the foreground: the app has no "
                + "notification-center delegate (delegate none)")
        let (_, titled) = try run("sdk kindly\npush kindly visible\ntap banner\n")
        #expect(titled.first?.failure?.message.contains("(the notification center holds b1 \"Agent\")") == true)
        let (_, nothing) = try run("sdk kindly\nlaunch background\ntap\n")
        #expect(nothing.first?.failure?.message == "tap: no banner (nothing was pushed yet)")
    }
}
