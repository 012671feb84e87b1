// Categories and actions (docs/APP.md "Categories and actions"). The category registry is iOS
// state for the app: it survives the process. Each `setNotificationCategories` call replaces
// it — the host's (`host registers-categories`) and a proxy's (`proxy NAME
// registers-categories`). The category is looked up when the user picks an action. Apple,
// "setNotificationCategories(_:)" ("replacing any previously registered categories"),
// "UNNotificationActionOptions"; openhab/openhab-ios PR 1196; element-hq/element-ios#3301.

/// How an action runs (`action A foreground|background|text-input`).
public enum ActionKind: String, CaseIterable, Hashable, Sendable {
    /// Brings the app to the foreground, as a tap.
    case foreground
    /// Runs the app's code where it is (launching it into the background when not running).
    case background
    /// A background action with a text field (a reply).
    case textInput = "text-input"
}

/// An action the app declares (`action A KIND [auth-required]`).
public struct NotificationAction: Hashable, Sendable {
    public var name: String
    public var kind: ActionKind
    /// Performed only with the device unlocked.
    public var authRequired: Bool
    public init(name: String, kind: ActionKind, authRequired: Bool = false) {
        self.name = name
        self.kind = kind
        self.authRequired = authRequired
    }
}

/// A category the app declares (`category C actions A[,A]`).
public struct NotificationCategory: Hashable, Sendable {
    public var name: String
    public var actions: [String]
    public init(name: String, actions: [String]) {
        self.name = name
        self.actions = actions
    }
}

/// When the host calls `setNotificationCategories`, in every process.
public enum CategoryRegistration: Hashable, Sendable {
    case atLaunch
    case atStart
    case after(milliseconds: Int64)

    /// `at-launch`, `after 2s`.
    public var spelled: String {
        switch self {
        case .atLaunch: return "at-launch"
        case .atStart: return "at-start"
        case .after(let ms): return "after \(TimeFormat.duration(ms))"
        }
    }
}

/// `host registers-categories C[,C] WHEN`.
public struct HostCategories: Hashable, Sendable {
    public var categories: [String]
    public var when: CategoryRegistration
    public init(categories: [String], when: CategoryRegistration) {
        self.categories = categories
        self.when = when
    }
}

extension HostCategories {
    /// `host registers-categories [a, b] at-launch`, or `host registers-categories none`.
    public static func line(_ value: HostCategories?) -> String {
        guard let value else { return "host registers-categories none" }
        return "host registers-categories \(ScenarioText.wordList(value.categories)) \(value.when.spelled)"
    }
}

/// What became of an action the user picked (`expect action`).
public struct ActionRecord: Hashable, Sendable {
    public var name: String
    public var text: String?
    /// Whether the app's delegate got the response.
    public var received = false
}

/// An action response on its way to the app: which record it is.
struct ActionResponse: Hashable, Sendable {
    var index: Int
    var name: String
    var kind: ActionKind
    var text: String?
}

/// An action the user picked on a locked device, performed at the next unlock.
struct PendingAction: Hashable, Sendable {
    var banner: Banner
    var response: ActionResponse
}

extension World {
    /// The categories registered now, in the order the last call gave them.
    public var registeredCategories: [String] { device.categories }

    /// The newest action the user picked; nil before any.
    public var newestAction: ActionRecord? { actions.last }

    /// `setNotificationCategories` by `who`: the registry is replaced.
    mutating func setCategories(_ categories: [String], by who: String) {
        let old = device.categories
        device.categories = categories
        let list = categories.isEmpty ? "none" : categories.joined(separator: ", ")
        let replaced = old.isEmpty || old == categories ? "" : " (replacing \(old.joined(separator: ", ")))"
        record(.host, "\(who) calls setNotificationCategories: \(list)\(replaced)")
    }

    /// A process's launch registers what registers at launch: the host (`at-launch`), then each
    /// proxy, in chain order. The install's launch runs the host's timed setup too, as if its
    /// time had passed: a host that registers later replaces the proxies'.
    mutating func registerCategoriesAtLaunch(isInstall: Bool) {
        let host = configuration.host.registersCategories
        if let host, host.when == .atLaunch { setCategories(host.categories, by: "the host") }
        for proxy in configuration.proxies {
            if let categories = proxy.registersCategories { setCategories(categories, by: "proxy \(proxy.name)") }
        }
        guard let host, host.when != .atLaunch, let process else { return }
        if isInstall {
            setCategories(host.categories, by: "the host")
        } else if case .after(let ms) = host.when {
            scheduler.schedule(.categoriesRegistered(process: process.number), at: now + ms)
        }
    }

    /// The host's `start` step registers `at-start` categories.
    mutating func registerCategoriesAtStart() {
        guard let host = configuration.host.registersCategories, host.when == .atStart else { return }
        setCategories(host.categories, by: "the host")
    }

    /// `after D`: the host registers, in the process that scheduled it.
    mutating func registerCategoriesLater(process number: Int) {
        guard process?.number == number, let host = configuration.host.registersCategories else { return }
        setCategories(host.categories, by: "the host")
    }

    /// The user picks action `name` on the banner `target` names (`tap action A`).
    public mutating func tapAction(_ name: String, on target: TapTarget, text: String? = nil) throws(CoreError) {
        let index = try bannerIndex(for: target)
        let banner = banners[index]
        let category = banner.userInfo["aps"]?["category"]?.stringValue
        guard let category else {
            throw .precondition("tap action \(name): \(banner.id) has no category (aps.category), so no actions")
        }
        guard device.categories.contains(category) else {
            let held = device.categories.isEmpty ? "none" : device.categories.joined(separator: ", ")
            throw .precondition(
                "tap action \(name): \(banner.id)'s category \(category) is not registered now (the registry holds \(held)), so iOS shows no actions"
            )
        }
        guard configuration.categories.first(where: { $0.name == category })?.actions.contains(name) == true,
            let action = configuration.actions.first(where: { $0.name == name })
        else {
            throw .precondition("tap action \(name): category \(category) has no action \(name)")
        }
        if text != nil && action.kind != .textInput {
            throw .precondition("tap action \(name): only a text-input action takes text")
        }
        beginStep("tap action \(name)" + target.suffix + (text.map { " text \(ScenarioText.quoted($0))" } ?? ""))
        actions.append(ActionRecord(name: name, text: text))
        let response = ActionResponse(index: actions.count - 1, name: name, kind: action.kind, text: text)
        banners.remove(at: index)
        record(.tap, "action \(name) on \(banner.id) from \(banner.pushID) (\(action.kind.rawValue))")
        if deviceLock != .unlocked && (action.authRequired || action.kind == .foreground) {
            pendingActions.append(PendingAction(banner: banner, response: response))
            record(.tapRemembered, "action \(name) waits for the device to unlock")
        } else {
            performAction(response, on: banner)
        }
        try endStep()
    }

    /// Actions picked on a locked device run at the unlock.
    mutating func performPendingActions() {
        let pending = pendingActions
        pendingActions = []
        for each in pending {
            record(.tapReplayed, "action \(each.response.name) on \(each.banner.id) at the unlock")
            performAction(each.response, on: each.banner)
        }
    }

    /// iOS hands the response to the app: a foreground action as a tap; a background one where
    /// the app is, launching a stopped app into the background.
    private mutating func performAction(_ response: ActionResponse, on banner: Banner) {
        if response.kind == .foreground {
            deliverResponse(to: banner, action: response, foreground: true)
            return
        }
        if process == nil {
            launchProcess(
                into: .background, launchPayload: nil, reason: "action \(response.name) on \(banner.id)")
        }
        deliverResponse(to: banner, action: response, foreground: false)
    }

    /// The app's code got the response to an action.
    mutating func actionReceived(_ response: ActionResponse, pushID: String) {
        guard response.index < actions.count else { return }
        actions[response.index].received = true
        let text = response.text.map { " with text \(ScenarioText.quoted($0))" } ?? ""
        record(.host, "the app's code handles action \(response.name) on \(pushID)\(text)")
    }
}
