// Removing delivered notifications (docs/APP.md "Removing delivered notifications"): a push
// names what to remove (`removes` in its payload); the host's `didReceiveRemoteNotification`
// or the service extension removes it with `removeDeliveredNotifications(withIdentifiers:)`.
// A remote notification's identifier is its collapse id, else one the server cannot know.

/// What a removal push asks for: `"removes": {"id": "ID"}`, `{"thread": "T"}` or `"all"`.
public enum Removal: Hashable, Sendable {
    case id(String)
    case thread(String)
    case all

    /// The removal a payload carries; nil when it carries none (or one of another shape).
    public static func of(_ payload: JSONValue) -> Removal? {
        guard let removes = payload["removes"] else { return nil }
        if removes.stringValue == "all" { return .all }
        if let id = removes["id"]?.stringValue { return .id(id) }
        if let thread = removes["thread"]?.stringValue { return .thread(thread) }
        return nil
    }

    /// The payload's `removes` value.
    public var json: JSONValue {
        switch self {
        case .id(let id): return .object([JSONMember("id", .string(id))])
        case .thread(let thread): return .object([JSONMember("thread", .string(thread))])
        case .all: return .string("all")
        }
    }

    /// `removes "ID"`, `removes-thread "T"`, `removes all`: as a scenario spells it.
    public var spelled: String {
        switch self {
        case .id(let id): return "removes \(ScenarioText.quoted(id))"
        case .thread(let thread): return "removes-thread \(ScenarioText.quoted(thread))"
        case .all: return "removes all"
        }
    }

    /// Whether `banner` is one this removal names.
    func matches(_ banner: Banner) -> Bool {
        switch self {
        case .id(let id): return banner.collapseID == id
        case .thread(let thread): return banner.threadID == thread
        case .all: return true
        }
    }
}

extension World {
    /// `who` removes the delivered notifications `removal` names; `sparing` a push's own
    /// notification (a `removes "ID"` push leaves the notification it adds itself).
    mutating func removeDelivered(_ removal: Removal, by who: String, for pushID: String, sparing: String? = nil) {
        let removed = banners.filter { removal.matches($0) && $0.pushID != sparing }
        guard !removed.isEmpty else {
            record(.bannerRemoved, "\(who) removes what \(pushID) names (\(removal.spelled)): no delivered notification matches")
            return
        }
        let ids = Set(removed.map(\.id))
        banners.removeAll { ids.contains($0.id) }
        record(
            .bannerRemoved,
            "\(removed.map(\.id).joined(separator: ", ")) (\(who) removes what \(pushID) names: \(removal.spelled))")
    }

    /// `host removes-delivered on-silent`: the host's `didReceiveRemoteNotification` acts on a
    /// push's `removes` (iOS must call it: not for a force-quit app, nor when throttled or held
    /// back by Background App Refresh or Low Power Mode).
    mutating func hostRemovesDelivered(_ userInfo: JSONValue, pushID: String) {
        guard configuration.host.removesDelivered == .onSilent, let removal = Removal.of(userInfo) else { return }
        let sparing: String? = if case .id = removal { pushID } else { nil }
        removeDelivered(removal, by: "the host", for: pushID, sparing: sparing)
    }
}
