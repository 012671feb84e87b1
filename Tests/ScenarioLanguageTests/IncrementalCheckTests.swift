import Testing

@testable import ScenarioLanguage

/// The REPL checks each line in the context the previous lines left.
@Suite struct IncrementalCheckTests {
    private func step(_ line: String, _ context: CheckContext) -> IncrementalCheck {
        Language.check(SourceFile(path: "<repl>", text: line), in: context, registry: testRegistry)
    }

    @Test func linesBuildOnEachOther() throws {
        var context = CheckContext()
        for line in [
            "sdk kindly", "let delay = 61s", "def cold_tap after {\n    launch killed\n    wait $after\n}",
            "cold_tap $delay",
        ] {
            let result = step(line, context)
            #expect(result.diagnostics.isEmpty, "\(line): \(result.diagnostics.map(\.message))")
            context = result.context
        }
        #expect(context.variableNames == ["delay"])
        #expect(context.defNames == ["cold_tap"])
        #expect(context.constants["delay"] == .duration(text: "61s", milliseconds: 61_000))
        #expect(context.isInstalled)
        #expect(context.settings.map(\.signature.name) == ["sdk"])
    }

    @Test func aRejectedLineChangesNothing() {
        let context = step("sdk kindly", CheckContext()).context
        let bad = step("let x = 1; wait $nope", context)
        #expect(bad.diagnostics.map(\.message) == ["undefined variable 'nope'"])
        #expect(bad.statements.isEmpty)
        #expect(bad.context.variables.isEmpty)
        #expect(bad.context.settings.count == 1)
    }

    @Test func installTimeConfigurationAfterTheFirstActionAcrossLines() {
        var context = step("sdk kindly", CheckContext()).context
        context = step("launch killed", context).context
        #expect(context.firstAction?.path == "<repl>")
        let late = step("extension kindly", context)
        #expect(
            late.diagnostics.map(\.message) == [
                "'extension' is install-time configuration: it must come before the first action"
            ])
        #expect(step("delegate own", context).isAccepted)
    }

    @Test func caseRulesRunWhenTheFirstActionArrives() {
        let result = step("launch killed", CheckContext())
        #expect(result.diagnostics.map(\.message) == ["an 'sdk' line is needed before the first action"])
        #expect(!result.context.isInstalled)
    }

    @Test func defsCalledLaterCountForConfiguration() {
        var context = step("sdk kindly", CheckContext()).context
        context = step("def setup {\n    keychain separate\n}", context).context
        context = step("tap", context).context
        let result = step("setup", context)
        #expect(
            result.diagnostics.map(\.message) == [
                "'keychain' is install-time configuration: it must come before the first action"
            ])
    }

    @Test func casesAndTagsBelongInFiles() {
        #expect(
            step("case \"x\" {\n    tap\n}", CheckContext()).diagnostics.map(\.message) == [
                "'case' blocks belong in files"
            ])
        #expect(
            step("tags slow", CheckContext()).diagnostics.map(\.message) == [
                "'tags' only applies to the cases of a file"
            ])
    }

    @Test func hostDefinedVariables() {
        var context = CheckContext()
        context.define(variable: "user", value: .string("user-1"))
        #expect(step("sdk edna; send $user", context).isAccepted)
    }

    @Test func continuationOfOpenBlocks() {
        #expect(Language.needsContinuation("repeat 3 {"))
        #expect(Language.needsContinuation("push raw {\"a\": ["))
        #expect(Language.needsContinuation("edna template message '{"))
        #expect(!Language.needsContinuation("tap"))
        #expect(!Language.needsContinuation("send \"unterminated"))
        #expect(!Language.needsContinuation("repeat 3 {\n    tap\n}"))
    }
}
