// The steps that are Kindly's own (docs/COMMANDS.md): its server's push, its API calls, the
// host's customize hook and its runtime settings. Each checks its precondition before it
// changes anything, so a failed step leaves the world as it was.
import NotificationCore

/// A runtime setting of Kindly's (docs/COMMANDS.md, *runtime*).
public enum KindlySetting: Hashable, Sendable, CustomStringConvertible {
    case shouldHandle(ShouldHandle)
    case openOnTap(Bool)
    case mode(NotificationMode)
    case host(HostWiring)
    case serverDuplicateToken(Bool)
    case serverCollapseID(ServerCollapseID)

    public var description: String {
        switch self {
        case .shouldHandle(let value): return "should-handle \(value.rawValue)"
        case .openOnTap(let flag): return "open-on-tap \(flag)"
        case .mode(let mode): return "mode \(mode.rawValue)"
        case .host(let wiring): return "host kindly \(wiring.rawValue)"
        case .serverDuplicateToken(let on): return "kindly server duplicate-token \(on ? "on" : "off")"
        case .serverCollapseID(let value): return "kindly server collapse-id \(value.rawValue)"
        }
    }

    /// Writes the setting into Kindly's settings.
    public func store(in settings: inout KindlySettings) {
        switch self {
        case .shouldHandle(let value): settings.shouldHandle = value
        case .openOnTap(let flag): settings.openOnTap = flag
        case .mode(let mode): settings.mode = mode
        case .host(let wiring): settings.host = wiring
        case .serverDuplicateToken(let on): settings.server.duplicateToken = on
        case .serverCollapseID(let value): settings.server.collapseID = value
        }
    }
}

extension World {
    /// Throws unless the app integrates Kindly.
    private func requireKindly(_ what: String) throws(CoreError) {
        guard configuration.sdk == .kindly else {
            throw .invalid("\(what): the app integrates \(configuration.sdk.writer), not Kindly")
        }
    }

    /// Changes a runtime setting of Kindly's.
    public mutating func apply(_ setting: KindlySetting) throws(CoreError) {
        try apply(
            setting.description, of: KindlyPlugin.self,
            check: { c throws(CoreError) in
                if case .mode = setting, !KindlyPlugin.supportsExtension(c.sdkVersion) {
                    throw .invalid(
                        "mode: Kindly \(DottedVersion.text(c.sdkVersion)) has no notificationMode (3.0.12 or later)")
                }
            }
        ) { setting.store(in: &$0) }
    }

    /// The host calls `KindlySDK.start()` (the `start` step in a Kindly app).
    public mutating func startKindly() throws(CoreError) {
        try requireKindly("start")
        try start()
    }

    /// The Kindly server sends a message (docs/KINDLY.md): stores it, then pushes it to the
    /// registered token, if any.
    public mutating func pushKindly(_ request: KindlyPushRequest) throws(CoreError) {
        try requireKindly("push kindly")
        try step("push kindly" + Self.describe(request)) { $0.kindlyServerPush(request) }
    }

    /// Calls a Kindly API as host code would, on the newest delivered push.
    @discardableResult
    public mutating func call(_ api: KindlyCall) throws(CoreError) -> CallOutcome {
        try requireKindly("call \(api)")
        return try call(
            api.description,
            check: { world throws(CoreError) in
                guard world.isRunning else {
                    throw .precondition("call \(api): the app is not running (it is \(world.appState.rawValue))")
                }
                guard world.newestDeliveredPush?.payload != nil else {
                    throw .precondition("call \(api): no push has been delivered")
                }
            },
            run: { world in
                guard let push = world.newestDeliveredPush, let payload = push.payload else { return .returned(nil) }
                return world.kindlyCall(api, userInfo: payload, pushID: push.id)
            })
    }

    /// Sets the host's `customize(content, payload)` hook (nil: none).
    public mutating func setCustomization(_ customization: ContentCustomization?) throws(CoreError) {
        try step("customize") { world in
            world.kindlyDevice.customization = customization
            world.record(
                .setting,
                customization == nil ? "customize: none" : "customize: \(String(describing: customization))")
        }
    }

    private static func describe(_ request: KindlyPushRequest) -> String {
        var out = ""
        if let type = request.type { out += " \(type.rawValue)" }
        if let title = request.title { out += " title \"\(title)\"" }
        if let body = request.body { out += " body \"\(body)\"" }
        if let chat = request.chat { out += " chat \(chat)" }
        if request.tampered { out += " tampered" }
        if let missing = request.missing { out += " missing \(missing.rawValue)" }
        out += request.headers.description
        return out
    }
}
