import NotificationCore
import ScenarioLanguage

// The provider side and VoIP (docs/PROVIDER.md, docs/VOIP.md): the app's server's
// authentication, APNs's open choices, the token's lifecycle and the host's token and
// PushKit policies, with their actions and expectations.

/// Why a value is not a certificate's topics.
struct CertificateProblem: Error {
    var message: String
}

extension Vocabulary {
    /// A certificate's topics as written: a string, or a list of strings, at least one, none
    /// empty, each once (SPEC §2.16).
    static func certificateTopics(_ value: Value?) -> Result<[String], CertificateProblem> {
        let topics: [String]
        switch value {
        case .string(let topic)?:
            topics = [topic]
        case .list(let items)?:
            var strings: [String] = []
            strings.reserveCapacity(min(items.count, ProviderAuth.topicLimit + 1))
            for item in items.prefix(ProviderAuth.topicLimit + 1) {
                guard case .string(let topic) = item else {
                    return .failure(CertificateProblem(message: "a certificate's topics are quoted strings"))
                }
                // A literal string alone is bounded by the identifier rule; a list's topics here.
                if topic.utf8.count > Vocabulary.maxIdentifierBytes {
                    return .failure(
                        CertificateProblem(
                            message:
                                "a certificate's topic longer than \(Vocabulary.maxIdentifierBytes) bytes (\(topic.utf8.count))"
                        ))
                }
                strings.append(topic)
            }
            topics = strings
        default:
            return .failure(CertificateProblem(message: "expected a topic \"T\" or a list of topics [\"T1\", \"T2\"]"))
        }
        if let problem = ProviderAuth.certificateProblem(topics) { return .failure(CertificateProblem(message: problem)) }
        return .success(topics)
    }

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
            "provider auth cert", [Parameter("topics", .any)], topic: app,
            "the app's own server uses a certificate (no JWT) for topic \"T\" or topics [\"T1\", \"T2\"]: another topic is 400 TopicDisallowed; no apns-topic is 400 MissingTopic with several, the one topic with one"
        ) { args throws(StepError) in
            let topics: [String]
            switch Self.certificateTopics(args.value("topics")) {
            case .success(let list): topics = list
            case .failure(let problem): throw .precondition("provider auth cert: \(problem.message)")
            }
            for topic in topics { try Self.checkIdentifier(topic, "provider auth cert") }
            let auth = ProviderAuth.cert(topics)
            return ("provider auth \(auth.spelledForScenario)", { $0.provider.auth = auth })
        }
        addStatementRule(for: "provider auth cert") { command in
            guard let expr = command.arguments.positionals.first ?? nil, let value = expr.literalValue,
                case .failure(let problem) = Self.certificateTopics(value)
            else { return [] }
            return [
                RuleViolation(
                    message: problem.message, range: expr.range, path: command.path,
                    label: "write a topic \"T\" or a list of topics [\"T1\", \"T2\"], each once")
            ]
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
            "the host reports the call this long after its handler returned: too late, as never, outside the foreground; in the foreground the call starts then"
        ) { args throws(StepError) in
            let value = CallReporting.late(args.milliseconds("delay") ?? 0)
            return ("host reports-call \(value.spelled)", { $0.host.reportsCall = value })
        }

        // The server's badge count (SPEC §2.11, §2.16).
        setting("provider badge none", topic: app, "the app's own server writes a push's badge only where the command gives one (the default)") {
            _ throws(StepError) in
            ("provider badge none", { $0.provider.badge = .none })
        }
        setting(
            "provider badge fixed", [Parameter("count", .integer)], topic: app,
            "every push app visible carries badge N (an explicit badge overrides it)"
        ) { args throws(StepError) in
            let badge = ServerBadge.fixed(args.integer("count") ?? 0)
            return ("provider badge \(badge.spelled)", { $0.provider.badge = badge })
        }
        setting(
            "provider badge count-unread", [Parameter("sync", .choice(["sync"]), optional: true)], topic: app,
            "the server keeps an unread count: each push app visible adds 1 and carries it; the host's open report sets it to 0; sync: a read elsewhere sends a badge-only push"
        ) { args throws(StepError) in
            let badge = ServerBadge.countUnread(sync: args.text("sync") == "sync")
            return ("provider badge \(badge.spelled)", { $0.provider.badge = badge })
        }
        setting(
            "host reports-open", [Parameter("when", choices(OpenReport.self))], topic: host,
            "the host tells its server the user opened the app at every foreground (the default), or never: a server count then keeps growing"
        ) { args throws(StepError) in
            let value = args.choice("when", as: OpenReport.self) ?? .onForeground
            return ("host reports-open \(value.rawValue)", { $0.host.reportsOpen = value })
        }
        add(
            "read-elsewhere", [Parameter("count", .oneOf([.integer, .choice(["all"])]))], role: .action, topic: app,
            "N messages, or all, are read on another device: the server's unread count drops, floored at 0 (provider badge count-unread; with sync a badge-only push follows)",
            exploration: Exploration(arguments: ["1", "all"], requires: ["count-unread"], rank: 133)
        ) { context, args throws(StepError) in
            let count = args.integer("count")
            if count == nil, args.text("count") != "all" {
                throw .precondition("read-elsewhere: give a number of messages or all")
            }
            try context.withWorld { w throws(CoreError) in try w.readElsewhere(count) }
        }
        addStatementRule(for: "read-elsewhere") { command in
            guard let expr = command.arguments.positionals.first ?? nil,
                case .number(let text, _)? = expr.literalValue, ValueKind.wholeNumber(text) == 0
            else { return [] }
            return [
                RuleViolation(
                    message: "read-elsewhere 0 reads nothing", range: expr.range, path: command.path,
                    label: "give a number of messages from 1, or all")
            ]
        }
        addExpectation(
            "provider badge", [Parameter("count", .integer)],
            "the app's own server's unread count is N (provider badge count-unread; 0 otherwise)"
        ) { w, a in
            let want = a.integer("count") ?? 0
            return Outcome(
                w.providerUnread == want, expected: "provider badge \(want)", actual: "provider badge \(w.providerUnread)")
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
