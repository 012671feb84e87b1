// What the device keeps across processes: the installation, its APNs token, the keychain,
// and iOS's memory of recent silent pushes.

struct Device: Hashable, Sendable {
    /// Which installation of the app this is (1 for the first); tokens and keys derive from it.
    var installation = 1
    /// The APNs token the app got when it registered; nil before.
    var token: String?
    /// The PushKit token, from the first process that created a `PKPushRegistry`; nil before.
    var pushKitToken: TokenIdentity?
    /// The token the app's container caches (its `didRegister…` saved it); restored with it.
    var cachedToken: TokenIdentity?
    /// Whether the app is on the device (`uninstall` removes it).
    var installed = true
    /// The app's keychain access group: items by name (an SDK's key).
    var keychain: [String: [UInt8]] = [:]
    /// What the SDK keeps on the device (``World/deviceState(of:)``).
    var sdk = SDKBox()
    /// Times of silent pushes delivered to a background or terminated app (the silent budget).
    var silentDeliveries: [Int64] = []
    /// The process that was in the foreground when the device locked; unlocking returns to it.
    var foregroundProcessAtLock: Int?
    /// The number on the app's icon (0: none), device state that outlives processes.
    var badge = 0
    /// The `count` each container holds (an extension that increments the badge), by container.
    var containers: [String: Int] = [:]
    /// The category registry: what the newest `setNotificationCategories` call gave, in order.
    var categories: [String] = []

    /// The token APNs gives this installation of this bundle in this environment (hex, 32 bytes).
    static func token(installation: Int, bundleID: String, environment: APNsEnvironment, pushKit: Bool = false)
        -> String
    {
        tokens.value(
            TokenKey(installation: installation, bundleID: bundleID, environment: environment, pushKit: pushKit)
        ) { key in
            SHA256Digest.hex(
                SHA256Digest.hash(
                    "scn/\(key.pushKit ? "pushkit" : "apns")-token/\(key.bundleID)/\(key.environment.rawValue)/\(key.installation)"
                ))
        }
    }

    private struct TokenKey: Hashable, Sendable {
        var installation: Int
        var bundleID: String
        var environment: APNsEnvironment
        var pushKit: Bool
    }

    private static let tokens = Derivations<TokenKey, String>(limit: 256)
}

/// Which process reads the keychain.
public enum KeychainReader: String, Sendable {
    case app
    case serviceExtension = "extension"
}

/// Why a keychain read found no key.
public struct KeyUnavailable: Error, Hashable, Sendable {
    public var reason: String
    public init(reason: String) { self.reason = reason }
}

extension World {
    /// The keychain item `item` as `reader` can see it now (access group, accessibility,
    /// device lock); `missing` says why there is none when it was never stored.
    public func readKeychain(_ item: String, as reader: KeychainReader, missing: String) -> Result<
        [UInt8], KeyUnavailable
    > {
        if reader == .serviceExtension, configuration.keychainSharing == .separate {
            return .failure(
                KeyUnavailable(reason: "the extension cannot read the app's keychain group (keychain separate)"))
        }
        guard let key = device.keychain[item] else { return .failure(KeyUnavailable(reason: missing)) }
        switch (configuration.keychainAccessibility, deviceLock) {
        case (.afterFirstUnlock, .lockedSinceBoot):
            return .failure(
                KeyUnavailable(reason: "the key is after-first-unlock and the device has not been unlocked since boot"))
        case (.whenUnlocked, .locked), (.whenUnlocked, .lockedSinceBoot):
            return .failure(KeyUnavailable(reason: "the key is when-unlocked and the device is locked"))
        default:
            return .success(key)
        }
    }
}

extension World {
    /// The keychain item `item`, readable or not; nil when it was never stored.
    public func keychainItem(_ item: String) -> [UInt8]? { device.keychain[item] }

    /// Stores `value` as the keychain item `item` in the app's access group.
    public mutating func storeKeychainItem(_ item: String, _ value: [UInt8]) { device.keychain[item] = value }
}
