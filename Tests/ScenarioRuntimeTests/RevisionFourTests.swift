import ScenarioLanguage
import ScenarioRuntime
import Testing

/// SPEC revision 4 (§2.14, §2.16): the vocabulary's side of the rows.
@Suite("Revision 4 rows in the vocabulary")
struct RevisionFourTests {
    @Test("expect apns-status after a push app that sent nothing is a step error, not a failed expectation")
    func apnsStatusOfNothingSent() throws {
        let (_, results) = try run(
            """
            sdk none
            install fresh
            push app visible title "A"
            expect apns-status 200
            """)
        let failure = try #require(results[0].failure)
        #expect(failure.kind == .precondition, "\(failure)")
        #expect(failure.message.contains("did not reach APNs"))
    }

    @Test("expect apns-status and expect delivery skip the Kindly server's pushes")
    func providerAssertionsSkipSDKPushes() throws {
        let (_, results) = try run(
            """
            sdk kindly
            push app visible title "A" priority 7
            push kindly
            expect apns-status 400 BadPriority
            expect delivery none
            """)
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
    }

    @Test(
        "bad provider topics and certificates are check errors at their argument",
        arguments: [
            ("provider topic \"\"", "an empty topic: write `provider topic omitted` to send no apns-topic header", 15),
            ("provider auth cert []", "a certificate covers at least one topic", 19),
            ("provider auth cert [\"a\", \"a\"]", "the topic \"a\" is listed twice", 19),
            ("provider auth cert [\"a\", \"\"]", "an empty topic", 19),
            ("provider auth cert [\"a\", 3]", "a certificate's topics are quoted strings", 19),
            ("provider auth cert 3", "expected a topic", 19),
        ])
    func badTopics(line: String, message: String, column: Int) {
        let found = diagnostics("sdk none\n" + line + "\n")
        #expect(found.count == 1, "\(found.map(\.message))")
        #expect(found.first?.message.contains(message) == true, "\(found.map(\.message))")
        #expect(found.first?.location.line == 2)
        #expect(found.first?.location.column == column + 1)
    }

    @Test("a topic from a variable is checked when the step runs, and changes nothing")
    func badTopicAtRunTime() throws {
        let (_, results) = try run(
            """
            sdk none
            let t = ""
            provider topic $t
            """)
        let failure = try #require(results[0].failure)
        #expect(failure.kind == .precondition)
        #expect(failure.message.contains("an empty topic"))
        let (_, certs) = try run(
            """
            sdk none
            let t = ["a", "a"]
            provider auth cert $t
            """)
        #expect(try #require(certs[0].failure).message.contains("listed twice"))
    }

    @Test("provider auth cert with a list round-trips through the install line")
    func certificateListSpelled() throws {
        let (_, results) = try run(
            """
            sdk none
            provider auth cert ["com.example.app", "com.example.app.voip"]
            provider topic omitted
            push app visible title "A"
            expect trace 'provider topic omitted, provider auth cert ["com.example.app", "com.example.app.voip"]' in install
            expect apns-status 400 MissingTopic
            """)
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
    }

    @Test("read-elsewhere 0 is a check error at its count; without a server count it is a step error")
    func readElsewhereChecks() throws {
        let found = diagnostics("sdk none\nprovider badge count-unread\nread-elsewhere 0\n")
        #expect(found.map(\.message) == ["read-elsewhere 0 reads nothing"])
        #expect(found.first?.location.line == 3)
        #expect(found.first?.location.column == 16)
        let (_, results) = try run("sdk none\nread-elsewhere all\n")
        let failure = try #require(results[0].failure)
        #expect(failure.kind == .precondition)
        #expect(failure.message.contains("keeps no unread count"))
    }

    @Test("expect provider badge reads the server's count")
    func providerBadge() throws {
        let (_, results) = try run(
            """
            sdk none
            provider badge count-unread
            launch background
            push app visible title "A"
            push app visible title "B"
            expect provider badge 2
            expect badge 2
            read-elsewhere 1
            expect provider badge 1
            """)
        #expect(results[0].status == .passed, "\(String(describing: results[0].failure))")
    }
}
