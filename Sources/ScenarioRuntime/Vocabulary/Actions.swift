import NotificationCore
import ScenarioLanguage

extension Vocabulary {
    /// Actions (docs/COMMANDS.md): each is one step on the world.
    mutating func registerActions() {
        let app = "App and device"
        let push = "Pushes"
        let user = "User"
        let sdk = "SDK calls"

        add("install fresh", role: .action, topic: app, "install now, never launched: no key, no token, app killed") {
            context, _ throws(StepError) in
            try context.install(fresh: true)
        }
        add(
            "launch", [Parameter("state", choices(AppState.self))], role: .action, topic: app,
            "move the app to that state now (from not running to running: a cold launch by the icon)"
        ) { context, args throws(StepError) in
            let state = args.choice("state", as: AppState.self) ?? .foreground
            try context.withWorld { w throws(CoreError) in try w.launch(state) }
        }
        add(
            "screen", [Parameter("screen", choices(Screen.self))], role: .action, topic: user,
            "the user navigates (the app must be in the foreground)"
        ) { context, args throws(StepError) in
            let screen = args.choice("screen", as: Screen.self) ?? .host
            try context.withWorld { w throws(CoreError) in try w.navigate(to: screen) }
        }
        add("start", role: .action, topic: sdk, "the host calls KindlySDK.start()") { context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.startKindly() }
        }
        add(
            "authorize", [Parameter("user", .text)], role: .action, topic: sdk, "the host calls edna's authorize(user:)"
        ) {
            context, args throws(StepError) in
            let userName = args.text("user") ?? "user-1"
            try context.withWorld { w throws(CoreError) in try w.authorizeEdna(user: userName) }
        }
        add(
            "register", role: .action, topic: sdk,
            "the app registers for pushes (token to the SDK; Kindly declares its mode)"
        ) {
            context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.register() }
        }
        add(
            "push kindly", [Parameter("type", choices(PushType.self), optional: true)],
            options: [
                Option("title", .quotedText), Option("body", .quotedText), Option("chat", .text),
                Option("tampered", nil),
                Option("missing", choices(KindlyField.self)),
            ] + headerOptions,
            role: .action, topic: push,
            "the Kindly server sends a message; without a type the server chooses"
        ) { context, args throws(StepError) in
            let request = KindlyPushRequest(
                type: args.choice("type", as: PushType.self), title: args.text("title"), body: args.text("body"),
                chat: args.text("chat"), tampered: args.has("tampered"),
                missing: args.choice("missing", as: KindlyField.self), headers: headers(args))
            try context.withWorld { w throws(CoreError) in try w.pushKindly(request) }
        }
        add(
            "push edna", [Parameter("kind", choices(EdnaTemplateKind.self)), Parameter("text", .quotedText)],
            options: [Option("campaign", .text)] + headerOptions, role: .action, topic: push,
            "the edna server sends a message through its template"
        ) { context, args throws(StepError) in
            let kind = args.choice("kind", as: EdnaTemplateKind.self) ?? .message
            let text = args.text("text") ?? ""
            let campaign = args.text("campaign")
            let headers = headers(args)
            try context.withWorld { w throws(CoreError) in
                try w.pushEdna(kind: kind, text: text, campaign: campaign, headers: headers)
            }
        }
        add(
            "push other", options: [Option("title", .quotedText), Option("body", .quotedText)] + headerOptions,
            role: .action,
            topic: push,
            "another provider's visible push"
        ) { context, args throws(StepError) in
            let title = args.text("title")
            let body = args.text("body")
            let headers = headers(args)
            try context.withWorld { w throws(CoreError) in try w.pushOther(title: title, body: body, headers: headers) }
        }
        add(
            "push raw", [Parameter("payload", .object)], options: headerOptions, role: .action, topic: push,
            "exactly this payload"
        ) {
            context, args throws(StepError) in
            guard let value = args.value("payload") else { return }
            let payload = try JSONBridge.json(from: value, limit: context.limits.maxPayloadBytes)
            let headers = headers(args)
            try context.withWorld { w throws(CoreError) in try w.pushRaw(payload, headers: headers) }
        }
        add(
            "push raw file", [Parameter("path", .text, isFilePath: true)], options: headerOptions, role: .action,
            topic: push,
            "the payload in a .apns or .json file (its 'Simulator Target Bundle' key is ignored)"
        ) { context, args throws(StepError) in
            let path = args.text("path") ?? ""
            guard let loader = context.loader else {
                throw .precondition("'push raw file' cannot read files here")
            }
            let file: SourceFile
            do throws(LoadError) {
                file = try loader.load(path, from: context.currentPath, maxBytes: context.limits.maxPayloadBytes)
            } catch {
                throw StepError(.precondition, error.message, range: args.range(of: "path"), path: context.currentPath)
            }
            guard file.bytes.count <= context.limits.maxPayloadBytes else {
                throw StepError(.limit, "'\(path)' is larger than \(context.limits.maxPayloadBytes) bytes")
            }
            var payload: JSONValue
            do throws(JSONError) {
                payload = try JSONValue(parsing: String(decoding: file.bytes, as: UTF8.self))
            } catch {
                throw .precondition("'\(path)' is not valid JSON: \(error)")
            }
            guard payload.isObject else { throw .precondition("'\(path)' does not hold a JSON object") }
            payload = payload.removing("Simulator Target Bundle")
            let headers = headers(args)
            try context.withWorld { w throws(CoreError) in try w.pushRaw(payload, headers: headers) }
        }
        add(
            "tap", [Parameter("banner", .oneOf([.integer, .text]), optional: true)], role: .action, topic: user,
            "tap the newest banner, the Nth newest, or the newest with that title"
        ) { context, args throws(StepError) in
            let target: TapTarget
            switch args.value("banner") {
            case .number(let t, _)?:
                guard let n = ValueKind.wholeNumber(t) else {
                    throw .precondition("'tap' needs a whole number, got \(t)")
                }
                target = .nth(n)
            case let v?: target = .title(v.text ?? "")
            case nil: target = .newest
            }
            try context.withWorld { w throws(CoreError) in try w.tap(target) }
        }
        add("clear", role: .action, topic: user, "dismiss all banners") { context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.clearBanners() }
        }
        add("send", [Parameter("text", .quotedText)], role: .action, topic: user, "the user sends a chat message") {
            context, args throws(StepError) in
            let text = args.text("text") ?? ""
            try context.withWorld { w throws(CoreError) in try w.send(text: text) }
        }
        add("wait", [Parameter("duration", .duration)], role: .action, topic: app, "advance the virtual clock") {
            context, args throws(StepError) in
            let ms = args.milliseconds("duration") ?? 0
            try context.withWorld { w throws(CoreError) in try w.wait(milliseconds: ms) }
        }
        add("reboot", role: .action, topic: app, "the device restarts: every process ends, locked since boot") {
            context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.reboot() }
        }
        add(
            "network", [Parameter("state", .choice(["offline", "online"]))], role: .action, topic: app,
            "the device loses or regains its connection; APNs stores one push per app meanwhile"
        ) { context, args throws(StepError) in
            let online = args.text("state") == "online"
            try context.withWorld { w throws(CoreError) in try w.setNetwork(online: online) }
        }
        add("lock", role: .action, topic: app, "the device locks") { context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.lock() }
        }
        add("unlock", role: .action, topic: app, "the device unlocks") { context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.unlock() }
        }

        // `call API`: one entry per API, so the checker knows each one's arguments.
        let calls: [(String, [Parameter], String, @Sendable (Arguments) -> SDKCall)] = [
            (
                "kindly.isKindlyNotification", [], "KindlySDK.isKindlyNotification on the newest delivered push",
                { _ in .kindlyIsKindlyNotification }
            ),
            ("kindly.decrypt", [], "KindlySDK.decrypt on the newest delivered push", { _ in .kindlyDecrypt }),
            (
                "kindly.notificationReceived", [], "KindlySDK.notificationReceived with the newest delivered push",
                { _ in .kindlyNotificationReceived }
            ),
            (
                "edna.isChatCenterNotification", [], "edna's isChatCenterNotification on the newest delivered push",
                { _ in .ednaIsChatCenterNotification }
            ),
            (
                "edna.handleNotification", [Parameter("userInfo", .choice(["empty"]), optional: true)],
                "edna's handleNotification(userInfo:) with the newest delivered push (or an empty userInfo)",
                { args in .ednaHandleNotification(empty: args.value("userInfo") != nil) }
            ),
            (
                "edna.getChat", [Parameter("userInfo", .choice(["none"]), optional: true)],
                "edna's getChat(userInfo:) with the newest delivered push (or none); shows the chat it returns",
                { args in .ednaGetChat(none: args.value("userInfo") != nil) }
            ),
        ]
        for (api, parameters, summary, make) in calls {
            add("call \(api)", parameters, role: .action, topic: sdk, summary) { context, args throws(StepError) in
                let call = make(args)
                try context.withWorld { w throws(CoreError) in _ = try w.call(call) }
            }
        }
    }
}

/// The APNs headers every `push` command takes, overriding what its server would send.
let headerOptions: [Option] = [
    Option("push-type", choices(APNsPushType.self)), Option("priority", choices(APNsPriority.self)),
    Option("collapse-id", .text), Option("expiration", .oneOf([.duration, .choice(["0"])])),
]

/// The header overrides a `push` command was given.
func headers(_ args: Arguments) -> APNsHeaderOverrides {
    APNsHeaderOverrides(
        pushType: args.choice("push-type", as: APNsPushType.self),
        priority: args.choice("priority", as: APNsPriority.self), collapseID: args.text("collapse-id"),
        expirationMilliseconds: args.has("expiration") ? (args.milliseconds("expiration") ?? 0) : nil)
}
