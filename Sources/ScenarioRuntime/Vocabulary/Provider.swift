import NotificationCore
import ScenarioLanguage

// The provider side and VoIP (docs/PROVIDER.md, docs/VOIP.md): the app's server's
// authentication, APNs's open choices, the token's lifecycle and the host's token and
// PushKit policies, with their actions and expectations.

extension Vocabulary {
    mutating func registerProviderSide() {
        let app = "App and device"
        let host = "Host app"
        // A setting: stored in the configuration before install, applied to the world after.
        func setting(
            _ words: String, _ positionals: [Parameter] = [], options: [Option] = [], topic: String, _ summary: String,
            _ change: @escaping @Sendable (Arguments) throws(StepError) -> (line: String, store: @Sendable (inout Configuration) -> Void)
        ) {
            add(words, positionals, options: options, role: .runtimeSetting, topic: topic, summary) {
                context, args throws(StepError) in
                let (line, store) = try change(args)
                store(&context.configuration)
                try context.applyIfInstalled { world throws(CoreError) in try world.apply(line, change: store) }
            }
        }
        setting("provider auth p8", topic: app, "the app's own server signs a JWT with its team's key: every topic of the team (the default)") { _ throws(StepError) in
            ("provider auth p8", { $0.provider.auth = .p8 })
        }
        setting(
            "provider auth cert", [Parameter("topic", .string)], topic: app,
            "the app's own server uses a certificate for topic T only (no JWT): another topic is 400 TopicDisallowed"
        ) { args throws(StepError) in
            let topic = args.text("topic") ?? ""
            try Self.checkIdentifier(topic, "provider auth cert")
            return ("provider auth cert \(ScenarioText.quoted(topic))", { $0.provider.auth = .cert(topic) })
        }
        setting(
            "provider jwt refresh", [Parameter("age", .positiveDuration)], topic: app,
            "the app's own server makes a new JWT when its current one is this old (default 40m; APNs: older than 60 min is 403 ExpiredProviderToken, a new one within 20 min 429)"
        ) { args throws(StepError) in
            let ms = args.milliseconds("age") ?? 0
            return ("provider jwt refresh \(TimeFormat.duration(ms))", { $0.provider.jwt = .refresh(ms) })
        }
        setting(
            "provider jwt", [Parameter("policy", .choice(["never", "per-request", "bad-key"]))], topic: app,
            "never: one JWT from the first request on; per-request: a new one every request; bad-key: signed with a key APNs does not know"
        ) { args throws(StepError) in
            let word = args.text("policy") ?? "never"
            let policy: JWTPolicy = word == "per-request" ? .perRequest : word == "bad-key" ? .badKey : .never
            return ("provider jwt \(word)", { $0.provider.jwt = policy })
        }
        setting(
            "apns unregister-lag", [Parameter("lag", .duration)], topic: app,
            "how long APNs answers 200 for a token that went inactive before it answers 410 Unregistered (default 1d, modelled)"
        ) { args throws(StepError) in
            let ms = args.milliseconds("lag") ?? 0
            return ("apns unregister-lag \(TimeFormat.duration(ms))", { $0.apns.unregisterLag = ms })
        }
        setting(
            "apns device-rate", [Parameter("count", .integer)], options: [Option("per", .positiveDuration, required: true)],
            topic: app, "APNs answers 429 TooManyRequests past N accepted pushes to the device within any window of D"
        ) { args throws(StepError) in
            let count = args.integer("count") ?? 0
            let window = args.milliseconds("per") ?? 0
            return (
                "apns device-rate \(count) per \(TimeFormat.duration(window))", { $0.apns.deviceRate = DeviceRate(count: count, window: window) }
            )
        }
        setting("apns device-rate off", topic: app, "no device rate (the default)") { _ throws(StepError) in
            ("apns device-rate off", { $0.apns.deviceRate = nil })
        }
        setting(
            "power-deferral", [Parameter("value", .choice(["on", "off"]))], topic: app,
            "while the device is locked, APNs holds priority-5 pushes until unlock or the next priority-10 push, priority-1 until unlock (default off, modelled)"
        ) { args throws(StepError) in
            let on = args.text("value") == "on"
            return ("power-deferral \(on ? "on" : "off")", { $0.apns.powerDeferral = on })
        }
        setting(
            "host registers", [Parameter("when", choices(RegistrationPolicy.self))], topic: host,
            "an app of its own registers for pushes in every process (the default) or only while its container caches no token"
        ) { args throws(StepError) in
            let value = args.choice("when", as: RegistrationPolicy.self) ?? .everyLaunch
            return ("host registers \(value.rawValue)", { $0.host.registers = value })
        }
        setting(
            "host uploads-token", [Parameter("when", choices(TokenUpload.self))], topic: host,
            "the app sends its token to its server every time (the default) or only when it differs from the cached copy"
        ) { args throws(StepError) in
            let value = args.choice("when", as: TokenUpload.self) ?? .always
            return ("host uploads-token \(value.rawValue)", { $0.host.uploadsToken = value })
        }
        setting(
            "host pushkit", [Parameter("when", .choice(["at-launch", "never"]))], topic: host,
            "the host creates its PKPushRegistry in didFinishLaunching of every process (the default), or never (no PushKit token)"
        ) { args throws(StepError) in
            let value: PushKitRegistration = args.text("when") == "never" ? .never : .atLaunch
            return ("host pushkit \(value.spelled)", { $0.host.pushkit = value })
        }
        setting(
            "host pushkit after", [Parameter("delay", .positiveDuration)], topic: host,
            "the host creates its PKPushRegistry this long after each launch"
        ) { args throws(StepError) in
            let value = PushKitRegistration.after(args.milliseconds("delay") ?? 0)
            return ("host pushkit \(value.spelled)", { $0.host.pushkit = value })
        }
        setting(
            "host reports-call", [Parameter("when", .choice(["at-once", "never"]))], topic: host,
            "the host's PushKit handler reports the incoming call to CallKit before it returns (the default), or never: iOS kills an app not in the foreground"
        ) { args throws(StepError) in
            let value: CallReporting = args.text("when") == "never" ? .never : .atOnce
            return ("host reports-call \(value.spelled)", { $0.host.reportsCall = value })
        }
        setting(
            "host reports-call late", [Parameter("delay", .positiveDuration)], topic: host,
            "the host reports the call this long after its handler returned: too late, as never"
        ) { args throws(StepError) in
            let value = CallReporting.late(args.milliseconds("delay") ?? 0)
            return ("host reports-call \(value.spelled)", { $0.host.reportsCall = value })
        }

        // The token's lifecycle.
        add(
            "uninstall", role: .action, topic: app,
            "the app, its containers and notifications go (the keychain stays); its tokens go inactive",
            exploration: Exploration(arguments: [""], requires: ["none"], rank: 130)
        ) { context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.uninstall() }
        }
        add(
            "reinstall", role: .action, topic: app,
            "uninstall, then install fresh: the next registration is a new install generation",
            exploration: Exploration(arguments: [""], requires: ["none"], rank: 131)
        ) { context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.reinstall() }
        }
        add(
            "restore new-device", role: .action, topic: app,
            "the app's container (its cached token) and the keychain restored on a new device, the app terminated; a new generation, the old tokens inactive",
            exploration: Exploration(arguments: [""], requires: ["none"], rank: 132)
        ) { context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.restoreNewDevice() }
        }

        // VoIP.
        addExpectation(
            "call", [Parameter("state", .choice(["incoming", "none"]))],
            "whether the app's process has reported an incoming call to CallKit"
        ) { w, a in
            let actual = w.hasIncomingCall ? "call incoming" : "call none"
            let want = "call " + (a.text("state") ?? "incoming")
            return Outcome(actual == want, expected: want, actual: actual)
        }
        addExpectation(
            "voip", [Parameter("state", .choice(["blocked", "open"]))],
            "whether iOS has stopped launching the app for VoIP pushes (3 unreported in a row, until reinstall)"
        ) { w, a in
            let actual = w.voipBlocked ? "voip blocked" : "voip open"
            let want = "voip " + (a.text("state") ?? "open")
            return Outcome(actual == want, expected: want, actual: actual)
        }
    }
}
