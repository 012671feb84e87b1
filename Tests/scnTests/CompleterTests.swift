import StandardVocabulary
import ScenarioLanguage
import ScenarioRuntime
import Testing

@testable import ScenarioTool

/// Tab completion: words from the registry, meta commands, variables, defs and files.
@Suite struct CompleterTests {
    let completer = Completer(
        registry: Vocabulary.standard.registry, variables: ["who", "delay"], defs: ["cold_tap"])

    func words(_ before: String, _ word: String, continuation: Bool = false) -> [String] {
        guard case .words(let words) = completer.complete(before: before, word: word, continuation: continuation) else {
            return ["<files>"]
        }
        return words
    }

    @Test func commandWordsComeFromTheRegistry() {
        #expect(words("push ", "kin") == ["kindly"])
        #expect(words("", "pu") == ["push"])
        #expect(words("push ", "") == ["app", "other", "raw", "kindly", "edna"])
        #expect(
            words("", "") == Vocabulary.standard.registry.headWords + [
                "always", "def", "for", "include", "let", "never", "repeat", "cold_tap",
            ])
        #expect(words("", "co") == ["cold_tap"])
        #expect(words("expect banner ", "p") == ["placeholder"])
    }

    @Test func choicesAndOptionKeywordsFollowTheSignature() {
        let headers = ["push-type", "priority", "collapse-id", "expiration"]
        #expect(
            words("push kindly ", "") == ["visible", "silent", "title", "body", "chat", "tampered", "missing"] + headers
        )
        #expect(words("push kindly visible ", "") == ["title", "body", "chat", "tampered", "missing"] + headers)
        #expect(words("push kindly visible title \"Anna\" ", "") == ["body", "chat", "tampered", "missing"] + headers)
        #expect(words("push kindly priority ", "") == ["10", "5", "1"])
        #expect(words("push kindly missing ", "") == ["chat_id", "title", "body", "v"])
        #expect(words("push kindly title ", "") == [])
        #expect(words("keychain ", "") == ["access", "shared", "separate"])
        #expect(words("launch ", "b") == ["background"])
        #expect(words("open-on-tap ", "") == ["true", "false"])
        #expect(words("edna server ", "") == ["off", "duplicate-token", "collapse-id", "p8", "p12"])
        #expect(words("edna server p8 ", "") == ["bundle", "environment"])
        #expect(words("edna server p8 environment ", "") == ["sandbox", "production"])
    }

    @Test func statementsAfterASemicolonOrInsideABlockStartAfresh() {
        #expect(words("sdk kindly; ", "pu") == ["push"])
        #expect(words("repeat 2 { push ", "kin") == ["kindly"])
        #expect(words("sdk kindly; ", "la") == ["launch"])
    }

    @Test func variablesMetaCommandsAndFiles() {
        #expect(words("push kindly title ", "$w") == ["$who"])
        #expect(words("", ":s") == [":state", ":save"])
        #expect(words("", ":s", continuation: true) == [])
        #expect(words(":help ", "pu") == ["push"])
        #expect(words(":help push ", "k") == ["kindly"])
        #expect(words(":state ", "") == [])
        #expect(completer.complete(before: ":load ", word: "") == .files)
        #expect(completer.complete(before: ":save ", word: "b") == .files)
        #expect(completer.complete(before: "include \"", word: "li") == .files)
        #expect(completer.complete(before: "push raw file \"", word: "") == .files)
        #expect(completer.complete(before: "push raw file ", word: "") == .files)
        #expect(words("push kindly title \"", "An") == [])
        #expect(words("let who = ", "") == [])
        #expect(words("cold_tap ", "") == [])
    }
}

/// Where the history lives.
@Suite struct HistoryFileTests {
    @Test func xdgStateHomeFirstThenHome() {
        #expect(HistoryFile.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/scn/history")
        #expect(
            HistoryFile.path(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/scn/history"
        )
        #expect(HistoryFile.path(environment: ["HOME": "/h"]) == "/h/.local/state/scn/history")
        #expect(HistoryFile.path(environment: [:]) == nil)
    }
}
