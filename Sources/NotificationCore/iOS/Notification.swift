// A notification on its way to the screen: its content and where that content came from.

/// What a banner would show, and the userInfo that goes with it.
public struct NotificationContent: Hashable, Sendable {
    public var title: String?
    public var body: String?
    public var userInfo: JSONValue
    /// `aps.badge`: the number the app's icon shows once this is delivered (0 clears it); nil:
    /// the badge is left as it is.
    public var badge: Int?

    public init(title: String?, body: String?, userInfo: JSONValue, badge: Int? = nil) {
        self.title = title
        self.body = body
        self.userInfo = userInfo
        self.badge = badge
    }

    /// `aps.badge` of a payload, when it is a whole number from 0 (Apple, "Generating a remote
    /// notification": a number; 0 removes the badge).
    public static func badge(of payload: JSONValue) -> Int? {
        guard let n = payload["aps"]?["badge"]?.integerValue, n >= 0, n <= Int64(Int32.max) else { return nil }
        return Int(n)
    }

    /// The alert of a payload: a string `aps.alert` is a body with no title, as on iOS.
    /// nil when there is no alert (a silent push).
    public static func alert(of payload: JSONValue) -> NotificationContent? {
        guard let alert = payload["aps"]?["alert"] else { return nil }
        let badge = badge(of: payload)
        if let body = alert.stringValue {
            return NotificationContent(title: nil, body: body, userInfo: payload, badge: badge)
        }
        guard alert.isObject else { return nil }
        return NotificationContent(
            title: alert["title"]?.stringValue, body: alert["body"]?.stringValue, userInfo: payload, badge: badge)
    }

    /// `"Anna" / "Hi there"` for the trace.
    public var summary: String {
        let title = self.title.map { "\"\($0)\"" } ?? "(no title)"
        let body = self.body.map { "\"\($0)\"" } ?? "(no body)"
        return "\(title) / \(body)"
    }
}

/// A notification iOS is about to present.
public struct IncomingNotification: Hashable, Sendable {
    public var pushID: String
    public var content: NotificationContent
    /// Where the content came from: the extension replaced it, an SDK scheduled it, or the
    /// system shows the push as sent.
    public var source: BannerSource

    public init(pushID: String, content: NotificationContent, source: BannerSource) {
        self.pushID = pushID
        self.content = content
        self.source = source
    }
}

/// What a delegate's `willPresent` passes to its completion handler.
enum WillPresentAnswer: Hashable, Sendable {
    case present(Presentation)
    case suppress(reason: String)
}

/// What the notification-center delegate's `willPresent` decided.
public enum PresentationDecision: Hashable, Sendable {
    case present
    case suppress(reason: String)
}
