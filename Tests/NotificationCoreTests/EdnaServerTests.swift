import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

@Suite("Edna server state (docs/EDNA.md)")
struct EdnaServerTests {
    @Test("Message ids count up in the order stored")
    func messageIDs() {
        var server = EdnaServer()
        #expect(server.nextMessageID() == "msg-1")
        #expect(server.nextMessageID() == "msg-2")
    }

    @Test("${externalId} is the authorized user; each user keeps one client id")
    func clientIDs() {
        var server = EdnaServer()
        #expect(server.authorize(externalId: "user-1").clientId == "client-1")
        #expect(server.authorize(externalId: "anna").clientId == "client-2")
        #expect(server.authorize(externalId: "user-1").clientId == "client-1")
        let values = server.templateValues(messageID: "msg-1", text: "Hi", campaign: "c")
        #expect(values.externalId == "user-1")
        #expect(values.clientId == "client-1")
        #expect(values.campaign == "c")
    }

    @Test("With no user, ${externalId} and ${clientId} are empty; ${campaign} defaults to campaign-1")
    func noUser() {
        let values = EdnaServer().templateValues(messageID: "msg-1", text: "Hi", campaign: nil)
        #expect(values.externalId == "")
        #expect(values.clientId == "")
        #expect(values.campaign == "campaign-1")
    }

    @Test("The configured template replaces the default, per kind")
    func configuredTemplates() {
        var configuration = Configuration()
        #expect(configuration.ednaTemplate(for: .message) == .standard(.message))
        configuration.ednaCampaignTemplate = "{}"
        #expect(configuration.ednaTemplate(for: .campaign) == EdnaTemplate("{}"))
        #expect(configuration.ednaTemplate(for: .message) == .standard(.message))
    }
}
