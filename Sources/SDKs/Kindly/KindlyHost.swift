// The host app's Kindly wiring (docs/KINDLY.md `host kindly recommended|manual`).
import NotificationCore

extension World {
    /// Install: the app registered, then called `start()` (unless fresh).
    mutating func kindlyHostInstall(fresh: Bool) {
        guard !fresh else { return }
        kindlyHostRegister(isInstall: true)
        kindlyStart()
    }

    /// `registerForRemoteNotifications` → `setAPNSDeviceToken`; the other provider gets the
    /// token too. A proxy that swallows `didRegister…` keeps it from the host (and so from Kindly).
    mutating func kindlyHostRegister(isInstall: Bool = false) {
        let token = iosRegisterForRemoteNotifications()
        guard tokenReachesApp(isInstall: isInstall) else { return }
        kindlySetAPNSDeviceToken(token)
    }

    /// Kindly's host does nothing with launch options: the delegate gets the tap.
    mutating func kindlyHostDidFinishLaunching(launchPayload: JSONValue?) {}

    /// `didReceiveRemoteNotification`: recommended forwards Kindly's pushes to the SDK and
    /// the rest to the other provider; manual forwards nothing.
    mutating func kindlyHostDidReceiveRemoteNotification(_ userInfo: JSONValue, pushID: String) {
        switch kindlySettings.host {
        case .manual:
            record(.host, "host kindly manual: \(pushID) is not forwarded to Kindly")
        case .recommended:
            if KindlyPayload.isKindly(userInfo) {
                record(.host, "isKindlyNotification(\(pushID)) is true: forwarded to KindlySDK.notificationReceived")
                kindlyNotificationReceived(userInfo, pushID: pushID)
            } else {
                record(.host, "isKindlyNotification(\(pushID)) is false: forwarded to the other provider")
            }
        }
    }
}
