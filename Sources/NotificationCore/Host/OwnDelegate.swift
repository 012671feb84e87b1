// The host's own code that acts on a notification (docs/APP.md): `own-on-tap` says what it
// does — navigate to the push's `route`, open the SDK's chat, or nothing — and
// `navigates-from` where that code sits: the delegate's `didReceive(response)`,
// `didReceiveRemoteNotification`, or a cold launch's launch options. Apple:
// "UNUserNotificationCenterDelegate"; "application(_:didReceiveRemoteNotification:
// fetchCompletionHandler:)" is called for `content-available` pushes, never for a tap.

extension NavigationSource {
    /// `did-receive-response`, or `[launch-options, did-receive-response]` for several.
    public static func spelled(_ sources: [NavigationSource]) -> String {
        sources.count == 1 ? sources[0].rawValue : "[" + sources.map(\.rawValue).joined(separator: ", ") + "]"
    }
}

extension World {
    /// What the host's own code does with a notification it handles now.
    var ownOnTap: OwnOnTap { configuration.host.ownOnTap ?? plugin.defaultOwnOnTap }

    /// Where the host's own navigation took the app (`expect route`); nil: nowhere, or the app
    /// is not running.
    public var route: String? { process?.route }

    /// Whether the host's own code acts on notifications that reach it through `source`.
    func hostActs(from source: NavigationSource) -> Bool {
        ownOnTap != .ignores && configuration.host.navigatesFrom.contains(source)
    }

    /// The host's own code acts on `userInfo`, reached through `source`: navigates to its
    /// route (at the next foreground when the app is in the background), or opens the chat.
    mutating func hostNavigates(userInfo: JSONValue, pushID: String, from source: NavigationSource) {
        guard hostActs(from: source) else { return }
        switch ownOnTap {
        case .ignores:
            return
        case .opensChat:
            record(.host, "own-on-tap opens-chat (\(source.rawValue)): opens the chat for \(pushID)")
            plugin.hostOpensChat(&self, userInfo: userInfo, pushID: pushID)
        case .opensRoute:
            guard let route = userInfo["route"]?.stringValue else {
                record(.host, "own-on-tap opens-route (\(source.rawValue)): \(pushID) has no route; the app stays where it is")
                return
            }
            if appState == .foreground {
                navigate(to: route, reason: "\(source.rawValue), \(pushID)")
            } else {
                process?.pendingRoute = route
                record(.host, "own-on-tap opens-route (\(source.rawValue)): keeps route \(route) for the next foreground")
            }
        }
    }

    /// The host shows `route` (its own screen: `screen host`).
    private mutating func navigate(to route: String, reason: String) {
        process?.route = route
        process?.pendingRoute = nil
        screen = .host
        record(.host, "navigates to route \(route) (\(reason))")
    }

    /// The app came to the foreground: a route the host kept is shown now.
    mutating func hostShowsPendingRoute() {
        guard let route = process?.pendingRoute else { return }
        navigate(to: route, reason: "kept until the foreground")
    }

    /// The push id of a payload the world delivered, or `the launch push`.
    func pushID(of payload: JSONValue) -> String {
        pushes.last(where: { $0.payload == payload })?.id ?? "the launch push"
    }
}
