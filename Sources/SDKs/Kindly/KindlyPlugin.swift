// Kindly as a plug-in of the notification core: its identity, its settings, the state it keeps
// in the process, on the device and on its server, and the hooks iOS's callbacks reach. The
// rules are in the files beside this one; its vocabulary is in KindlyVocabulary.swift.
import NotificationCore

/// Kindly as the host integrates it.
public enum KindlyPlugin: ChatSDKPlugin {
    public typealias Settings = KindlySettings
    public typealias ProcessState = KindlyProcess
    public typealias DeviceState = KindlyDevice
    public typealias ServerState = KindlyServer

    public static var name: String { "kindly" }
    public static var writer: String { "Kindly" }
    public static var defaultVersion: [Int] { [3, 0, 12] }
    public static var defaultDelegate: DelegateChoice { .sdk }

    /// Kindly 3.0.12 brought service-extension support and `notificationMode`.
    public static func supportsExtension(_ version: [Int]) -> Bool { DottedVersion.compare(version, [3, 0, 12]) >= 0 }

    public static var spellings: [SettingSpelling] {
        [
            SettingSpelling(.afterBuild) { c in
                c.kindly.serverExtensionVersion.map { ["kindly server extension-version \(DottedVersion.text($0))"] }
                    ?? []
            },
            SettingSpelling(.afterBuild) { ["host kindly \($0.kindly.host.rawValue)"] },
            SettingSpelling(.afterBuild) { ["mode \($0.kindly.mode.rawValue)"] },
            SettingSpelling(.afterDelegate) { ["should-handle \($0.kindly.shouldHandle.rawValue)"] },
            SettingSpelling(.afterDelegate) { ["open-on-tap \($0.kindly.openOnTap)"] },
            SettingSpelling(.afterHost) { c in
                [
                    "kindly server duplicate-token \(c.kindly.server.duplicateToken ? "on" : "off")",
                    "kindly server collapse-id \(c.kindly.server.collapseID.rawValue)",
                ]
            },
        ]
    }

    public static func validate(_ configuration: Configuration) throws(CoreError) {
        guard !supportsExtension(configuration.sdkVersion) else { return }
        let version = DottedVersion.text(configuration.sdkVersion)
        if case .sdk = configuration.serviceExtension {
            throw .invalid(
                "extension \(configuration.serviceExtension.word(for: configuration.sdk)): Kindly \(version) has no service extension support (3.0.12 or later)"
            )
        }
        if configuration.kindly.mode != .auto {
            throw .invalid("mode: Kindly \(version) has no notificationMode (3.0.12 or later)")
        }
    }

    public static func install(_ world: inout World, fresh: Bool) { world.kindlyHostInstall(fresh: fresh) }
    public static func register(_ world: inout World) { world.kindlyHostRegister() }
    public static func start(_ world: inout World) { world.kindlyStart() }

    public static func didReceiveRemoteNotification(_ world: inout World, _ userInfo: JSONValue, pushID: String) {
        world.kindlyHostDidReceiveRemoteNotification(userInfo, pushID: pushID)
    }

    public static func willPresent(_ world: inout World, _ notification: IncomingNotification) -> PresentationDecision {
        world.kindlyWillPresent(notification)
    }

    public static func didReceiveResponse(
        _ world: inout World, userInfo: JSONValue, pushID: String, delegate: DelegateChoice
    ) {
        world.kindlyDidReceiveResponse(userInfo: userInfo, pushID: pushID, delegate: delegate)
    }

    /// `own-on-tap opens-chat`: the host's delegate hands the tap to Kindly, as `forwarding` does.
    public static func hostOpensChat(_ world: inout World, userInfo: JSONValue, pushID: String) {
        world.kindlyDidReceiveResponse(userInfo: userInfo, pushID: pushID, delegate: .forwarding)
    }

    public static func extensionDidReceive(_ world: inout World, _ content: NotificationContent, pushID: String)
        -> (content: NotificationContent, modified: Bool)
    {
        world.kindlyExtensionDidReceive(content, pushID: pushID)
    }

    public static func isStarted(_ world: World) -> Bool { world.isKindlyStarted }

    public static func summary(_ world: World) -> String {
        var line = "Kindly \(DottedVersion.text(world.configuration.sdkVersion)): "
        line += world.isKindlyStarted ? "started" : "not started"
        line += ", declared \(world.declaredMode.rawValue)"
        line += world.hasKindlyKey ? ", key in keychain" : ", no key"
        if world[process: KindlyPlugin.self]?.rememberedTap != nil { line += ", a tap remembered" }
        return line
    }
}

extension ChatSDK {
    /// The Kindly SDK.
    public static let kindly = ChatSDK(KindlyPlugin.self)
}

/// Kindly's `notificationMode`.
public enum NotificationMode: String, CaseIterable, Hashable, Sendable { case auto, alert, silent }

/// What the SDK declared to the Kindly server when it registered (docs/KINDLY.md).
public enum DeclaredMode: String, CaseIterable, Hashable, Sendable { case alert, silent, nothing }

/// Kindly's `shouldHandleNotification` delegate (docs/KINDLY.md).
public enum ShouldHandle: String, CaseIterable, Hashable, Sendable {
    case unset
    case accept = "true"
    case reject = "false"
}

/// Kindly's settings (docs/KINDLY.md).
public struct KindlySettings: SDKValue {
    /// `kindly server extension-version V`.
    public var serverExtensionVersion: [Int]? = nil
    /// `host kindly recommended|manual`.
    public var host: HostWiring = .recommended
    public var mode: NotificationMode = .auto
    public var shouldHandle: ShouldHandle = .unset
    public var openOnTap: Bool = true
    /// The server's faults.
    public var server = ServerBehaviour()
    public init() {}
}

/// Kindly in the app's process: dies with it.
public struct KindlyProcess: SDKValue {
    /// `start()` has run in this process.
    public var started = false
    /// A tap Kindly got before `start()` (docs/KINDLY.md).
    var rememberedTap: RememberedTap?
    public init() {}
}

/// A notification tap the SDK keeps until `start()` runs.
struct RememberedTap: Hashable, Sendable {
    var time: Int64
    var pushID: String
    var userInfo: JSONValue
}

/// What Kindly keeps on the device.
public struct KindlyDevice: SDKValue {
    /// Pushes the SDK has presented a banner for (it never presents one twice).
    var presentedPushes: Set<String> = []
    /// The host's `customize(content, payload)` hook the extension applies last.
    var customization: ContentCustomization?
    /// Every call of a set `shouldHandleNotification`, oldest first.
    var handlerCalls: [ExternalNotification] = []
    public init() {}
}

/// What Kindly hands to `shouldHandleNotification` (docs/KINDLY.md).
public struct ExternalNotification: Hashable, Sendable {
    /// The chat id.
    public var id: String
    public var title: String
    public var body: String
    /// The userInfo as delivered to the app.
    public var userInfo: JSONValue
}

/// A field of a Kindly payload that `push kindly missing …` drops.
public enum KindlyField: String, CaseIterable, Hashable, Sendable {
    case chatID = "chat_id"
    case title, body, v
}

/// `push kindly …` (docs/COMMANDS.md).
public struct KindlyPushRequest: Hashable, Sendable {
    /// nil: the server chooses (§3.2).
    public var type: PushType?
    /// nil: `Agent`.
    public var title: String?
    /// nil: `Message N`.
    public var body: String?
    /// nil: `chat-1`.
    public var chat: String?
    /// Alter each sealed field's ciphertext so authentication fails.
    public var tampered: Bool
    /// Drop this field from the payload.
    public var missing: KindlyField?
    /// APNs headers that override what the server sends.
    public var headers: APNsHeaderOverrides

    public init(
        type: PushType? = nil, title: String? = nil, body: String? = nil, chat: String? = nil,
        tampered: Bool = false, missing: KindlyField? = nil, headers: APNsHeaderOverrides = .none
    ) {
        self.headers = headers
        self.type = type
        self.title = title
        self.body = body
        self.chat = chat
        self.tampered = tampered
        self.missing = missing
    }
}

/// A host-side hook the Kindly extension applies last (`customize(content, payload)`, §3.3):
/// a value, not a closure, so the world stays a comparable value.
public struct ContentCustomization: Hashable, Sendable {
    public var titlePrefix: String
    public var titleSuffix: String
    public var bodyPrefix: String
    public var bodySuffix: String
    /// Replaces the title outright (before prefix and suffix).
    public var title: String?
    /// Replaces the body outright (before prefix and suffix).
    public var body: String?

    public init(
        titlePrefix: String = "", titleSuffix: String = "", bodyPrefix: String = "", bodySuffix: String = "",
        title: String? = nil, body: String? = nil
    ) {
        self.titlePrefix = titlePrefix
        self.titleSuffix = titleSuffix
        self.bodyPrefix = bodyPrefix
        self.bodySuffix = bodySuffix
        self.title = title
        self.body = body
    }
}

/// A Kindly API a scenario calls as host code would, on the newest delivered push (`call`).
public enum KindlyCall: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case isKindlyNotification = "kindly.isKindlyNotification"
    case decrypt = "kindly.decrypt"
    case notificationReceived = "kindly.notificationReceived"

    public var description: String { rawValue }
}

extension Configuration {
    /// Kindly's settings.
    public var kindly: KindlySettings {
        get { self[settings: KindlyPlugin.self] }
        _modify { yield &self[settings: KindlyPlugin.self] }
    }
}

extension Banner {
    /// Whether this is Kindly's placeholder (title `New message`, body `Open the app to read it`).
    public var isPlaceholder: Bool { title == KindlyPayload.placeholderTitle && body == KindlyPayload.placeholderBody }
}

extension World {
    /// Kindly's server.
    var kindlyServer: KindlyServer {
        get { self[server: KindlyPlugin.self] }
        _modify { yield &self[server: KindlyPlugin.self] }
    }

    /// What Kindly keeps on the device.
    var kindlyDevice: KindlyDevice {
        get { self[device: KindlyPlugin.self] }
        _modify { yield &self[device: KindlyPlugin.self] }
    }

    /// Kindly's settings as they are now.
    var kindlySettings: KindlySettings { configuration.kindly }

    /// Whether Kindly `start()` has run in the current process.
    public var isKindlyStarted: Bool { self[process: KindlyPlugin.self]?.started ?? false }

    /// What the SDK declared to the Kindly server when it last registered (docs/KINDLY.md).
    public var declaredMode: DeclaredMode { kindlyServer.registration?.declared ?? .nothing }

    /// Whether the Kindly key is in the app's keychain (readable or not).
    public var hasKindlyKey: Bool { keychainItem(KindlyPlugin.keychainItem) != nil }

    /// The host's `customize(content, payload)` hook the Kindly extension applies last.
    public var customization: ContentCustomization? { kindlyDevice.customization }

    /// Every call of a set `shouldHandleNotification`, oldest first.
    public var handlerCalls: [ExternalNotification] { kindlyDevice.handlerCalls }
}

extension KindlyPlugin {
    /// The keychain item that holds the key.
    static let keychainItem = "kindly-key"
}

extension DelegateChoice {
    /// Kindly's own delegate (`delegate kindly`).
    public static var kindly: DelegateChoice { .sdk }
}

extension ServiceExtension {
    /// Kindly's extension, detected (`extension kindly`).
    public static var kindly: ServiceExtension { .sdk(detected: true) }
    /// Kindly's extension, which detection cannot see (`extension kindly undetected`).
    public static var kindlyUndetected: ServiceExtension { .sdk(detected: false) }
}
