// The device token on its way to the app's code (docs/APP.md "Proxies"): iOS calls
// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`, and the third-party
// proxies in front of the app delegate pass it on, swallow it, or pass it on later.
// firebase/firebase-ios-sdk#7473, expo/expo PR 17201 (a token not forwarded).

extension World {
    /// Whether the app's `didRegister…` runs now for the token iOS gave (the host then hands it
    /// to its SDK and its own server). A swallowing proxy ends it there; a delaying one calls
    /// the app D later, in the same process (the install's launch runs its setup as if D had
    /// passed).
    public mutating func tokenReachesApp(isInstall: Bool = false) -> Bool {
        for proxy in configuration.proxies {
            switch proxy.behaviour {
            case .swallows:
                record(
                    .proxy,
                    "\(proxy.name) swallows didRegisterForRemoteNotificationsWithDeviceToken: the app never gets its token")
                return false
            case .delays(let ms) where !isInstall && !tokenDelayPassed:
                guard let process else { return false }
                record(
                    .proxy, "\(proxy.name) passes the device token to the app \(TimeFormat.duration(ms)) later")
                scheduler.schedule(.tokenReachesApp(process: process.number), at: now + ms)
                return false
            default:
                continue
            }
        }
        if let token = device.token { hostUploadsToken(token) }
        return true
    }

    /// A delaying proxy passes the token on: the app's registration runs now.
    mutating func tokenArrivesLater(process number: Int) {
        guard process?.number == number else { return }
        tokenDelayPassed = true
        plugin.register(&self)
        tokenDelayPassed = false
    }
}
