// The edna server (SPEC §4.1): the chat history, the user the device is authorized as,
// the token it registered, and how a stored message becomes an APNs push.

/// One message in the edna chat's history.
public struct EdnaMessage: Hashable, Sendable {
    /// Who wrote a message.
    public enum Author: String, Hashable, Sendable {
        /// The operator side: `push edna message|campaign`.
        case agent
        /// The user, from the chat: `send`.
        case user
    }

    /// The server's message id (`msg-1`, `msg-2`, … in the order stored).
    public var id: String
    public var text: String
    public var author: Author
    /// The push kind for an agent message; nil for the user's.
    public var kind: EdnaPushKind?
    /// An agent message: its campaign id (always set for a campaign, set for a message only
    /// when given). A user message: the campaign it is bound to, if any.
    public var campaign: String?

    public init(id: String, text: String, author: Author, kind: EdnaPushKind?, campaign: String?) {
        self.id = id
        self.text = text
        self.author = author
        self.kind = kind
        self.campaign = campaign
    }
}

/// The user the device is authorized as, as the server knows them.
public struct EdnaClient: Hashable, Sendable {
    /// The id the host passed to `authorize(user:)` (`${externalId}`).
    public var externalId: String
    /// The server's own id for that user (`${clientId}`): `client-1`, `client-2`, … in the
    /// order the server first saw each user.
    public var clientId: String
}

/// What became of one `push edna …` on the server side.
public enum EdnaSendOutcome: Hashable, Sendable {
    /// `edna server off`: sending is not configured; nothing was sent.
    case serverOff
    /// The template did not render; nothing was sent.
    case serverError(EdnaPushKind, EdnaTemplateError)
    /// No device token has reached the server; nothing was sent.
    case noToken
    /// The server sent `payload` to `token`; APNs and iOS decide the rest.
    case sent(payload: JSONValue, token: EdnaDeviceToken)
}

/// The edna server's state. It survives the app's process, reboots and reinstalls alike.
public struct EdnaServer: Hashable, Sendable {
    /// The default campaign id for `${campaign}`.
    public static let defaultCampaign = "campaign-1"

    /// Every message, in the order stored.
    public private(set) var history: [EdnaMessage] = []
    /// The user the device is authorized as; nil before the first `authorize`.
    public private(set) var client: EdnaClient?
    /// The device token the SDK last registered; nil until the SDK has passed one on.
    public private(set) var token: EdnaDeviceToken?
    /// Client ids by external id.
    private var clientIds: [String: String] = [:]

    public init() {}

    /// The SDK authorized `externalId`: the server knows the device as that user from now on.
    @discardableResult
    public mutating func authorize(externalId: String) -> EdnaClient {
        let clientId: String
        if let known = clientIds[externalId] {
            clientId = known
        } else {
            clientId = "client-\(clientIds.count + 1)"
            clientIds[externalId] = clientId
        }
        let client = EdnaClient(externalId: externalId, clientId: clientId)
        self.client = client
        return client
    }

    /// The SDK passed on the device token.
    public mutating func register(_ token: EdnaDeviceToken) { self.token = token }

    /// Stores an operator message in the history (before any push is attempted).
    public mutating func storeAgentMessage(text: String, kind: EdnaPushKind, campaign: String?) -> EdnaMessage {
        let message = EdnaMessage(
            id: nextMessageID, text: text, author: .agent, kind: kind,
            campaign: kind == .campaign ? (campaign ?? Self.defaultCampaign) : campaign)
        history.append(message)
        return message
    }

    /// Stores a message the user sent, with its campaign binding.
    public mutating func storeUserMessage(text: String, campaign: String?) -> EdnaMessage {
        let message = EdnaMessage(id: nextMessageID, text: text, author: .user, kind: nil, campaign: campaign)
        history.append(message)
        return message
    }

    private var nextMessageID: String { "msg-\(history.count + 1)" }

    /// The placeholder values for `message`. With no authorized user, `${externalId}` and
    /// `${clientId}` are empty.
    public func templateValues(for message: EdnaMessage) -> EdnaTemplateValues {
        EdnaTemplateValues(
            id: message.id, externalId: client?.externalId ?? "", text: message.text,
            clientId: client?.clientId ?? "", campaign: message.campaign ?? Self.defaultCampaign)
    }

    /// What the server does with a stored agent message: nothing when sending is off, a
    /// server error when its template does not render, nothing when no token is registered,
    /// otherwise a push to the token.
    public func send(_ message: EdnaMessage, settings: EdnaServerSettings?, template: EdnaTemplate) -> EdnaSendOutcome {
        guard settings != nil else { return .serverOff }
        let kind = message.kind ?? .message
        let payload: JSONValue
        do {
            payload = try template.render(templateValues(for: message))
        } catch {
            return .serverError(kind, error)
        }
        guard let token else { return .noToken }
        return .sent(payload: payload, token: token)
    }
}

extension Configuration {
    /// The template the edna server uses for `kind`: the configured text or the default.
    public func ednaTemplate(for kind: EdnaPushKind) -> EdnaTemplate {
        let text =
            switch kind {
            case .message: ednaMessageTemplate
            case .campaign: ednaCampaignTemplate
            }
        return text.map(EdnaTemplate.init) ?? .standard(kind)
    }
}
