// `sdk none`: an app with no chat SDK. Its own code is its configuration — the host's
// delegate (`delegate own`, the default, or `none`), `own-presents`, `host posts-local` — and
// its own server (`push app`). The hooks below are what is left for an SDK to do: nothing but
// registering for pushes.

/// An app with no chat SDK (docs/APP.md).
public enum NoSDK: ChatSDKPlugin {
    public static var name: String { "none" }
    public static var writer: String { "host" }
    public static var title: String { "no chat SDK" }
    public static var defaultVersion: [Int] { [] }
    public static var defaultDelegate: DelegateChoice { .own }
    public static var defaultOwnOnTap: OwnOnTap { .opensRoute }

    public static func validate(_ configuration: Configuration) throws(CoreError) {
        if configuration.effectiveDelegate == .sdk || configuration.effectiveDelegate == .forwarding {
            throw .invalid("delegate: an app with no chat SDK has its own delegate or none")
        }
        if case .sdk = configuration.serviceExtension {
            throw .invalid("extension: an app with no chat SDK ships no SDK extension (use 'extension other')")
        }
    }

    /// Install: the app registered for pushes (unless fresh).
    public static func install(_ world: inout World, fresh: Bool) {
        guard !fresh else { return }
        registers(&world, isInstall: true)
    }

    /// `registerForRemoteNotifications`: the token goes to the app's own server.
    public static func register(_ world: inout World) { registers(&world, isInstall: false) }

    private static func registers(_ world: inout World, isInstall: Bool) {
        let token = world.iosRegisterForRemoteNotifications()
        let uploads = world.providerSide.uploads
        guard world.tokenReachesApp(isInstall: isInstall), world.providerSide.uploads > uploads else { return }
        world.record(.registration, "the app's server registers the token \(token.prefix(8))…")
    }

    /// At launch the app registers at every launch, unless `host registers` is written (the
    /// host then registers as it says, in every app: World.hostDidFinishLaunching).
    public static func didFinishLaunching(_ world: inout World, launchPayload: JSONValue?) {
        guard world.configuration.host.registers == nil else { return }
        world.ownAppRegistersAtLaunch()
    }

    /// The host's own setup code runs.
    public static func start(_ world: inout World) {
        world.record(.host, "the host's setup code runs")
    }

    public static func didReceiveRemoteNotification(_ world: inout World, _ userInfo: JSONValue, pushID: String) {
        world.record(.host, "the host's didReceiveRemoteNotification handles \(pushID)")
    }

    public static func didReceiveResponse(
        _ world: inout World, userInfo: JSONValue, pushID: String, delegate: DelegateChoice
    ) {
        world.record(.host, "own delegate handles the tap on \(pushID)")
    }

    public static func isStarted(_ world: World) -> Bool { world.isRunning }

    public static func summary(_ world: World) -> String { "no chat SDK: the app's own code" }
}
