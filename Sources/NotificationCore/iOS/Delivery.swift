// iOS receiving a push (docs/CORE.md): drop, wake the app, run the extension, present.

extension World {
    /// The device receives the push at `index` from APNs.
    mutating func deviceReceive(_ index: Int, fromStorage: Bool = false) {
        guard let payload = pushes[index].payload else { return }
        if pushes[index].voip {
            voipArrives(index, fromStorage: fromStorage)
            return
        }
        let alertOnly =
            NotificationContent.alert(of: payload) != nil && payload["aps"]?["content-available"]?.integerValue != 1
        // `setting badges` is its own switch (SPEC §2.16): an alert push whose alert iOS will
        // not present still sets its badge where badges are allowed.
        let unpresentedBadge =
            NotificationContent.alert(of: payload) != nil && !configuration.alertsAllowed
            ? NotificationContent.badge(of: payload) : nil
        let badgeAllowed = unpresentedBadge != nil && configuration.badgesAllowed
        // The Console's state: an alert-only push while notifications are off is discarded,
        // unless it sets the badge.
        setDeliveryState(
            index,
            alertOnly && !configuration.alertsAllowed && !badgeAllowed
                ? (fromStorage ? .disabledFromStorage : .disabled) : (fromStorage ? .deliveredFromStorage : .delivered))
        let id = pushes[index].id
        let aps = payload["aps"]
        let alert = NotificationContent.alert(of: payload)
        let contentAvailable = aps?["content-available"]?.integerValue == 1
        let mutableContent = aps?["mutable-content"]?.integerValue == 1
        let alertsOn = configuration.alertsAllowed
        let showsAlert = alert != nil && alertsOn
        let inBackground = appState == .background || appState == .terminated
        let switchesOff = contentAvailable && inBackground ? wakeSwitchesOff : []
        let wakesApp = contentAvailable && appState != .killed && switchesOff.isEmpty
        let badgeOnly = alert == nil ? NotificationContent.badge(of: payload) : unpresentedBadge
        let setsBadge = badgeOnly != nil && configuration.badgesAllowed
        let isSilent = contentAvailable && alert == nil
        let budgeted = isSilent && inBackground && switchesOff.isEmpty

        if budgeted, let budget = configuration.silentBudget,
            silentPushesWithin(budget.windowMilliseconds) >= budget.count
        {
            dropPush(
                index,
                reason:
                    "throttled: silent budget of \(budget.count) per \(TimeFormat.duration(budget.windowMilliseconds)) used up"
            )
            return
        }
        if !showsAlert && !wakesApp && !setsBadge {
            var reasons: [String] = []
            if alert != nil && !alertsOn { reasons.append(configuration.alertsOffReason) }
            if alert == nil && badgeOnly != nil && !configuration.badgesAllowed {
                reasons.append(configuration.badgesOffReason)
            }
            if contentAvailable && appState == .killed { reasons.append("iOS does not wake a force-quit app") }
            reasons += switchesOff
            if reasons.isEmpty { reasons.append("no alert and no content-available: nothing to deliver") }
            dropPush(index, reason: reasons.joined(separator: "; "))
            if !switchesOff.isEmpty {
                writeLog("iOS", "\(id) not delivered to the app: " + switchesOff.joined(separator: "; "))
            }
            return
        }

        pushes[index].delivered = true
        pushes[index].reason = nil
        var parts: [String] = []
        if showsAlert { parts.append("alert") }
        if setsBadge { parts.append(alert == nil ? "badge only" : "badge (no alert presented)") }
        if wakesApp { parts.append("to the app") }
        if contentAvailable && appState == .killed { parts.append("the force-quit app is not woken") }
        if !switchesOff.isEmpty { parts.append("the app is not woken: " + switchesOff.joined(separator: "; ")) }
        if alert != nil && !alertsOn {
            parts.append(
                configuration.authorization == .denied ? "no banner: permission denied" : "no banner: \(configuration.alertsOffReason)")
        }
        record(.delivered, "\(id) (app \(appState.rawValue)): \(parts.joined(separator: ", "))")
        if budgeted { device.silentDeliveries.append(now) }

        if setsBadge, let badgeOnly {
            if appState != .foreground || foregroundPassesBadge {
                setBadge(badgeOnly, by: id)
            } else {
                record(.badge, "\(id): the badge is not set (in the foreground, willPresent does not pass .badge)")
            }
        }
        if showsAlert, let alert {
            if mutableContent && configuration.serviceExtension != .none {
                startExtension(pushID: id, content: alert)
            } else {
                present(IncomingNotification(pushID: id, content: alert, source: .system))
            }
        }
        if wakesApp {
            if appState == .terminated {
                launchProcess(into: .background, launchPayload: nil, reason: "content-available push \(id)")
            }
            record(.delegate, "didReceiveRemoteNotification \(id) (app \(appState.rawValue))")
            hostDidReceiveRemoteNotification(payload, pushID: id)
            if process != nil { hostCompletesFetch(pushID: id, counted: budgeted) }
        }
    }

    /// Why iOS will not wake a background or not-running app for a content-available push now:
    /// Background App Refresh off for the app, Low Power Mode on.
    private var wakeSwitchesOff: [String] {
        var out: [String] = []
        if !configuration.backgroundRefresh {
            out.append("background-refresh off: Background App Refresh is off for the app")
        }
        if configuration.lowPower { out.append("low-power on: Low Power Mode holds back background pushes") }
        return out
    }

    private mutating func dropPush(_ index: Int, reason: String) {
        pushes[index].delivered = false
        pushes[index].reason = "iOS dropped it: \(reason)"
        record(.dropped, "\(pushes[index].id): \(reason)")
    }

    /// Silent pushes delivered to a background or terminated app in the last `window` ms.
    private func silentPushesWithin(_ window: Int64) -> Int {
        var count = 0
        for time in device.silentDeliveries.reversed() {
            guard time > now - window else { break }
            count += 1
        }
        return count
    }
}
