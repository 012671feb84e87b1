import StandardVocabulary
import Testing

@testable import ScenarioTesting

@Suite struct TagExpressionTests {
    @Test func parsesATag() throws {
        #expect(try TagExpression.parse("kindly") == .tag("kindly"))
        #expect(try TagExpression.parse("  edna-5.0/x:y_z  ") == .tag("edna-5.0/x:y_z"))
    }

    @Test func notBindsTighterThanAndWhichBindsTighterThanOr() throws {
        #expect(
            try TagExpression.parse("a or b and not c")
                == .or(.tag("a"), .and(.tag("b"), .not(.tag("c")))))
        #expect(
            try TagExpression.parse("not a and b or c")
                == .or(.and(.not(.tag("a")), .tag("b")), .tag("c")))
    }

    @Test func andAndOrGroupToTheLeft() throws {
        #expect(try TagExpression.parse("a and b and c") == .and(.and(.tag("a"), .tag("b")), .tag("c")))
        #expect(try TagExpression.parse("a or b or c") == .or(.or(.tag("a"), .tag("b")), .tag("c")))
    }

    @Test func parenthesesOverridePrecedence() throws {
        #expect(try TagExpression.parse("(a or b) and c") == .and(.or(.tag("a"), .tag("b")), .tag("c")))
        #expect(try TagExpression.parse("not (a or b)") == .not(.or(.tag("a"), .tag("b"))))
        #expect(try TagExpression.parse("not not a") == .not(.not(.tag("a"))))
        #expect(try TagExpression.parse("((a))") == .tag("a"))
    }

    @Test func matchesTags() throws {
        let e = try TagExpression.parse("kindly and not slow")
        #expect(e.matches(["kindly", "smoke"]))
        #expect(!e.matches(["kindly", "slow"]))
        #expect(!e.matches([]))
        let f = try TagExpression.parse("(edna or kindly) and (smoke or not slow)")
        #expect(f.matches(["edna"]))
        #expect(f.matches(["kindly", "slow", "smoke"]))
        #expect(!f.matches(["kindly", "slow"]))
        #expect(!f.matches(["other"]))
        #expect(try !TagExpression.parse("Kindly").matches(["kindly"]), "tags compare exactly")
    }

    @Test func printsWithOnlyNeededParentheses() throws {
        for (input, printed) in [
            ("a or (b and (not c))", "a or b and not c"),
            ("(a or b) and c", "(a or b) and c"),
            ("not (a and b)", "not (a and b)"),
            ("a and (b and c)", "a and (b and c)"),
            ("(a and b) and c", "a and b and c"),
        ] {
            let e = try TagExpression.parse(input)
            #expect(e.description == printed)
            #expect(try TagExpression.parse(e.description) == e)
        }
    }

    /// Each bad expression with the column and message it must report.
    @Test(arguments: [
        ("", 1, "empty tag expression; expected a tag name"),
        ("   ", 1, "empty tag expression; expected a tag name"),
        ("kindly and", 11, "expected a tag name, 'not' or '(' after 'and', found the end of the expression"),
        ("kindly or or slow", 11, "expected a tag name, 'not' or '(' after 'or', found 'or'"),
        ("not", 4, "expected a tag name, 'not' or '(' after 'not', found the end of the expression"),
        ("and kindly", 1, "expected a tag name before 'and'"),
        ("(kindly", 8, "expected ')' to close the '(' at column 1, found the end of the expression"),
        ("(a or b", 8, "expected ')' to close the '(' at column 1, found the end of the expression"),
        ("kindly)", 7, "unexpected ')' with no '(' to close"),
        ("()", 2, "empty parentheses; expected a tag name, 'not' or '('"),
        ("kindly slow", 8, "unexpected tag 'slow' after a complete expression; join tags with 'and' or 'or'"),
        ("(a b)", 4, "unexpected tag 'b'; join tags with 'and' or 'or'"),
        ("kindly && slow", 8, "unexpected character '&'; write 'and'"),
        ("a || b", 3, "unexpected character '|'; write 'or'"),
        ("!slow", 1, "unexpected character '!'; write 'not'"),
        ("a, b", 2, "unexpected character ','; write 'or' (either tag) or 'and' (both tags)"),
        ("\"a\"", 1, "unexpected character '\"'; tag names are written without quotes"),
    ])
    func reportsErrorsWithTheirColumn(input: String, column: Int, message: String) {
        do {
            let e = try TagExpression.parse(input)
            Issue.record("parsed '\(input)' as \(e)")
        } catch {
            #expect(error.column == column, "\(input)")
            #expect(error.message == message, "\(input)")
        }
    }

    @Test func errorShowsACaretUnderTheColumn() {
        do {
            _ = try TagExpression.parse("kindly and")
        } catch {
            #expect(
                error.description == """
                    column 11: expected a tag name, 'not' or '(' after 'and', found the end of the expression
                      kindly and
                                ^
                    """)
        }
    }

    @Test("100,000 nested parentheses or nots, or 100,000 terms, are an error, not a stack overflow")
    func boundedDepthAndLength() {
        let parens = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
        let nots = String(repeating: "not ", count: 100_000) + "a"
        let terms = Array(repeating: "a", count: 100_000).joined(separator: " and ")
        let someParens = String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)
        let someNots = String(repeating: "not ", count: 100) + "a"
        for (text, message) in [
            (parens, "tag expression too long"), (nots, "tag expression too long"), (terms, "tag expression too long"),
            (someParens, "nested too deeply"), (someNots, "nested too deeply"),
        ] {
            do {
                _ = try TagExpression.parse(text)
                Issue.record("parsed")
            } catch {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        // Just under the limits: parsed, and matched without trouble.
        let deepest =
            String(repeating: "(", count: TagExpression.maxDepth) + "a"
            + String(repeating: ")", count: TagExpression.maxDepth)
        #expect((try? TagExpression.parse(deepest))?.matches(["a"]) == true)
        let longest = Array(repeating: "a", count: TagExpression.maxTokens / 2).joined(separator: " or ")
        #expect((try? TagExpression.parse(longest))?.matches(["b"]) == false)
    }
}
