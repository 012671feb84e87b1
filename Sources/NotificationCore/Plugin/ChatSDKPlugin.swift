// A chat SDK as a plug-in: what the app does when iOS calls it, for one SDK — the host's wiring
// of that SDK and the SDK's own reactions — as a small set of hooks the world calls at fixed
// points, and the state the SDK keeps, as values the world copies, compares and prints. The
// core never asks which SDK it is: it calls the hooks of the one the app integrates.

/// A value an SDK keeps in the world (its settings, its in-process state, what it keeps on the
/// device, its server). The world copies it with itself, compares it (`:undo`, exploration's
/// equal worlds) and hashes it; `init()` is the value at install.
public protocol SDKValue: Hashable, Sendable {
    init()
}

/// The state of an SDK that keeps none.
public struct NoSDKState: SDKValue {
    public init() {}
}

/// A chat SDK as the app integrates it (docs/ARCHITECTURE.md "An SDK as a plug-in").
///
/// Conformers are stateless: every hook is static and takes the world, whose four slots
/// hold the SDK's state (``Settings``, ``ProcessState``, ``DeviceState``, ``ServerState``), so
/// the world stays a value. Hooks run inside a step and must be deterministic: no clock,
/// randomness, file or network but the world's.
public protocol ChatSDKPlugin: Sendable {
    /// What the app's settings hold for this SDK: install-time and runtime settings.
    associatedtype Settings: SDKValue = NoSDKState
    /// What lives in the app's process and dies with it (started, a remembered tap, …).
    associatedtype ProcessState: SDKValue = NoSDKState
    /// What the SDK keeps on the device across processes (the pushes it presented, …).
    associatedtype DeviceState: SDKValue = NoSDKState
    /// The SDK's server: registrations, keys, message counters.
    associatedtype ServerState: SDKValue = NoSDKState

    /// The word of `sdk NAME` (`kindly`).
    static var name: String { get }
    /// Who writes the SDK's log lines and errors (`Kindly`).
    static var writer: String { get }
    /// How messages name the SDK an app integrates (`Kindly`; `no chat SDK`); the writer unless told.
    static var title: String { get }
    /// The version `sdk NAME` without a version installs; empty: the SDK has no versions.
    static var defaultVersion: [Int] { get }
    /// The notification-center delegate the app has unless a scenario says otherwise.
    static var defaultDelegate: DelegateChoice { get }
    /// What the host's own code does with a notification it handles, unless a scenario says.
    static var defaultOwnOnTap: OwnOnTap { get }
    /// How this SDK's settings are spelled in a scenario, for the install line and bug reports.
    static var spellings: [SettingSpelling] { get }

    /// Throws when the install-time configuration is impossible for this SDK.
    static func validate(_ configuration: Configuration) throws(CoreError)

    /// What the host did before the scenario's first step (registered, started, authorized).
    static func install(_ world: inout World, fresh: Bool)
    /// The app registers for pushes: the token goes to the SDK.
    static func register(_ world: inout World)
    /// Throws when the host's `start` step cannot run with this SDK (before the world changes).
    static func checkStart(_ world: World) throws(CoreError)
    /// The host's `start` step (Kindly `start()`; with no SDK, the host's own setup code).
    static func start(_ world: inout World)
    /// `application(_:didFinishLaunchingWithOptions:)`; `launchPayload` is
    /// `launchOptions[.remoteNotification]` (a tap that cold-launched the app), else nil.
    static func didFinishLaunching(_ world: inout World, launchPayload: JSONValue?)
    /// `application(_:didReceiveRemoteNotification:)` for a `content-available` push.
    static func didReceiveRemoteNotification(_ world: inout World, _ userInfo: JSONValue, pushID: String)
    /// `willPresent` on the SDK's own or a forwarding delegate.
    static func willPresent(_ world: inout World, _ notification: IncomingNotification) -> PresentationDecision
    /// `didReceive(response)`: a tap reached the assigned delegate.
    static func didReceiveResponse(
        _ world: inout World, userInfo: JSONValue, pushID: String, delegate: DelegateChoice)
    /// The app came to the foreground (also after a cold launch into the foreground).
    static func didBecomeForeground(_ world: inout World)
    /// The process ended; its in-memory state is already gone.
    static func processEnded(_ world: inout World)
    /// The SDK's service extension (`extension NAME`) got `content`: what it delivers, and
    /// whether it changed it.
    static func extensionDidReceive(_ world: inout World, _ content: NotificationContent, pushID: String)
        -> (content: NotificationContent, modified: Bool)

    /// The host's own code opens the chat for a notification (`own-on-tap opens-chat`).
    static func hostOpensChat(_ world: inout World, userInfo: JSONValue, pushID: String)
    /// The user sends `text` in the open chat.
    static func userSends(_ world: inout World, text: String)
    /// Whether the SDK has been started in the running process (exploration's "started").
    static func isStarted(_ world: World) -> Bool
    /// What ``isStarted(_:)`` means for this SDK, as a participle for messages: `started`
    /// (Kindly's `start()`), `authorized` (edna).
    static var startedWord: String { get }
    /// The SDK's line of the world's summary (`:state`).
    static func summary(_ world: World) -> String
}

extension ChatSDKPlugin {
    public static var title: String { writer }
    public static var defaultOwnOnTap: OwnOnTap { .ignores }
    public static var spellings: [SettingSpelling] { [] }
    public static func validate(_ configuration: Configuration) throws(CoreError) {}
    public static func install(_ world: inout World, fresh: Bool) {}
    public static func register(_ world: inout World) {}
    public static func checkStart(_ world: World) throws(CoreError) {}
    public static func start(_ world: inout World) {}
    public static func didFinishLaunching(_ world: inout World, launchPayload: JSONValue?) {}
    public static func didReceiveRemoteNotification(_ world: inout World, _ userInfo: JSONValue, pushID: String) {}
    public static func willPresent(_ world: inout World, _ notification: IncomingNotification) -> PresentationDecision {
        .present
    }
    public static func didReceiveResponse(
        _ world: inout World, userInfo: JSONValue, pushID: String, delegate: DelegateChoice
    ) {}
    public static func didBecomeForeground(_ world: inout World) {}
    public static func processEnded(_ world: inout World) {}
    public static func extensionDidReceive(_ world: inout World, _ content: NotificationContent, pushID: String)
        -> (content: NotificationContent, modified: Bool)
    {
        world.record(.extensionFinished, "\(pushID): the extension passes it through unchanged")
        return (content, false)
    }
    public static func hostOpensChat(_ world: inout World, userInfo: JSONValue, pushID: String) {
        world.record(.host, "own-on-tap opens-chat: the app has no chat to open for \(pushID)")
    }
    public static func userSends(_ world: inout World, text: String) { world.userSends(text, campaign: nil) }
    public static func isStarted(_ world: World) -> Bool { false }
    public static var startedWord: String { "started" }
    public static func summary(_ world: World) -> String { name }
}

/// The SDK an app integrates: a plug-in, compared by its identity, so the world stays
/// `Equatable`. Each SDK's module adds its own constant (`ChatSDK.kindly`); the core has
/// ``noSDK``, an app with no chat SDK (`sdk none`).
public struct ChatSDK: Hashable, Sendable, CustomStringConvertible {
    /// The plug-in whose hooks the world calls.
    public let plugin: any ChatSDKPlugin.Type

    public init(_ plugin: any ChatSDKPlugin.Type) { self.plugin = plugin }

    /// The word of `sdk NAME`.
    public var name: String { plugin.name }
    /// Who writes the SDK's log lines and errors.
    public var writer: String { plugin.writer }
    /// How messages name it.
    public var title: String { plugin.title }
    /// The version `sdk NAME` without a version installs.
    public var defaultVersion: [Int] { plugin.defaultVersion }
    public var description: String { name }

    public static func == (lhs: ChatSDK, rhs: ChatSDK) -> Bool {
        ObjectIdentifier(lhs.plugin) == ObjectIdentifier(rhs.plugin)
    }

    /// By name, not by the plug-in type's address: a world's hash then agrees across
    /// processes that hash deterministically (`scn explore --shard`).
    public func hash(into hasher: inout Hasher) { hasher.combine(plugin.name) }

    /// An app with no chat SDK: its own code is its configuration (docs/APP.md).
    public static let noSDK = ChatSDK(NoSDK.self)
}

/// One setting as a scenario spells it, for the install line and bug reports: the lines that
/// set a configuration's value, compared line by line with the default install's.
public struct SettingSpelling: Sendable {
    /// Where the SDK's settings stand among the core's, in the command reference's order.
    public enum Slot: Int, Sendable, Comparable {
        /// After the build (`app version`).
        case afterBuild
        /// After `delegate`.
        case afterDelegate
        /// After the host's own code (`own-presents`).
        case afterHost

        public static func < (a: Slot, b: Slot) -> Bool { a.rawValue < b.rawValue }
    }

    /// What the lines are for: the trace's one-line install event, or scenario text that
    /// reads back as the same configuration (`scn repro`'s settings).
    public enum Use: Sendable {
        case installLine, scenario
    }

    /// Where an SDK's spelling goes; the core's own spellings have none.
    public var slot: Slot?
    /// The line, or lines, that set this configuration's value (`delegate-assigned at-start`).
    public var spell: @Sendable (Configuration, Use) -> [String]

    public init(_ slot: Slot? = nil, _ spell: @escaping @Sendable (Configuration) -> [String]) {
        self.slot = slot
        self.spell = { configuration, _ in spell(configuration) }
    }

    /// A spelling that differs between the install line and scenario text (a long value the
    /// install line shortens).
    public init(_ slot: Slot? = nil, use spell: @escaping @Sendable (Configuration, Use) -> [String]) {
        self.slot = slot
        self.spell = spell
    }
}
