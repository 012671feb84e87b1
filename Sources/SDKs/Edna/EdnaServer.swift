// The edna server (docs/EDNA.md): who the device is authorized as, the token it registered,
// and how a message becomes an APNs push: stored in the history, rendered from its
// template, sent through APNs with the server's settings.
import NotificationCore

/// The user the device is authorized as, as the edna server knows them.
public struct EdnaClient: Hashable, Sendable {
    /// The id the host passed to `authorize(user:)` (`${externalId}`).
    public var externalId: String
    /// The server's own id for that user (`${clientId}`): `client-1`, `client-2`, … in the
    /// order the server first saw each user.
    public var clientId: String
}

/// The edna server's state. It survives the app's process and reboots.
public struct EdnaServer: SDKValue {
    /// The default campaign id for `${campaign}`.
    static let defaultCampaign = "campaign-1"

    /// The user the device is authorized as; nil before the first `authorize`.
    private(set) var client: EdnaClient?
    /// The device token the SDK registered; nil until the SDK has passed one on.
    var token: String?
    /// Client ids by external id.
    private var clientIDs: [String: String] = [:]
    private var messageCount = 0

    public init() {}

    /// The SDK authorized `externalId`: the server knows the device as that user from now on.
    @discardableResult
    mutating func authorize(externalId: String) -> EdnaClient {
        let clientID: String
        if let known = clientIDs[externalId] {
            clientID = known
        } else {
            clientID = "client-\(clientIDs.count + 1)"
            clientIDs[externalId] = clientID
        }
        let client = EdnaClient(externalId: externalId, clientId: clientID)
        self.client = client
        return client
    }

    /// A new message id: `msg-1`, `msg-2`, … in the order the server stores messages.
    mutating func nextMessageID() -> String {
        messageCount += 1
        return "msg-\(messageCount)"
    }

    /// The placeholder values for a message. With no authorized user, `${externalId}` and
    /// `${clientId}` are empty; with no campaign id, `${campaign}` is `campaign-1`.
    func templateValues(messageID: String, text: String, campaign: String?) -> EdnaTemplateValues {
        EdnaTemplateValues(
            id: messageID, externalId: client?.externalId ?? "", text: text,
            clientId: client?.clientId ?? "", campaign: campaign ?? Self.defaultCampaign)
    }
}

extension Configuration {
    /// The template the edna server uses for `kind`: the configured text or the default.
    public func ednaTemplate(for kind: EdnaTemplateKind) -> EdnaTemplate {
        let text =
            switch kind {
            case .message: edna.messageTemplate
            case .campaign: edna.campaignTemplate
            }
        return text.map(EdnaTemplate.init) ?? .standard(kind)
    }
}

extension World {
    /// `push edna message|campaign "text" [campaign ID]` (docs/EDNA.md): the server stores the
    /// message in the chat's history, then renders its template and sends it through APNs.
    /// `edna server off`, a server error or no registered token: nothing is sent.
    mutating func ednaServerPush(
        kind: EdnaTemplateKind, text: String, campaign: String?, headers: APNsHeaderOverrides = .none
    ) {
        let messageID = ednaServer.nextMessageID()
        let index = beginPush(.server(of: .edna), message: "edna \(messageID)")
        let campaignID = kind == .campaign ? (campaign ?? EdnaServer.defaultCampaign) : campaign
        storeMessage(
            chat: currentChatID,
            HistoryEntry(time: now, sender: .agent, title: nil, text: text, campaign: campaignID, messageID: messageID))
        record(
            .server,
            TraceText(
                "edna stores \(messageID) (\(kind.rawValue)) in \(currentChatID): \"\(text)\""
                    + (campaignID.map { ", campaign \($0)" } ?? "")))

        guard let settings = configuration.edna.server else {
            writeLog("edna server", "push not sent for \(messageID): sending is not configured (edna server off)")
            pushNotSent(index, reason: "edna server off: sending pushes is not configured")
            return
        }
        let payload: JSONValue
        do {
            payload = try configuration.ednaTemplate(for: kind).render(
                ednaServer.templateValues(messageID: messageID, text: text, campaign: campaignID))
        } catch {
            record(.server, "edna cannot render the \(kind.rawValue) template: \(error)")
            writeLog("edna server", "server error: \(kind.rawValue) template: \(error)")
            pushNotSent(index, reason: "server error: the \(kind.rawValue) template: \(error)")
            return
        }
        guard ednaServer.token != nil else {
            writeLog("edna server", "push not sent for \(messageID): no device token registered")
            pushNotSent(index, reason: "no device token registered with the edna server")
            return
        }
        let topic = settings.bundleID ?? configuration.bundleID
        record(
            .server,
            "edna sends \(messageID) with its \(settings.credential.rawValue) credential for \(topic) (\(settings.environment.rawValue))"
        )
        serverSend(
            index, payload: payload, route: .token(topic: topic, environment: settings.environment),
            overrides: headers, behaviour: configuration.edna.serverBehaviour, messageID: messageID)
    }
}
