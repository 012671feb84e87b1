import Testing

@testable import NotificationCore

@Suite("Edna server (SPEC §4.1)")
struct EdnaServerTests {
    let token = EdnaDeviceToken(value: "t", environment: .production, bundleID: "com.example.app")

    func authorizedServer() -> EdnaServer {
        var server = EdnaServer()
        server.authorize(externalId: "user-1")
        server.register(token)
        return server
    }

    @Test("Sending must be configured: edna server off sends nothing, but the message is stored")
    func serverOff() {
        var server = authorizedServer()
        let message = server.storeAgentMessage(text: "Hi", kind: .message, campaign: nil)
        #expect(server.send(message, settings: nil, template: .standard(.message)) == .serverOff)
        #expect(server.history.map(\.text) == ["Hi"])
    }

    @Test("The server stores every message in the history, then renders: a server error still leaves it stored")
    func storedBeforeRendering() {
        var server = authorizedServer()
        let message = server.storeAgentMessage(text: "Hi", kind: .message, campaign: nil)
        let outcome = server.send(message, settings: EdnaServerSettings(), template: EdnaTemplate(#"{"a": "${nope}"}"#))
        #expect(outcome == .serverError(.message, .unknownPlaceholder("nope")))
        #expect(server.history.count == 1)
    }

    @Test("The server can push only to a registered token")
    func noToken() {
        var server = EdnaServer()
        let message = server.storeAgentMessage(text: "Hi", kind: .message, campaign: nil)
        #expect(server.send(message, settings: EdnaServerSettings(), template: .standard(.message)) == .noToken)
    }

    @Test("A message push carries the message id and the user's client id")
    func messagePush() throws {
        var server = authorizedServer()
        _ = server.storeAgentMessage(text: "first", kind: .message, campaign: nil)
        let message = server.storeAgentMessage(text: "Hi", kind: .message, campaign: nil)
        guard case .sent(let payload, let sentTo) = server.send(message, settings: EdnaServerSettings(), template: .standard(.message))
        else {
            Issue.record("not sent")
            return
        }
        #expect(sentTo == token)
        #expect(payload["id"] == .string("msg-2"))
        #expect(payload["clientId"] == .string("client-1"))
        #expect(payload["aps"]?["alert"] == .string("Hi"))
    }

    @Test("A campaign's id defaults to campaign-1")
    func defaultCampaign() throws {
        var server = authorizedServer()
        let message = server.storeAgentMessage(text: "Sale", kind: .campaign, campaign: nil)
        #expect(message.campaign == "campaign-1")
        guard case .sent(let payload, _) = server.send(message, settings: EdnaServerSettings(), template: .standard(.campaign))
        else {
            Issue.record("not sent")
            return
        }
        #expect(payload["campaign"] == .string("campaign-1"))
        #expect(payload["massPushMessage"] == .bool(true))
    }

    @Test("${externalId} is the authorized user; each user keeps one client id")
    func clientIDs() throws {
        var server = authorizedServer()
        #expect(server.authorize(externalId: "anna").clientId == "client-2")
        #expect(server.authorize(externalId: "user-1").clientId == "client-1")
        let message = server.storeAgentMessage(text: "Hi", kind: .message, campaign: "c")
        let values = server.templateValues(for: message)
        #expect(values.externalId == "user-1")
        #expect(values.clientId == "client-1")
        #expect(values.campaign == "c")
    }

    @Test("The user's sent messages are stored with their campaign binding")
    func userMessages() {
        var server = authorizedServer()
        let sent = server.storeUserMessage(text: "Yes please", campaign: "spring")
        #expect(sent.author == .user)
        #expect(sent.campaign == "spring")
        #expect(server.history == [sent])
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
