// A notification on its way to the screen: its content and where that content came from.

/// What a banner would show, and the userInfo that goes with it.
struct NotificationContent: Hashable, Sendable {
    var title: String?
    var body: String?
    var userInfo: JSONValue

    /// The alert of a payload: a string `aps.alert` is a body with no title, as on iOS.
    /// nil when there is no alert (a silent push).
    static func alert(of payload: JSONValue) -> NotificationContent? {
        guard let alert = payload["aps"]?["alert"] else { return nil }
        if let body = alert.stringValue { return NotificationContent(title: nil, body: body, userInfo: payload) }
        guard alert.isObject else { return nil }
        return NotificationContent(
            title: alert["title"]?.stringValue, body: alert["body"]?.stringValue, userInfo: payload)
    }

    /// `"Anna" / "Hi there"` for the trace.
    var summary: String {
        let title = self.title.map { "\"\($0)\"" } ?? "(no title)"
        let body = self.body.map { "\"\($0)\"" } ?? "(no body)"
        return "\(title) / \(body)"
    }
}

/// A notification iOS is about to present.
struct IncomingNotification: Hashable, Sendable {
    var pushID: String
    var content: NotificationContent
    /// Where the content came from: the extension replaced it, an SDK scheduled it, or the
    /// system shows the push as sent.
    var source: BannerSource
}

/// What a delegate's `willPresent` passes to its completion handler.
enum WillPresentAnswer: Hashable, Sendable {
    case present(Presentation)
    case suppress(reason: String)
}

/// What the notification-center delegate's `willPresent` decided.
enum PresentationDecision: Hashable, Sendable {
    case present
    case suppress(reason: String)
}
