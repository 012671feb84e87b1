import NotificationCore
import ScenarioLanguage

extension Vocabulary {
    /// SPEC §2.16: `provider topic ""` is not a topic.
    static let emptyTopicMessage = "an empty topic: write `provider topic omitted` to send no apns-topic header"

    /// Configuration (docs/COMMANDS.md): install-time settings write the configuration; runtime
    /// settings also change the installed world.
    mutating func registerSettings() {
        let app = "App and device"
        let host = "Host app"

        add(
            "extension", [Parameter("kind", .choice(["none", "other"]))], role: .setting, topic: app,
            "the notification service extension the app ships (an SDK's own: 'extension NAME')"
        ) { context, args throws(StepError) in
            switch args.text("kind") ?? "none" {
            case "none": context.configuration.serviceExtension = .none
            case "other": context.configuration.serviceExtension = .other
            case let word:
                // An SDK's word (added by its registration), reached through a variable.
                guard word == context.configuration.sdk.name else {
                    throw .precondition("'extension \(word)': the app integrates \(context.configuration.sdk.writer)")
                }
                context.configuration.serviceExtension = .sdk(detected: true)
            }
        }
        settingChoice(
            "keychain", KeychainSharing.self, topic: app, "whether app and extension share the keychain access group"
        ) { $0.keychainSharing = $1 }
        settingChoice(
            "keychain access", KeychainAccessibility.self, topic: app, "when the SDK's key in the keychain is readable"
        ) { $0.keychainAccessibility = $1 }
        add("app bundle", [Parameter("id", .text)], role: .setting, topic: app, "the app's bundle id") {
            context, args throws(StepError) in
            if let id = args.text("id") { try Self.checkIdentifier(id, "app bundle") }
            context.configuration.bundleID = args.text("id") ?? context.configuration.bundleID
        }
        settingChoice(
            "app environment", APNsEnvironment.self, topic: app,
            "the APNs environment the app's tokens are for, overriding the build's signed one (a hard-coded entitlement)"
        ) { $0.environment = $1 }
        settingChoice(
            "build", BuildKind.self, topic: app,
            "how the app was built: xcode signs aps-environment development (sandbox tokens); testflight and app-store (the default) production"
        ) { $0.build = $1 }
        runtimeChoice(
            "provider environment", APNsEnvironment.self, topic: app,
            "the APNs environment the app's own server sends to (default production)",
            store: { $0.provider.environment = $1 }, setting: { .providerEnvironment($0) })
        add(
            "provider topic", [Parameter("topic", .oneOf([.string, .choice(["default", "omitted", "none"])]))],
            role: .runtimeSetting, topic: app,
            "the apns-topic the app's own server sends with: default (or none) the bundle id, .voip appended for VoIP; omitted: no apns-topic header"
        ) { context, args throws(StepError) in
            let topic: ProviderTopic
            switch args.value("topic") {
            case .string(let t)?:
                guard !t.isEmpty else { throw .precondition(Self.emptyTopicMessage) }
                try Self.checkIdentifier(t, "provider topic")
                topic = .named(t)
            case .word("omitted")?: topic = .omitted
            default: topic = .bundleID
            }
            context.configuration.provider.topic = topic
            try context.applyIfInstalled(.providerTopic(topic))
        }
        addStatementRule(for: "provider topic") { command in
            guard let expr = command.arguments.positionals.first ?? nil, case .string("")? = expr.literalValue else {
                return []
            }
            return [RuleViolation(message: Self.emptyTopicMessage, range: expr.range, path: command.path)]
        }
        runtimeChoice(
            "provider on-error", ProviderOnError.self, topic: app,
            "what the app's own server does with a token APNs calls bad: keep it, delete it on any 400 or 410 naming it, or only on a 410 (the default)",
            store: { $0.provider.onError = $1 }, setting: { .providerOnError($0) })
        add("app version", [Parameter("version", .version)], role: .setting, topic: app, "the app's version") {
            context, args throws(StepError) in
            if let v = args.version("version") { context.configuration.appVersion = v.components }
        }
        runtimeChoice(
            "delegate", ["forwarding", "own", "none"], topic: host,
            "the notification-center delegate (the SDK's own: 'delegate NAME')",
            store: { $0.delegate = DelegateChoice(rawValue: $1) },
            setting: { .delegate(DelegateChoice(rawValue: $0) ?? .none) })
        add(
            "extension-delay", [Parameter("delay", .duration)], role: .runtimeSetting, topic: app,
            "how long the service extension's work takes (past 30s iOS gives up)"
        ) { context, args throws(StepError) in
            let ms = args.milliseconds("delay") ?? 0
            context.configuration.extensionDelayMilliseconds = ms
            try context.applyIfInstalled(.extensionDelay(milliseconds: ms))
        }
        runtimeChoice(
            "delegate-assigned", DelegateAssignment.self, topic: host,
            "when the host assigns the notification-center delegate",
            store: { $0.delegateAssignment = $1 }, setting: { .delegateAssignment($0) })
        runtimeChoice(
            "permission", Permission.self, topic: app, "notification permission",
            store: { $0.permission = $1 }, setting: { .permission($0) })
        add(
            "silent-budget", [Parameter("count", .integer)],
            options: [Option("per", .positiveDuration, required: true)],
            role: .runtimeSetting, topic: app,
            "iOS drops silent pushes to a background app past N within any window of D"
        ) { context, args throws(StepError) in
            let budget = SilentBudget(
                count: args.integer("count") ?? 0, windowMilliseconds: args.milliseconds("per") ?? 0)
            context.configuration.silentBudget = budget
            try context.applyIfInstalled(.silentBudget(budget))
        }
        add("silent-budget off", role: .runtimeSetting, topic: app, "no silent budget (the default)") {
            context, _ throws(StepError) in
            context.configuration.silentBudget = nil
            try context.applyIfInstalled(.silentBudget(nil))
        }
        runtimeSwitch(
            "background-refresh", topic: app,
            "Background App Refresh for the app (default on); off: content-available pushes do not wake a background app",
            store: { $0.backgroundRefresh = $1 }, setting: { .backgroundRefresh($0) })
        runtimeSwitch(
            "low-power", topic: app,
            "Low Power Mode (default off); on: content-available pushes do not wake a background app",
            store: { $0.lowPower = $1 }, setting: { .lowPower($0) })
        runtimeChoice(
            "extension-fault", ExtensionFault.self, topic: app,
            "the service extension is killed before it delivers (memory limit, crash); iOS shows the original content",
            store: { $0.extensionFault = $1 }, setting: { .extensionFault($0) })
        runtimeChoice(
            "host posts-local", HostPostsLocal.self, topic: host,
            "the host posts its own local notification for each push with an alert it receives (source host)",
            store: { $0.host.postsLocal = $1 }, setting: { .hostPostsLocal($0) })
        runtimeChoice(
            "own-presents", OwnPresentation.self, topic: host,
            "what the host's own delegate (delegate own) presents: a banner, the list only, or nothing",
            store: { $0.host.ownPresents = $1 }, setting: { .ownPresents($0) })
        runtimeChoice(
            "own-on-tap", OwnOnTap.self, topic: host,
            "what the host's own code does with a notification it handles: navigate to its route (the default with no chat SDK), open the chat, or nothing (the default with an SDK)",
            store: { $0.host.ownOnTap = $1 }, setting: { .ownOnTap($0) })
        add(
            "navigates-from", [Parameter("sources", .words(NavigationSource.allCases.map(\.rawValue)))],
            role: .runtimeSetting, topic: host,
            "where the host's code that acts on a notification sits: didReceive(response) (taps, the default), didReceiveRemoteNotification (content-available pushes only), launch options (cold launches); one or a list"
        ) { context, args throws(StepError) in
            guard let sources = args.words("sources", as: NavigationSource.self) else {
                throw .precondition(
                    "navigates-from: expected \(NavigationSource.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            context.configuration.host.navigatesFrom = sources
            try context.applyIfInstalled(.navigatesFrom(sources))
        }
        add(
            "own-completes",
            [
                Parameter("callback", .choice(DelegateCallback.allCases.map(\.rawValue)), optional: true),
                Parameter("completion", .choice(["at-once", "never", "twice"]), optional: true),
            ],
            options: [Option("after", .duration)], role: .runtimeSetting, topic: host,
            "when the host's own delegate calls the completion handler of willPresent and didReceive(response), or of the one named: at once (the default), after D, never, or twice"
        ) { context, args throws(StepError) in
            let completion: DelegateCompletion
            switch (args.text("completion"), args.milliseconds("after")) {
            case ("never"?, nil): completion = .never
            case ("twice"?, nil): completion = .twice
            case ("at-once"?, nil): completion = .atOnce
            case (nil, let ms?): completion = .after(milliseconds: ms)
            default: throw .precondition("own-completes: give one of at-once, after D, never, twice")
            }
            let callback = args.choice("callback", as: DelegateCallback.self)
            for each in callback.map({ [$0] }) ?? DelegateCallback.allCases {
                context.configuration.host.completes[each] = completion
            }
            try context.applyIfInstalled(.ownCompletes(callback, completion))
        }
        add(
            "proxy",
            [
                Parameter("name", .text),
                Parameter(
                    "behaviour",
                    .choice([
                        "forwards", "swallows", "completes-early", "completes-twice", "delays", "registers-categories",
                    ])),
                Parameter("argument", .oneOf([.duration, .any]), optional: true),
            ],
            role: .setting, topic: host,
            "a third-party SDK's proxy in front of the app's delegate, first line first: it forwards each call, swallows it, completes it early or twice, or delays it by D; registers-categories C: it calls setNotificationCategories at launch, after the host"
        ) { context, args throws(StepError) in
            let name = args.text("name") ?? ""
            if args.text("behaviour") == "registers-categories" {
                let categories = try Self.names(args.value("argument"), for: "proxy \(name) registers-categories")
                var proxies = context.configuration.proxies
                if let index = proxies.firstIndex(where: { $0.name == name }) {
                    guard proxies[index].registersCategories == nil else {
                        throw .precondition("proxy \(name) registers-categories: given once")
                    }
                    proxies[index].registersCategories = categories
                } else {
                    try Self.roomForProxy(proxies)
                    var proxy = DelegateProxy(name: name, behaviour: .forwards)
                    proxy.declared = false
                    proxy.registersCategories = categories
                    proxies.append(proxy)
                }
                context.configuration.proxies = proxies
                return
            }
            let behaviour: ProxyBehaviour
            switch (args.text("behaviour"), args.milliseconds("argument")) {
            case ("forwards"?, nil): behaviour = .forwards
            case ("swallows"?, nil): behaviour = .swallows
            case ("completes-early"?, nil): behaviour = .completesEarly
            case ("completes-twice"?, nil): behaviour = .completesTwice
            case ("delays"?, let ms?): behaviour = .delays(milliseconds: ms)
            case ("delays"?, nil): throw .precondition("proxy \(name) delays: give how long (proxy \(name) delays 2s)")
            default: throw .precondition("proxy \(name): only 'delays' takes a duration")
            }
            if args.value("argument") != nil && args.milliseconds("argument") == nil {
                throw .precondition("proxy \(name): only 'delays' takes a duration")
            }
            if let index = context.configuration.proxies.firstIndex(where: { $0.name == name }) {
                guard !context.configuration.proxies[index].declared else {
                    throw .precondition("proxy \(name): a proxy is declared once (its one link in the chain)")
                }
                context.configuration.proxies[index].behaviour = behaviour
                context.configuration.proxies[index].declared = true
                return
            }
            try Self.roomForProxy(context.configuration.proxies)
            context.configuration.proxies.append(DelegateProxy(name: name, behaviour: behaviour))
        }
        add(
            "app-group", [Parameter("name", .text), Parameter("members", choices(AppGroupMembers.self))],
            role: .setting, topic: app,
            "an app group and the targets it lists; a target uses the first group that lists it, else its own container"
        ) { context, args throws(StepError) in
            let name = args.text("name") ?? ""
            try Self.checkIdentifier(name, "app-group")
            let members = args.choice("members", as: AppGroupMembers.self) ?? .both
            try Self.roomToDeclare(context.configuration.appGroups.count, "app groups")
            context.configuration.appGroups.append(AppGroup(name: name, members: members))
        }
        add(
            "extension increments-badge", role: .setting, topic: app,
            "the service extension reads a count from its container, adds 1, writes it back and sets the badge to it"
        ) { context, _ throws(StepError) in
            context.configuration.extensionIncrementsBadge = true
        }
        add(
            "extension removes-delivered", role: .setting, topic: app,
            "the service extension removes the delivered notifications a push's removes names, then delivers empty content (nothing shown only with entitlement filtering)"
        ) { context, _ throws(StepError) in
            context.configuration.extensionRemovesDelivered = true
        }
        add(
            "entitlement", [Parameter("name", choices(Entitlement.self))], role: .setting, topic: app,
            "an entitlement the app or its extension is signed with (filtering: the extension may show nothing)"
        ) { context, args throws(StepError) in
            if let entitlement = args.choice("name", as: Entitlement.self) {
                context.configuration.entitlements.insert(entitlement)
            }
        }
        add(
            "host resets-badge",
            [Parameter("when", .choice(["none", "on-open"])), Parameter("what", .choice(["icon-only"]), optional: true)],
            role: .runtimeSetting, topic: host,
            "at each foreground the host sets the icon to 0 and the count in the app's container to 0 (icon-only: the icon only); the icon going to 0 clears the center"
        ) { context, args throws(StepError) in
            let reset: BadgeReset
            switch (args.text("when"), args.text("what")) {
            case ("on-open"?, "icon-only"?): reset = .iconOnly
            case ("on-open"?, nil): reset = .onOpen
            case ("none"?, nil): reset = .none
            default: throw .precondition("host resets-badge: give on-open, on-open icon-only or none")
            }
            context.configuration.host.resetsBadge = reset
            try context.applyIfInstalled(.resetsBadge(reset))
        }
        runtimeChoice(
            "host removes-delivered", HostRemovesDelivered.self, topic: host,
            "on-silent: the host's didReceiveRemoteNotification removes the delivered notifications a push's removes names",
            store: { $0.host.removesDelivered = $1 }, setting: { .removesDelivered($0) })
        add(
            "host completes-fetch",
            [Parameter("completion", .choice(["new-data", "no-data", "never", "twice"]), optional: true)],
            options: [Option("after", .duration)], role: .runtimeSetting, topic: host,
            "when the host calls didReceiveRemoteNotification's completion handler: at once (new-data, the default, or no-data), after D, never (over 30s in the background: the process is ended), or twice (a crash)"
        ) { context, args throws(StepError) in
            let completion: FetchCompletion
            switch (args.text("completion"), args.milliseconds("after")) {
            case ("new-data"?, nil): completion = .newData
            case ("no-data"?, nil): completion = .noData
            case ("never"?, nil): completion = .never
            case ("twice"?, nil): completion = .twice
            case (nil, let ms?): completion = .after(milliseconds: ms)
            default: throw .precondition("host completes-fetch: give one of new-data, no-data, after D, never, twice")
            }
            context.configuration.host.completesFetch = completion
            try context.applyIfInstalled(.completesFetch(completion))
        }
        add(
            "authorization",
            [Parameter("answer", .choice(["not-determined", "denied", "provisional", "authorized"]))],
            options: [Option("requests", .words(AuthorizationOption.allCases.map(\.rawValue)))],
            role: .setting, topic: app,
            "the user's answer to the app's authorization request (default authorized); provisional delivers quietly; requests (authorized or provisional): what the app asked for (default alert, sound, badge; critical-alert is granted only with entitlement critical-alerts)"
        ) { context, args throws(StepError) in
            let answer: Authorization
            let requests = args.words("requests", as: AuthorizationOption.self)
            switch args.text("answer") {
            case "not-determined"?: answer = .notDetermined
            case "denied"?: answer = .denied
            case "provisional"?: answer = .provisional(requests: requests ?? AuthorizationOption.standard)
            default: answer = .authorized
            }
            if requests != nil, answer != .authorized {
                guard case .provisional = answer else {
                    throw .precondition("authorization: only authorized and provisional take requests")
                }
            }
            context.configuration.authorization = answer
            context.configuration.authorizedRequests = answer == .authorized ? requests : nil
            // Authorized with requests: iOS grants what was asked for, and the switches of what
            // was not are off (SPEC §2.10).
            if answer == .authorized, let requests {
                for name in NotificationSettingName.allCases where name != .criticalAlerts {
                    context.configuration.settings[name] = requests.contains(name.option)
                }
            }
        }
        add(
            "ringer", [Parameter("value", choices(Ringer.self))], role: .runtimeSetting, topic: app,
            "the ringer switch (default ring); silent: no notification sound plays, except a qualifying critical alert's (presentation is unchanged)"
        ) { context, args throws(StepError) in
            let ringer = args.choice("value", as: Ringer.self) ?? .ring
            context.configuration.ringer = ringer
            try context.applyIfInstalled { world throws(CoreError) in
                try world.apply("ringer \(ringer.rawValue)") { $0.ringer = ringer }
            }
        }
        add(
            "setting", [Parameter("name", choices(NotificationSettingName.self)), Parameter("value", .choice(["on", "off"]))],
            role: .runtimeSetting, topic: app,
            "Settings › Notifications for the app (all on by default): banners off shows in the list only; lock-screen and notification-center both off: not kept; all three off: nothing (badges is its own switch); critical-alerts: Settings › Critical Alerts"
        ) { context, args throws(StepError) in
            guard let name = args.choice("name", as: NotificationSettingName.self) else { return }
            let on = args.text("value") == "on"
            context.configuration.settings[name] = on
            try context.applyIfInstalled(.notificationSetting(name, on))
        }
        add(
            "focus", [Parameter("state", .choice(["on", "off"]))],
            options: [Option("allows", .choice(["app"])), Option("no-time-sensitive", nil)],
            role: .runtimeSetting, topic: app,
            "a Focus: active notifications are silenced into the list unless it allows the app; time-sensitive ones break through unless no-time-sensitive"
        ) { context, args throws(StepError) in
            let mode: FocusMode =
                args.text("state") == "on"
                ? .on(allowsApp: args.value("allows") != nil, noTimeSensitive: args.has("no-time-sensitive")) : .off
            if mode == .off && (args.value("allows") != nil || args.has("no-time-sensitive")) {
                throw .precondition("focus off takes nothing more")
            }
            context.configuration.focus = mode
            try context.applyIfInstalled(.focus(mode))
        }
        runtimeSwitch(
            "summary", topic: app,
            "Scheduled Summary for the app: passive and active notifications wait for the next summary (no banner, no sound)",
            store: { $0.summary = $1 }, setting: { .summary($0) })
        add(
            "category", [Parameter("name", .text)], options: [Option("actions", .any, required: true)],
            role: .setting, topic: host,
            "a notification category the app declares and its actions, one or a list: category chat actions [reply, mark-read]"
        ) { context, args throws(StepError) in
            let name = args.text("name") ?? ""
            let actions = try Self.names(args.value("actions"), for: "category \(name) actions")
            // A scan of at most Configuration.maxDeclared names (the check counts the lines).
            guard !context.configuration.categories.contains(where: { $0.name == name }) else {
                throw .precondition("category \(name): a category is declared once")
            }
            try Self.roomToDeclare(context.configuration.categories.count, "categories")
            context.configuration.categories.append(NotificationCategory(name: name, actions: actions))
        }
        add(
            "action", [Parameter("name", .text), Parameter("kind", choices(ActionKind.self))],
            options: [Option("auth-required", nil)], role: .setting, topic: host,
            "an action the app declares: foreground (opens the app), background or text-input (runs where the app is); auth-required: only on an unlocked device"
        ) { context, args throws(StepError) in
            let name = args.text("name") ?? ""
            guard !context.configuration.actions.contains(where: { $0.name == name }) else {
                throw .precondition("action \(name): an action is declared once")
            }
            try Self.roomToDeclare(context.configuration.actions.count, "actions")
            context.configuration.actions.append(
                NotificationAction(
                    name: name, kind: args.choice("kind", as: ActionKind.self) ?? .foreground,
                    authRequired: args.has("auth-required")))
        }
        add(
            "host registers-categories",
            [Parameter("categories", .any), Parameter("when", .choice(["at-launch", "at-start"]), optional: true)],
            options: [Option("after", .duration)], role: .runtimeSetting, topic: host,
            "the categories the host registers with setNotificationCategories, one or a list ('none': none), in every process: at launch, at start, or D after launch; each call replaces the registry"
        ) { context, args throws(StepError) in
            let value: HostCategories?
            if args.value("categories")?.text == "none" {
                value = nil
            } else {
                let categories = try Self.names(args.value("categories"), for: "host registers-categories")
                let when: CategoryRegistration
                switch (args.text("when"), args.milliseconds("after")) {
                case ("at-launch"?, nil): when = .atLaunch
                case ("at-start"?, nil): when = .atStart
                case (nil, let ms?): when = .after(milliseconds: ms)
                default: throw .precondition("host registers-categories: give one of at-launch, at-start, after D")
                }
                value = HostCategories(categories: categories, when: when)
            }
            context.configuration.host.registersCategories = value
            try context.applyIfInstalled(.registersCategories(value))
        }
        add(
            "ios", [Parameter("version", .version)], role: .setting, topic: app,
            "the iOS version (default 18.1; 18.0 calls willPresent twice)"
        ) { context, args throws(StepError) in
            if let v = args.version("version") { context.configuration.iosVersion = v.components }
        }
    }
}

extension Vocabulary {
    /// An install-time setting that takes one of a closed set's words.
    fileprivate mutating func settingChoice<T: CaseIterable & RawRepresentable & Sendable>(
        _ words: String, _ type: T.Type, topic: String, _ summary: String,
        store: @escaping @Sendable (inout Configuration, T) -> Void
    ) where T.RawValue == String {
        add(words, [Parameter("value", choices(T.self))], role: .setting, topic: topic, summary) {
            context, args throws(StepError) in
            if let value = args.choice("value", as: T.self) { store(&context.configuration, value) }
        }
    }

    /// A core runtime setting that takes one of a closed set's words.
    fileprivate mutating func runtimeChoice<T: CaseIterable & RawRepresentable & Sendable>(
        _ words: String, _ type: T.Type, topic: String, _ summary: String,
        store: @escaping @Sendable (inout Configuration, T) -> Void,
        setting: @escaping @Sendable (T) -> RuntimeSetting
    ) where T.RawValue == String {
        addRuntimeChoice(
            words, type, topic: topic, summary, store: store,
            apply: { world, value throws(CoreError) in try world.apply(setting(value)) })
    }

    /// A core runtime setting that takes one of these words.
    fileprivate mutating func runtimeChoice(
        _ words: String, _ choices: [String], topic: String, _ summary: String,
        store: @escaping @Sendable (inout Configuration, String) -> Void,
        setting: @escaping @Sendable (String) -> RuntimeSetting
    ) {
        add(words, [Parameter("value", .choice(choices))], role: .runtimeSetting, topic: topic, summary) {
            context, args throws(StepError) in
            guard let value = args.text("value") else { return }
            store(&context.configuration, value)
            try context.applyIfInstalled(setting(value))
        }
    }

    /// A core runtime setting that is `on` or `off`.
    fileprivate mutating func runtimeSwitch(
        _ words: String, topic: String, _ summary: String,
        store: @escaping @Sendable (inout Configuration, Bool) -> Void,
        setting: @escaping @Sendable (Bool) -> RuntimeSetting
    ) {
        addRuntimeSwitch(
            words, topic: topic, summary, store: store,
            apply: { world, on throws(CoreError) in try world.apply(setting(on)) })
    }
}

extension Vocabulary {
    /// A proxy more fits in front of the delegate: the check counts the names it can read,
    /// this the ones made at run time (an interpolated name, lines typed at the REPL).
    static func roomForProxy(_ proxies: [DelegateProxy]) throws(StepError) {
        guard proxies.count < DelegateProxy.maxCount else {
            throw StepError(
                .limit, "too many proxies: an app has at most \(DelegateProxy.maxCount) in front of its delegate")
        }
    }

    /// One name or a list of names (`"chat"`, `[reply, mark-read]`), for `what`.
    static func names(_ value: Value?, for what: String) throws(StepError) -> [String] {
        switch value {
        case .list(let items)?:
            var out: [String] = []
            for item in items {
                guard let text = item.text, !text.isEmpty else { throw .precondition("\(what): expected names") }
                out.append(text)
            }
            return out
        case let single?:
            guard let text = single.text, !text.isEmpty else { throw .precondition("\(what): expected a name or a list") }
            return [text]
        case nil:
            throw .precondition("\(what): expected a name or a list")
        }
    }
}

extension Vocabulary {
    /// Room for one more category, action or app group, of which the app has `count`: the
    /// check counts the lines it can see, this the ones made at run time (lines in a loop,
    /// typed at the REPL).
    static func roomToDeclare(_ count: Int, _ what: String) throws(StepError) {
        guard count < Configuration.maxDeclared else {
            throw StepError(.limit, "too many \(what): an app declares at most \(Configuration.maxDeclared)")
        }
    }

    /// The configuration lists' length budgets, for the check (``Registry/limitCount(of:to:what:)``).
    mutating func registerConfigurationBudgets() {
        limitCount(of: "category", to: Configuration.maxDeclared, what: "categories")
        limitCount(of: "action", to: Configuration.maxDeclared, what: "actions")
        limitCount(of: "app-group", to: Configuration.maxDeclared, what: "app groups")
    }
}
