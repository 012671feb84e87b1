// The values a scenario observes: banners, pushes, history, handler calls, sent messages, calls.

/// A notification in the notification center (docs/CORE.md).
public struct Banner: Hashable, Sendable {
    /// `b1`, `b2`, … in the order banners were shown.
    public var id: String
    /// The push it came from (`p1`, …).
    public var pushID: String
    public var source: BannerSource
    /// nil when the push had a string `aps.alert` (a body with no title).
    public var title: String?
    public var body: String?
    /// The userInfo a tap hands to the app.
    public var userInfo: JSONValue
    /// 1, 2, … (the number in ``id``).
    var sequence: Int
    /// On screen and in the center, or in the center only.
    public var presentation: Presentation = .banner
    /// The `apns-collapse-id` of the push a remote notification came from.
    public var collapseID: String?
    /// Whether this is Kindly's placeholder (title `New message`, body `Open the app to read it`).
    public var isPlaceholder: Bool { title == KindlyPayload.placeholderTitle && body == KindlyPayload.placeholderBody }
}

/// Who sent a push.
public enum PushOrigin: String, Hashable, Sendable {
    case kindly, edna, other, raw
}

/// What a server sent for one message, and what became of it (`expect push`, `expect delivered`).
public struct PushRecord: Hashable, Sendable {
    /// `p1`, `p2`, … one per push command in the case.
    public var id: String
    /// 1, 2, … (the N of the default `Message N`).
    public var number: Int
    public var origin: PushOrigin
    /// nil: nothing was sent (``reason`` says why).
    public internal(set) var sent: PushType?
    /// The payload as sent.
    public internal(set) var payload: JSONValue?
    /// Shown as a banner or handed to the app or its extension.
    public internal(set) var delivered: Bool = false
    /// Why nothing was sent, or why it was not delivered.
    public internal(set) var reason: String?
    /// The APNs headers it was sent with; nil: nothing was sent.
    public internal(set) var headers: APNsHeaders?
    /// The message it carries (`kindly m1`, `edna msg-1`); for another provider's or a raw
    /// push, the push itself. Two pushes for one message share it (`expect duplicates`).
    public internal(set) var message: String
    /// `visible`, `silent` or `none` (nothing sent): the word `expect push` compares.
    public var sentWord: String { sent?.rawValue ?? "none" }
    /// The ciphertext strings of a Kindly server payload (invariant 1 looks for them in banners).
    var kindlyCiphertexts: [String] = []
    /// The values that were sealed (chat id, title, body): a banner that shows one of them
    /// shows the message, even where a short ciphertext happens to be part of its text.
    var kindlyPlaintexts: [String] = []

    init(id: String, number: Int, origin: PushOrigin, message: String? = nil) {
        self.id = id
        self.number = number
        self.origin = origin
        self.message = message ?? id
    }
}

/// What Kindly hands to `shouldHandleNotification` (docs/KINDLY.md).
public struct ExternalNotification: Hashable, Sendable {
    /// The chat id.
    public var id: String
    public var title: String
    public var body: String
    /// The userInfo as delivered to the app.
    public var userInfo: JSONValue
}

/// Who wrote a history entry.
public enum Sender: String, Hashable, Sendable { case agent, user }

/// One message in a chat's history.
public struct HistoryEntry: Hashable, Sendable {
    public var time: Int64
    public var sender: Sender
    public var title: String?
    public var text: String
    /// The campaign a user's message is bound to.
    public var campaign: String?
    /// The server's message id, for messages a server stored.
    public var messageID: String?
}

/// A chat and its messages, oldest first.
public struct ChatHistory: Hashable, Sendable {
    public var chatID: String
    public var entries: [HistoryEntry]
}

/// The newest message the user sent (`expect sent`).
public struct SentMessage: Hashable, Sendable {
    public var text: String
    /// The campaign it is bound to; nil for none.
    public var campaign: String?
    public init(text: String, campaign: String?) {
        self.text = text
        self.campaign = campaign
    }
}

/// What a `call` did.
public enum CallOutcome: Hashable, Sendable {
    /// Returned this value; nil for nil / a function with no result (`expect result none`).
    case returned(JSONValue?)
    /// Threw the error with this name (`chatNotOpened`).
    case threw(String)
}

/// An SDK API a scenario calls as host code would, on the newest delivered push (`call`).
public enum SDKCall: Hashable, Sendable, CustomStringConvertible {
    case kindlyIsKindlyNotification
    case kindlyDecrypt
    case kindlyNotificationReceived
    case ednaIsChatCenterNotification
    /// `empty`: with an empty userInfo.
    case ednaHandleNotification(empty: Bool)
    /// `none`: with no userInfo.
    case ednaGetChat(none: Bool)

    /// The SDK whose API this is.
    public var sdk: ChatSDK {
        switch self {
        case .kindlyIsKindlyNotification, .kindlyDecrypt, .kindlyNotificationReceived: return .kindly
        case .ednaIsChatCenterNotification, .ednaHandleNotification, .ednaGetChat: return .edna
        }
    }

    public var description: String {
        switch self {
        case .kindlyIsKindlyNotification: return "kindly.isKindlyNotification"
        case .kindlyDecrypt: return "kindly.decrypt"
        case .kindlyNotificationReceived: return "kindly.notificationReceived"
        case .ednaIsChatCenterNotification: return "edna.isChatCenterNotification"
        case .ednaHandleNotification(let empty):
            return empty ? "edna.handleNotification empty" : "edna.handleNotification"
        case .ednaGetChat(let none): return none ? "edna.getChat none" : "edna.getChat"
        }
    }
}

/// Which banner a tap hits.
public enum TapTarget: Hashable, Sendable, CustomStringConvertible {
    case newest
    /// 1 is the newest.
    case nth(Int)
    /// The newest banner with this title.
    case title(String)

    public var description: String {
        switch self {
        case .newest: return "tap"
        case .nth(let n): return "tap \(n)"
        case .title(let title): return "tap \"\(title)\""
        }
    }
}

/// A field of a Kindly payload that `push kindly missing …` drops.
public enum KindlyField: String, CaseIterable, Hashable, Sendable {
    case chatID = "chat_id"
    case title, body, v
}

/// `push kindly …` (docs/COMMANDS.md).
public struct KindlyPushRequest: Hashable, Sendable {
    /// nil: the server chooses (§3.2).
    public var type: PushType?
    /// nil: `Agent`.
    public var title: String?
    /// nil: `Message N`.
    public var body: String?
    /// nil: `chat-1`.
    public var chat: String?
    /// Alter each sealed field's ciphertext so authentication fails.
    public var tampered: Bool
    /// Drop this field from the payload.
    public var missing: KindlyField?
    /// APNs headers that override what the server sends.
    public var headers: APNsHeaderOverrides

    public init(
        type: PushType? = nil, title: String? = nil, body: String? = nil, chat: String? = nil,
        tampered: Bool = false, missing: KindlyField? = nil, headers: APNsHeaderOverrides = .none
    ) {
        self.headers = headers
        self.type = type
        self.title = title
        self.body = body
        self.chat = chat
        self.tampered = tampered
        self.missing = missing
    }
}

/// An edna push template's kind.
public enum EdnaTemplateKind: String, CaseIterable, Hashable, Sendable { case message, campaign }

/// A setting a scenario may change while the world runs (docs/COMMANDS.md, *runtime*).
public enum RuntimeSetting: Hashable, Sendable, CustomStringConvertible {
    case delegate(DelegateChoice)
    case shouldHandle(ShouldHandle)
    case openOnTap(Bool)
    case extensionDelay(milliseconds: Int64)
    case delegateAssignment(DelegateAssignment)
    case permission(Permission)
    /// nil: `off`.
    case silentBudget(SilentBudget?)
    case mode(NotificationMode)
    case kindlyHost(HostWiring)
    case ednaHost(HostWiring)
    case ednaTemplate(kind: EdnaTemplateKind, json: String)
    case backgroundRefresh(Bool)
    case lowPower(Bool)
    case extensionFault(ExtensionFault)
    case hostPostsLocal(HostPostsLocal)
    case ownPresents(OwnPresentation)
    case serverDuplicateToken(ChatSDK, Bool)
    case serverCollapseID(ChatSDK, ServerCollapseID)

    public var description: String {
        switch self {
        case .delegate(let choice): return "delegate \(choice.rawValue)"
        case .shouldHandle(let value): return "should-handle \(value.rawValue)"
        case .openOnTap(let flag): return "open-on-tap \(flag)"
        case .extensionDelay(let ms): return "extension-delay \(TimeFormat.duration(ms))"
        case .delegateAssignment(let value): return "delegate-assigned \(value.rawValue)"
        case .permission(let value): return "permission \(value.rawValue)"
        case .silentBudget(let budget):
            guard let budget else { return "silent-budget off" }
            return "silent-budget \(budget.count) per \(TimeFormat.duration(budget.windowMilliseconds))"
        case .mode(let mode): return "mode \(mode.rawValue)"
        case .kindlyHost(let wiring): return "host kindly \(wiring.rawValue)"
        case .ednaHost(let wiring): return "host edna \(wiring.rawValue)"
        case .ednaTemplate(let kind, _): return "edna template \(kind.rawValue)"
        case .backgroundRefresh(let on): return "background-refresh \(on ? "on" : "off")"
        case .lowPower(let on): return "low-power \(on ? "on" : "off")"
        case .extensionFault(let fault): return "extension-fault \(fault.rawValue)"
        case .hostPostsLocal(let value): return "host posts-local \(value.rawValue)"
        case .ownPresents(let value): return "own-presents \(value.rawValue)"
        case .serverDuplicateToken(let sdk, let on):
            return "\(sdk.rawValue) server duplicate-token \(on ? "on" : "off")"
        case .serverCollapseID(let sdk, let value): return "\(sdk.rawValue) server collapse-id \(value.rawValue)"
        }
    }
}

/// A host-side hook the Kindly extension applies last (`customize(content, payload)`, §3.3):
/// a value, not a closure, so the world stays a comparable value.
public struct ContentCustomization: Hashable, Sendable {
    public var titlePrefix: String
    public var titleSuffix: String
    public var bodyPrefix: String
    public var bodySuffix: String
    /// Replaces the title outright (before prefix and suffix).
    public var title: String?
    /// Replaces the body outright (before prefix and suffix).
    public var body: String?

    public init(
        titlePrefix: String = "", titleSuffix: String = "", bodyPrefix: String = "", bodySuffix: String = "",
        title: String? = nil, body: String? = nil
    ) {
        self.titlePrefix = titlePrefix
        self.titleSuffix = titleSuffix
        self.bodyPrefix = bodyPrefix
        self.bodySuffix = bodySuffix
        self.title = title
        self.body = body
    }
}
