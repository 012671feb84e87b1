// One device, one host app with one chat SDK (or none), that SDK's server, APNs and other providers:
// a value with a virtual clock. Copying a World gives an independent world.

/// The simulated world (docs/CORE.md). A value: a copy evolves independently (the REPL's `:undo`
/// keeps the previous value). No threads, no wall clock, no randomness: two worlds given the
/// same steps produce byte-identical traces.
///
/// Every public mutating method is one step. A step whose precondition fails throws
/// ``CoreError/precondition(_:)`` or ``CoreError/invalid(_:)`` and leaves the world unchanged.
/// After every step docs/CORE.md invariants are checked; a violation throws
/// ``CoreError/invariant(name:detail:)`` (a core bug) and keeps the events that led to it in
/// the trace.
public struct World: Sendable, Hashable {
    /// The configuration: install-time fields as installed, runtime fields as they are now.
    public internal(set) var configuration: Configuration
    /// The SDK the app integrates, as the hooks iOS's callbacks reach.
    var plugin: any ChatSDKPlugin.Type { configuration.sdk.plugin }

    // MARK: Time

    /// Virtual milliseconds since install.
    public internal(set) var now: Int64 = 0
    var scheduler = Scheduler()

    // MARK: The app and the device

    public internal(set) var appState: AppState = .killed
    /// The screen the app shows (meaningful in `background` and `foreground`).
    public internal(set) var screen: Screen = .host
    /// The running process; nil when the app is `killed` or `terminated`.
    var process: AppProcess?
    var processCount = 0
    public internal(set) var deviceLock: DeviceLock = .unlocked
    var device = Device()
    /// The device's connection and the push APNs stores meanwhile.
    var network = Network()

    // MARK: Notifications

    /// The notification center, oldest first (the newest is last).
    public internal(set) var banners: [Banner] = []
    var bannerCount = 0
    /// Notifications the SDK, its extension and iOS added per push id, ever (invariant 2).
    var bannersPerPush: [String: Int] = [:]
    /// Notifications added to the center per message, every source, ever (`expect duplicates`).
    var notificationsPerMessage: [String: Int] = [:]
    /// Service extensions at work, by push id (``extensionJobsInOrder`` in the order they started).
    var extensionJobs: [String: ExtensionJob] = [:]
    /// How many service extensions have started.
    var extensionStarts = 0
    /// Every push command of the case, oldest first.
    public internal(set) var pushes: [PushRecord] = []
    /// Where the newest push a provider step made (`push app`, `push other`, `push raw`) is
    /// in ``pushes``: not an SDK server's push.
    var providerPushIndex: Int?
    /// Messages pushed so far: pushes, less the ones a server sent again.
    var messagesPushed = 0

    // MARK: SDKs and servers

    /// The SDK's server (``serverState(of:)``).
    var sdkServer = SDKBox()
    /// Chats in the order they got their first message.
    public internal(set) var histories: [ChatHistory] = []
    /// Where each chat is in ``histories``.
    var historyIndex: [String: Int] = [:]
    /// Every message a server stored, in order (invariant 3).
    var storedMessages: [StoredMessage] = []
    /// The chat the SDK's chat screen shows.
    public var currentChatID = "chat-1"

    // MARK: Results of calls and host actions

    /// The newest `call`'s outcome; nil before any.
    public internal(set) var lastCall: CallOutcome?
    /// The name of the error the newest `call` or host action threw; nil: it threw nothing.
    public var lastError: String?
    /// The actions the user picked, oldest first (`expect action`).
    public internal(set) var actions: [ActionRecord] = []
    /// Actions picked on a locked device, performed at the next unlock.
    var pendingActions: [PendingAction] = []
    /// The app's own server's tokens and JWT, and what APNs knows of this device (TokenLifecycle.swift).
    var providerSide: ProviderSide {
        get { providerSideStorage.value }
        _modify { yield &providerSideStorage.value }
    }
    private var providerSideStorage = CopyOnWrite(ProviderSide())
    /// PushKit and CallKit (PushKit.swift).
    var voip = VoIPState()
    /// Pushes below this index have let go of their payloads, unless in use then (APNs.swift).
    var payloadsForgotten = 0
    /// Older pushes that were in use when the others let go, looked at again next time.
    var payloadsInUse: [Int] = []
    /// Set while a delaying proxy's token reaches the app (it is not delayed again).
    var tokenDelayPassed = false
    /// The app's crashes, oldest first (`expect crash`).
    public internal(set) var crashes: [String] = []
    /// The newest message the user sent.
    public internal(set) var lastSent: SentMessage?

    // MARK: Records

    /// The trace, oldest first: every event, or the newest ones when ``keeping`` says so.
    public internal(set) var trace: [TraceEvent] = []
    /// The log, oldest first: every line, or the newest ones when ``keeping`` says so.
    public internal(set) var log: [LogLine] = []
    /// How much of the trace and the log the world keeps (all of it unless told otherwise).
    public var keeping: RecordKeeping = .everything
    /// Trace events and log lines recorded before the oldest one kept.
    public internal(set) var droppedEvents = 0
    public internal(set) var droppedLogLines = 0
    var invariantProgress = InvariantProgress()

    /// Installs the app at time 0 (docs/CORE.md "Install").
    ///
    /// Not `fresh`: the app has been launched before — `foreground` on `host`, registered for
    /// pushes (honouring the configuration), and the SDK set up as its plug-in's `install`
    /// says. `fresh`: never launched, no key, no token, `killed`.
    ///
    /// Installing is deterministic, so the installed world of each configuration is kept for
    /// the process (at most 64) and a later install with the same configuration copies it: a
    /// suite installs the same app in case after case.
    public init(configuration: Configuration, fresh: Bool = false) throws(CoreError) {
        self = try Self.installs.value(Install(configuration: configuration, fresh: fresh)) { install in
            do throws(CoreError) {
                return .success(try World(installing: install.configuration, fresh: install.fresh))
            } catch {
                return .failure(error)
            }
        }.get()
    }

    private struct Install: Hashable, Sendable {
        var configuration: Configuration
        var fresh: Bool

        /// A few settings that tell installs apart, cheaply: hashing every setting (strings,
        /// versions, the servers' table) cost more than half of what the kept world saves.
        /// Equality still compares them all.
        func hash(into hasher: inout Hasher) {
            hasher.combine(fresh)
            hasher.combine(configuration.sdk)
            hasher.combine(configuration.serviceExtension)
            hasher.combine(configuration.authorization)
            hasher.combine(configuration.delegate)
        }
    }

    private static let installs = Derivations<Install, Result<World, CoreError>>(limit: 64)

    private init(installing configuration: Configuration, fresh: Bool) throws(CoreError) {
        try Self.validate(configuration)
        self.configuration = configuration
        sdkServer = configuration.sdk.plugin.initialServer
        device.sdk = configuration.sdk.plugin.initialDevice
        record(.install, "\(later: { Self.describeInstall(configuration, fresh: fresh) })")
        if fresh {
            record(.app, "installed, never launched: killed")
        } else {
            launchProcess(into: .foreground, launchPayload: nil, reason: "install", isInstall: true)
        }
        hostInstall(fresh: fresh)
        try checkInvariants()
    }

    // MARK: Observation

    /// Whether the user sees the chat: the app in the foreground on `chat`.
    public var isChatOpen: Bool { appState == .foreground && screen == .chat }

    /// What the newest push command sent and what became of it.
    public var newestPush: PushRecord? { pushes.last }

    /// The newest push a provider step made (`push app`, `push other`, `push raw`), not an SDK
    /// server's: what `expect apns-status` and `expect delivery` read (SPEC §2.16).
    public var newestProviderPush: PushRecord? { providerPushIndex.map { pushes[$0] } }

    /// The value the newest `call` returned; nil when it returned nil or threw, or before any call.
    public var lastResult: JSONValue? {
        if case .returned(let value) = lastCall { return value }
        return nil
    }

    /// How many messages have had two or more notifications added to the notification center
    /// so far: every source (the host's own included), every push; a collapse-id replacement
    /// is not an addition.
    public var duplicates: Int { notificationsPerMessage.values.reduce(0) { $1 >= 2 ? $0 + 1 : $0 } }

    /// A chat's history, oldest first (empty for a chat with no messages).
    public func history(chat: String) -> [HistoryEntry] {
        historyIndex[chat].map { histories[$0].entries } ?? []
    }

    /// The APNs device token the app got when it registered; nil before.
    public var deviceToken: String? { device.token }

    /// Whether the app's process is running.
    public var isRunning: Bool { process != nil }

    /// The running process's number (1, 2, … per launch); nil when the app is not running.
    public var processNumber: Int? { process?.number }

    /// Which installation of the app this is (1 for the first); tokens and keys derive from it.
    public var installation: Int { device.installation }

    // MARK: Helpers

    private static func validate(_ configuration: Configuration) throws(CoreError) {
        let versioned = !configuration.sdk.defaultVersion.isEmpty
        guard !versioned || !configuration.sdkVersion.isEmpty, configuration.sdkVersion.allSatisfy({ $0 >= 0 }) else {
            throw .invalid("sdk: the version must be dot-separated whole numbers")
        }
        guard !configuration.iosVersion.isEmpty, configuration.iosVersion.allSatisfy({ $0 >= 0 }) else {
            throw .invalid("ios: the version must be dot-separated whole numbers")
        }
        guard !configuration.appVersion.isEmpty, configuration.appVersion.allSatisfy({ $0 >= 0 }) else {
            throw .invalid("app version: the version must be dot-separated whole numbers")
        }
        if configuration.serviceExtension == .none {
            if configuration.extensionIncrementsBadge {
                throw .invalid("extension increments-badge: the app ships no service extension (extension none)")
            }
            if configuration.extensionRemovesDelivered {
                throw .invalid("extension removes-delivered: the app ships no service extension (extension none)")
            }
        }
        // Names in sets: each list is read once (thousands of lines once took seconds here).
        let actions = Set(configuration.actions.lazy.map(\.name))
        for category in configuration.categories {
            for action in category.actions where !actions.contains(action) {
                throw .invalid(
                    "category \(category.name): action \(action) is not declared (action \(action) foreground|background|text-input)"
                )
            }
        }
        try configuration.sdk.plugin.validate(configuration)
        try validateRuntime(configuration)
    }

    static func validateRuntime(_ configuration: Configuration) throws(CoreError) {
        guard configuration.extensionDelayMilliseconds >= 0 else {
            throw .invalid("extension-delay: the delay must not be negative")
        }
        if case .after(let ms) = configuration.host.completesFetch, ms < 0 {
            throw .invalid("host completes-fetch: the delay must not be negative")
        }
        // The declared names in a set, made only when something names a category: a runtime
        // setting checks this again, and each list is read once.
        let registers = configuration.host.registersCategories?.categories ?? []
        if !registers.isEmpty || configuration.proxies.contains(where: { $0.registersCategories != nil }) {
            let categories = Set(configuration.categories.lazy.map(\.name))
            for category in registers where !categories.contains(category) {
                throw .invalid(
                    "host registers-categories: category \(category) is not declared (category \(category) actions …)")
            }
            for proxy in configuration.proxies {
                for category in proxy.registersCategories ?? [] where !categories.contains(category) {
                    throw .invalid(
                        "proxy \(proxy.name) registers-categories: category \(category) is not declared (category \(category) actions …)"
                    )
                }
            }
        }
        if let budget = configuration.silentBudget {
            guard budget.count >= 0 else { throw .invalid("silent-budget: the count must not be negative") }
            guard budget.windowMilliseconds > 0 else {
                throw .invalid("silent-budget: the window must be longer than 0s")
            }
        }
    }

    /// `kindly 3.0.12, extension kindly, delegate-assigned at-start`: the SDK, then every
    /// setting that differs from its default install.
    private static func describeInstall(_ configuration: Configuration, fresh: Bool) -> String {
        let differences = configuration.differences()
        let settings = differences.isEmpty ? " (the default install)" : ", " + differences.joined(separator: ", ")
        return (fresh ? "fresh, " : "") + configuration.sdkLine + settings
    }
}

/// Dot-separated versions, compared component by component, numerically (`1.10` > `1.9`).
public enum DottedVersion {
    /// -1, 0 or 1 as `lhs` is older than, the same as, or newer than `rhs` (a missing part is 0).
    public static func compare(_ lhs: [Int], _ rhs: [Int]) -> Int {
        for index in 0..<max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            if left != right { return left < right ? -1 : 1 }
        }
        return 0
    }

    /// `3.0.12`.
    public static func text(_ version: [Int]) -> String { version.map(String.init).joined(separator: ".") }
}

extension World {
    /// A hash of what tells worlds apart, cheaper than ``hash(into:)``, which reads every
    /// field: `scn explore` hashes each world it meets into its set of worlds seen. It reads
    /// a part of what equality compares, so equal worlds hash alike, and a set that hashes
    /// with it is exact (equality compares every field). Not a fingerprint: a shard's
    /// fingerprints hash every field. Left out: what the rest
    /// determines (the history index, the per-push and per-message counters, each push's
    /// and banner's payload, ciphertexts and headers beside what it showed and what became
    /// of it), what a search's steps seldom change (the configuration, the device's keychain,
    /// containers and categories), and the records (a searched world has none). Worlds that
    /// differ only there share a hash, and the set tells them apart by equality, which
    /// compares the configuration first (hashing it cost a search 3% for nothing).
    public func hashForSearch(into hasher: inout Hasher) {
        hasher.combine(now)
        hasher.combine(scheduler)
        hasher.combine(appState)
        hasher.combine(screen)
        hasher.combine(process)
        hasher.combine(processCount)
        hasher.combine(deviceLock)
        hasher.combine(device.installation)
        hasher.combine(device.token)
        hasher.combine(device.installed)
        hasher.combine(device.badge)
        hasher.combine(device.sdk)
        hasher.combine(device.silentDeliveries)
        hasher.combine(network)
        hasher.combine(banners.count)
        for banner in banners {
            hasher.combine(banner.id)
            hasher.combine(banner.pushID)
            hasher.combine(banner.source)
            hasher.combine(banner.title)
            hasher.combine(banner.body)
            hasher.combine(banner.presentation)
        }
        hasher.combine(bannerCount)
        hasher.combine(extensionJobs.count)
        hasher.combine(extensionStarts)
        hasher.combine(pushes.count)
        for push in pushes {
            hasher.combine(push.id)
            hasher.combine(push.sent)
            hasher.combine(push.delivered)
            hasher.combine(push.state)
            hasher.combine(push.apnsAnswer)
        }
        hasher.combine(sdkServer)
        hasher.combine(histories)
        hasher.combine(storedMessages)
        hasher.combine(currentChatID)
        hasher.combine(lastCall)
        hasher.combine(lastError)
        hasher.combine(actions)
        hasher.combine(pendingActions)
        hasher.combine(providerSideStorage)
        hasher.combine(voip)
        hasher.combine(tokenDelayPassed)
        hasher.combine(crashes)
        hasher.combine(lastSent)
    }
}
