// A device token's life (docs/PROVIDER.md "Tokens"): a token belongs to one install
// generation of the app on one device, in one environment. Uninstalling, reinstalling and
// restoring onto a new device end a generation; its token goes inactive, and APNs answers 200
// for it (and discards the push) until it has learnt of it, then 410 Unregistered. The host's
// register and upload policies decide whether the app's server ever hears of the new one.
// Apple, "Registering your app with APNs" (a new token on restore, a new device, an OS
// reinstall); wordpress-mobile/WordPress-iOS#6074, sideshow/apns2#77 (200 long before 410).

/// When the app calls `registerForRemoteNotifications` (`host registers …`).
public enum RegistrationPolicy: String, CaseIterable, Hashable, Sendable {
    /// In every process, at launch (the default; Apple's advice).
    case everyLaunch = "every-launch"
    /// Only while its container caches no token (a restore brings the cache back).
    case firstLaunch = "first-launch"
}

/// When the app sends its token to its server (`host uploads-token …`).
public enum TokenUpload: String, CaseIterable, Hashable, Sendable {
    /// Every time `didRegister…` runs (the default).
    case always
    /// Only a token that differs from the copy its container caches.
    case ifChanged = "if-changed"
}

/// Which token: the install generation, the environment and the kind. The token's text
/// derives from them (``Device/token(installation:bundleID:environment:pushKit:)``), so a
/// world keeps these few values, not 64 hex digits it would hash at every explored state.
public struct TokenIdentity: Hashable, Sendable {
    var generation: Int
    var environment: APNsEnvironment
    /// A PushKit (VoIP) token rather than an APNs one.
    var pushKit: Bool

    /// The token as APNs gave it, for an app with this bundle id.
    func text(bundleID: String) -> String {
        Device.token(installation: generation, bundleID: bundleID, environment: environment, pushKit: pushKit)
    }
}

/// A token the app's server holds, and when it came.
public struct HeldToken: Hashable, Sendable {
    var identity: TokenIdentity
    var uploadedAt: Int64
    var generation: Int { identity.generation }
    var environment: APNsEnvironment { identity.environment }
    var pushKit: Bool { identity.pushKit }
}

/// The provider's side of APNs: the app's server's tokens and JWT, and what APNs remembers
/// about this device (ended generations, accepted pushes, pushes it holds).
struct ProviderSide: Hashable, Sendable {
    /// The APNs token the app's server holds; nil: none.
    var held: HeldToken?
    /// The PushKit token it holds; nil: none.
    var heldPushKit: HeldToken?
    /// Why it deleted the token it held (`provider on-error`); nil: it did not.
    var deletion: String?
    /// How many times the app uploaded its token (a register call tells an upload from a skip).
    var uploads = 0
    /// When each ended generation's tokens went inactive.
    var inactiveSince: [Int: Int64] = [:]
    /// The app's server's JWT and APNs's connection (ProviderAuth.swift).
    var jwt = JWTState()
    /// When APNs accepted a push to this device, newest last, within `apns device-rate`'s window.
    var accepted: [Int64] = []
    /// Pushes APNs holds for power reasons, in send order (PowerDeferral.swift).
    var deferred: [Int] = []
    /// The server's unread count (`provider badge count-unread`).
    var unread = 0
}

extension World {
    /// The device token the app's own server holds: the app's `didRegister…` ran with it.
    public var appServerToken: String? { providerSide.held?.identity.text(bundleID: configuration.bundleID) }

    /// The device's current APNs token, as an identity.
    var currentTokenIdentity: TokenIdentity {
        TokenIdentity(generation: device.installation, environment: configuration.environment, pushKit: false)
    }

    /// Whether the app's server's token is the one the device has now: `current`, `stale` (an
    /// older generation's), or nil (it holds none).
    public var appServerTokenIsCurrent: Bool? {
        guard let held = providerSide.held else { return nil }
        return held.generation == device.installation && held.environment == configuration.environment
    }

    /// The app's code got `token` in `didRegister…`: it sends it to its server unless it
    /// uploads only a changed token and this is the cached one; its container caches it.
    mutating func hostUploadsToken(_ token: String) {
        let identity = currentTokenIdentity
        defer { device.cachedToken = identity }
        if configuration.host.uploadsToken == .ifChanged, device.cachedToken == identity {
            record(
                .host,
                TraceText(
                    "does not upload the token \(token.prefix(8))…: the container caches it (host uploads-token if-changed)"
                        + (providerSide.held?.identity == identity ? "" : "; the app's server does not hold it")))
            return
        }
        providerSide.held = HeldToken(identity: identity, uploadedAt: now)
        providerSide.deletion = nil
        providerSide.uploads += 1
    }

    /// At launch, the app registers for pushes as `host registers` says (unwritten: every
    /// launch, which only an app of its own does).
    mutating func ownAppRegistersAtLaunch() {
        switch configuration.host.registers ?? .everyLaunch {
        case .everyLaunch:
            record(.host, "didFinishLaunching calls registerForRemoteNotifications (host registers every-launch)")
        case .firstLaunch:
            guard let cached = device.cachedToken?.text(bundleID: configuration.bundleID) else {
                record(
                    .host,
                    "didFinishLaunching calls registerForRemoteNotifications: no token cached (host registers first-launch)")
                break
            }
            record(
                .host,
                "does not register: the container caches the token \(cached.prefix(8))… (host registers first-launch)")
            return
        }
        plugin.register(&self)
    }

    /// The token the app's container caches; nil: none.
    public var cachedToken: String? { device.cachedToken?.text(bundleID: configuration.bundleID) }

    /// Whether a delaying proxy is still holding the device token back from the app.
    public var isTokenOnItsWay: Bool {
        scheduler.entries.contains { if case .tokenReachesApp = $0.event { return true } else { return false } }
    }

    /// Whether the app is on the device (not after `uninstall`).
    public var isInstalled: Bool { device.installed }

    /// A step that needs the app on the device.
    func requireInstalled(_ command: String) throws(CoreError) {
        guard device.installed else { throw .precondition("\(command): the app is not installed (after uninstall)") }
    }

    // MARK: The lifecycle actions

    /// `uninstall`: the app, its containers and its notifications go (the keychain stays,
    /// modelled); its tokens go inactive.
    public mutating func uninstall() throws(CoreError) {
        try requireInstalled("uninstall")
        beginStep("uninstall")
        removeApp(reason: "uninstalled")
        try endStep()
    }

    /// `reinstall`: `uninstall`, then `install fresh`; the next registration is a new generation.
    public mutating func reinstall() throws(CoreError) {
        beginStep("reinstall")
        if device.installed { removeApp(reason: "reinstalled") }
        device.installed = true
        appState = .killed
        voip.strikes = 0
        record(.install, "installed again, never launched: killed (install generation \(device.installation))")
        try endStep()
    }

    /// `restore new-device`: the app's container (its cached token) and the keychain restored
    /// on a new device, the app `terminated`; a new generation, and the old device's tokens go
    /// inactive (modelled: the old device is erased).
    public mutating func restoreNewDevice() throws(CoreError) {
        try requireInstalled("restore new-device")
        beginStep("restore new-device")
        if process != nil { endProcess(becoming: .terminated, reason: "the backup is restored on a new device") }
        appState = .terminated
        retireGeneration(because: "the old device is erased")
        if !banners.isEmpty { removeAllBanners(reason: "a new device") }
        // The badge comes back with the app's data (modelled), so it still matches the count
        // the restored container keeps.
        device.categories = []
        voip.strikes = 0
        record(
            .device,
            TraceText(
                "a new device: the app's container"
                    + (cachedToken.map { " (its cached token \($0.prefix(8))…)" } ?? "")
                    + " and the keychain are restored; the app is terminated, install generation \(device.installation)"))
        try endStep()
    }

    /// The app leaves the device: its process, notifications, badge, containers and cache.
    private mutating func removeApp(reason: String) {
        if process != nil { endProcess(becoming: .killed, reason: reason) }
        appState = .killed
        retireGeneration(because: "the app is \(reason)")
        if !banners.isEmpty { removeAllBanners(reason: "the app is \(reason)") }
        device.badge = 0
        device.containers = [:]
        device.cachedToken = nil
        device.categories = []
        device.sdk = plugin.initialDevice
        device.installed = false
        record(.device, "the app is \(reason): its container, notifications and badge go; the keychain stays")
    }

    /// The current generation ends: its tokens go inactive now; the next is new.
    private mutating func retireGeneration(because why: String) {
        let ended = device.installation
        if device.token != nil || device.pushKitToken != nil {
            providerSide.inactiveSince[ended] = now
            record(
                .server,
                "APNs: the tokens of install generation \(ended) go inactive (\(why)); APNs answers 410 Unregistered for them after \(TimeFormat.duration(configuration.apns.unregisterLag)) (apns unregister-lag)"
            )
        }
        device.installation += 1
        device.token = nil
        device.pushKitToken = nil
        for index in providerSide.deferred { setDeliveryState(index, .tokenUnregisteredFromStorage) }
        providerSide.deferred = []
        if let held = network.held {
            network.held = nil
            scheduler.cancel { $0 == .apnsExpired(pushID: pushes[held].id) }
            setDeliveryState(held, .tokenUnregisteredFromStorage)
        }
    }

    /// When the token `held` went inactive; nil while it is active.
    func inactiveSince(_ held: HeldToken) -> Int64? {
        if held.generation == device.installation { return nil }
        return providerSide.inactiveSince[held.generation] ?? 0
    }
}
