// The host app: its reactions to iOS callbacks, in one place. Each goes to the SDK's plug-in
// (Plugin/ChatSDKPlugin.swift), then the host's own code runs.

extension World {
    /// Install (docs/CORE.md): what the host did before the scenario's first step.
    mutating func hostInstall(fresh: Bool) {
        plugin.install(&self, fresh: fresh)
    }

    /// The `register` action: the app registers for pushes.
    mutating func hostRegister() {
        plugin.register(&self)
    }

    /// `application(_:didFinishLaunchingWithOptions:)`; `launchPayload` is
    /// `launchOptions[.remoteNotification]` (a tap that cold-launched the app), else nil.
    mutating func hostDidFinishLaunching(launchPayload: JSONValue?) {
        plugin.didFinishLaunching(&self, launchPayload: launchPayload)
        // `host registers`, when written, applies in every app: a chat SDK's app too registers
        // at each cold launch as it says, and the SDK gets the token as its rules say (SPEC §2.16).
        if configuration.host.registers != nil { ownAppRegistersAtLaunch() }
    }

    /// `application(_:didReceiveRemoteNotification:)` for a `content-available` push.
    /// Then the host's own code: with `host posts-local on-receive` it posts its own local
    /// notification with the push's alert (source `host`).
    mutating func hostDidReceiveRemoteNotification(_ userInfo: JSONValue, pushID: String) {
        plugin.didReceiveRemoteNotification(&self, userInfo, pushID: pushID)
        hostNavigates(userInfo: userInfo, pushID: pushID, from: .didReceiveRemoteNotification)
        hostRemovesDelivered(userInfo, pushID: pushID)
        guard configuration.host.postsLocal == .onReceive, let content = NotificationContent.alert(of: userInfo) else {
            return
        }
        record(.host, "host posts-local on-receive: posts its own local notification for \(pushID): \(content.summary)")
        present(IncomingNotification(pushID: pushID, content: content, source: .host))
    }

    /// `willPresent` on the SDK's own or a `forwarding` delegate (`own` and `none` are iOS's
    /// business, in Presentation.swift).
    mutating func hostWillPresent(_ notification: IncomingNotification) -> PresentationDecision {
        plugin.willPresent(&self, notification)
    }

    /// `didReceive(response)`: a tap reached the assigned delegate.
    /// With the host's own delegate, its own code acts first (`own-on-tap`); opening the chat
    /// is then the host's doing, not the SDK's delegate's.
    mutating func hostDidReceiveResponse(
        userInfo: JSONValue, pushID: String, delegate: DelegateChoice, action: ActionResponse? = nil
    ) {
        if let action {
            actionReceived(action, pushID: pushID)
            // A background action runs the app's code where it is: it is not a tap.
            if action.kind != .foreground { return }
        }
        if delegate == .own, hostActs(from: .didReceiveResponse) {
            plugin.didReceiveResponse(&self, userInfo: userInfo, pushID: pushID, delegate: delegate)
            hostNavigates(userInfo: userInfo, pushID: pushID, from: .didReceiveResponse)
            return
        }
        plugin.didReceiveResponse(&self, userInfo: userInfo, pushID: pushID, delegate: delegate)
    }

    /// The app came to the foreground (also after a cold launch into the foreground).
    mutating func hostDidBecomeForeground() {
        plugin.didBecomeForeground(&self)
        hostShowsPendingRoute()
        hostResetsBadge()
        hostReportsOpen()
    }

    /// The process ended; its in-memory state is already gone.
    mutating func hostProcessEnded() {
        plugin.processEnded(&self)
    }

    /// iOS's `registerForRemoteNotifications`: the token for this installation, bundle and
    /// environment (the same on every call), traced.
    @discardableResult
    public mutating func iosRegisterForRemoteNotifications() -> String {
        let token = Device.token(
            installation: device.installation, bundleID: configuration.bundleID, environment: configuration.environment)
        if device.token == nil {
            record(
                .registration,
                "iOS gives the app its APNs token \(token.prefix(8))… (\(configuration.environment.rawValue))")
        }
        device.token = token
        return token
    }

    /// A server stores a message in a chat's history (invariant 3).
    public mutating func storeMessage(chat: String, _ entry: HistoryEntry) {
        let position: Int
        if let index = historyIndex[chat] {
            position = histories[index].entries.count
            histories[index].entries.append(entry)
        } else {
            position = 0
            historyIndex[chat] = histories.count
            histories.append(ChatHistory(chatID: chat, entries: [entry]))
        }
        storedMessages.append(StoredMessage(chatID: chat, position: position, entry: entry))
    }

    /// Records an SDK error a call or a host action threw (`expect error`).
    public mutating func recordError(_ name: String, by source: String, during what: String) {
        lastError = name
        record(.error, "\(source) \(what) threw \(name)")
        writeLog(source, "\(what) failed: \(name)")
    }
}
