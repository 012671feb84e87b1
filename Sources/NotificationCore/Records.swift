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
    /// `aps.thread-id` of the notification's content (`push app … thread "T"`).
    public var threadID: String? = nil
    /// The sound that played when it was presented; nil: none.
    public var sound: String? = nil
}

/// Who sent a push: a chat SDK's server (its name), another provider, or `push raw`.
public struct PushOrigin: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Another provider (Braze, mParticle, …).
    public static let other = PushOrigin(rawValue: "other")
    /// `push raw`: straight to the device.
    public static let raw = PushOrigin(rawValue: "raw")
    /// The app's own server (`push app`).
    public static let app = PushOrigin(rawValue: "app")
    /// The server of `sdk`.
    public static func server(of sdk: ChatSDK) -> PushOrigin { PushOrigin(rawValue: sdk.name) }
}

/// What a server sent for one message, and what became of it (`expect push`, `expect delivered`).
public struct PushRecord: Hashable, Sendable {
    /// `p1`, `p2`, … one per push command in the case.
    public var id: String
    /// 1, 2, … one per push, in ``id``.
    public var number: Int
    /// 1, 2, … one per message: the N of a default `Message N`. A server that sends a message
    /// twice (`duplicate-token on`) sends one number twice (SPEC §2.7, §2.16).
    public var messageNumber: Int
    public var origin: PushOrigin
    /// nil: nothing was sent (``reason`` says why).
    public internal(set) var sent: PushType?
    /// The payload as sent.
    public internal(set) var payload: JSONValue?
    /// Shown as a banner or handed to the app or its extension.
    public internal(set) var delivered: Bool = false
    /// Why nothing was sent, or why it was not delivered.
    public internal(set) var reason: String?
    /// What became of it after APNs answered 200, as Apple's Push Notifications Console names
    /// it (`Delivered`, `Stored – Device Offline`, …); nil: APNs did not accept it.
    public var deliveryState: String? { state?.rawValue }
    /// The same, as a value.
    public internal(set) var state: DeliveryState?
    /// APNs's answer to the request; nil: nothing reached APNs.
    public internal(set) var apnsAnswer: APNsAnswer?
    /// A PushKit (VoIP) push.
    public internal(set) var voip = false
    /// The APNs headers it was sent with; nil: nothing was sent.
    public internal(set) var headers: APNsHeaders?
    /// The message it carries (`kindly m1`); for another provider's or a raw push, the push
    /// itself. Two pushes for one message share it (`expect duplicates`).
    public var message: String
    /// `visible`, `silent` or `none` (nothing sent): the word `expect push` compares.
    public var sentWord: String { sent?.rawValue ?? "none" }
    /// The ciphertext strings of an encrypted payload (invariant 1 looks for them in banners).
    public var ciphertexts: [String] = []
    /// The values that were sealed: a banner that shows one of them shows the message, even
    /// where a short ciphertext happens to be part of its text.
    public var plaintexts: [String] = []

    init(id: String, number: Int, messageNumber: Int, origin: PushOrigin, message: String? = nil) {
        self.id = id
        self.number = number
        self.messageNumber = messageNumber
        self.origin = origin
        self.message = message ?? id
    }
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

    public init(
        time: Int64, sender: Sender, title: String?, text: String, campaign: String?, messageID: String?
    ) {
        self.time = time
        self.sender = sender
        self.title = title
        self.text = text
        self.campaign = campaign
        self.messageID = messageID
    }
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

    /// What follows `tap` (or `tap action A`) in a scenario: ``, ` 2`, ` "Anna"`.
    public var suffix: String {
        switch self {
        case .newest: return ""
        case .nth(let n): return " \(n)"
        case .title(let title): return " \(ScenarioText.quoted(title))"
        }
    }
}

/// A setting a scenario may change while the world runs (docs/COMMANDS.md, *runtime*). An
/// SDK's own runtime settings are its plug-in's (``World/apply(_:of:change:)``).
public enum RuntimeSetting: Hashable, Sendable {
    case delegate(DelegateChoice)
    case extensionDelay(milliseconds: Int64)
    case delegateAssignment(DelegateAssignment)
    case permission(Permission)
    /// nil: `off`.
    case silentBudget(SilentBudget?)
    case backgroundRefresh(Bool)
    case lowPower(Bool)
    case extensionFault(ExtensionFault)
    case hostPostsLocal(HostPostsLocal)
    case ownPresents(OwnPresentation)
    case ownOnTap(OwnOnTap)
    case navigatesFrom([NavigationSource])
    /// nil callback: both.
    case ownCompletes(DelegateCallback?, DelegateCompletion)
    case resetsBadge(BadgeReset)
    case removesDelivered(HostRemovesDelivered)
    case completesFetch(FetchCompletion)
    /// nil: the host registers none.
    case registersCategories(HostCategories?)
    case notificationSetting(NotificationSettingName, Bool)
    case focus(FocusMode)
    case summary(Bool)
    case providerEnvironment(APNsEnvironment)
    case providerTopic(ProviderTopic)
    case providerOnError(ProviderOnError)

    /// The line that sets it, in an app with this configuration (`delegate kindly`).
    public func description(in configuration: Configuration) -> String {
        switch self {
        case .delegate(let choice): return "delegate \(configuration.word(for: choice))"
        case .extensionDelay(let ms): return "extension-delay \(TimeFormat.duration(ms))"
        case .delegateAssignment(let value): return "delegate-assigned \(value.rawValue)"
        case .permission(let value): return "permission \(value.rawValue)"
        case .silentBudget(let budget):
            guard let budget else { return "silent-budget off" }
            return "silent-budget \(budget.count) per \(TimeFormat.duration(budget.windowMilliseconds))"
        case .backgroundRefresh(let on): return "background-refresh \(on ? "on" : "off")"
        case .lowPower(let on): return "low-power \(on ? "on" : "off")"
        case .extensionFault(let fault): return "extension-fault \(fault.rawValue)"
        case .hostPostsLocal(let value): return "host posts-local \(value.rawValue)"
        case .ownPresents(let value): return "own-presents \(value.rawValue)"
        case .ownOnTap(let value): return "own-on-tap \(value.rawValue)"
        case .navigatesFrom(let sources): return "navigates-from " + NavigationSource.spelled(sources)
        case .ownCompletes(let callback, let completion):
            return "own-completes " + (callback.map { "\($0.rawValue) " } ?? "") + completion.spelled
        case .resetsBadge(let value): return "host resets-badge \(value.rawValue)"
        case .removesDelivered(let value): return "host removes-delivered \(value.rawValue)"
        case .completesFetch(let value): return "host completes-fetch \(value.spelled)"
        case .registersCategories(let value): return HostCategories.line(value)
        case .notificationSetting(let name, let on): return "setting \(name.rawValue) \(on ? "on" : "off")"
        case .focus(let mode): return mode.spelled
        case .summary(let on): return "summary \(on ? "on" : "off")"
        case .providerEnvironment(let value): return "provider environment \(value.rawValue)"
        case .providerTopic(let value): return "provider topic \(value.spelled)"
        case .providerOnError(let value): return "provider on-error \(value.rawValue)"
        }
    }
}
