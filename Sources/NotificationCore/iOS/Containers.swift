// Containers and the badge count (docs/APP.md "Badges and the app group"): the app, its
// service extension and each app group have a container; a target uses the first group that
// lists it, else its own. An extension that increments the badge keeps its `count` there, and
// the host's reset reaches it only when both use the same container.

extension Configuration {
    /// The container `owner` reads and writes: `group "G"` for the first app group that lists
    /// it, else `app container` or `extension container`.
    public func container(of owner: ContainerOwner) -> String {
        if let group = appGroups.first(where: { $0.members.includes(owner) }) {
            return "group \(ScenarioText.quoted(group.name))"
        }
        return "\(owner.rawValue) container"
    }
}

extension World {
    /// The `count` a container holds (0 when never written).
    public func badgeCount(in container: String) -> Int { device.containers[container] ?? 0 }

    /// `extension increments-badge`: the extension reads `count` from its container, adds 1,
    /// writes it back and sets the content's badge to it (replacing the payload's).
    mutating func extensionIncrementsBadge(_ content: inout NotificationContent, pushID: String) {
        let container = configuration.container(of: .extension)
        let count = badgeCount(in: container)
        let next = count == Int.max ? count : count + 1
        device.containers[container] = next
        content.badge = next
        record(
            .badge,
            "the extension for \(pushID) reads count \(count) from the \(container), writes \(next) and sets the badge to \(next)"
        )
    }

    /// `host resets-badge`: at each foreground the host sets the icon to 0 (and, `on-open`, the
    /// `count` in the app's container); setting the icon from N to 0 this way also removes the
    /// app's delivered notifications from the center. At 0 already the call changes nothing.
    mutating func hostResetsBadge() {
        let reset = configuration.host.resetsBadge
        guard reset != .none else { return }
        if reset == .onOpen {
            let container = configuration.container(of: .app)
            device.containers[container] = 0
            record(.host, "host resets-badge on-open: count 0 in the \(container)")
        }
        guard device.badge != 0 else {
            record(.badge, "the icon badge is already 0: setting it to 0 changes nothing, the center is left as it is")
            return
        }
        device.badge = 0
        record(.badge, "host resets-badge \(reset.rawValue): the icon badge to 0")
        removeAllBanners(reason: "cleared by badge 0")
    }
}
