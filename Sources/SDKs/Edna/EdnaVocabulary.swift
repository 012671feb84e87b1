// edna's vocabulary (docs/COMMANDS.md): its server's settings and templates, the host's wiring,
// `authorize`, its server's push, its API calls, its expectation and its steps for exploration.
// Each command is edna's: the checker refuses it in an app that integrates another SDK.
import NotificationCore
import ScenarioLanguage
import ScenarioRuntime

extension Vocabulary {
    /// Registers edna: `sdk edna [V]` and every command of its own.
    public mutating func registerEdna() {
        registerSDK(.edna, topic: "edna") { v in v.registerEdnaCommands() }
    }

    private mutating func registerEdnaCommands() {
        let edna = "edna"
        add(
            "edna server", [Parameter("credential", choices(EdnaCredential.self))],
            options: [Option("bundle", .text), Option("environment", choices(APNsEnvironment.self))],
            role: .setting, topic: edna,
            "edna's APNs settings (default: p8, the app's bundle id, production)"
        ) { context, args throws(StepError) in
            context.configuration.edna.server = EdnaServerSettings(
                credential: args.choice("credential", as: EdnaCredential.self) ?? .p8,
                bundleID: args.text("bundle"),
                environment: args.choice("environment", as: APNsEnvironment.self) ?? .production)
        }
        add("edna server off", role: .setting, topic: edna, "edna's server sends nothing") {
            context, _ throws(StepError) in
            context.configuration.edna.server = nil
        }
        add(
            "edna template", [Parameter("kind", choices(EdnaTemplateKind.self)), Parameter("json", .text)],
            role: .runtimeSetting, topic: edna, "replace the push template of a kind ('…' raw strings suit JSON)"
        ) { context, args throws(StepError) in
            let setting = EdnaSetting.template(
                kind: args.choice("kind", as: EdnaTemplateKind.self) ?? .message, json: args.text("json") ?? "")
            setting.store(in: &context.configuration.edna)
            try context.applyIfInstalled { world throws(CoreError) in try world.apply(setting) }
        }
        addRuntimeChoice(
            "host edna", HostWiring.self, topic: "Host app",
            "the host's wiring of the edna SDK: the recommended one, or none (manual)",
            store: { c, wiring in c.edna.host = wiring },
            apply: { w, wiring throws(CoreError) in try w.apply(EdnaSetting.host(wiring)) })
        addRuntimeSwitch(
            "edna server duplicate-token", topic: edna,
            "the server holds the device's token twice and sends each message twice",
            store: { c, on in c.edna.serverBehaviour.duplicateToken = on },
            apply: { w, on throws(CoreError) in try w.apply(EdnaSetting.serverDuplicateToken(on)) })
        addRuntimeChoice(
            "edna server collapse-id", ServerCollapseID.self, topic: edna,
            "message: the server sets apns-collapse-id to the message id",
            store: { c, value in c.edna.serverBehaviour.collapseID = value },
            apply: { w, value throws(CoreError) in try w.apply(EdnaSetting.serverCollapseID(value)) })

        add(
            "authorize", [Parameter("user", .text)], role: .action, topic: "SDK calls",
            "the host calls edna's authorize(user:)", exploration: Exploration(arguments: ["\"user-1\""], rank: 31)
        ) { context, args throws(StepError) in
            let userName = args.text("user") ?? "user-1"
            try context.withWorld { w throws(CoreError) in try w.authorizeEdna(user: userName) }
        }
        add(
            "push edna", [Parameter("kind", choices(EdnaTemplateKind.self)), Parameter("text", .quotedText)],
            options: [Option("campaign", .text)] + headerOptions, role: .action, topic: "Pushes",
            "the edna server sends a message through its template",
            exploration: Exploration(arguments: ["message \"Hello\"", "campaign \"Offer\""], rank: 50)
        ) { context, args throws(StepError) in
            let kind = args.choice("kind", as: EdnaTemplateKind.self) ?? .message
            let text = args.text("text") ?? ""
            let campaign = args.text("campaign")
            let headers = headers(args)
            try context.withWorld { w throws(CoreError) in
                try w.pushEdna(kind: kind, text: text, campaign: campaign, headers: headers)
            }
        }
        let calls: [(String, [Parameter], String, @Sendable (Arguments) -> EdnaCall)] = [
            (
                "edna.isChatCenterNotification", [], "edna's isChatCenterNotification on the newest delivered push",
                { _ in .isChatCenterNotification }
            ),
            (
                "edna.handleNotification", [Parameter("userInfo", .choice(["empty"]), optional: true)],
                "edna's handleNotification(userInfo:) with the newest delivered push (or an empty userInfo)",
                { args in .handleNotification(empty: args.value("userInfo") != nil) }
            ),
            (
                "edna.getChat", [Parameter("userInfo", .choice(["none"]), optional: true)],
                "edna's getChat(userInfo:) with the newest delivered push (or none); shows the chat it returns",
                { args in .getChat(none: args.value("userInfo") != nil) }
            ),
        ]
        for (api, parameters, summary, make) in calls {
            add("call \(api)", parameters, role: .action, topic: "SDK calls", summary) {
                context, args throws(StepError) in
                let call = make(args)
                try context.withWorld { w throws(CoreError) in _ = try w.call(call) }
            }
        }

        addExpectation("quote", [Parameter("text", .oneOf([.string, .choice(["none"])]))], "edna's input-field quote") {
            w, a in
            let want: String? = {
                if case .string(let s)? = a.value("text") { return s }
                return nil
            }()
            let actual = w.ednaQuote
            return Outcome(
                want == actual, expected: want.map { "quote " + quoted($0) } ?? "no quote",
                actual: actual.map { "quote " + quoted($0) } ?? "no quote")
        }
    }
}
