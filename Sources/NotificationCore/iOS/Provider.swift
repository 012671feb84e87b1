// The provider side (docs/PROVIDER.md): the build's signed APNs environment, the app's own
// server's environment, topic and error policy, and APNs's answer to each request. Apple,
// "aps-environment", "Handling error responses from Apple Push Notification service";
// Rezivure/Grid-Mobile PR 214, manaflow-ai/cmux PR 5647, MapleTechLabs/maple PR 524.

/// How the app was built, which decides the `aps-environment` it is signed with.
public enum BuildKind: String, CaseIterable, Hashable, Sendable {
    /// Run from Xcode: `aps-environment development`, sandbox tokens.
    case xcode
    /// TestFlight: production.
    case testflight
    /// The App Store (the default): production.
    case appStore = "app-store"

    /// The environment the build is signed for.
    public var signedEnvironment: APNsEnvironment { self == .xcode ? .sandbox : .production }
}

/// What the app's server does with the token when APNs answers that it is bad.
public enum ProviderOnError: String, CaseIterable, Hashable, Sendable {
    /// Keeps it.
    case keep
    /// Deletes it on any 400 or 410 that names it.
    case deleteToken = "delete-token"
    /// Deletes it only on a 410 whose timestamp is after its upload (the default).
    case deleteOn410 = "delete-on-410"
}

/// How the app's server authenticates with APNs.
public enum ProviderAuth: Hashable, Sendable {
    /// A token-signing key (`.p8`): every topic of the team, with a JWT (the default).
    case p8
    /// A certificate for these topics (`cert "T"`, `cert ["T1", "T2"]`: at least one, each
    /// once), no JWT.
    case cert([String])

    /// A certificate for one topic.
    public static func cert(_ topic: String) -> ProviderAuth { .cert([topic]) }

    /// The most topics a certificate lists (far above any real certificate's).
    public static let topicLimit = 64

    /// `p8`, `cert "T"`, `cert ["T1", "T2"]`: as `provider auth` is written.
    public var spelledForScenario: String { spelled }

    var spelled: String {
        switch self {
        case .p8: return "p8"
        case .cert(let topics):
            return "cert " + (topics.count == 1 ? ScenarioText.quoted(topics[0]) : Self.list(topics))
        }
    }

    /// `["T1", "T2"]`, as a scenario writes it.
    static func list(_ topics: [String]) -> String { "[" + topics.map(ScenarioText.quoted).joined(separator: ", ") + "]" }

    /// Why `topics` cannot be a certificate's (`provider auth cert …`); nil when they can.
    public static func certificateProblem(_ topics: [String]) -> String? {
        if topics.isEmpty { return "a certificate covers at least one topic" }
        if topics.count > topicLimit { return "a certificate lists at most \(topicLimit) topics" }
        if topics.contains("") { return "an empty topic: a certificate's topics are bundle ids" }
        var seen = Set<String>()
        for topic in topics where !seen.insert(topic).inserted {
            return "the topic \(ScenarioText.quoted(topic)) is listed twice"
        }
        return nil
    }
}

/// The `apns-topic` the app's own server sends with (`provider topic …`).
public enum ProviderTopic: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The bundle id, plus `.voip` for a VoIP push (`provider topic default`, or `none`).
    case bundleID
    /// No `apns-topic` header (`provider topic omitted`).
    case omitted
    /// This topic (`provider topic "T"`).
    case named(String)

    public init(stringLiteral value: String) { self = .named(value) }

    /// `none` (revision 3's spelling of the default, kept so that traces do not change),
    /// `omitted`, `"T"`.
    public var spelled: String {
        switch self {
        case .bundleID: return "none"
        case .omitted: return "omitted"
        case .named(let topic): return ScenarioText.quoted(topic)
        }
    }

    /// The header's value for an app with this bundle id; nil: no header.
    public func header(bundleID: String, voip: Bool) -> String? {
        switch self {
        case .bundleID: return voip ? bundleID + ".voip" : bundleID
        case .omitted: return nil
        case .named(let topic): return topic
        }
    }
}

/// When the app's server makes a new JWT (`provider jwt …`).
public enum JWTPolicy: Hashable, Sendable {
    /// When the current one is this old (the default: 40 minutes; Apple asks for between 20
    /// and 60).
    case refresh(Int64)
    /// Never: one JWT from the first request on.
    case never
    /// A new one for every request.
    case perRequest
    /// Signed with a key APNs does not know (the default's refresh otherwise).
    case badKey

    var spelled: String {
        switch self {
        case .refresh(let ms): return "refresh \(TimeFormat.duration(ms))"
        case .never: return "never"
        case .perRequest: return "per-request"
        case .badKey: return "bad-key"
        }
    }

    static let defaultRefresh: Int64 = 40 * 60_000
}

/// What the app's own server writes as a visible push's badge (`provider badge …`, SPEC §2.11,
/// §2.16).
public enum ServerBadge: Hashable, Sendable {
    /// The command's `badge`, if any (the default).
    case none
    /// Every `push app visible` carries `badge N`.
    case fixed(Int)
    /// The server keeps an unread count: each `push app visible` adds 1 and carries it; the
    /// host's open report sets it to 0; `sync`: a read elsewhere sends a badge-only push.
    case countUnread(sync: Bool)

    /// `none`, `fixed 3`, `count-unread sync`.
    public var spelled: String {
        switch self {
        case .none: return "none"
        case .fixed(let n): return "fixed \(n)"
        case .countUnread(let sync): return "count-unread" + (sync ? " sync" : "")
        }
    }

    /// The most a count goes to: a badge is an Int32 on the wire.
    public static let countLimit = Int(Int32.max)
}

/// The app's own server's APNs settings (`provider …`).
public struct ProviderSettings: Hashable, Sendable {
    /// The APNs host it sends to.
    public var environment: APNsEnvironment = .production
    /// The `apns-topic` (default: the app's bundle id, `.voip` appended for a VoIP push).
    public var topic: ProviderTopic = .bundleID
    public var auth: ProviderAuth = .p8
    public var jwt: JWTPolicy = .refresh(JWTPolicy.defaultRefresh)
    public var onError: ProviderOnError = .deleteOn410
    /// The badge it writes (`provider badge …`).
    public var badge: ServerBadge = .none
    public init() {}

    /// `provider environment production`, `provider topic none`, `provider on-error …`: every
    /// line, which `differences()` compares with the default install.
    public var lines: [String] {
        [
            "provider environment \(environment.rawValue)",
            "provider topic \(topic.spelled)",
            "provider auth \(auth.spelled)",
            "provider jwt \(jwt.spelled)",
            "provider on-error \(onError.rawValue)",
            "provider badge \(badge.spelled)",
        ]
    }
}

/// `apns device-rate N per D`: at most `count` accepted pushes to the device within `window`.
public struct DeviceRate: Hashable, Sendable {
    public var count: Int
    public var window: Int64
    public init(count: Int, window: Int64) {
        self.count = count
        self.window = window
    }
}

/// APNs's open choices (`apns …`, `power-deferral`): what Apple does not state, modelled.
public struct APNsChoices: Hashable, Sendable {
    /// How long an inactive token still answers 200 before APNs answers 410 (default 1 day).
    public var unregisterLag: Int64 = 24 * 3_600_000
    /// At most `count` accepted pushes to the device within any `window` (off by default).
    public var deviceRate: DeviceRate? = nil
    /// APNs holds priority-5 and priority-1 pushes while the device is locked.
    public var powerDeferral = false
    public init() {}

    public var lines: [String] {
        [
            "apns unregister-lag \(TimeFormat.duration(unregisterLag))",
            deviceRate.map { "apns device-rate \($0.count) per \(TimeFormat.duration($0.window))" }
                ?? "apns device-rate off",
            "power-deferral \(powerDeferral ? "on" : "off")",
        ]
    }
}

/// What became of a push APNs accepted, as Apple's Push Notifications Console names it.
public enum DeliveryState: String, CaseIterable, Hashable, Sendable {
    case delivered = "Delivered"
    case deliveredFromStorage = "Delivered (From Storage)"
    case storedDeviceOffline = "Stored – Device Offline"
    case storedPowerConsiderations = "Stored – Power Considerations"
    case expired = "Discarded – Expired"
    case tokenUnregistered = "Discarded – Token Unregistered"
    case tokenUnregisteredFromStorage = "Discarded – Token Unregistered (From Storage)"
    case disabled = "Discarded – Disabled"
    case disabledFromStorage = "Discarded – Disabled (From Storage)"
    /// A push-type mismatch: APNs drops it (modelled).
    case received = "Received"
}

/// APNs's answer to a request: an HTTP status and, for an error, its reason; a 410's
/// `timestamp` is when APNs learnt the token was no longer valid.
public struct APNsAnswer: Hashable, Sendable {
    public var status: Int
    public var reason: String?
    public var timestamp: Int64?
    public init(status: Int, reason: String? = nil) {
        self.status = status
        self.reason = reason
    }

    /// `200`, `400 BadDeviceToken`, `410 Unregistered (timestamp 1d 00:00:05)`.
    public var text: String {
        (reason.map { "\(status) \($0)" } ?? "\(status)")
            + (timestamp.map { " (timestamp \(TimeFormat.timestamp($0)))" } ?? "")
    }

    /// `200`, `400 BadDeviceToken`: what `expect apns-status` compares.
    public var statusText: String { reason.map { "\(status) \($0)" } ?? "\(status)" }

    /// The status APNs answers with for an error reason.
    static func status(for reason: String) -> Int {
        switch reason {
        case "PayloadTooLarge": return 413
        case "Unregistered": return 410
        case "ExpiredProviderToken", "InvalidProviderToken": return 403
        case "TooManyProviderTokenUpdates", "TooManyRequests": return 429
        default: return 400
        }
    }

    /// The reasons after which a server may delete the token it sent to.
    static let namesTheToken: Set<String> = ["BadDeviceToken", "DeviceTokenNotForTopic", "TopicDisallowed", "Unregistered"]
}

extension World {
    /// The app's own server's unread count (`expect provider badge N`): 0 unless `provider
    /// badge count-unread`.
    public var providerUnread: Int { providerSide.unread }

    /// The badge a `push app visible` carries under `provider badge …`: the written one, if any,
    /// else the server's. Counting, the server adds 1 either way (traced).
    mutating func serverBadge(written: Int?) -> Int? {
        switch configuration.provider.badge {
        case .none: return written
        case .fixed(let n): return written ?? n
        case .countUnread:
            let count = min(providerSide.unread + 1, ServerBadge.countLimit)
            providerSide.unread = count
            let carried = written.map { "the push carries badge \($0) as written" } ?? "the push carries badge \(count)"
            record(.server, "the app's server counts \(count) unread (provider badge count-unread): \(carried)")
            return written ?? count
        }
    }

    /// The host tells its server the user opened the app (`host reports-open on-foreground`):
    /// the unread count goes back to 0.
    mutating func hostReportsOpen() {
        guard case .countUnread = configuration.provider.badge else { return }
        guard configuration.host.reportsOpen == .onForeground else {
            record(.host, "does not report the open to its server (host reports-open never): its unread count stays \(providerSide.unread)")
            return
        }
        let before = providerSide.unread
        providerSide.unread = 0
        record(.server, "the host reports the open (host reports-open on-foreground): the app's server's unread count \(before) → 0")
    }

    /// `read-elsewhere N|all`: messages read on another device; the server's count drops,
    /// floored at 0, and with `sync` it sends a badge-only push with the new count. `count`
    /// nil: all. Throws, changing nothing, without a server count or for fewer than 1.
    public mutating func readElsewhere(_ count: Int?) throws(CoreError) {
        guard case .countUnread(let sync) = configuration.provider.badge else {
            throw .precondition(
                "read-elsewhere: the app's server keeps no unread count (provider badge \(configuration.provider.badge.spelled); write provider badge count-unread)")
        }
        if let count, count < 1 { throw .invalid("read-elsewhere: read at least 1 message, or all") }
        try requireInstalled("read-elsewhere")
        beginStep("read-elsewhere " + (count.map { "\($0)" } ?? "all"))
        let before = providerSide.unread
        let after = count.map { before > $0 ? before - $0 : 0 } ?? 0
        providerSide.unread = after
        record(
            .server,
            "\(count.map { "\($0) message\($0 == 1 ? "" : "s")" } ?? "every message") read on another device: the app's server's unread count \(before) → \(after)"
        )
        if sync {
            record(.server, "the app's server sends a badge-only push with the count \(after) (provider badge count-unread sync)")
            let index = beginPush(.app)
            let payload: JSONValue = .object([JSONMember("aps", .object([JSONMember("badge", .integer(Int64(after)))]))])
            if let held = providerSide.held {
                apnsSend(
                    index, payload: payload,
                    route: .appServer(
                        topic: configuration.provider.topic.header(bundleID: configuration.bundleID, voip: false),
                        environment: configuration.provider.environment, token: held))
            } else {
                pushNotSent(index, reason: "the app's server has no device token")
            }
        }
        try endStep()
    }

    /// The answer APNs gave to the newest provider push step (`push app`, `push other`, `push
    /// raw`; not an SDK server's push); nil when it sent nothing.
    public var newestAPNsAnswer: APNsAnswer? { newestProviderPush?.apnsAnswer }

    /// What became of the push at `index` after APNs accepted it, as the Console names it;
    /// traced with the answer the first time (`apns: p1 200, Delivered`), alone after.
    mutating func setDeliveryState(_ index: Int, _ state: DeliveryState) {
        let first = pushes[index].state == nil
        pushes[index].state = state
        record(.apns, first ? "\(pushes[index].id) 200, \(state.rawValue)" : "\(pushes[index].id) \(state.rawValue)")
    }

    /// The app's own server after an error answer for push `index`: it deletes the token when
    /// its policy says so (`provider on-error delete-token` on a 400 or 410 naming it,
    /// `delete-on-410` on a 410 whose timestamp is after the token's upload).
    mutating func providerHandles(_ answer: APNsAnswer, for index: Int) {
        guard pushes[index].origin == .app, let reason = answer.reason, APNsAnswer.namesTheToken.contains(reason)
        else { return }
        let voip = pushes[index].voip
        guard let held = voip ? providerSide.heldPushKit : providerSide.held else { return }
        let policy = configuration.provider.onError
        let deletes: Bool
        switch policy {
        case .keep: deletes = false
        case .deleteToken: deletes = true
        case .deleteOn410: deletes = answer.status == 410 && (answer.timestamp ?? 0) > held.uploadedAt
        }
        let what = voip ? "PushKit token" : "device token"
        guard deletes else {
            let why =
                policy == .deleteOn410 && answer.status == 410
                ? "its timestamp is not after the token's upload at \(TimeFormat.timestamp(held.uploadedAt))"
                : "provider on-error \(policy.rawValue)"
            record(.server, "the app's server keeps the \(what) after \(answer.text) (\(why))")
            return
        }
        if voip {
            providerSide.heldPushKit = nil
        } else {
            providerSide.held = nil
            providerSide.deletion = "it deleted it after \(answer.statusText)"
        }
        record(
            .server,
            "the app's server deletes the \(what) after \(answer.text) (provider on-error \(policy.rawValue)): every later push app \(voip ? "voip " : "")has no token"
        )
    }
}
