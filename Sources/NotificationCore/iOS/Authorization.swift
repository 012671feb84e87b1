// Authorization, Settings › Notifications, interruption levels, Focus and the scheduled
// summary (docs/APP.md "Authorization, Focus and the summary"): what iOS does with a
// notification once it has decided to present it. Apple, "Asking permission to use
// notifications", "UNAuthorizationOptions.provisional", "UNNotificationInterruptionLevel";
// krelltunez/dayGLANCE PR 1025, LoopKit/Loop PR 2520 (levels without entitlements),
// pasrom/meeting-transcriber PR 602 (Focus silences active), braze-inc/braze-docs PR 2300
// (summary takes active), OneSignal/OneSignal-iOS-SDK PR 442 (provisional is quiet),
// LoopFollow PR 638 (foreground options decide, also for passive).

/// An option the app asks for when it requests authorization.
public enum AuthorizationOption: String, CaseIterable, Hashable, Sendable {
    case alert, sound, badge
    /// `UNAuthorizationOptions.criticalAlert`: granted only with the critical-alerts entitlement.
    case criticalAlert = "critical-alert"

    /// What an app requests when a scenario does not say: alert, sound, badge.
    public static let standard: [AuthorizationOption] = [.alert, .sound, .badge]
}

/// The ringer switch (`ringer ring|silent`): silent, no notification sound plays, except a
/// qualifying critical one (SPEC §2.10, §2.16).
public enum Ringer: String, CaseIterable, Hashable, Sendable {
    case ring, silent
}

/// The user's answer to the app's request (`authorization …`).
public enum Authorization: Hashable, Sendable {
    case notDetermined
    case denied
    /// Delivered quietly; `requests` is what the app asked for, turned on by "Deliver Prominently".
    case provisional(requests: [AuthorizationOption])
    case authorized

    /// `authorization not-determined`, `permission denied` (revision 2's spelling, kept),
    /// `authorization provisional requests alert`, `permission granted`.
    public var spelled: String {
        switch self {
        case .notDetermined: return "authorization not-determined"
        case .denied: return "permission denied"
        case .authorized: return "permission granted"
        case .provisional(let requests):
            return "authorization provisional"
                + (requests == AuthorizationOption.standard ? "" : " requests " + Self.spelled(requests))
        }
    }

    /// `alert`, `[alert, critical-alert]`.
    static func spelled(_ requests: [AuthorizationOption]) -> String {
        requests.count == 1 ? requests[0].rawValue : "[\(requests.map(\.rawValue).joined(separator: ", "))]"
    }
}

/// Settings › Notifications › the app.
public enum NotificationSettingName: String, CaseIterable, Hashable, Sendable {
    case banners, sounds, badges
    case lockScreen = "lock-screen"
    case notificationCenter = "notification-center"
    /// Settings › Critical Alerts: on when granted (SPEC §2.10, §2.16).
    case criticalAlerts = "critical-alerts"

    /// The option that turns this switch on from provisional (Deliver Prominently).
    public var option: AuthorizationOption {
        switch self {
        case .sounds: return .sound
        case .badges: return .badge
        case .criticalAlerts: return .criticalAlert
        case .banners, .lockScreen, .notificationCenter: return .alert
        }
    }
}

/// The switches of Settings › Notifications for the app (all on by default).
public struct NotificationSettings: Hashable, Sendable {
    private var off: Set<NotificationSettingName> = []
    public init() {}

    public subscript(_ name: NotificationSettingName) -> Bool {
        get { !off.contains(name) }
        set { if newValue { off.remove(name) } else { off.insert(name) } }
    }

    /// `setting banners off`, … for each switch that is off, in the reference's order.
    public var lines: [String] {
        NotificationSettingName.allCases.filter { !self[$0] }.map { "setting \($0.rawValue) off" }
    }
}

/// Focus (`focus on [allows app] [no-time-sensitive]`, `focus off`).
public enum FocusMode: Hashable, Sendable {
    case off
    case on(allowsApp: Bool, noTimeSensitive: Bool)

    public var spelled: String {
        switch self {
        case .off: return "focus off"
        case .on(let allows, let noTimeSensitive):
            return "focus on" + (allows ? " allows app" : "") + (noTimeSensitive ? " no-time-sensitive" : "")
        }
    }
}

/// `aps.interruption-level`.
public enum InterruptionLevel: String, CaseIterable, Hashable, Sendable {
    case passive, active
    case timeSensitive = "time-sensitive"
    case critical
}

/// How iOS presents a notification, once decided.
struct Interruption {
    var presentation: Presentation
    /// The sound that plays; nil: none.
    var sound: String?
    /// Whether the notification is kept in the center (lock screen or notification center on).
    var kept = true
    /// Why its sound did not play, for a negative event (SPEC §2.16); nil: it played, or there
    /// was none, or another note says why.
    var soundNotPlayed: String?
    /// Why it is presented this way, for the trace; empty when nothing changed it.
    var notes: [String] = []
}

extension Configuration {
    /// Whether iOS presents alerts at all: authorized with banners, lock screen or
    /// notification center on, or provisional.
    var alertsAllowed: Bool {
        switch authorization {
        case .notDetermined, .denied: return false
        case .provisional: return true
        case .authorized:
            return settings[.banners] || settings[.lockScreen] || settings[.notificationCenter]
        }
    }

    /// Whether a delivered badge is set: authorized with badges on (provisional: none, modelled).
    var badgesAllowed: Bool { authorization == .authorized && settings[.badges] }

    /// The settings Allow Notifications turns on: every one, or from provisional ("Deliver
    /// Prominently") only what the app requested.
    var enabledSettings: NotificationSettings {
        var settings = NotificationSettings()
        guard case .provisional(let requests) = authorization else { return settings }
        for name in NotificationSettingName.allCases where name != .criticalAlerts {
            settings[name] = requests.contains(name.option)
        }
        return settings
    }

    /// What the app requested when it asked for authorization; nil: the scenario does not say
    /// (revision 3: every option granted where entitled).
    var requestedOptions: [AuthorizationOption]? {
        if case .provisional(let requests) = authorization, requests != AuthorizationOption.standard { return requests }
        return authorizedRequests
    }

    /// Why a `critical` notification does not qualify, as the trace says it; nil: it does
    /// (SPEC §2.10: the entitlement, critical-alert requested or no requests at all, Settings ›
    /// Critical Alerts on, a sound with `critical: 1`).
    func criticalProblem(criticalSound: Bool) -> String? {
        if !entitlements.contains(.criticalAlerts) { return "critical without the critical-alerts entitlement acts as active" }
        if let requested = requestedOptions, !requested.contains(.criticalAlert) {
            return "critical acts as active (critical-alert not requested)"
        }
        if !settings[.criticalAlerts] { return "critical acts as active (setting critical-alerts off)" }
        if !criticalSound { return "critical without a critical sound (sound with critical: 1) acts as active" }
        return nil
    }

    /// Why alerts are not presented, for the trace.
    var alertsOffReason: String {
        switch authorization {
        case .denied: return "alerts are off (permission denied)"
        case .notDetermined: return "alerts are off (authorization not-determined: the user was never asked)"
        default: return "alerts off: banners, lock screen and notification center are off in Settings"
        }
    }

    /// Why badges are not set, for the trace.
    var badgesOffReason: String {
        switch authorization {
        case .denied: return "badges are off (permission denied)"
        case .notDetermined: return "badges are off (authorization not-determined)"
        case .provisional: return "badges are off (provisional authorization delivers quietly)"
        case .authorized: return "badges are off (setting badges off)"
        }
    }
}

extension World {
    /// The level iOS applies to `content`: its `interruption-level`, where the app may use it.
    func effectiveLevel(of content: NotificationContent) -> (level: InterruptionLevel, note: String?) {
        let aps = content.userInfo["aps"]
        let written = aps?["interruption-level"]?.stringValue.flatMap(InterruptionLevel.init(rawValue:)) ?? .active
        switch written {
        case .timeSensitive where !configuration.entitlements.contains(.timeSensitive):
            return (.active, "time-sensitive without the entitlement acts as active")
        case .critical:
            let problem = configuration.criticalProblem(criticalSound: aps?["sound"]?["critical"]?.integerValue == 1)
            return problem.map { (.active, $0) } ?? (.critical, nil)
        default:
            return (written, nil)
        }
    }

    /// The sound a payload names: `aps.sound` as a string, or its `name`.
    static func sound(of content: NotificationContent) -> String? {
        let sound = content.userInfo["aps"]?["sound"]
        return sound?.stringValue ?? sound?["name"]?.stringValue
    }

    /// How iOS presents `content`, asked for `requested` (`banner` outside the foreground; in
    /// the foreground what the delegate passed, with `.sound` unless it passed nothing).
    func interruption(for content: NotificationContent, requested: Presentation) -> Interruption {
        var out = Interruption(presentation: requested, sound: Self.sound(of: content))
        let foreground = appState == .foreground
        if case .provisional = configuration.authorization {
            out.presentation = .list
            out.sound = nil
            out.notes.append("provisional: delivered quietly, in the list only")
            return out
        }
        let (level, note) = effectiveLevel(of: content)
        if let note { out.notes.append(note) }
        if !configuration.settings[.banners], out.presentation == .banner {
            out.presentation = .list
            out.notes.append("setting banners off: in the list only")
        }
        if !configuration.settings[.sounds] { out.sound = nil }
        if level == .passive && !foreground {
            out.presentation = .list
            out.sound = nil
            out.notes.append("passive: in the list, no sound")
        }
        let summarized = configuration.summary && (level == .passive || level == .active)
        if summarized {
            out.presentation = .summary
            out.sound = nil
            out.notes.append("summary on: held for the next scheduled summary")
        } else if case .on(let allowsApp, let noTimeSensitive) = configuration.focus, !allowsApp {
            switch level {
            case .passive, .active:
                out.presentation = .list
                out.sound = nil
                out.notes.append("Focus: \(level.rawValue) is silenced, in the list")
            case .timeSensitive where noTimeSensitive:
                out.presentation = .list
                out.sound = nil
                out.notes.append("Focus without time-sensitive notifications: in the list")
            case .timeSensitive, .critical:
                out.notes.append("\(level.rawValue) breaks through Focus")
            }
        }
        if configuration.ringer == .silent, let sound = out.sound {
            if level == .critical {
                out.notes.append("critical: its sound plays through the silent ringer")
            } else {
                out.sound = nil
                out.soundNotPlayed = "\(ScenarioText.quoted(sound)) not played: the ringer is silent"
            }
        }
        if out.presentation != .summary && !configuration.settings[.lockScreen]
            && !configuration.settings[.notificationCenter]
        {
            out.kept = false
            out.notes.append("lock screen and notification center off: not kept")
        }
        return out
    }

    // MARK: The user's switches

    /// `user disables-notifications` / `user enables-notifications` (and `permission …` after
    /// the first action): Allow Notifications off, or on with every setting on — from
    /// provisional ("Deliver Prominently") only what the app requested.
    public mutating func userSetsNotifications(enabled: Bool) throws(CoreError) {
        beginStep(enabled ? "user enables-notifications" : "user disables-notifications")
        applyNotifications(enabled: enabled)
        try endStep()
    }

    mutating func applyNotifications(enabled: Bool) {
        guard enabled else {
            configuration.authorization = .denied
            record(.setting, "Allow Notifications off: authorization denied; delivered notifications stay")
            return
        }
        let settings = configuration.enabledSettings
        if case .provisional(let requests) = configuration.authorization {
            record(
                .setting,
                "Deliver Prominently: authorized with what the app requested (\(requests.map(\.rawValue).joined(separator: ", ")))"
            )
            configuration.authorizedRequests = configuration.requestedOptions
        } else {
            record(.setting, "Allow Notifications on: authorized, every setting on")
        }
        configuration.authorization = .authorized
        configuration.settings = settings
    }
}
