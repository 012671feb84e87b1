// The closed sets of the model (SPEC §2–§4) and the configuration an app is installed with.

/// SPEC §2.2. `killed`: not running because the user force-quit it; `terminated`: not
/// running, not force-quit (the system ended it).
public enum AppState: String, CaseIterable, Hashable, Sendable {
    case killed, terminated, background, foreground
    public var isRunning: Bool { self == .background || self == .foreground }
}

/// SPEC §2.2. `chat` is the SDK's conversation; `settings`, `language`, `image-preview`
/// are SDK screens that are not the conversation; `host` is any screen of the host app.
public enum Screen: String, CaseIterable, Hashable, Sendable {
    case host, chat, settings, language
    case imagePreview = "image-preview"
}

public enum Permission: String, CaseIterable, Hashable, Sendable { case granted, denied }

public enum DeviceLock: String, CaseIterable, Hashable, Sendable {
    case unlocked, locked
    case lockedSinceBoot = "locked since boot"
}

/// Accessibility of the SDK's key in the keychain.
public enum KeychainAccessibility: String, CaseIterable, Hashable, Sendable {
    case afterFirstUnlock = "after-first-unlock"
    case whenUnlocked = "when-unlocked"
}

public enum APNsEnvironment: String, CaseIterable, Hashable, Sendable { case sandbox, production }

/// The chat SDK the app integrates.
public enum ChatSDK: String, CaseIterable, Hashable, Sendable { case kindly, edna }

/// SPEC §3.1: the notification service extension the app ships.
public enum ServiceExtension: String, CaseIterable, Hashable, Sendable {
    case none
    /// Links Kindly and is detected.
    case kindly
    /// Links Kindly, works, but detection cannot see it.
    case kindlyUndetected = "kindly undetected"
    /// Another provider's extension that does not link Kindly.
    case other
}

public enum KeychainSharing: String, CaseIterable, Hashable, Sendable { case shared, separate }

/// `host kindly …` / `host edna …`: the host's wiring.
public enum HostWiring: String, CaseIterable, Hashable, Sendable { case recommended, manual }

/// Kindly's `notificationMode`.
public enum NotificationMode: String, CaseIterable, Hashable, Sendable { case auto, alert, silent }

/// What the SDK declared to the Kindly server when it registered (SPEC §3.2).
public enum DeclaredMode: String, CaseIterable, Hashable, Sendable { case alert, silent, nothing }

/// The notification-center delegate (SPEC §3.6).
public enum DelegateChoice: String, CaseIterable, Hashable, Sendable {
    case kindly, forwarding, own, none
}

/// When the host assigns the notification-center delegate.
public enum DelegateAssignment: String, CaseIterable, Hashable, Sendable {
    case atLaunch = "at-launch"
    case atStart = "at-start"
}

/// Kindly's `shouldHandleNotification` delegate (SPEC §3.5).
public enum ShouldHandle: String, CaseIterable, Hashable, Sendable {
    case unset
    case accept = "true"
    case reject = "false"
}

/// edna's APNs credential kind.
public enum EdnaCredential: String, CaseIterable, Hashable, Sendable { case p8, p12 }

/// Where a banner came from (SPEC §2.3).
public enum BannerSource: String, CaseIterable, Hashable, Sendable { case `extension`, sdk, system }

/// Kind of push the Kindly server sent.
public enum PushType: String, CaseIterable, Hashable, Sendable { case visible, silent }

/// A silent-push budget: at most `count` silent pushes to a background or terminated app
/// within any window of `windowMilliseconds`.
public struct SilentBudget: Hashable, Sendable {
    public var count: Int
    public var windowMilliseconds: Int64
    public init(count: Int, windowMilliseconds: Int64) {
        self.count = count
        self.windowMilliseconds = windowMilliseconds
    }
}

/// edna's server-side APNs settings; nil in ``Configuration/ednaServer`` means `off`.
public struct EdnaServerSettings: Hashable, Sendable {
    public var credential: EdnaCredential
    /// nil: the app's bundle id.
    public var bundleID: String?
    public var environment: APNsEnvironment
    public init(credential: EdnaCredential = .p8, bundleID: String? = nil, environment: APNsEnvironment = .production) {
        self.credential = credential
        self.bundleID = bundleID
        self.environment = environment
    }
}

/// Everything a scenario can configure (SPEC §6). Install-time fields are read when the
/// app is installed; runtime fields can also be changed on a running ``World``.
public struct Configuration: Hashable, Sendable {
    public var sdk: ChatSDK = .kindly
    /// The SDK's version, e.g. `3.0.12`, as dot-separated numbers.
    public var sdkVersion: [Int] = [3, 0, 12]
    public var serviceExtension: ServiceExtension = .none
    public var keychainSharing: KeychainSharing = .shared
    public var keychainAccessibility: KeychainAccessibility = .afterFirstUnlock
    public var bundleID: String = "com.example.app"
    public var environment: APNsEnvironment = .production
    public var appVersion: [Int] = [1, 0]
    /// `kindly server extension-version V`.
    public var kindlyServerExtensionVersion: [Int]? = nil
    /// nil: `edna server off`.
    public var ednaServer: EdnaServerSettings? = EdnaServerSettings()
    /// Template JSON text by kind (`message`, `campaign`); nil: the correct default.
    public var ednaMessageTemplate: String? = nil
    public var ednaCampaignTemplate: String? = nil
    public var kindlyHost: HostWiring = .recommended
    public var ednaHost: HostWiring = .recommended
    public var mode: NotificationMode = .auto
    /// nil: the SDK's default (`kindly` with Kindly, `none` with edna).
    public var delegate: DelegateChoice? = nil
    public var shouldHandle: ShouldHandle = .unset
    public var openOnTap: Bool = true
    public var extensionDelayMilliseconds: Int64 = 0
    public var delegateAssignment: DelegateAssignment = .atLaunch
    public var permission: Permission = .granted
    public var silentBudget: SilentBudget? = nil

    public init() {}

    /// The delegate in effect: the configured one, or the SDK's default.
    public var effectiveDelegate: DelegateChoice {
        delegate ?? sdk.integration.type.defaultDelegate
    }
}
