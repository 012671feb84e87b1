// The host app's Kindly wiring (docs/KINDLY.md `host kindly recommended|manual`).

extension World {
    /// Install: the app registered, then called `start()` (unless fresh).
    mutating func kindlyHostInstall(fresh: Bool) {
        guard !fresh else { return }
        kindlyHostRegister()
        kindlyStart()
    }

    /// `registerForRemoteNotifications` → `setAPNSDeviceToken`; the other provider gets the token too.
    mutating func kindlyHostRegister() {
        let token = iosRegisterForRemoteNotifications()
        kindlySetAPNSDeviceToken(token)
    }

    /// Kindly's host does nothing with launch options: the delegate gets the tap.
    mutating func kindlyHostDidFinishLaunching(launchPayload: JSONValue?) {}

    /// `didReceiveRemoteNotification`: recommended forwards Kindly's pushes to the SDK and
    /// the rest to the other provider; manual forwards nothing.
    mutating func kindlyHostDidReceiveRemoteNotification(_ userInfo: JSONValue, pushID: String) {
        switch configuration.kindlyHost {
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

/// Kindly as the host integrates it: the hooks iOS's callbacks reach (Host/ChatIntegration.swift).
enum KindlyIntegration: ChatIntegration {
    static var sdk: ChatSDK { .kindly }
    static var writer: String { "Kindly" }
    static var defaultVersion: [Int] { [3, 0, 12] }
    static var defaultDelegate: DelegateChoice { .kindly }

    static func validate(_ configuration: Configuration) throws(CoreError) {
        guard !Version.kindlySupportsExtension(configuration.sdkVersion) else { return }
        let version = Version.text(configuration.sdkVersion)
        if configuration.serviceExtension == .kindly || configuration.serviceExtension == .kindlyUndetected {
            throw .invalid(
                "extension \(configuration.serviceExtension.rawValue): Kindly \(version) has no service extension support (3.0.12 or later)"
            )
        }
        if configuration.mode != .auto {
            throw .invalid("mode: Kindly \(version) has no notificationMode (3.0.12 or later)")
        }
    }

    static func validate(_ setting: RuntimeSetting, in configuration: Configuration) throws(CoreError) {
        if case .mode = setting, !Version.kindlySupportsExtension(configuration.sdkVersion) {
            throw .invalid(
                "mode: Kindly \(Version.text(configuration.sdkVersion)) has no notificationMode (3.0.12 or later)")
        }
    }

    static func install(_ world: inout World, fresh: Bool) { world.kindlyHostInstall(fresh: fresh) }
    static func register(_ world: inout World) { world.kindlyHostRegister() }

    static func didReceiveRemoteNotification(_ world: inout World, _ userInfo: JSONValue, pushID: String) {
        world.kindlyHostDidReceiveRemoteNotification(userInfo, pushID: pushID)
    }

    static func willPresent(_ world: inout World, _ notification: IncomingNotification) -> PresentationDecision {
        world.kindlyWillPresent(notification)
    }

    static func didReceiveResponse(
        _ world: inout World, userInfo: JSONValue, pushID: String, delegate: DelegateChoice
    ) {
        world.kindlyDidReceiveResponse(userInfo: userInfo, pushID: pushID, delegate: delegate)
    }

    static func userSends(_ world: inout World, text: String) { world.userSends(text, campaign: nil) }

    static func checkCall(_ world: World, _ api: SDKCall) throws(CoreError) {
        guard world.process != nil else {
            throw .precondition("call \(api): the app is not running (it is \(world.appState.rawValue))")
        }
        guard world.newestDeliveredPush?.payload != nil else {
            throw .precondition("call \(api): no push has been delivered")
        }
    }

    static func call(_ world: inout World, _ api: SDKCall) -> CallOutcome {
        guard let push = world.newestDeliveredPush, let payload = push.payload else { return .returned(nil) }
        return world.kindlyCall(api, userInfo: payload, pushID: push.id)
    }

    static func summary(_ world: World) -> String {
        var line = "Kindly \(Version.text(world.configuration.sdkVersion)): "
        line += world.isKindlyStarted ? "started" : "not started"
        line += ", declared \(world.declaredMode.rawValue)"
        line += world.hasKindlyKey ? ", key in keychain" : ", no key"
        if world.process?.rememberedTap != nil { line += ", a tap remembered" }
        return line
    }
}
