// edna ChatCenterUI as a plug-in of the notification core: its identity, its settings, the
// state it keeps in the process and on its server, and the hooks iOS's callbacks reach. The
// rules are in the files beside this one; its vocabulary is in EdnaVocabulary.swift.
import NotificationCore

/// edna as the host integrates it.
public enum EdnaPlugin: ChatSDKPlugin {
    public typealias Settings = EdnaSettings
    public typealias ProcessState = EdnaProcessState
    public typealias ServerState = EdnaServer

    public static var name: String { "edna" }
    public static var writer: String { "edna" }
    public static var defaultVersion: [Int] { [5, 0, 0] }
    /// edna documents no notification-center delegate.
    public static var defaultDelegate: DelegateChoice { .none }

    public static var spellings: [SettingSpelling] {
        [
            SettingSpelling(.afterBuild) { c in
                guard let s = c.edna.server else { return ["edna server off"] }
                let bundle = s.bundleID.map { " bundle \(ScenarioText.quoted($0))" } ?? ""
                return ["edna server \(s.credential.rawValue)\(bundle) environment \(s.environment.rawValue)"]
            },
            SettingSpelling(
                .afterBuild,
                use: { c, use in
                    c.edna.messageTemplate.map { ["edna template message \(EdnaTemplate.spelled($0, for: use))"] } ?? []
                }),
            SettingSpelling(
                .afterBuild,
                use: { c, use in
                    c.edna.campaignTemplate.map { ["edna template campaign \(EdnaTemplate.spelled($0, for: use))"] }
                        ?? []
                }),
            SettingSpelling(.afterBuild) { ["host edna \($0.edna.host.rawValue)"] },
            SettingSpelling(.afterHost) { c in
                [
                    "edna server duplicate-token \(c.edna.serverBehaviour.duplicateToken ? "on" : "off")",
                    "edna server collapse-id \(c.edna.serverBehaviour.collapseID.rawValue)",
                ]
            },
        ]
    }

    public static func install(_ world: inout World, fresh: Bool) { world.ednaHostInstall(fresh: fresh) }
    public static func register(_ world: inout World) { world.ednaHostRegister() }

    public static func checkStart(_ world: World) throws(CoreError) {
        throw .invalid("start: the app integrates edna, which has no start() (use authorize)")
    }

    public static func didFinishLaunching(_ world: inout World, launchPayload: JSONValue?) {
        world.ednaHostDidFinishLaunching(launchPayload: launchPayload)
    }

    public static func didReceiveRemoteNotification(_ world: inout World, _ userInfo: JSONValue, pushID: String) {
        world.ednaHostDidReceiveRemoteNotification(userInfo, pushID: pushID)
    }

    public static func willPresent(_ world: inout World, _ notification: IncomingNotification) -> PresentationDecision {
        world.ednaHostWillPresent(notification)
    }

    public static func didReceiveResponse(
        _ world: inout World, userInfo: JSONValue, pushID: String, delegate: DelegateChoice
    ) {
        world.ednaHostDidReceiveResponse(userInfo: userInfo, pushID: pushID, delegate: delegate)
    }

    /// `own-on-tap opens-chat`: the host's delegate calls `getChat(userInfo:)`; before
    /// `authorize` the push waits as pending.
    public static func hostOpensChat(_ world: inout World, userInfo: JSONValue, pushID: String) {
        world.ednaHostOpensChat(userInfo, pushID: pushID)
    }

    public static func didBecomeForeground(_ world: inout World) { world.ednaHostDidBecomeForeground() }
    public static func userSends(_ world: inout World, text: String) { world.ednaSend(text: text) }
    public static func isStarted(_ world: World) -> Bool { world.ednaProcess?.sdk.authorizedUser != nil }
    public static var startedWord: String { "authorized" }
    public static func summary(_ world: World) -> String { world.ednaSummary }
}

extension ChatSDK {
    /// The edna ChatCenterUI SDK.
    public static let edna = ChatSDK(EdnaPlugin.self)
}

/// edna's credential kind.
public enum EdnaCredential: String, CaseIterable, Hashable, Sendable { case p8, p12 }

/// edna's server-side APNs settings; nil in ``EdnaSettings/server`` means `off`.
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
/// An edna push template's kind.
public enum EdnaTemplateKind: String, CaseIterable, Hashable, Sendable { case message, campaign }

/// edna's settings (docs/EDNA.md).
public struct EdnaSettings: SDKValue {
    /// nil: `edna server off`.
    public var server: EdnaServerSettings? = EdnaServerSettings()
    /// Template JSON text by kind (`message`, `campaign`); nil: the correct default.
    public var messageTemplate: String? = nil
    public var campaignTemplate: String? = nil
    /// `host edna recommended|manual`.
    public var host: HostWiring = .recommended
    /// The server's faults.
    public var serverBehaviour = ServerBehaviour()
    public init() {}
}

/// An edna API a scenario calls as host code would, on the newest delivered push (`call`).
public enum EdnaCall: Hashable, Sendable, CustomStringConvertible {
    case isChatCenterNotification
    /// `empty`: with an empty userInfo.
    case handleNotification(empty: Bool)
    /// `none`: with no userInfo.
    case getChat(none: Bool)

    public var description: String {
        switch self {
        case .isChatCenterNotification: return "edna.isChatCenterNotification"
        case .handleNotification(let empty): return empty ? "edna.handleNotification empty" : "edna.handleNotification"
        case .getChat(let none): return none ? "edna.getChat none" : "edna.getChat"
        }
    }
}

/// A runtime setting of edna's (docs/COMMANDS.md, *runtime*).
public enum EdnaSetting: Hashable, Sendable, CustomStringConvertible {
    case host(HostWiring)
    case template(kind: EdnaTemplateKind, json: String)
    case serverDuplicateToken(Bool)
    case serverCollapseID(ServerCollapseID)

    public var description: String {
        switch self {
        case .host(let wiring): return "host edna \(wiring.rawValue)"
        case .template(let kind, _): return "edna template \(kind.rawValue)"
        case .serverDuplicateToken(let on): return "edna server duplicate-token \(on ? "on" : "off")"
        case .serverCollapseID(let value): return "edna server collapse-id \(value.rawValue)"
        }
    }

    /// Writes the setting into edna's settings.
    public func store(in settings: inout EdnaSettings) {
        switch self {
        case .host(let wiring): settings.host = wiring
        case .template(let kind, let json):
            switch kind {
            case .message: settings.messageTemplate = json
            case .campaign: settings.campaignTemplate = json
            }
        case .serverDuplicateToken(let on): settings.serverBehaviour.duplicateToken = on
        case .serverCollapseID(let value): settings.serverBehaviour.collapseID = value
        }
    }
}

extension Configuration {
    /// edna's settings.
    public var edna: EdnaSettings {
        get { self[settings: EdnaPlugin.self] }
        _modify { yield &self[settings: EdnaPlugin.self] }
    }
}

extension World {
    /// edna's server.
    var ednaServer: EdnaServer {
        get { self[server: EdnaPlugin.self] }
        _modify { yield &self[server: EdnaPlugin.self] }
    }

    /// edna in the running process; nil when the app is not running.
    var ednaProcess: EdnaProcessState? {
        get { self[process: EdnaPlugin.self] }
        _modify { yield &self[process: EdnaPlugin.self] }
    }

    /// edna's input-field quote.
    public var ednaQuote: String? { ednaProcess?.sdk.quote }

    private func requireEdna(_ what: String) throws(CoreError) {
        guard configuration.sdk == .edna else {
            throw .invalid("\(what): the app integrates \(configuration.sdk.writer), not edna")
        }
    }

    /// Changes a runtime setting of edna's.
    public mutating func apply(_ setting: EdnaSetting) throws(CoreError) {
        try apply(setting.description, of: EdnaPlugin.self) { setting.store(in: &$0) }
    }

    /// The host calls edna's `authorize(user:)`.
    public mutating func authorizeEdna(user: String) throws(CoreError) {
        try requireEdna("authorize")
        guard isRunning else {
            throw .precondition("authorize: the app is not running (it is \(appState.rawValue))")
        }
        try step("authorize \"\(user)\"") { world in
            world.assignDelegateAtStart()
            world.ednaAuthorize(user: user)
        }
    }

    /// The edna server sends `text` through its `kind` template (docs/EDNA.md).
    public mutating func pushEdna(
        kind: EdnaTemplateKind, text: String, campaign: String?, headers: APNsHeaderOverrides = .none
    ) throws(CoreError) {
        try requireEdna("push edna")
        try step(
            "push edna \(kind.rawValue) \"\(text)\"" + (campaign.map { " campaign \($0)" } ?? "") + headers.description
        ) { $0.ednaServerPush(kind: kind, text: text, campaign: campaign, headers: headers) }
    }

    /// Calls an edna API as host code would, on the newest delivered push (or none / an empty userInfo).
    @discardableResult
    public mutating func call(_ api: EdnaCall) throws(CoreError) -> CallOutcome {
        try requireEdna("call \(api)")
        return try call(api.description, check: { world throws(CoreError) in try world.ednaCheckCall(api) }) {
            $0.ednaCall(api)
        }
    }
}
