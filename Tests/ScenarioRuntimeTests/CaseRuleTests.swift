import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

@testable import Edna
@testable import Kindly

/// docs/LANGUAGE.md: impossible combinations are check errors, reported before anything runs —
/// whether the setting comes before the first action or (a runtime setting) after it.
@Suite("Case rules")
struct CaseRuleTests {
    func messages(_ text: String) -> [String] { diagnostics(text).map(\.message) }

    @Test("no sdk line before the first action")
    func noSDK() {
        #expect(messages("launch killed\n") == ["no 'sdk' line before the first action"])
    }

    @Test("push app as written: a silent push carries no badge, sound, level or category; a visible one needs content")
    func pushAppRules() {
        for option in ["badge 2", "sound \"s\"", "interruption-level passive", "category \"c\""] {
            let found = diagnostics("sdk none\nlaunch background\npush app silent \(option)\n")
            #expect(found.map(\.message) == ["a silent push carries no \(option.split(separator: " ")[0])"], "\(option)")
            #expect(found.first?.location.line == 3)
        }
        // The second statement is checked too, not only the first of its kind.
        #expect(messages("sdk none\npush app silent\npush app silent badge 1\n").count == 1)
        #expect(messages("sdk none\npush app visible\n") == ["'push app visible' needs a title, a body or a badge"])
        #expect(messages("sdk none\npush app visible badge 1\npush app silent removes all\n").isEmpty)
        #expect(messages("sdk none\npush app visible title \"A\" removes \"x\" removes-thread \"t\"\n").count == 1)
    }

    @Test("two SDKs")
    func twoSDKs() {
        #expect(messages("sdk kindly\nsdk edna\nlaunch killed\n").first?.contains("two SDKs") == true)
    }

    @Test("extension kindly with Kindly 3.0.11")
    func extensionNeedsVersion() {
        #expect(messages("sdk kindly 3.0.11\nextension kindly\nlaunch killed\n").first?.contains("3.0.11") == true)
        #expect(messages("sdk kindly 3.0.12\nextension kindly\nlaunch killed\n").isEmpty)
    }

    @Test("mode with Kindly 3.0.11, before or after the first action")
    func modeNeedsVersion() {
        #expect(messages("sdk kindly 3.0.11\nmode alert\nlaunch killed\n").count == 1)
        #expect(messages("sdk kindly 3.0.11\nlaunch killed\nmode alert\n").count == 1)
        #expect(messages("sdk kindly 3.0.12\nlaunch killed\nmode alert\n").isEmpty)
    }

    @Test("Kindly settings in an edna app, and edna settings in a Kindly app")
    func settingsOfTheOtherSDK() {
        #expect(messages("sdk edna\nlaunch killed\nshould-handle true\n").first?.contains("configures Kindly") == true)
        #expect(messages("sdk kindly\nedna server off\nlaunch killed\n").first?.contains("configures edna") == true)
    }

    @Test("a version from a variable is left for the step to check")
    func versionFromVariable() throws {
        // With a literal, the rule is a check error; from a variable the checker cannot know
        // the version, so the file checks and the step refuses it when it runs.
        #expect(messages("sdk kindly 3.0.11\nextension kindly\nlaunch killed\n").count == 1)
        let text = "let v = \"3.0.11\"\nsdk kindly $v\nextension kindly\nlaunch killed\n"
        #expect(messages(text).isEmpty)
        let (_, results) = try run(text)
        #expect(results.first?.status == .failed)
        #expect(
            results.first?.failure?.message.contains("3.0.11") == true, "\(String(describing: results.first?.failure))")
    }

    @Test("an action of the other SDK is a check error, at the action")
    func otherSDKActions() {
        for (sdk, action) in [
            ("edna", "push kindly"), ("edna", "start"), ("edna", "call kindly.decrypt"),
            ("kindly", "push edna message \"hi\""), ("kindly", "authorize \"u\""), ("kindly", "call edna.getChat"),
        ] {
            let found = diagnostics("sdk \(sdk)\nlaunch background\n\(action)\n")
            #expect(found.count == 1, "\(sdk): \(action)")
            #expect(found.first?.message.contains("but the app integrates") == true, "\(sdk): \(action)")
            #expect(found.first?.range.start == "sdk \(sdk)\nlaunch background\n".utf8.count)
        }
        #expect(messages("sdk kindly\npush kindly\nstart\ncall kindly.decrypt\n").isEmpty)
        #expect(messages("sdk edna\npush edna message \"hi\"\nauthorize \"u\"\n").isEmpty)
    }

    @Test("an action of the other SDK inside a def or a loop is found once")
    func otherSDKActionsNested() {
        let text = "sdk edna\ndef p {\n  push kindly\n}\nrepeat 3 {\n  p\n  p\n}\n"
        #expect(messages(text).count == 1)
    }

    @Test("the new server settings belong to their SDK")
    func serverSettingsOwned() {
        #expect(messages("sdk edna\nkindly server duplicate-token on\nlaunch killed\n").count == 1)
        #expect(messages("sdk kindly\nedna server collapse-id message\nlaunch killed\n").count == 1)
        #expect(
            messages("sdk kindly\nkindly server collapse-id message\nhost posts-local on-receive\nlaunch killed\n")
                .isEmpty)
    }
}
