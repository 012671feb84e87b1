// Runtime settings (docs/COMMANDS.md, *runtime*): changed on a running world, traced.

extension World {
    /// Changes a runtime setting.
    public mutating func apply(_ setting: RuntimeSetting) throws(CoreError) {
        try integration.type.validate(setting, in: configuration)
        var next = configuration
        switch setting {
        case .delegate(let choice): next.delegate = choice
        case .shouldHandle(let value): next.shouldHandle = value
        case .openOnTap(let flag): next.openOnTap = flag
        case .extensionDelay(let milliseconds): next.extensionDelayMilliseconds = milliseconds
        case .delegateAssignment(let value): next.delegateAssignment = value
        case .permission(let value): next.permission = value
        case .silentBudget(let budget): next.silentBudget = budget
        case .mode(let mode): next.mode = mode
        case .kindlyHost(let wiring): next.kindlyHost = wiring
        case .ednaHost(let wiring): next.ednaHost = wiring
        case .ednaTemplate(let kind, let json):
            switch kind {
            case .message: next.ednaMessageTemplate = json
            case .campaign: next.ednaCampaignTemplate = json
            }
        case .backgroundRefresh(let on): next.backgroundRefresh = on
        case .lowPower(let on): next.lowPower = on
        case .extensionFault(let fault): next.extensionFault = fault
        case .hostPostsLocal(let value): next.host.postsLocal = value
        case .ownPresents(let value): next.host.ownPresents = value
        case .serverDuplicateToken(let sdk, let on): next.update(sdk) { $0.duplicateToken = on }
        case .serverCollapseID(let sdk, let value): next.update(sdk) { $0.collapseID = value }
        }
        try Self.validateRuntime(next)
        configuration = next
        record(.setting, TraceText(setting.description))
        try endStep()
    }
}
