// The closed sets of the model (docs/CORE.md–§4) and the configuration an app is installed with.

/// docs/CORE.md. `killed`: not running because the user force-quit it; `terminated`: not
/// running, not force-quit (the system ended it).
public enum AppState: String, CaseIterable, Hashable, Sendable {
    case killed, terminated, background, foreground
    public var isRunning: Bool { self == .background || self == .foreground }
}

/// docs/CORE.md. `chat` is the SDK's conversation; `settings`, `language`, `image-preview`
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

/// docs/CORE.md: the notification service extension the app ships.
public enum ServiceExtension: Hashable, Sendable {
    case none
    /// The SDK's own extension (`extension kindly`); `detected: false` when it works but the
    /// SDK's detection cannot see it (`extension kindly undetected`).
    case sdk(detected: Bool)
    /// Another provider's extension that does not link the SDK.
    case other

    /// How a scenario spells it in an app that integrates `sdk` (`kindly`, `kindly undetected`).
    public func word(for sdk: ChatSDK) -> String {
        switch self {
        case .none: return "none"
        case .other: return "other"
        case .sdk(let detected): return detected ? sdk.name : "\(sdk.name) undetected"
        }
    }
}

public enum KeychainSharing: String, CaseIterable, Hashable, Sendable { case shared, separate }

/// `host kindly …` / `host edna …`: the host's wiring.
public enum HostWiring: String, CaseIterable, Hashable, Sendable { case recommended, manual }

/// The notification-center delegate: the SDK's own (spelled with the SDK's name, `delegate
/// kindly`), the host's delegate forwarding to the SDK, the host's own, or none.
public enum DelegateChoice: String, CaseIterable, Hashable, Sendable {
    case sdk, forwarding, own, none
}

/// When the host assigns the notification-center delegate.
public enum DelegateAssignment: String, CaseIterable, Hashable, Sendable {
    case atLaunch = "at-launch"
    case atStart = "at-start"
}

/// Where a notification in the notification center came from: the service extension, an
/// SDK's local notification, iOS showing the push as sent, or the host app's own local
/// notification.
public enum BannerSource: String, CaseIterable, Hashable, Sendable { case `extension`, sdk, system, host }

/// How a notification was presented: on screen and in the notification center (`banner`), or
/// only in the notification center (`list`).
public enum Presentation: String, CaseIterable, Hashable, Sendable {
    case banner, list
    /// Held for the next scheduled summary: in the center, no banner, no sound.
    case summary
}

/// `own-presents`: what the host's own delegate passes to `willPresent`'s completion handler.
public enum OwnPresentation: String, CaseIterable, Hashable, Sendable { case banner, list, nothing }

/// `own-completes`: when the host's own delegate calls the completion handler iOS gave it
/// (Apple documents no timeout; none is modelled).
public enum DelegateCompletion: Hashable, Sendable {
    /// At once, with its answer (the default).
    case atOnce
    /// Its answer, this long after the call, whatever the app's state then.
    case after(milliseconds: Int64)
    /// Never: the host's code ran; iOS logs that the handler was never called.
    case never
    /// Twice: the first call decides, the second is ignored.
    case twice

    /// `at-once`, `after 2s`, `never`, `twice`.
    public var spelled: String {
        switch self {
        case .atOnce: return "at-once"
        case .after(let ms): return "after \(TimeFormat.duration(ms))"
        case .never: return "never"
        case .twice: return "twice"
        }
    }
}

/// The two notification-center delegate callbacks that take a completion handler.
public enum DelegateCallback: String, CaseIterable, Hashable, Sendable {
    case willPresent = "will-present"
    case didReceive = "did-receive"

    /// How the trace names the call: `willPresent`, `didReceive(response)`.
    public var call: String { self == .willPresent ? "willPresent" : "didReceive(response)" }
}

/// What the host's own delegate does with each callback's completion handler.
public struct DelegateCompletions: Hashable, Sendable {
    public var willPresent: DelegateCompletion = .atOnce
    public var didReceive: DelegateCompletion = .atOnce
    public init() {}

    public subscript(_ callback: DelegateCallback) -> DelegateCompletion {
        get { callback == .willPresent ? willPresent : didReceive }
        set {
            if callback == .willPresent { willPresent = newValue } else { didReceive = newValue }
        }
    }

    /// `own-completes never`, or a line per callback when they differ.
    public var lines: [String] {
        willPresent == didReceive
            ? ["own-completes \(willPresent.spelled)"]
            : DelegateCallback.allCases.map { "own-completes \($0.rawValue) \(self[$0].spelled)" }
    }
}

/// What a third-party SDK's proxy in the delegate chain does with a call (`proxy NAME …`).
public enum ProxyBehaviour: Hashable, Sendable {
    /// Passes the call and the same completion block to the next link.
    case forwards
    /// Completes the call itself (`willPresent` with `[]`) and never calls the next link.
    case swallows
    /// Completes the call (`[]`), then forwards: the next link's answer is ignored.
    case completesEarly
    /// Forwards, then completes (`[]`): the next link wins only if it answered at once.
    case completesTwice
    /// Calls the next link this long later.
    case delays(milliseconds: Int64)

    /// `forwards`, `delays 2s`.
    public var spelled: String {
        switch self {
        case .forwards: return "forwards"
        case .swallows: return "swallows"
        case .completesEarly: return "completes-early"
        case .completesTwice: return "completes-twice"
        case .delays(let ms): return "delays \(TimeFormat.duration(ms))"
        }
    }
}

/// A link in front of the app's notification-center delegate: a third-party SDK that swizzles
/// or wraps it (docs/APP.md "Proxies").
public struct DelegateProxy: Hashable, Sendable {
    public var name: String
    public var behaviour: ProxyBehaviour
    /// The categories the proxy registers at launch, after the host's (nil: none).
    public var registersCategories: [String]? = nil
    /// Whether a behaviour line declared it (a proxy named only by `registers-categories`
    /// forwards until one does).
    public var declared = true
    public init(name: String, behaviour: ProxyBehaviour) {
        self.name = name
        self.behaviour = behaviour
    }

    /// The most proxies one app has in front of its delegate (docs/RELIABILITY.md): every
    /// call iOS makes goes through each, and a real app has a handful.
    public static let maxCount = 64
}

/// `host posts-local`: whether the host posts its own local notification for each push with an
/// alert that reaches `didReceiveRemoteNotification` (the "show it myself" integration).
public enum HostPostsLocal: String, CaseIterable, Hashable, Sendable {
    case none
    case onReceive = "on-receive"
}

/// `extension-fault`: the service extension is killed before it delivers.
public enum ExtensionFault: String, CaseIterable, Hashable, Sendable {
    case none
    /// Over iOS's memory limit for service extensions (about 24 MB).
    case memory
    case crash
}

/// `NAME server collapse-id`: whether a chat server sets `apns-collapse-id`.
public enum ServerCollapseID: String, CaseIterable, Hashable, Sendable {
    case none
    /// The message id.
    case message
}

/// `own-on-tap`: what the host's own code does with a notification it handles (docs/APP.md).
public enum OwnOnTap: String, CaseIterable, Hashable, Sendable {
    /// Navigates to the push's `route` (the default with no chat SDK).
    case opensRoute = "opens-route"
    /// Opens the SDK's chat (Kindly: as a forwarding delegate; edna: `getChat(userInfo:)`).
    case opensChat = "opens-chat"
    /// Nothing: the app only comes to the foreground (the default with an SDK).
    case ignores
}

/// `navigates-from`: where the host's code that acts on a notification sits.
public enum NavigationSource: String, CaseIterable, Hashable, Sendable {
    /// The notification-center delegate's `didReceive(response)`: taps from any state.
    case didReceiveResponse = "did-receive-response"
    /// `didReceiveRemoteNotification`: only `content-available` pushes, never a tap.
    case didReceiveRemoteNotification = "did-receive-remote-notification"
    /// A cold launch's `launchOptions[.remoteNotification]`.
    case launchOptions = "launch-options"
}

/// `host resets-badge`: what the host's code does to the badge each time the app comes to the
/// foreground (docs/APP.md "Badges and the app group").
public enum BadgeReset: String, CaseIterable, Hashable, Sendable {
    case none
    /// The icon to 0 and the `count` in the app's container to 0.
    case onOpen = "on-open"
    /// The icon to 0 only: the container's `count` keeps going up.
    case iconOnly = "on-open icon-only"
}

/// `host removes-delivered`: whether the host removes delivered notifications when a
/// `content-available` push with `removes` reaches `didReceiveRemoteNotification`.
public enum HostRemovesDelivered: String, CaseIterable, Hashable, Sendable {
    case none
    case onSilent = "on-silent"
}

/// `host completes-fetch`: what the host does with the completion handler of
/// `didReceiveRemoteNotification(_:fetchCompletionHandler:)` (docs/APP.md "Wake completion").
public enum FetchCompletion: Hashable, Sendable {
    /// At once, `.newData` (the default).
    case newData
    /// At once, `.noData`: as `.newData` for the model.
    case noData
    /// Never: in the background iOS ends the process 30 s after the wake.
    case never
    /// This long after the wake: over 30 s in the background, as `never`.
    case after(milliseconds: Int64)
    /// Twice: the second call raises "this request has been neutered" and the app crashes.
    case twice

    /// `new-data`, `after 40s`.
    public var spelled: String {
        switch self {
        case .newData: return "new-data"
        case .noData: return "no-data"
        case .never: return "never"
        case .after(let ms): return "after \(TimeFormat.duration(ms))"
        case .twice: return "twice"
        }
    }
}

/// Which targets an app group lists (`app-group G app|extension|both`).
public enum AppGroupMembers: String, CaseIterable, Hashable, Sendable {
    case app, `extension`, both

    func includes(_ target: ContainerOwner) -> Bool {
        self == .both || rawValue == target.rawValue
    }
}

/// A target that has a container: the app or its service extension.
public enum ContainerOwner: String, CaseIterable, Hashable, Sendable {
    case app, `extension`
}

/// An app group: a container shared by the targets it lists.
public struct AppGroup: Hashable, Sendable {
    public var name: String
    public var members: AppGroupMembers
    public init(name: String, members: AppGroupMembers) {
        self.name = name
        self.members = members
    }
}

/// An entitlement the app or its extension is signed with (`entitlement …`).
public enum Entitlement: String, CaseIterable, Hashable, Sendable, Comparable {
    /// `com.apple.developer.usernotifications.filtering`: the service extension may deliver
    /// empty content, so that nothing is shown.
    case filtering
    /// `com.apple.developer.usernotifications.time-sensitive`.
    case timeSensitive = "time-sensitive"
    /// `com.apple.developer.usernotifications.critical-alerts`.
    case criticalAlerts = "critical-alerts"

    public static func < (a: Entitlement, b: Entitlement) -> Bool { a.rawValue < b.rawValue }
}

/// What the host app's own code does, beside its SDK wiring: data the host seam applies
/// whatever the SDK (docs/CORE.md "The host seam").
public struct HostBehaviour: Hashable, Sendable {
    public var postsLocal: HostPostsLocal = .none
    public var ownPresents: OwnPresentation = .banner
    /// nil: the SDK's default (``ChatSDKPlugin/defaultOwnOnTap``).
    public var ownOnTap: OwnOnTap? = nil
    /// Where the host's navigation code sits, in the order written.
    public var navigatesFrom: [NavigationSource] = [.didReceiveResponse]
    /// When the host's own delegate calls its completion handlers (`own-completes`).
    public var completes = DelegateCompletions()
    /// What the host does to the badge at each foreground (`host resets-badge`).
    public var resetsBadge: BadgeReset = .none
    /// Whether the host acts on removal pushes in `didReceiveRemoteNotification`.
    public var removesDelivered: HostRemovesDelivered = .none
    /// What the host does with `didReceiveRemoteNotification`'s completion handler.
    public var completesFetch: FetchCompletion = .newData
    /// The categories the host registers, and when (none by default).
    public var registersCategories: HostCategories? = nil
    /// When the app registers for pushes at launch (`host registers`); nil: not written, and
    /// an app of its own registers at every launch while a chat SDK's app registers as its SDK
    /// says. Written, it applies in every app (SPEC §2.16).
    public var registers: RegistrationPolicy? = nil
    /// When it sends its token to its server (`host uploads-token`).
    public var uploadsToken: TokenUpload = .always
    /// When it creates its `PKPushRegistry` (`host pushkit`).
    public var pushkit: PushKitRegistration = .atLaunch
    /// What its PushKit handler does about CallKit (`host reports-call`).
    public var reportsCall: CallReporting = .atOnce
    /// When it tells its server the user opened the app (`host reports-open`): the server's
    /// unread count goes back to 0 (SPEC §2.11, §2.16).
    public var reportsOpen: OpenReport = .onForeground
    public init() {}
}

/// When the host tells its server the user opened the app (`host reports-open …`).
public enum OpenReport: String, CaseIterable, Hashable, Sendable {
    /// At every foreground (the default; instant, modelled).
    case onForeground = "on-foreground"
    case never
}

/// A chat server's faults: the token held twice, the collapse id it sets.
public struct ServerBehaviour: Hashable, Sendable {
    /// The device's token is registered twice (two letter cases): every message is pushed twice.
    public var duplicateToken = false
    public var collapseID: ServerCollapseID = .none
    public init() {}
}

/// Kind of push a server sent: with an alert, or `content-available` only.
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

/// Everything a scenario can configure (docs/COMMANDS.md). Install-time fields are read when the
/// app is installed; runtime fields can also be changed on a running ``World``.
public struct Configuration: Hashable, Sendable {
    /// The chat SDK the app integrates. Changing it sets ``sdkVersion`` to the SDK's default.
    public var sdk: ChatSDK = .noSDK {
        didSet { if oldValue != sdk { sdkVersion = sdk.defaultVersion } }
    }
    /// The SDK's version, e.g. `3.0.12`, as dot-separated numbers (empty: an SDK without versions).
    public var sdkVersion: [Int] = []
    public var serviceExtension: ServiceExtension = .none
    public var keychainSharing: KeychainSharing = .shared
    public var keychainAccessibility: KeychainAccessibility = .afterFirstUnlock
    public var bundleID: String = "com.example.app"
    /// How the app was built (its signed `aps-environment`).
    public var build: BuildKind = .appStore
    /// `app environment`: an environment that overrides the signed one (a hard-coded
    /// development entitlement); nil: the build's.
    public var appEnvironment: APNsEnvironment? = nil
    /// The app's own server's APNs settings (`provider …`).
    public var provider = ProviderSettings()
    public var appVersion: [Int] = [1, 0]
    /// nil: the SDK's default delegate.
    public var delegate: DelegateChoice? = nil
    public var extensionDelayMilliseconds: Int64 = 0
    public var delegateAssignment: DelegateAssignment = .atLaunch
    /// The user's answer to the app's authorization request (`authorization …`, `permission …`).
    public var authorization: Authorization = .authorized
    /// What an authorized app requested (`authorization authorized requests …`); nil: not
    /// said (SPEC §2.10, §2.16).
    public var authorizedRequests: [AuthorizationOption]? = nil
    /// The ringer switch (`ringer ring|silent`, runtime).
    public var ringer: Ringer = .ring
    /// Settings › Notifications for the app.
    public var settings = NotificationSettings()
    /// Focus (`focus …`).
    public var focus: FocusMode = .off
    /// Scheduled Summary for the app (`summary on`).
    public var summary = false
    public var silentBudget: SilentBudget? = nil
    /// Settings › General › Background App Refresh for the app.
    public var backgroundRefresh = true
    /// Low Power Mode.
    public var lowPower = false
    public var extensionFault: ExtensionFault = .none
    /// The host app's own code.
    public var host = HostBehaviour()
    /// Third-party SDKs in front of the app's delegate, first link first (`proxy NAME …`).
    public var proxies: [DelegateProxy] = []
    /// App groups, in the order written (a target uses the first that lists it).
    public var appGroups: [AppGroup] = []
    /// The service extension keeps a count in its container and sets each badge to it.
    public var extensionIncrementsBadge = false
    /// The service extension removes the notifications a push's `removes` names.
    public var extensionRemovesDelivered = false
    /// The most categories, actions or app groups an app declares, each (docs/RELIABILITY.md):
    /// Apple sets no number, apps declare a handful, and every push and tap reads the lists.
    public static let maxDeclared = 1_000
    /// The categories the app declares (`category C actions …`), in the order written.
    public var categories: [NotificationCategory] = []
    /// The actions the app declares (`action A KIND`), in the order written.
    public var actions: [NotificationAction] = []
    /// The entitlements the app and its extension are signed with.
    public var entitlements: Set<Entitlement> = []
    /// The iOS version; 18.0 calls `willPresent` twice.
    public var iosVersion: [Int] = [18, 1]
    /// APNs's open choices (`apns …`, `power-deferral`).
    public var apns = APNsChoices()
    /// Each SDK's own settings, by the SDK's name (``settings(of:)``).
    var sdkSettings: [String: SDKBox] = [:]

    public init() {}

    /// The APNs environment the app's tokens are for: `app environment`, else the build's.
    public var environment: APNsEnvironment {
        get { appEnvironment ?? build.signedEnvironment }
        set { appEnvironment = newValue }
    }

    /// Revision 2's two-way permission: authorized or provisional is `granted`.
    public var permission: Permission {
        get {
            switch authorization {
            case .authorized, .provisional: return .granted
            case .denied, .notDetermined: return .denied
            }
        }
        set { authorization = newValue == .granted ? .authorized : .denied }
    }

    /// iOS 18.0's regression: `willPresent` is called twice for each notification presented
    /// in the foreground (fixed in 18.1).
    var callsWillPresentTwice: Bool { DottedVersion.compare(iosVersion, [18, 0]) == 0 }

    /// A few settings that tell configurations apart, cheaply: a world is hashed after every
    /// step `scn explore` takes, and hashing every setting (strings, lists, the SDKs' tables)
    /// each time cost more than the rest of the world's hash. Equality still compares them all,
    /// so two configurations that differ only elsewhere share a hash and nothing more.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sdk)
        hasher.combine(serviceExtension)
        hasher.combine(delegate)
        hasher.combine(delegateAssignment)
        hasher.combine(backgroundRefresh)
        hasher.combine(lowPower)
        hasher.combine(extensionFault)
        hasher.combine(host.postsLocal)
        hasher.combine(host.ownPresents)
        hasher.combine(summary)
    }

    /// The delegate in effect: the configured one, or the SDK's default.
    public var effectiveDelegate: DelegateChoice {
        delegate ?? sdk.plugin.defaultDelegate
    }

    /// How a scenario spells a delegate choice in this app (`kindly` for the SDK's own).
    public func word(for delegate: DelegateChoice) -> String {
        delegate == .sdk ? sdk.name : delegate.rawValue
    }
}
