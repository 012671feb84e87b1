// The app's process: cold launches, foreground and background, force-quit and termination.

/// One run of the app: what lives in memory dies with it (docs/CORE.md "process").
struct AppProcess: Hashable, Sendable {
    /// 1, 2, … per launch.
    var number: Int
    /// Whether the host has assigned the notification-center delegate in this process.
    var delegateAssigned: Bool
    /// The SDK's in-memory state (``World/processState(of:)``).
    var sdk: SDKBox
    /// Where the host's own navigation took the app (`expect route`).
    var route: String?
    /// A route the host's code kept in the background, for the next foreground.
    var pendingRoute: String?
    /// Calls into the delegate chain still in progress (DelegateChain.swift), by number.
    var calls: [Int: ChainCall] = [:]
    /// Whether the host has created its `PKPushRegistry` in this process (PushKit.swift).
    var pushKitRegistry = false
    /// VoIP pushes waiting for a registry, by index in ``World/pushes``.
    var waitingVoIP: [Int] = []
    /// Whether the process has reported a call to CallKit (it lasts until the process ends).
    var callKitCall = false
}

extension World {
    /// The delegate that receives `willPresent` and `didReceive(response)` now; nil when the
    /// app has none (choice `none`, not assigned yet in this process, or not running).
    var activeDelegate: DelegateChoice? {
        guard let process, process.delegateAssigned else { return nil }
        let choice = configuration.effectiveDelegate
        return choice == .none ? nil : choice
    }

    /// Starts a new process in `state` (`foreground` or `background`) on `host`, with nothing
    /// started, and runs `didFinishLaunching`. `isInstall`: the process of the install, which
    /// the host set up before the scenario's first step (no launch callbacks).
    mutating func launchProcess(
        into state: AppState, launchPayload: JSONValue?, reason: String, isInstall: Bool = false
    ) {
        processCount += 1
        let assignedAtLaunch = isInstall || configuration.delegateAssignment == .atLaunch
        process = AppProcess(number: processCount, delegateAssigned: assignedAtLaunch, sdk: plugin.initialProcess)
        appState = state
        screen = .host
        record(
            .app,
            "\(isInstall ? "launched" : "cold launch") (\(reason)) into \(state.rawValue) on host, process #\(processCount)"
        )
        registerCategoriesAtLaunch(isInstall: isInstall)
        createPushKitRegistryAtLaunch(isInstall: isInstall)
        if isInstall { return }
        if assignedAtLaunch, configuration.effectiveDelegate != .none {
            record(
                .host,
                "didFinishLaunching assigns the notification-center delegate (\(configuration.word(for: configuration.effectiveDelegate)))"
            )
        }
        hostDidFinishLaunching(launchPayload: launchPayload)
        if let launchPayload { hostNavigates(userInfo: launchPayload, pushID: pushID(of: launchPayload), from: .launchOptions) }
        if state == .foreground { hostDidBecomeForeground() }
    }

    /// The host assigns the delegate when it calls `start()`/`authorize` (`delegate-assigned at-start`).
    public mutating func assignDelegateAtStart() {
        guard var current = process, !current.delegateAssigned, configuration.delegateAssignment == .atStart else {
            return
        }
        current.delegateAssigned = true
        process = current
        if configuration.effectiveDelegate != .none {
            record(
                .host,
                "assigns the notification-center delegate (\(configuration.word(for: configuration.effectiveDelegate))) at start"
            )
        }
    }

    /// Ends the process: the app becomes `killed` or `terminated`; in-memory state is gone.
    mutating func endProcess(becoming state: AppState, reason: String) {
        let wasRunning = process != nil
        process = nil
        appState = state
        screen = .host
        device.foregroundProcessAtLock = nil
        record(.app, "\(state.rawValue) (\(reason))")
        if wasRunning { hostProcessEnded() }
    }

    /// A running app comes to the foreground on the screen it was on.
    mutating func bringToForeground(reason: String) {
        guard appState == .background else { return }
        appState = .foreground
        record(.app, "foreground (\(reason)) on \(screen.rawValue)")
        hostDidBecomeForeground()
    }

    /// A foreground app goes to the background, keeping its screen.
    mutating func sendToBackground(reason: String) {
        guard appState == .foreground else { return }
        appState = .background
        record(.app, "background (\(reason))")
    }

    /// The SDK's chat screen is shown (foreground: the chat is open).
    public mutating func showChat(_ reason: String) {
        screen = .chat
        if appState == .foreground {
            record(.chatOpened, "chat \(currentChatID) open (\(reason))")
        } else {
            record(.chatOpened, "chat \(currentChatID) shown in the \(appState.rawValue) app (\(reason))")
        }
    }
}
