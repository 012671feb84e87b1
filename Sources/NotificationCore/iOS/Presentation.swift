// Presenting a notification: `willPresent` in the foreground, straight to the notification
// center otherwise; and the notification center itself.

extension World {
    /// iOS presents a notification (a push's alert, or an SDK's local notification).
    mutating func present(_ notification: IncomingNotification) {
        let id = notification.pushID
        guard configuration.alertsAllowed else {
            record(.bannerSuppressed, "\(id): \(configuration.alertsOffReason)")
            return
        }
        guard appState == .foreground else {
            showBanner(notification)
            return
        }
        if usesChain(for: .willPresent) {
            chainWillPresent(notification)
            return
        }
        guard let delegate = activeDelegate else {
            let why =
                configuration.effectiveDelegate == .none
                ? "the app has no notification-center delegate (delegate none)"
                : "the notification-center delegate is not assigned yet in this process (delegate-assigned at-start)"
            record(.bannerSuppressed, "\(id) in the foreground: \(why)")
            return
        }
        let word = configuration.word(for: delegate)
        record(.delegate, "willPresent \(id) → \(word) delegate")
        let decision = willPresent(notification, delegate: delegate)
        if configuration.callsWillPresentTwice {
            record(.delegate, "willPresent \(id) → \(word) delegate again (iOS 18.0 calls it twice)")
            _ = willPresent(notification, delegate: delegate)
        }
        switch decision {
        case .present(let presentation): showBanner(notification, presentation: presentation)
        case .suppress(let reason): record(.bannerSuppressed, "\(id): \(reason)")
        }
    }

    /// What the delegate's `willPresent` passes to its completion handler.
    mutating func willPresent(_ notification: IncomingNotification, delegate: DelegateChoice)
        -> WillPresentAnswer
    {
        let id = notification.pushID
        switch delegate {
        case .none:
            return .suppress(reason: "no delegate")
        case .own:
            switch configuration.host.ownPresents {
            case .banner:
                record(.host, "own delegate presents \(id) as it is")
                return .present(.banner)
            case .list:
                record(.host, "own delegate presents \(id) in the notification list only (own-presents list)")
                return .present(.list)
            case .nothing:
                return .suppress(reason: "the own delegate presents nothing (own-presents nothing)")
            }
        case .sdk, .forwarding:
            switch hostWillPresent(notification) {
            case .present: return .present(.banner)
            case .suppress(let reason): return .suppress(reason: reason)
            }
        }
    }

    /// A local notification an SDK schedules: through `willPresent` in the foreground, shown
    /// directly otherwise (docs/CORE.md).
    public mutating func scheduleLocalNotification(_ notification: IncomingNotification, by sdk: String) {
        record(
            .sdk, "\(sdk) schedules a local notification for \(notification.pushID): \(notification.content.summary)")
        present(notification)
    }

    /// Adds a notification to the notification center. A remote one whose push has a collapse
    /// id replaces the notification with the same collapse id, if one is there: the center
    /// keeps one entry, the newer one, and it is the newest.
    mutating func showBanner(_ notification: IncomingNotification, presentation requested: Presentation = .banner) {
        let decided = interruption(for: notification.content, requested: requested)
        let presentation = decided.presentation
        guard decided.kept else {
            record(
                .bannerShown,
                "\(notification.pushID) shown on screen, not kept: \(decided.notes.joined(separator: "; ")): \(later: { notification.content.summary })"
            )
            if let why = decided.soundNotPlayed { record(.sound, "\(notification.pushID)'s sound \(why)") }
            applyBadge(of: notification)
            return
        }
        bannerCount += 1
        let push = pushRecord(notification.pushID)
        let remote = notification.source == .system || notification.source == .extension
        let collapseID = remote ? push?.headers?.collapseID : nil
        let banner = Banner(
            id: "b\(bannerCount)", pushID: notification.pushID, source: notification.source,
            title: notification.content.title, body: notification.content.body,
            userInfo: notification.content.userInfo, sequence: bannerCount, presentation: presentation,
            collapseID: collapseID,
            threadID: remote ? notification.content.userInfo["aps"]?["thread-id"]?.stringValue : nil,
            sound: decided.sound)
        var replaced: Banner?
        if let collapseID, let index = banners.lastIndex(where: { $0.collapseID == collapseID }) {
            replaced = banners.remove(at: index)
        }
        banners.append(banner)
        if notification.source != .host {
            bannersPerPush[notification.pushID, default: 0] += 1
            invariantProgress.touchedPushes.append(notification.pushID)
        }
        if replaced == nil { notificationsPerMessage[push?.message ?? notification.pushID, default: 0] += 1 }
        defer { applyBadge(of: notification) }
        let content = notification.content
        let listOnly =
            (presentation == .list ? ", in the list only" : presentation == .summary ? ", in the scheduled summary" : "")
            + (decided.sound.map { ", sound \(ScenarioText.quoted($0))" } ?? "")
            + (decided.notes.isEmpty ? "" : " (\(decided.notes.joined(separator: "; ")))")
        if let replaced, let collapseID {
            record(
                .bannerShown,
                "\(banner.id) from \(banner.pushID), source \(banner.source.rawValue)\(listOnly): \(later: { content.summary }); \(replaced.id) replaced by \(banner.pushID) (collapse id \(collapseID))"
            )
        } else {
            record(
                .bannerShown,
                "\(banner.id) from \(banner.pushID), source \(banner.source.rawValue)\(listOnly): \(later: { content.summary })"
            )
        }
        if let why = decided.soundNotPlayed { record(.sound, "\(notification.pushID)'s sound \(why)") }
    }

    /// A remote notification's `aps.badge` sets the icon once it is presented, where badges
    /// are allowed (kept in the center or not: the badge is not the center's).
    mutating func applyBadge(of notification: IncomingNotification) {
        guard notification.source == .system || notification.source == .extension,
            let badge = notification.content.badge
        else { return }
        if configuration.badgesAllowed {
            setBadge(badge, by: notification.pushID)
        } else {
            record(.badge, "\(notification.pushID): the badge is not set: \(configuration.badgesOffReason)")
        }
    }

    /// The app's icon badge is set by a delivered push (`aps.badge`).
    mutating func setBadge(_ badge: Int, by pushID: String) {
        device.badge = badge
        record(
            .badge,
            badge == 0 ? "\(pushID) clears the icon badge (badge 0)" : "\(pushID) sets the icon badge to \(badge)")
    }

    /// The app's icon badge (`expect badge N`).
    public var badge: Int { device.badge }

    /// Whether the delegate's `willPresent` would pass `.badge` for a push with no alert in the
    /// foreground: the host's own delegate unless it presents nothing, the SDKs' delegates
    /// (modelled: they pass the badge on).
    var foregroundPassesBadge: Bool {
        guard let delegate = activeDelegate else { return false }
        return delegate != .own || configuration.host.ownPresents != .nothing
    }

    /// Removes every banner.
    mutating func removeAllBanners(reason: String) {
        guard !banners.isEmpty else { return }
        let ids = banners.map(\.id).joined(separator: ", ")
        banners.removeAll()
        record(.bannerRemoved, "\(ids) (\(reason))")
    }
}
