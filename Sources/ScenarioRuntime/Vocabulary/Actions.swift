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
            "move the app to that state now (from not running to running: a cold launch by the icon)",
            exploration: Exploration(rank: 10)
        ) { context, args throws(StepError) in
            let state = args.choice("state", as: AppState.self) ?? .foreground
            try context.withWorld { w throws(CoreError) in try w.launch(state) }
        }
        add(
            "screen", [Parameter("screen", choices(Screen.self))], role: .action, topic: user,
            "the user navigates (the app must be in the foreground)", exploration: Exploration(rank: 20)
        ) { context, args throws(StepError) in
            let screen = args.choice("screen", as: Screen.self) ?? .host
            try context.withWorld { w throws(CoreError) in try w.navigate(to: screen) }
        }
        add(
            "start", role: .action, topic: sdk,
            "the host's start step: the SDK's start() (Kindly), or the host's own setup code (sdk none)",
            exploration: Exploration(arguments: [""], rank: 30)
        ) { context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.start() }
        }
        add(
            "register", role: .action, topic: sdk,
            "the app registers for pushes (token to the SDK; Kindly declares its mode)",
            exploration: Exploration(arguments: [""], rank: 40)
        ) {
            context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.register() }
        }
        add(
            "push app", [Parameter("type", .choice(["visible", "silent", "voip"]))],
            options: [
                Option("title", .quotedText), Option("body", .quotedText), Option("badge", .integer),
                Option("thread", .text), Option("category", .text),
                Option("interruption-level", choices(InterruptionLevel.self)), Option("sound", .text),
                Option("route", .text),
                Option("removes", .oneOf([.string, .choice(["all"])])), Option("removes-thread", .text),
            ] + headerOptions,
            role: .action, topic: push,
            "the app's own server sends a visible, silent or VoIP push (badge: the icon's number, visible pushes only; thread: aps.thread-id; route: a top-level key the host navigates to; removes \"ID\", removes-thread T, removes all: delivered notifications to remove, also a wake; voip: to the PushKit token, title: the caller)",
            exploration: Exploration(arguments: ["visible title \"A\"", "silent"], requires: ["none"], rank: 50)
        ) { context, args throws(StepError) in
            let title = args.text("title")
            if args.text("type") == "voip" {
                let headers = headers(args)
                try context.withWorld { w throws(CoreError) in try w.pushAppVoIP(caller: title, headers: headers) }
                return
            }
            let type = args.choice("type", as: PushType.self) ?? .visible
            let body = args.text("body")
            let route = args.text("route")
            let thread = args.text("thread")
            let category = args.text("category")
            let level = args.choice("interruption-level", as: InterruptionLevel.self)
            let sound = args.text("sound")
            let badge = args.integer("badge")
            var removal: Removal?
            switch args.value("removes") {
            case .string(let id)?: removal = .id(id)
            case .word("all")?: removal = .all
            default: removal = nil
            }
            if let removesThread = args.text("removes-thread") {
                guard removal == nil else {
                    throw .precondition("push app: give one of removes \"ID\", removes-thread T, removes all")
                }
                removal = .thread(removesThread)
            }
            let headers = headers(args)
            try context.withWorld { w throws(CoreError) in
                try w.pushApp(
                    type, title: title, body: body, badge: badge, route: route, thread: thread, category: category,
                    level: level, sound: sound, removes: removal,
                    headers: headers)
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
            "exactly this payload",
            // Straight to the device, as `xcrun simctl push`: in an app of its own it needs no
            // token, so exploration reaches the delegate chain even past a proxy that
            // swallows the token.
            exploration: Exploration(arguments: [#"{"aps": {"alert": {"title": "R"}}}"#], requires: ["none"], rank: 55)
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
            "tap", [Parameter("banner", .oneOf([.integer, .text]), optional: true, bareWordMeans: "a banner title")],
            role: .action, topic: user,
            "tap the newest banner, the Nth newest, or the newest with that title",
            exploration: Exploration(arguments: [""], rank: 60)
        ) { context, args throws(StepError) in
            let target = try tapTarget(args, command: "tap")
            try context.withWorld { w throws(CoreError) in try w.tap(target) }
        }
        let allowNotifications: [(enabled: Bool, words: String, summary: String)] = [
            (
                false, "user disables-notifications",
                "the user turns Allow Notifications off: authorization denied (delivered notifications stay)"
            ),
            (
                true, "user enables-notifications",
                "the user turns Allow Notifications on: authorized with every setting on (from provisional, Deliver Prominently: what the app requested)"
            ),
        ]
        for (rank, each) in allowNotifications.enumerated() {
            let enabled = each.enabled
            add(
                each.words, role: .action, topic: user, each.summary,
                exploration: Exploration(arguments: [""], requires: ["none"], rank: 92 + rank)
            ) { context, _ throws(StepError) in
                try context.withWorld { w throws(CoreError) in try w.userSetsNotifications(enabled: enabled) }
            }
        }
        add(
            "tap action",
            [
                Parameter("action", .text),
                Parameter("banner", .oneOf([.integer, .string]), optional: true),
            ],
            options: [Option("text", .quotedText)],
            role: .action, topic: user,
            "the user picks action A on the newest banner, the Nth newest, or the newest with that title (text: a text-input action's reply)"
        ) { context, args throws(StepError) in
            let action = args.text("action") ?? ""
            let target = try tapTarget(args, command: "tap action")
            let text = args.text("text")
            try context.withWorld { w throws(CoreError) in try w.tapAction(action, on: target, text: text) }
        }
        add(
            "clear", role: .action, topic: user, "dismiss all banners",
            exploration: Exploration(arguments: [""], rank: 70)
        ) { context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.clearBanners() }
        }
        add("send", [Parameter("text", .quotedText)], role: .action, topic: user, "the user sends a chat message") {
            context, args throws(StepError) in
            let text = args.text("text") ?? ""
            try context.withWorld { w throws(CoreError) in try w.send(text: text) }
        }
        add(
            "wait", [Parameter("duration", .duration)], role: .action, topic: app, "advance the virtual clock",
            exploration: Exploration(arguments: ["1s", "30s", "61s"], rank: 80)
        ) {
            context, args throws(StepError) in
            let ms = args.milliseconds("duration") ?? 0
            try context.withWorld { w throws(CoreError) in try w.wait(milliseconds: ms) }
        }
        add(
            "reboot", role: .action, topic: app, "the device restarts: every process ends, locked since boot",
            exploration: Exploration(arguments: [""], rank: 90)
        ) {
            context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.reboot() }
        }
        add(
            "network", [Parameter("state", .choice(["offline", "online"]))], role: .action, topic: app,
            "the device loses or regains its connection; APNs stores one push per app meanwhile",
            exploration: Exploration(rank: 100)
        ) { context, args throws(StepError) in
            let online = args.text("state") == "online"
            try context.withWorld { w throws(CoreError) in try w.setNetwork(online: online) }
        }
        add("lock", role: .action, topic: app, "the device locks", exploration: Exploration(arguments: [""], rank: 110))
        { context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.lock() }
        }
        add(
            "unlock", role: .action, topic: app, "the device unlocks",
            exploration: Exploration(arguments: [""], rank: 120)
        ) { context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.unlock() }
        }
    }
}

/// The APNs headers every `push` command takes, overriding what its server would send.
public let headerOptions: [Option] = [
    // Any word or number: APNs answers one it does not know (400 InvalidPushType, BadPriority).
    Option("push-type", .oneOf([.choice(APNsPushType.knownWords), .text])),
    Option("priority", .oneOf([.choice(APNsPriority.knownWords), .integer])),
    Option("collapse-id", .text), Option("expiration", .oneOf([.duration, .choice(["0", "none", "past", "bad"])])),
]

/// The header overrides a `push` command was given.
public func headers(_ args: Arguments) -> APNsHeaderOverrides {
    let expiration: APNsExpiration?
    switch args.text("expiration") {
    case nil: expiration = nil
    case "none": expiration = .omitted
    case "past": expiration = .past
    case "bad": expiration = .malformed
    default: expiration = .after(args.milliseconds("expiration") ?? 0)
    }
    return APNsHeaderOverrides(
        pushType: args.text("push-type").map(APNsPushType.init(word:)),
        priority: args.text("priority").map { APNsPriority(ValueKind.wholeNumber($0) ?? -1) },
        collapseID: args.text("collapse-id"), expiration: expiration)
}

/// The banner a `tap` or `tap action` names: the newest, the Nth newest, or the newest with a title.
private func tapTarget(_ args: Arguments, command: String) throws(StepError) -> TapTarget {
    switch args.value("banner") {
    case .number(let t, _)?:
        guard let n = ValueKind.wholeNumber(t) else { throw .precondition("'\(command)' needs a whole number, got \(t)") }
        return .nth(n)
    case let v?: return .title(v.text ?? "")
    case nil: return .newest
    }
}
