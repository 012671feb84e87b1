// What the app does when iOS calls it, for one chat SDK: the host's wiring of that SDK and
// the SDK's own reactions, as a small set of hooks the world calls at fixed points (the way
// a pipeline hands each event to its handler). Kindly and edna are its two conformers; a
// third SDK is a third conformer and one line in `ChatSDK.integration`.

/// One chat SDK as the host app integrates it.
///
/// Conformers are stateless: every hook is static and takes the world, whose fields hold the
/// SDK's state, so the world stays a value. The world keeps its SDK's conformer in a stored
/// ``SDKIntegration`` and calls it directly; nothing switches on the SDK per callback.
protocol ChatIntegration {
    /// Which SDK this is.
    static var sdk: ChatSDK { get }
    /// Who writes the SDK's log lines and errors (`Kindly`, `edna`).
    static var writer: String { get }
    /// The version `sdk NAME` without a version installs.
    static var defaultVersion: [Int] { get }
    /// The notification-center delegate the app has unless a scenario says otherwise.
    static var defaultDelegate: DelegateChoice { get }

    /// Throws when the install-time configuration is impossible for this SDK.
    static func validate(_ configuration: Configuration) throws(CoreError)
    /// Whether `setting` may change on a running world; throws when this SDK lacks it.
    static func validate(_ setting: RuntimeSetting, in configuration: Configuration) throws(CoreError)

    /// What the host did before the scenario's first step (registered, started, authorized).
    static func install(_ world: inout World, fresh: Bool)
    /// The app registers for pushes: the token goes to the SDK.
    static func register(_ world: inout World)
    /// `application(_:didFinishLaunchingWithOptions:)`; `launchPayload` is
    /// `launchOptions[.remoteNotification]` (a tap that cold-launched the app), else nil.
    static func didFinishLaunching(_ world: inout World, launchPayload: JSONValue?)
    /// `application(_:didReceiveRemoteNotification:)` for a `content-available` push.
    static func didReceiveRemoteNotification(_ world: inout World, _ userInfo: JSONValue, pushID: String)
    /// `willPresent` on a `kindly` or `forwarding` delegate.
    static func willPresent(_ world: inout World, _ notification: IncomingNotification) -> PresentationDecision
    /// `didReceive(response)`: a tap reached the assigned delegate.
    static func didReceiveResponse(
        _ world: inout World, userInfo: JSONValue, pushID: String, delegate: DelegateChoice)
    /// The app came to the foreground (also after a cold launch into the foreground).
    static func didBecomeForeground(_ world: inout World)
    /// The process ended; its in-memory state is already gone.
    static func processEnded(_ world: inout World)

    /// The user sends `text` in the open chat.
    static func userSends(_ world: inout World, text: String)
    /// Throws when `call api` cannot run now (before the world changes).
    static func checkCall(_ world: World, _ api: SDKCall) throws(CoreError)
    /// Runs `call api` as host code would.
    static func call(_ world: inout World, _ api: SDKCall) -> CallOutcome
    /// The SDK's line of the world's summary.
    static func summary(_ world: World) -> String
}

extension ChatIntegration {
    static func validate(_ setting: RuntimeSetting, in configuration: Configuration) throws(CoreError) {}
    static func didFinishLaunching(_ world: inout World, launchPayload: JSONValue?) {}
    static func didBecomeForeground(_ world: inout World) {}
    static func processEnded(_ world: inout World) {}
}

/// The conformer a world calls: a value that compares by the conformer's identity, so the
/// world stays `Equatable`.
struct SDKIntegration: Hashable, Sendable {
    let type: any ChatIntegration.Type

    init(_ type: any ChatIntegration.Type) { self.type = type }

    static func == (lhs: SDKIntegration, rhs: SDKIntegration) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type)) }
}

extension ChatSDK {
    /// The integration of this SDK: the one place that maps the name to its conformer.
    var integration: SDKIntegration {
        switch self {
        case .kindly: SDKIntegration(KindlyIntegration.self)
        case .edna: SDKIntegration(EdnaIntegration.self)
        }
    }

    /// Who writes the SDK's log lines and errors (`Kindly`, `edna`).
    public var writer: String { integration.type.writer }

    /// The version `sdk NAME` without a version installs.
    public var defaultVersion: [Int] { integration.type.defaultVersion }
}
