// The APNs request headers every push carries beside its payload: `apns-push-type`,
// `apns-priority`, `apns-collapse-id` and `apns-expiration` (Apple, "Sending notification
// requests to APNs").

/// `apns-push-type`; `none` is a request without the header.
public enum APNsPushType: String, CaseIterable, Hashable, Sendable { case alert, background, none }

/// `apns-priority`: 10 sends now, 5 and 1 let the device take power into account.
public enum APNsPriority: String, CaseIterable, Hashable, Sendable {
    case immediate = "10"
    case normal = "5"
    case low = "1"
}

/// The headers of one push request.
public struct APNsHeaders: Hashable, Sendable {
    public var pushType: APNsPushType
    public var priority: APNsPriority
    /// nil: no `apns-collapse-id`.
    public var collapseID: String?
    /// How long APNs may store the push when it cannot deliver it at once; 0: deliver now or
    /// never.
    public var expirationMilliseconds: Int64

    public init(
        pushType: APNsPushType, priority: APNsPriority, collapseID: String? = nil,
        expirationMilliseconds: Int64 = APNsHeaders.defaultExpiration
    ) {
        self.pushType = pushType
        self.priority = priority
        self.collapseID = collapseID
        self.expirationMilliseconds = expirationMilliseconds
    }

    /// What a correct server sends: 30 days.
    public static let defaultExpiration: Int64 = 30 * 24 * 3_600_000
    /// APNs refuses a longer collapse id (`BadCollapseId`).
    public static let collapseIDLimit = 64

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
        if pushType != base.pushType { out.append("push-type \(pushType.rawValue)") }
        if priority != base.priority { out.append("priority \(priority.rawValue)") }
        if let collapseID { out.append("collapse-id \"\(collapseID)\"") }
        if expirationMilliseconds != base.expirationMilliseconds {
            out.append("expiration \(TimeFormat.duration(expirationMilliseconds))")
        }
        return out
    }
}

/// Headers a `push` command sets itself, overriding what its server would send (a
/// misconfigured backend). nil fields keep the server's.
public struct APNsHeaderOverrides: Hashable, Sendable {
    public var pushType: APNsPushType?
    public var priority: APNsPriority?
    public var collapseID: String?
    public var expirationMilliseconds: Int64?

    public init(
        pushType: APNsPushType? = nil, priority: APNsPriority? = nil, collapseID: String? = nil,
        expirationMilliseconds: Int64? = nil
    ) {
        self.pushType = pushType
        self.priority = priority
        self.collapseID = collapseID
        self.expirationMilliseconds = expirationMilliseconds
    }

    /// No override.
    public static let none = APNsHeaderOverrides()

    /// `base` with these overrides applied.
    func applied(to base: APNsHeaders) -> APNsHeaders {
        var headers = base
        if let pushType { headers.pushType = pushType }
        if let priority { headers.priority = priority }
        if let collapseID { headers.collapseID = collapseID }
        if let expirationMilliseconds { headers.expirationMilliseconds = expirationMilliseconds }
        return headers
    }

    /// ` push-type background priority 10` for the step line.
    public var description: String {
        var out = ""
        if let pushType { out += " push-type \(pushType.rawValue)" }
        if let priority { out += " priority \(priority.rawValue)" }
        if let collapseID { out += " collapse-id \"\(collapseID)\"" }
        if let expirationMilliseconds { out += " expiration \(TimeFormat.duration(expirationMilliseconds))" }
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
                "push-type mismatch: push-type \(headers.pushType.rawValue) with a content-available-only payload (needs background)"
        case .background where headers.priority == .immediate:
            return
                "push-type background with priority 10 (an error since iOS 13; background pushes must use priority 5)"
        default:
            return nil
        }
    }
}
