import NotificationCore
import ScenarioLanguage

extension Vocabulary {
    /// Configuration (docs/COMMANDS.md): install-time settings write the configuration; runtime
    /// settings also change the installed world.
    mutating func registerSettings() {
        let app = "App and device"
        let kindly = "Kindly"
        let edna = "edna"
        let host = "Host app"

        for sdk in ChatSDK.allCases {
            add(
                "sdk \(sdk.rawValue)", [Parameter("version", .version, optional: true)], role: .setting, topic: app,
                "the chat SDK the app integrates, and its version"
            ) { context, args throws(StepError) in
                context.configuration.sdk = sdk
                if let v = args.version("version") {
                    context.configuration.sdkVersion = v.components
                } else {
                    context.configuration.sdkVersion = sdk.defaultVersion
                }
            }
        }
        add(
            "extension", [Parameter("kind", .choice(["none", "kindly", "other"]))], role: .setting, topic: kindly,
            "the notification service extension the app ships"
        ) { context, args throws(StepError) in
            context.configuration.serviceExtension = args.choice("kind", as: ServiceExtension.self) ?? .none
        }
        add(
            "extension kindly undetected", role: .setting, topic: kindly,
            "a Kindly extension that works but that detection cannot see"
        ) { context, _ throws(StepError) in
            context.configuration.serviceExtension = .kindlyUndetected
        }
        add(
            "keychain", [Parameter("sharing", choices(KeychainSharing.self))], role: .setting, topic: kindly,
            "whether app and extension share the keychain access group"
        ) { context, args throws(StepError) in
            context.configuration.keychainSharing = args.choice("sharing", as: KeychainSharing.self) ?? .shared
        }
        add(
            "keychain access", [Parameter("accessibility", choices(KeychainAccessibility.self))], role: .setting,
            topic: kindly, "when the SDK's key in the keychain is readable"
        ) { context, args throws(StepError) in
            context.configuration.keychainAccessibility =
                args.choice("accessibility", as: KeychainAccessibility.self) ?? .afterFirstUnlock
        }
        add("app bundle", [Parameter("id", .text)], role: .setting, topic: app, "the app's bundle id") {
            context, args throws(StepError) in
            context.configuration.bundleID = args.text("id") ?? context.configuration.bundleID
        }
        add(
            "app environment", [Parameter("environment", choices(APNsEnvironment.self))], role: .setting, topic: app,
            "the build's APNs environment"
        ) { context, args throws(StepError) in
            context.configuration.environment = args.choice("environment", as: APNsEnvironment.self) ?? .production
        }
        add("app version", [Parameter("version", .version)], role: .setting, topic: app, "the app's version") {
            context, args throws(StepError) in
            if let v = args.version("version") { context.configuration.appVersion = v.components }
        }
        add(
            "kindly server extension-version", [Parameter("version", .version)], role: .setting, topic: kindly,
            "the app version that ships the extension; older versions get silent pushes"
        ) { context, args throws(StepError) in
            context.configuration.kindlyServerExtensionVersion = args.version("version")?.components
        }
        add(
            "edna server", [Parameter("credential", choices(EdnaCredential.self))],
            options: [Option("bundle", .text), Option("environment", choices(APNsEnvironment.self))],
            role: .setting, topic: edna,
            "edna's APNs settings (default: p8, the app's bundle id, production)"
        ) { context, args throws(StepError) in
            context.configuration.ednaServer = EdnaServerSettings(
                credential: args.choice("credential", as: EdnaCredential.self) ?? .p8,
                bundleID: args.text("bundle"),
                environment: args.choice("environment", as: APNsEnvironment.self) ?? .production)
        }
        add("edna server off", role: .setting, topic: edna, "edna's server sends nothing") {
            context, _ throws(StepError) in
            context.configuration.ednaServer = nil
        }
        add(
            "edna template", [Parameter("kind", choices(EdnaTemplateKind.self)), Parameter("json", .text)],
            role: .runtimeSetting, topic: edna, "replace the push template of a kind ('…' raw strings suit JSON)"
        ) { context, args throws(StepError) in
            let kind = args.choice("kind", as: EdnaTemplateKind.self) ?? .message
            let json = args.text("json") ?? ""
            switch kind {
            case .message: context.configuration.ednaMessageTemplate = json
            case .campaign: context.configuration.ednaCampaignTemplate = json
            }
            try context.applyIfInstalled(.ednaTemplate(kind: kind, json: json))
        }
        for sdk in ChatSDK.allCases {
            add(
                "host \(sdk.rawValue)", [Parameter("wiring", choices(HostWiring.self))], role: .runtimeSetting,
                topic: host, "the host's wiring of the \(sdk.rawValue) SDK: the recommended one, or none (manual)"
            ) { context, args throws(StepError) in
                let wiring = args.choice("wiring", as: HostWiring.self) ?? .recommended
                switch sdk {
                case .kindly:
                    context.configuration.kindlyHost = wiring
                    try context.applyIfInstalled(.kindlyHost(wiring))
                case .edna:
                    context.configuration.ednaHost = wiring
                    try context.applyIfInstalled(.ednaHost(wiring))
                }
            }
        }
        runtimeChoice(
            "mode", NotificationMode.self, topic: kindly,
            "Kindly's notificationMode; later changes take effect at the next register",
            store: { $0.mode = $1 }, setting: { .mode($0) })
        runtimeChoice(
            "delegate", DelegateChoice.self, topic: host, "the notification-center delegate",
            store: { $0.delegate = $1 }, setting: { .delegate($0) })
        runtimeChoice(
            "should-handle", ShouldHandle.self, topic: kindly,
            "Kindly's shouldHandleNotification delegate: not set, or answering true or false",
            store: { $0.shouldHandle = $1 }, setting: { .shouldHandle($0) })
        add(
            "open-on-tap", [Parameter("open", .boolean)], role: .runtimeSetting, topic: kindly,
            "Kindly's openChatOnNotificationTap"
        ) { context, args throws(StepError) in
            let b = args.bool("open") ?? true
            context.configuration.openOnTap = b
            try context.applyIfInstalled(.openOnTap(b))
        }
        add(
            "extension-delay", [Parameter("delay", .duration)], role: .runtimeSetting, topic: kindly,
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
        for sdk in ChatSDK.allCases {
            let topic = sdk.writer
            runtimeSwitch(
                "\(sdk.rawValue) server duplicate-token", topic: topic,
                "the server holds the device's token twice and sends each message twice",
                store: { configuration, on in configuration.update(sdk) { $0.duplicateToken = on } },
                setting: { .serverDuplicateToken(sdk, $0) })
            runtimeChoice(
                "\(sdk.rawValue) server collapse-id", ServerCollapseID.self, topic: topic,
                "message: the server sets apns-collapse-id to the message id",
                store: { configuration, value in configuration.update(sdk) { $0.collapseID = value } },
                setting: { .serverCollapseID(sdk, $0) })
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
    /// A runtime setting that takes one of a closed set's words: it writes the
    /// configuration and, once the app is installed, changes the world too.
    fileprivate mutating func runtimeChoice<T: CaseIterable & RawRepresentable & Sendable>(
        _ words: String, _ type: T.Type, topic: String, _ summary: String,
        store: @escaping @Sendable (inout Configuration, T) -> Void,
        setting: @escaping @Sendable (T) -> RuntimeSetting
    ) where T.RawValue == String {
        add(words, [Parameter("value", choices(T.self))], role: .runtimeSetting, topic: topic, summary) {
            context, args throws(StepError) in
            guard let value = args.choice("value", as: T.self) else { return }
            store(&context.configuration, value)
            try context.applyIfInstalled(setting(value))
        }
    }
}

extension Vocabulary {
    /// A runtime setting that is `on` or `off`.
    fileprivate mutating func runtimeSwitch(
        _ words: String, topic: String, _ summary: String,
        store: @escaping @Sendable (inout Configuration, Bool) -> Void,
        setting: @escaping @Sendable (Bool) -> RuntimeSetting
    ) {
        add(words, [Parameter("value", .choice(["on", "off"]))], role: .runtimeSetting, topic: topic, summary) {
            context, args throws(StepError) in
            let on = args.text("value") == "on"
            store(&context.configuration, on)
            try context.applyIfInstalled(setting(on))
        }
    }
}

extension ScenarioContext {
    /// Applies a runtime setting to the world if the app is installed (before install,
    /// the configuration alone carries it).
    mutating func applyIfInstalled(_ setting: RuntimeSetting) throws(StepError) {
        guard isInstalled else { return }
        try withWorld { world throws(CoreError) in try world.apply(setting) }
    }
}
