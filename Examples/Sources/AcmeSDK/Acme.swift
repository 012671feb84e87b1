// Acme: a chat SDK defined outside the scn package, as a plug-in of its own — its state, one
// setting, one push command and one expectation — registered beside the built-in SDKs.
import NotificationCore
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary

/// Acme as the host integrates it: its delegate hides pushes while the chat is open, and a
/// tap opens the chat and marks everything read.
public enum AcmePlugin: ChatSDKPlugin {
    /// `acme preview on|off`: whether a push shows the message or "New message".
    public struct Settings: SDKValue {
        public var preview = true
        public init() {}
    }
    /// The unread count the SDK keeps on the device.
    public struct DeviceState: SDKValue {
        public var unread = 0
        public init() {}
    }
    /// The server numbers its messages.
    public struct ServerState: SDKValue {
        public var sent = 0
        public init() {}
    }

    public static var name: String { "acme" }
    public static var writer: String { "Acme" }
    public static var defaultVersion: [Int] { [1, 0] }
    public static var defaultDelegate: DelegateChoice { .sdk }
    public static var spellings: [SettingSpelling] {
        [SettingSpelling(.afterBuild) { ["acme preview \($0[settings: AcmePlugin.self].preview ? "on" : "off")"] }]
    }

    public static func install(_ world: inout World, fresh: Bool) {
        if !fresh { register(&world) }
    }
    public static func register(_ world: inout World) { world.iosRegisterForRemoteNotifications() }

    public static func willPresent(_ world: inout World, _ notification: IncomingNotification) -> PresentationDecision {
        world.isChatOpen ? .suppress(reason: "Acme hides it: the chat is open") : .present
    }

    public static func didReceiveResponse(
        _ world: inout World, userInfo: JSONValue, pushID: String, delegate: DelegateChoice
    ) {
        world[device: AcmePlugin.self].unread = 0
        world.showChat("Acme opens it for \(pushID)")
    }
}

extension ChatSDK {
    public static let acme = ChatSDK(AcmePlugin.self)
}

extension World {
    /// The Acme server stores `text` and pushes it to the device's token.
    public mutating func pushAcme(_ text: String) throws(CoreError) {
        try step("push acme \(ScenarioText.quoted(text))") { w in
            w[server: AcmePlugin.self].sent += 1
            let id = "acme-\(w[server: AcmePlugin.self].sent)"
            w.storeMessage(
                chat: w.currentChatID,
                HistoryEntry(time: w.now, sender: .agent, title: nil, text: text, campaign: nil, messageID: id))
            let index = w.beginPush(.server(of: .acme), message: id)
            guard w.deviceToken != nil else { return w.pushNotSent(index, reason: "Acme has no device token") }
            w[device: AcmePlugin.self].unread += 1
            let body = w.configuration[settings: AcmePlugin.self].preview ? text : "New message"
            let route = APNsRoute.token(topic: w.configuration.bundleID, environment: w.configuration.environment)
            w.serverSend(
                index, payload: ["aps": ["alert": ["title": "Acme", "body": .string(body)]]], route: route,
                overrides: .none, behaviour: ServerBehaviour(), messageID: id)
        }
    }
}

extension Vocabulary {
    /// The standard vocabulary and Acme.
    public static func acme(base: Vocabulary = .standard) -> Vocabulary {
        var vocabulary = base
        vocabulary.registerSDK(.acme, topic: "Acme") { v in
            v.addRuntimeSwitch(
                "acme preview", topic: "Acme", "whether Acme's pushes show the message",
                store: { $0[settings: AcmePlugin.self].preview = $1 },
                apply: { w, on throws(CoreError) in
                    try w.apply("acme preview \(on ? "on" : "off")", of: AcmePlugin.self) { $0.preview = on }
                })
            v.add(
                "push acme", [Parameter("text", .quotedText)], role: .action, topic: "Acme",
                "the Acme server sends a message", exploration: Exploration(arguments: ["\"Hi\""], rank: 50)
            ) { context, args throws(StepError) in
                let text = args.text("text") ?? ""
                try context.withWorld { w throws(CoreError) in try w.pushAcme(text) }
            }
            v.addExpectation("acme unread", [Parameter("count", .integer)], "Acme's unread count") { w, a in
                let want = a.integer("count") ?? 0
                let have = w[device: AcmePlugin.self].unread
                return Outcome(have == want, expected: "unread \(want)", actual: "unread \(have)")
            }
        }
        return vocabulary
    }
}
