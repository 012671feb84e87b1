// Kindly's vocabulary (docs/COMMANDS.md): its settings, its server's push, its API calls, its
// expectations, its steps for exploration, and the rule its versions impose. Each command is
// Kindly's: the checker refuses it in an app that integrates another SDK.
import NotificationCore
import ScenarioLanguage
import ScenarioRuntime

extension Vocabulary {
    /// Registers Kindly: `sdk kindly [V]` and every command of its own.
    public mutating func registerKindly() {
        registerSDK(.kindly, topic: "Kindly") { v in v.registerKindlyCommands() }
    }

    private mutating func registerKindlyCommands() {
        let kindly = "Kindly"
        addOwner(to: "start")
        addChoice("kindly", toParameter: 0, of: "extension")
        add(
            "extension kindly", role: .setting, topic: kindly,
            "the app ships Kindly's service extension (KindlyNotificationServiceExtension)"
        ) { context, _ throws(StepError) in
            context.configuration.serviceExtension = .sdk(detected: true)
        }
        add(
            "extension kindly undetected", role: .setting, topic: kindly,
            "a Kindly extension that works but that detection cannot see"
        ) { context, _ throws(StepError) in
            context.configuration.serviceExtension = .sdk(detected: false)
        }
        add(
            "kindly server extension-version", [Parameter("version", .version)], role: .setting, topic: kindly,
            "the app version that ships the extension; older versions get silent pushes"
        ) { context, args throws(StepError) in
            context.configuration.kindly.serverExtensionVersion = args.version("version")?.components
        }
        kindlySetting(
            "host kindly", HostWiring.self, "the host's wiring of the kindly SDK: the recommended one, or none (manual)"
        ) { .host($0) }
        kindlySetting(
            "mode", NotificationMode.self, "Kindly's notificationMode; later changes take effect at the next register"
        ) { .mode($0) }
        add(
            "delegate kindly", role: .runtimeSetting, topic: "Host app", "the notification-center delegate is Kindly's"
        ) { context, _ throws(StepError) in
            context.configuration.delegate = .sdk
            try context.applyIfInstalled { world throws(CoreError) in try world.apply(.delegate(.sdk)) }
        }
        kindlySetting(
            "should-handle", ShouldHandle.self,
            "Kindly's shouldHandleNotification delegate: not set, or answering true or false"
        ) { .shouldHandle($0) }
        add(
            "open-on-tap", [Parameter("open", .boolean)], role: .runtimeSetting, topic: kindly,
            "Kindly's openChatOnNotificationTap"
        ) { context, args throws(StepError) in
            let setting = KindlySetting.openOnTap(args.bool("open") ?? true)
            setting.store(in: &context.configuration.kindly)
            try context.applyIfInstalled { world throws(CoreError) in try world.apply(setting) }
        }
        addRuntimeSwitch(
            "kindly server duplicate-token", topic: kindly,
            "the server holds the device's token twice and sends each message twice",
            store: { c, on in c.kindly.server.duplicateToken = on },
            apply: { w, on throws(CoreError) in try w.apply(KindlySetting.serverDuplicateToken(on)) })
        kindlySetting(
            "kindly server collapse-id", ServerCollapseID.self,
            "message: the server sets apns-collapse-id to the message id"
        ) { .serverCollapseID($0) }

        add(
            "push kindly", [Parameter("type", choices(PushType.self), optional: true)],
            options: [
                Option("title", .quotedText), Option("body", .quotedText), Option("chat", .text),
                Option("tampered", nil), Option("missing", choices(KindlyField.self)),
            ] + headerOptions,
            role: .action, topic: "Pushes", "the Kindly server sends a message; without a type the server chooses",
            exploration: Exploration(rank: 50)
        ) { context, args throws(StepError) in
            let request = KindlyPushRequest(
                type: args.choice("type", as: PushType.self), title: args.text("title"), body: args.text("body"),
                chat: args.text("chat"), tampered: args.has("tampered"),
                missing: args.choice("missing", as: KindlyField.self), headers: headers(args))
            try context.withWorld { w throws(CoreError) in try w.pushKindly(request) }
        }
        let calls: [(KindlyCall, String)] = [
            (.isKindlyNotification, "KindlySDK.isKindlyNotification on the newest delivered push"),
            (.decrypt, "KindlySDK.decrypt on the newest delivered push"),
            (.notificationReceived, "KindlySDK.notificationReceived with the newest delivered push"),
        ]
        for (call, summary) in calls {
            add("call \(call)", role: .action, topic: "SDK calls", summary) { context, _ throws(StepError) in
                try context.withWorld { w throws(CoreError) in _ = try w.call(call) }
            }
        }

        addExpectation("banner placeholder", "the newest banner is Kindly's placeholder") { w, _ in
            Outcome(
                w.banners.last?.isPlaceholder == true, expected: "newest banner is the placeholder",
                actual: describeNewest(w.banners))
        }
        addExpectation(
            "handler calls", [Parameter("count", .integer)], "shouldHandleNotification was called N times so far"
        ) { w, a in
            let n = a.integer("count") ?? 0
            return Outcome(
                w.handlerCalls.count == n, expected: "\(n) handler call(s)",
                actual: "\(w.handlerCalls.count) handler call(s)")
        }
        addExpectation(
            "handler last",
            options: [Option("id", .text, required: true), Option("title", .quotedText), Option("body", .quotedText)],
            "the newest ExternalNotification the handler got"
        ) { w, a in
            let id = a.text("id") ?? ""
            let title = a.text("title")
            let body = a.text("body")
            var expected = "last handler call id " + quoted(id)
            if let title { expected += " title " + quoted(title) }
            if let body { expected += " body " + quoted(body) }
            guard let last = w.handlerCalls.last else {
                return Outcome(false, expected: expected, actual: "no handler call")
            }
            let holds = last.id == id && (title == nil || last.title == title) && (body == nil || last.body == body)
            return Outcome(
                holds, expected: expected,
                actual: "last handler call id \(quoted(last.id)) title \(quoted(last.title)) body \(quoted(last.body))")
        }
        addExpectation("mode", [Parameter("mode", choices(DeclaredMode.self))], "what the SDK declared to Kindly") {
            w, a in
            let want = a.text("mode") ?? ""
            return Outcome(
                w.declaredMode.rawValue == want, expected: "mode \(want)", actual: "mode \(w.declaredMode.rawValue)")
        }

        // Kindly 3.0.11 and older have no service extension support and no notificationMode.
        addCaseRule { configuration in
            guard let sdkLine = configuration.settings.first(where: { $0.signature.path.first == "sdk" }),
                sdkLine.signature.name == "sdk kindly"
            else { return [] }
            var version: Version? = Version(KindlyPlugin.defaultVersion)
            if let expr = sdkLine.arguments.positionals.first ?? nil {
                version = expr.wordText.flatMap(Version.init)  // nil for a variable: checked at run time
            }
            guard let version, !KindlyPlugin.supportsExtension(version.components) else { return [] }
            var violations: [RuleViolation] = []
            for setting in configuration.settings + configuration.laterSettings {
                let name = setting.signature.name
                guard name == "mode" || name == "extension kindly" || name == "extension kindly undetected" else {
                    continue
                }
                violations.append(
                    RuleViolation(
                        message:
                            "Kindly \(version) has no service extension support and no notificationMode (needs 3.0.12 or later)",
                        range: setting.range, path: setting.path))
            }
            return violations
        }
    }

    /// A runtime setting of Kindly's that takes one of a closed set's words.
    private mutating func kindlySetting<T: CaseIterable & RawRepresentable & Sendable>(
        _ words: String, _ type: T.Type, _ summary: String, _ setting: @escaping @Sendable (T) -> KindlySetting
    ) where T.RawValue == String {
        addRuntimeChoice(
            words, type, topic: words.hasPrefix("host") ? "Host app" : "Kindly", summary,
            store: { c, value in setting(value).store(in: &c.kindly) },
            apply: { w, value throws(CoreError) in try w.apply(setting(value)) })
    }
}
