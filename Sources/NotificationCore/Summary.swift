// The world at a glance (the REPL's `:state`).

extension World {
    /// A few lines describing the world now: time, app, device, SDK, notification center.
    public var summary: String { summaryLines.joined(separator: "\n") + "\n" }

    /// ``summary``, a line each. A line may hold text from a scenario or a payload (a banner's
    /// title, a category's name) with a line break in it: a reader that prints them escapes
    /// each line whole (the REPL's `:state`), so such text cannot forge a line of its own.
    public var summaryLines: [String] {
        var lines: [String] = []
        lines.append("time \(TimeFormat.timestamp(now))")
        var app = "app \(appState.rawValue)"
        if appState.isRunning { app += " on \(screen.rawValue)" + (isChatOpen ? " (chat open)" : "") }
        lines.append(app)
        lines.append("device \(deviceLock.rawValue), permission \(configuration.permission.rawValue)")
        // What an app of its own adds, each only when it is not the default.
        var notifications: [String] = []
        if configuration.authorization != .authorized { notifications.append(configuration.authorization.spelled) }
        notifications += configuration.settings.lines
        if configuration.focus != .off { notifications.append(configuration.focus.spelled) }
        if configuration.summary { notifications.append("summary on") }
        if !notifications.isEmpty { lines.append(notifications.joined(separator: ", ")) }
        if badge != 0 { lines.append("icon badge \(badge)") }
        if !device.categories.isEmpty { lines.append("categories registered: \(device.categories.joined(separator: ", "))") }
        lines.append(
            "delegate \(configuration.word(for: configuration.effectiveDelegate))"
                + (activeDelegate == nil && process != nil ? " (not assigned)" : ""))
        lines.append(plugin.summary(self))
        lines.append(deviceToken == nil ? "no APNs token" : "APNs token \(deviceToken?.prefix(8) ?? "")…")
        if !network.online {
            lines.append(
                "network offline" + (network.held.map { ", APNs holds \(pushes[$0].id)" } ?? ", APNs holds nothing"))
        }
        if banners.isEmpty {
            lines.append("no banners")
        } else {
            lines.append("banners (newest last):")
            for banner in banners {
                let title = banner.title.map { "\"\($0)\"" } ?? "(no title)"
                let body = banner.body.map { "\"\($0)\"" } ?? "(no body)"
                lines.append(
                    "  \(banner.id) \(banner.pushID) \(banner.source.rawValue) \(title) \(body)"
                        + (banner.presentation == .banner ? "" : " (\(banner.presentation.rawValue))"))
            }
        }
        for job in extensionJobsInOrder { lines.append("extension working on \(job.pushID)") }
        if let push = newestPush {
            let sent = push.sent?.rawValue ?? "nothing sent"
            lines.append(
                "newest push \(push.id) (\(push.origin.rawValue)): \(sent), delivered \(push.delivered)"
                    + (push.reason.map { " (\($0))" } ?? "")
                    + (push.apnsAnswer.map { answer in
                        ", APNs \(answer.text)" + (push.deliveryState.map { ", \($0)" } ?? "")
                    } ?? ""))
        }
        return lines
    }
}
