// Runtime settings (docs/COMMANDS.md, *runtime*): changed on a running world, traced.

extension World {
    /// Changes a runtime setting.
    public mutating func apply(_ setting: RuntimeSetting) throws(CoreError) {
        var next = configuration
        switch setting {
        case .delegate(let choice): next.delegate = choice
        case .extensionDelay(let milliseconds): next.extensionDelayMilliseconds = milliseconds
        case .delegateAssignment(let value): next.delegateAssignment = value
        case .permission(let value):
            // After the first action: Allow Notifications (docs/APP.md).
            if value == .granted { next.settings = next.enabledSettings }
            next.permission = value
        case .silentBudget(let budget): next.silentBudget = budget
        case .backgroundRefresh(let on): next.backgroundRefresh = on
        case .lowPower(let on): next.lowPower = on
        case .extensionFault(let fault): next.extensionFault = fault
        case .hostPostsLocal(let value): next.host.postsLocal = value
        case .ownPresents(let value): next.host.ownPresents = value
        case .ownOnTap(let value): next.host.ownOnTap = value
        case .navigatesFrom(let sources): next.host.navigatesFrom = sources
        case .ownCompletes(let callback, let completion):
            for each in callback.map({ [$0] }) ?? DelegateCallback.allCases { next.host.completes[each] = completion }
        case .resetsBadge(let value): next.host.resetsBadge = value
        case .removesDelivered(let value): next.host.removesDelivered = value
        case .completesFetch(let value): next.host.completesFetch = value
        case .registersCategories(let value): next.host.registersCategories = value
        case .notificationSetting(let name, let on): next.settings[name] = on
        case .focus(let mode): next.focus = mode
        case .summary(let on): next.summary = on
        case .providerEnvironment(let value): next.provider.environment = value
        case .providerTopic(let value): next.provider.topic = value
        case .providerOnError(let value): next.provider.onError = value
        }
        try Self.validateRuntime(next)
        configuration = next
        record(.setting, TraceText(setting.description(in: next)))
        try endStep()
    }

    /// Changes a core runtime setting spelled `line` in the trace (the settings of revision 3's
    /// provider side, which need no case of their own in ``RuntimeSetting``).
    public mutating func apply(_ line: String, change: (inout Configuration) -> Void) throws(CoreError) {
        var next = configuration
        change(&next)
        try Self.validateRuntime(next)
        configuration = next
        record(.setting, TraceText(line))
        try endStep()
    }

    /// Changes a runtime setting of the SDK `P`, spelled `line` in the trace; `check` throws
    /// (and nothing changes) when the setting is impossible in this app.
    public mutating func apply<P: ChatSDKPlugin>(
        _ line: String, of _: P.Type, check: (Configuration) throws(CoreError) -> Void = { _ in },
        change: (inout P.Settings) -> Void
    ) throws(CoreError) {
        try check(configuration)
        change(&configuration[settings: P.self])
        record(.setting, TraceText(line))
        try endStep()
    }
}
