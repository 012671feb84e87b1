// Presenting a notification: `willPresent` in the foreground, straight to the notification
// center otherwise; and the notification center itself.

extension World {
    /// iOS presents a notification (a push's alert, or an SDK's local notification).
    mutating func present(_ notification: IncomingNotification) {
        let id = notification.pushID
        guard configuration.permission == .granted else {
            record(.bannerSuppressed, "\(id): alerts are off (permission denied)")
            return
        }
        guard appState == .foreground else {
            showBanner(notification)
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
        record(.delegate, "willPresent \(id) → \(delegate.rawValue) delegate")
        switch delegate {
        case .none:
            record(.bannerSuppressed, "\(id): no delegate")
        case .own:
            record(.host, "own delegate presents \(id) as it is")
            showBanner(notification)
        case .kindly, .forwarding:
            switch hostWillPresent(notification) {
            case .present: showBanner(notification)
            case .suppress(let reason): record(.bannerSuppressed, "\(id): \(reason)")
            }
        }
    }

    /// A local notification an SDK schedules: through `willPresent` in the foreground, shown
    /// directly otherwise (SPEC §2.3).
    mutating func scheduleLocalNotification(_ notification: IncomingNotification, by sdk: String) {
        record(
            .sdk, "\(sdk) schedules a local notification for \(notification.pushID): \(notification.content.summary)")
        present(notification)
    }

    /// Adds a banner to the notification center.
    mutating func showBanner(_ notification: IncomingNotification) {
        bannerCount += 1
        let banner = Banner(
            id: "b\(bannerCount)", pushID: notification.pushID, source: notification.source,
            title: notification.content.title, body: notification.content.body,
            userInfo: notification.content.userInfo, sequence: bannerCount)
        banners.append(banner)
        bannersPerPush[notification.pushID, default: 0] += 1
        invariantProgress.touchedPushes.append(notification.pushID)
        record(
            .bannerShown,
            "\(banner.id) from \(banner.pushID), source \(banner.source.rawValue): \(notification.content.summary)")
    }

    /// Removes every banner.
    mutating func removeAllBanners(reason: String) {
        guard !banners.isEmpty else { return }
        let ids = banners.map(\.id).joined(separator: ", ")
        banners.removeAll()
        record(.bannerRemoved, "\(ids) (\(reason))")
    }
}
