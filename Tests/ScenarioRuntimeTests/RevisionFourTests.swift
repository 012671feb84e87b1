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
}
