import Testing

@testable import ScenarioLanguage

/// Parses without errors and dumps the tree without positions.
private func tree(_ text: String) -> String {
    let t = parse(text)
    #expect(t.diagnostics.isEmpty, "\(t.diagnostics.map(\.description))")
    return dump(t.statements)
}

private func errors(_ text: String) -> [String] {
    parse(text).diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
}

@Suite struct ParserTests {
    @Test func commandsWithEveryKindOfValue() {
        #expect(
            tree(
                #"push kindly visible title "Anna" body 'raw' chat chat-1 count 42 ratio 2.0 after 61s on true off false nothing none who $user"#
            )
                == #"(cmd w:push w:kindly w:visible w:title s:"Anna" w:body r:'raw' w:chat w:chat-1 w:count n:42=42.0 w:ratio n:2.0=2.0 w:after d:61s=61000 w:on b:true w:off b:false w:nothing none w:who $user)"#
        )
    }

    @Test func keywordsAreNotReservedInArguments() {
        #expect(
            tree("expect banner none\nexpect error none\ntap case")
                == "(cmd w:expect w:banner none) (cmd w:expect w:error none) (cmd w:tap w:case)")
    }

    @Test func statementsEndAtNewlineSemicolonOrBrace() {
        #expect(
            tree("tap; wait 1s\nstart;;\n\nrepeat 2 { tap; wait 1s }")
                == "(cmd w:tap) (cmd w:wait d:1s=1000) (cmd w:start) (repeat n:2=2.0 {(cmd w:tap) (cmd w:wait d:1s=1000)})"
        )
    }

    @Test func letBindsAValue() {
        #expect(
            tree("let title = \"Anna\"\nlet states = [killed, background]")
                == #"(let title s:"Anna") (let states [w:killed, w:background])"#)
    }

    @Test func repeatBlock() {
        #expect(
            tree("repeat 3 {\n    push kindly\n    wait 1s\n}")
                == "(repeat n:3=3.0 {(cmd w:push w:kindly) (cmd w:wait d:1s=1000)})")
        #expect(tree("repeat $n {}") == "(repeat $n {})")
    }

    @Test func forBlock() {
        #expect(
            tree("for state in [killed, background] {\n    launch $state\n}")
                == "(for state [w:killed, w:background] {(cmd w:launch $state)})")
        #expect(tree("for s in $states { tap }") == "(for s $states {(cmd w:tap)})")
    }

    @Test func defBlock() {
        #expect(
            tree("def cold_tap delay {\n    launch killed\n    tap\n    wait $delay\n}\ncold_tap 61s")
                == "(def cold_tap [delay] {(cmd w:launch w:killed) (cmd w:tap) (cmd w:wait $delay)}) (cmd w:cold_tap d:61s=61000)"
        )
        #expect(tree("def noop {}") == "(def noop [] {})")
    }

    @Test func includeCaseTagsSkip() {
        #expect(tree(#"include "lib/common.scn""#) == #"(include s:"lib/common.scn")"#)
        #expect(tree("case \"cold tap\" {\n    tap\n}") == #"(case s:"cold tap" {(cmd w:tap)})"#)
        #expect(tree("tags smoke kindly issue-42") == "(tags smoke kindly issue-42)")
        #expect(tree("skip\nskip \"flaky on CI\"") == #"(skip) (skip s:"flaky on CI")"#)
    }

    @Test func forAroundCases() {
        #expect(
            tree(
                "for state in [killed, background] {\n    case \"visible push while ${state}\" {\n        launch $state\n    }\n}"
            )
                == #"(for state [w:killed, w:background] {(case s:"visible push while ${state}" {(cmd w:launch $state)})})"#
        )
    }

    @Test func braceInArgumentPositionIsAnObject() {
        #expect(
            tree("push raw {aps: {alert: \"hi\"}, \"quoted key\": 1}")
                == #"(cmd w:push w:raw {aps: {alert: s:"hi"}, quoted key: n:1=1.0})"#)
    }

    @Test func jsonIsAValue() {
        #expect(
            tree(#"push raw {"a": [1, 2.5, true, null], "b": {"c": -1e3}, "d": "\u00e9"}"#)
                == #"(cmd w:push w:raw {a: [n:1=1.0, n:2.5=2.5, b:true, none], b: {c: n:-1e3=-1000.0}, d: s:"é"})"#)
    }

    @Test func nullIsNoneOnlyInsideValues() {
        #expect(tree("tap null\nlet x = [null]") == "(cmd w:tap w:null) (let x [none])")
    }

    @Test func newlinesInsideValuesAreSkipped() {
        #expect(
            tree(
                "push raw {\n    \"aps\": {\n        \"alert\": \"hi\"\n    },\n    \"k\": [\n        1,\n        2,\n    ],\n}\ntap"
            ) == #"(cmd w:push w:raw {aps: {alert: s:"hi"}, k: [n:1=1.0, n:2=2.0]}) (cmd w:tap)"#)
    }

    @Test func rangesCoverTheStatement() {
        let t = parse("  repeat 2 {\n tap\n }  \nwait 1s")
        #expect(t.statements.map(\.range) == [SourceRange(2, 20), SourceRange(23, 30)])
        guard case .repeat(_, let body) = t.statements[0].kind else {
            Issue.record("not a repeat")
            return
        }
        #expect(body.range == SourceRange(11, 20))
    }

    @Test func commentsAreCollected() {
        let t = parse("# head\ntap # trailing\n")
        #expect(t.comments.map(\.text) == [" head", " trailing"])
    }

    // MARK: - Errors and recovery

    @Test func recoveryReportsEveryError() {
        #expect(
            errors("tap ,\nlet = 3\nwait 1s\nrepeat {\n}\nlet x\n") == [
                "1:5: unexpected ','",
                "2:5: expected a name after 'let', got '='",
                "4:8: expected a count after 'repeat', got '{'",
                "6:6: expected '=' after 'let x', got newline",
            ])
    }

    @Test func blockMustOpenOnTheHeaderLine() {
        #expect(
            errors("repeat 3\n{\n    tap\n}") == [
                "1:9: expected '{' after 'repeat 3', got newline", "2:1: expected a command, got '{'",
                "4:1: unexpected '}'",
            ])
    }

    @Test func unbalancedBraces() {
        #expect(errors("tap\n}\nwait 1s") == ["2:1: unexpected '}'"])
        #expect(errors("repeat 2 {\n    tap\n") == ["1:10: unclosed '{'"])
        #expect(errors("repeat 2 {\n    repeat 3 {\n        tap\n") == ["2:14: unclosed '{'"])
    }

    @Test func unclosedObjectBeforeTheNextStatement() {
        let t = parse("push raw {\"a\": 1\nlaunch killed\nwait 1s\n")
        #expect(t.diagnostics.map(\.message) == ["expected ',' or '}' in object, got word 'launch'"])
        #expect(t.diagnostics.first?.notes == ["the '{' on line 1 is not closed"])
        #expect(dump(t.statements) == "(cmd w:launch w:killed) (cmd w:wait d:1s=1000)")
    }

    @Test func missingCommaInAMultiLineValueIsOneError() {
        #expect(
            errors("push raw {\n    \"a\": 1\n    \"b\": 2,\n    \"c\": 3\n}\ntap") == [
                "3:5: expected ',' or '}' in object, got string"
            ])
    }

    @Test func unclosedValueAtTheEnd() {
        #expect(errors("let x = [1, 2") == ["1:9: unclosed '['"])
        #expect(errors("push raw {\"a\": [1,") == ["1:16: unclosed '['"])
    }

    @Test func missingValueAfterLet() {
        let t = parse("let x =\ntap $x")
        #expect(t.diagnostics.map(\.message) == ["expected a value after '=', got newline"])
        // The name is kept so that its uses are not reported as undefined.
        #expect(dump(t.statements) == "(let x none) (cmd w:tap $x)")
    }

    @Test func brokenDefHeaderKeepsItsName() {
        let t = parse("def f \"x\" {\n    tap\n}\nf")
        #expect(t.diagnostics.map(\.message) == ["expected a parameter name or '{', got string"])
        #expect(dump(t.statements) == "(def f [] {(cmd w:tap)}) (cmd w:f)")
    }

    @Test func keyWithoutSpaceAfterColon() {
        let d = parse("push raw {a:1}").diagnostics
        #expect(d.map(\.message) == ["expected ':' after the key 'a:1', got '}'"])
        #expect(d.first?.label == "put a space after the ':' in 'a:1'")
    }

    @Test func badNames() {
        #expect(
            errors("let 3x = 1\nfor case in [a] {}\ndef a.b {}") == [
                "1:5: '3x' is not a valid name",
                "2:5: 'case' is a keyword and cannot be a name",
                "3:5: 'a.b' is not a valid name",
            ])
    }

    @Test func tooManyErrorsStop() {
        let text = String(repeating: "tap ,\n", count: 1000)
        let d = parse(text).diagnostics
        #expect(d.count == LanguageLimits.standard.maxErrors)
        #expect(d.last?.notes.last == "too many errors: stopped after 100")
    }

    // MARK: - Limits

    @Test func fiveThousandNestedBlocksAreOneError() {
        let n = 5000
        let text = String(repeating: "repeat 1 {\n", count: n) + "tap\n" + String(repeating: "}\n", count: n)
        let clock = ContinuousClock()
        var t: SyntaxTree?
        let elapsed = clock.measure { t = parse(text) }
        #expect(t?.diagnostics.map(\.message) == ["nesting deeper than the limit of 200 levels"])
        #expect(t?.diagnostics.first?.location.line == 201)
        #expect(elapsed < .seconds(10))
    }

    @Test func fiveThousandUnclosedBlocksAreOneError() {
        let text = String(repeating: "repeat 1 {\n", count: 5000)
        #expect(parse(text).diagnostics.map(\.message) == ["nesting deeper than the limit of 200 levels"])
    }

    @Test func fiveThousandOpenBracketsAreOneError() {
        let text = "let x = " + String(repeating: "[", count: 5000)
        #expect(parse(text).diagnostics.map(\.message) == ["nesting deeper than the limit of 200 levels"])
        let balanced = "let x = " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "\ntap"
        let t = parse(balanced)
        #expect(t.diagnostics.map(\.message) == ["nesting deeper than the limit of 200 levels"])
        #expect(t.statements.count == 2)
    }

    @Test func nestingCountsBlocksAndValuesTogether() {
        let limits = LanguageLimits(maxNesting: 3)
        #expect(Parser.parse(source("repeat 1 { let x = [[1]] }"), limits: limits).diagnostics.isEmpty)
        #expect(
            Parser.parse(source("repeat 1 { let x = [[[1]]] }"), limits: limits).diagnostics.map(\.message) == [
                "nesting deeper than the limit of 3 levels"
            ])
    }

    @Test func payloadLiteralLimit() {
        let entries = (0..<7000).map { "\"k\($0)\": \"value\"" }.joined(separator: ", ")
        let t = parse("push raw {\(entries)}")
        #expect(t.diagnostics.map(\.message).first?.hasPrefix("object literal of ") == true)
        #expect(t.diagnostics.first?.location == SourceLocation(line: 1, column: 10))
        #expect(t.diagnostics.count == 1)
    }
}
