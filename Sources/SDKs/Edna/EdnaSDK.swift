// edna ChatCenterUI in the app's process (docs/EDNA.md). Everything here is in-memory state:
// it dies with the process (``EdnaSDK/init()`` is a fresh process).
import NotificationCore

/// What a push asks of the chat it opens (docs/EDNA.md).
public enum EdnaChatContext: Hashable, Sendable {
    /// No userInfo (`call edna.getChat none`), or one that is not edna's (another
    /// provider's push is left alone, whatever fields it carries).
    case none
    /// An edna push that is not a campaign push: the chat just opens.
    case message
    /// A campaign push: `massPushMessage: true` and the campaign id in `campaign`, both at the
    /// top level. `quote` is the push's `aps.alert` text as sent (nil when it has none).
    case campaign(id: String, quote: String?)

    /// The context of `userInfo`. Only top-level fields are read: campaign fields nested
    /// under `data` (or anywhere else) are not seen.
    public init(userInfo: JSONValue?) {
        guard let userInfo, EdnaSDK.isChatCenterNotification(userInfo) else {
            self = .none
            return
        }
        guard userInfo["massPushMessage"]?.boolValue == true, let id = userInfo["campaign"].flatMap(Self.campaignID)
        else {
            self = .message
            return
        }
        self = .campaign(id: id, quote: userInfo["aps"]?["alert"].flatMap(Self.alertText))
    }

    /// A campaign id: a string, or a whole number as its digits.
    private static func campaignID(_ value: JSONValue) -> String? {
        value.stringValue ?? value.integerValue.map(String.init)
    }

    /// The text of `aps.alert`: the string itself, or an alert dictionary's `body` (its
    /// `title` when it has no body).
    private static func alertText(_ alert: JSONValue) -> String? {
        alert.stringValue ?? alert["body"]?.stringValue ?? alert["title"]?.stringValue
    }
}

/// The chat `getChat` returns; the host shows it (screen `chat`).
public struct EdnaChat: Hashable, Sendable {
    /// What the push it was opened with asked of it.
    public var context: EdnaChatContext
}

/// A message the user sent from the chat, with the campaign it is bound to.
public struct EdnaSentMessage: Hashable, Sendable {
    public var text: String
    /// The campaign of the campaign push the chat was last opened with; nil: not bound.
    public var campaign: String?
}

/// The SDK's state in the app's process.
public struct EdnaSDK: Hashable, Sendable {
    /// A token `setDeviceToken` received before the SDK instance existed, kept until it does.
    public private(set) var keptToken: String?
    /// The user `authorize(user:)` authorized in this process. The host creates the SDK
    /// instance when it first authorizes, so the instance exists exactly when this is set.
    public private(set) var authorizedUser: String?
    /// The quote in the chat's input field.
    public private(set) var quote: String?
    /// The campaign the next message the user sends is bound to.
    public private(set) var campaign: String?

    /// A fresh process: no instance, nothing authorized, nothing kept.
    public init() {}

    /// Whether the SDK instance exists in this process.
    public var instanceExists: Bool { authorizedUser != nil }

    /// `isChatCenterNotification(userInfo)`: true when `origin` is `"threads"` at the top level.
    public static func isChatCenterNotification(_ userInfo: JSONValue) -> Bool {
        userInfo["origin"]?.stringValue == "threads"
    }

    /// `setDeviceToken(token)`: returns the token to pass to the server now, or nil when the
    /// instance does not exist yet and the token is kept for ``authorize(user:)``.
    public mutating func setDeviceToken(_ token: String) -> String? {
        if instanceExists { return token }
        keptToken = token
        return nil
    }

    /// `authorize(user:)`: the instance exists from now on. Returns the kept token, if any,
    /// which the SDK now passes to the server.
    public mutating func authorize(user: String) -> String? {
        authorizedUser = user
        defer { keptToken = nil }
        return keptToken
    }

    /// `handleNotification(userInfo:)` (docs/EDNA.md): throws ``EdnaError/chatNotOpened`` when
    /// the chat screen is not shown or `userInfo` is empty; otherwise returns having done
    /// nothing (the context is not put into the open chat).
    public func handleNotification(userInfo: JSONValue, chatShown: Bool) throws(EdnaError) {
        guard chatShown else { throw .chatNotOpened }
        if userInfo.members?.isEmpty ?? true { throw .chatNotOpened }
    }

    /// `getChat(userInfo:)`: throws ``EdnaError/userNotAuthorized`` before `authorize` in this
    /// process. Otherwise returns the chat; a campaign push puts its quote into the input
    /// field and binds the next sent message to its campaign. Any other context leaves the
    /// input field as it was.
    public mutating func getChat(userInfo: JSONValue?) throws(EdnaError) -> EdnaChat {
        guard instanceExists else { throw .userNotAuthorized }
        let context = EdnaChatContext(userInfo: userInfo)
        if case .campaign(let id, let quote) = context {
            self.campaign = id
            self.quote = quote
        }
        return EdnaChat(context: context)
    }

    /// The user sends `text` from the chat: it is bound to the pending campaign, and the quote
    /// and the binding are used up.
    public mutating func send(text: String) -> EdnaSentMessage {
        defer {
            quote = nil
            campaign = nil
        }
        return EdnaSentMessage(text: text, campaign: campaign)
    }
}
