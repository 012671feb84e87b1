// The APNs request headers every push carries beside its payload: `apns-push-type`,
// `apns-priority`, `apns-collapse-id` and `apns-expiration` (Apple, "Sending notification
// requests to APNs").

/// `apns-push-type`; `none` is a request without the header. APNs knows a few more types
/// than these; any other word is kept as written and answered `400 InvalidPushType`.
public enum APNsPushType: Hashable, Sendable, CustomStringConvertible {
    case alert, background, voip, none
    /// A word APNs does not know.
    case other(String)

    /// The words a scenario may write for a known type.
    public static let knownWords = ["alert", "background", "voip", "none"]

    public init(word: String) {
        switch word {
        case "alert": self = .alert
        case "background": self = .background
        case "voip": self = .voip
        case "none": self = .none
        default: self = .other(word)
        }
    }

    public var description: String {
        switch self {
        case .alert: return "alert"
        case .background: return "background"
        case .voip: return "voip"
        case .none: return "none"
        case .other(let word): return APNsHeaders.shown(word)
        }
    }
}

/// `apns-priority`: 10 sends now, 5 and 1 let the device take power into account. Any other
/// number is kept as written and answered `400 BadPriority`.
public struct APNsPriority: Hashable, Sendable, CustomStringConvertible {
    public var value: Int
    public init(_ value: Int) { self.value = value }

    public static let immediate = APNsPriority(10)
    public static let normal = APNsPriority(5)
    public static let low = APNsPriority(1)
    /// The numbers a scenario may write for a known priority.
    public static let knownWords = ["10", "5", "1"]

    var isKnown: Bool { value == 10 || value == 5 || value == 1 }
    public var description: String { String(value) }
}

/// `apns-expiration`: a time after which APNs stops trying, or none of it.
public enum APNsExpiration: Hashable, Sendable, CustomStringConvertible {
    /// This long from the send (0: deliver now or never).
    case after(Int64)
    /// No header: APNs "stores the push according to APNs storage policy", modelled as 30
    /// days, Apple's stated maximum (docs/PROVIDER.md).
    case omitted
    /// A nonzero date gone by: modelled as 0 (rpush/rpush#206).
    case past
    /// Not a UNIX epoch date: `400 BadExpirationDate`.
    case malformed

    /// How long APNs may store the push; nil for a malformed header.
    var storage: Int64? {
        switch self {
        case .after(let ms): return ms
        case .omitted: return APNsHeaders.defaultExpiration
        case .past: return 0
        case .malformed: return nil
        }
    }

    public var description: String {
        switch self {
        case .after(let ms): return TimeFormat.duration(ms)
        case .omitted: return "none"
        case .past: return "past"
        case .malformed: return "bad"
        }
    }
}

/// The headers of one push request.
public struct APNsHeaders: Hashable, Sendable {
    public var pushType: APNsPushType
    public var priority: APNsPriority
    /// nil: no `apns-collapse-id`.
    public var collapseID: String?
    /// How long APNs may store the push when it cannot deliver it at once.
    public var expiration: APNsExpiration

    public init(
        pushType: APNsPushType, priority: APNsPriority, collapseID: String? = nil,
        expiration: APNsExpiration = .after(APNsHeaders.defaultExpiration)
    ) {
        self.pushType = pushType
        self.priority = priority
        self.collapseID = collapseID
        self.expiration = expiration
    }

    /// How long APNs may store the push (0: deliver now or never).
    var expirationMilliseconds: Int64 { expiration.storage ?? 0 }

    /// What a correct server sends: 30 days.
    public static let defaultExpiration: Int64 = 30 * 24 * 3_600_000
    /// APNs refuses a longer collapse id (`BadCollapseId`).
    public static let collapseIDLimit = 64

    /// The most bytes of a header's value a text shows (the trace, the step's line, APNs's
    /// answer). A push keeps the value whole, shared with the command that gave it; a text
    /// made of it is a copy, one per push, so a megabyte `push-type` over 3,000 pushes once
    /// took 3.3 GB. A push type APNs knows is a short word, and a longer collapse id is
    /// refused anyway.
    public static let shownLimit = 64

    /// `value`, or its first ``shownLimit`` bytes (whole characters) and how long it is.
    public static func shown(_ value: String) -> String {
        guard value.utf8.count > shownLimit else { return value }
        var prefix = ""
        var bytes = 0
        for character in value {
            bytes += character.utf8.count
            guard bytes <= shownLimit else { break }
            prefix.append(character)
        }
        return prefix + "… (\(value.utf8.count) bytes)"
    }

    /// What a correct server sends for `payload`: `alert` at priority 10 for a payload with an
    /// alert, `background` at priority 5 for one with only `content-available: 1`; no collapse
    /// id; 30 days.
    public static func correct(for payload: JSONValue) -> APNsHeaders {
        if NotificationContent.alert(of: payload) == nil, payload["aps"]?["content-available"]?.integerValue == 1 {
            return APNsHeaders(pushType: .background, priority: .normal)
        }
        return APNsHeaders(pushType: .alert, priority: .immediate)
    }

    /// `push-type background, priority 10` — the headers that differ from `base`, for the trace.
    func differences(from base: APNsHeaders) -> [String] {
        var out: [String] = []
        if pushType != base.pushType { out.append("push-type \(pushType)") }
        if priority != base.priority { out.append("priority \(priority)") }
        if let collapseID { out.append("collapse-id \"\(APNsHeaders.shown(collapseID))\"") }
        if expiration != base.expiration { out.append("expiration \(expiration)") }
        return out
    }
}

/// Headers a `push` command sets itself, overriding what its server would send (a
/// misconfigured backend). nil fields keep the server's.
public struct APNsHeaderOverrides: Hashable, Sendable {
    public var pushType: APNsPushType?
    public var priority: APNsPriority?
    public var collapseID: String?
    public var expiration: APNsExpiration?

    public init(
        pushType: APNsPushType? = nil, priority: APNsPriority? = nil, collapseID: String? = nil,
        expiration: APNsExpiration? = nil
    ) {
        self.pushType = pushType
        self.priority = priority
        self.collapseID = collapseID
        self.expiration = expiration
    }

    /// No override.
    public static let none = APNsHeaderOverrides()

    /// `base` with these overrides applied.
    func applied(to base: APNsHeaders) -> APNsHeaders {
        var headers = base
        if let pushType { headers.pushType = pushType }
        if let priority { headers.priority = priority }
        if let collapseID { headers.collapseID = collapseID }
        if let expiration { headers.expiration = expiration }
        return headers
    }

    /// ` push-type background priority 10` for the step line.
    public var description: String {
        var out = ""
        if let pushType { out += " push-type \(pushType)" }
        if let priority { out += " priority \(priority)" }
        if let collapseID { out += " collapse-id \"\(APNsHeaders.shown(collapseID))\"" }
        if let expiration { out += " expiration \(expiration)" }
        return out
    }
}

extension World {
    /// Why APNs or iOS will not deliver a push with these headers, or nil when they are fine.
    /// A push-type that does not match the payload is dropped (Apple: APNs "may return an
    /// error, delay the delivery … or drop it altogether"; dropping is the modelled choice); a
    /// background push at priority 10 is an error since iOS 13.
    static func headerProblem(_ headers: APNsHeaders, payload: JSONValue) -> String? {
        let hasAlert = NotificationContent.alert(of: payload) != nil || payload["aps"]?["alert"] != nil
        let contentOnly = !hasAlert && payload["aps"]?["content-available"]?.integerValue == 1
        switch headers.pushType {
        case .background where hasAlert:
            return "push-type mismatch: push-type background with an alert"
        case .alert where contentOnly, .none where contentOnly:
            return
                "push-type mismatch: push-type \(headers.pushType) with a content-available-only payload (needs background)"
        case .background where headers.priority == .immediate:
            return
                "push-type background with priority 10 (an error since iOS 13; background pushes must use priority 5)"
        default:
            return nil
        }
    }
}
