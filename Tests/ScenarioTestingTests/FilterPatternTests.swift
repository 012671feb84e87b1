import Testing

@testable import ScenarioTesting

/// `--filter`'s own regular expressions: what they match, what they refuse.
@Suite struct FilterPatternTests {
    static func matches(_ pattern: String, _ text: String) throws -> Bool {
        try FilterPattern(pattern).matches(Substring(text))
    }

    @Test(
        "patterns match as the common syntax says",
        arguments: [
            ("abc", "xxabcxx", true), ("^abc", "xabc", false), ("abc$", "abcx", false), ("a.c", "a-c", true),
            ("a|b", "b", true), ("(ab)+$", "ababab", true), ("^(ab)+$", "ababa", false), ("a{2,3}", "aa", true),
            ("^a{2,3}$", "aaaa", false), ("^a{2}$", "aa", true), ("a{2,}", "aaaaa", true), ("[a-c]+z", "bcaz", true),
            ("[^a-c]", "abc", false), ("\\d+", "case 42", true), ("\\w\\s\\w", "a b", true), ("\\.scn", "ascn", false),
            ("\\bcold\\b", "a cold start", true), ("\\bcold\\b", "scolding", false), ("(?i)COLD", "cold", true),
            ("COLD", "cold", false), ("› tap", "a.scn › tap twice", true), ("a??b", "ab", true), ("x*", "", true),
            ("(a|)+b", "aab", true), ("[]a]", "]", true), ("a{,2}", "a{,2}", true), ("(?:ab)", "ab", true),
            ("(?<n>ab)c", "abc", true), ("é", "café", true), ("[\\d.]+", "1.5", true),
        ])
    func matching(pattern: String, text: String, expected: Bool) throws {
        #expect(try Self.matches(pattern, text) == expected)
    }

    @Test("what needs backtracking, or too many states, is refused")
    func refusals() {
        for pattern in [
            "(a)\\1", "\\k<n>", "(?=a)", "(?!a)", "(?<=a)", "(?<!a)", "a*+", "a{1001}", "(a{100}){200}", "(", "a)",
            "[a", "*a", "a**", "\\q",
        ] {
            #expect(throws: FilterPatternError.self, "\(pattern)") { try FilterPattern(pattern) }
        }
    }

    @Test("a pattern that backtracks exponentially elsewhere is linear here")
    func noBacktracking() throws {
        let text = String(repeating: "a", count: 5_000)
        #expect(try !Self.matches("(a|a)*b", text))
        #expect(try !Self.matches("(a*)*b", text))
        #expect(try Self.matches("^(a|a)*$", text))
    }
}
