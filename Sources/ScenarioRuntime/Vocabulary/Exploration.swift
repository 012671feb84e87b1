import NotificationCore
import ScenarioLanguage

extension Vocabulary {
    /// The steps of exploration's default alphabet (`scn explore`): every app state, every
    /// screen, a push of each type for the app's SDK, tap, clear, three waits (within the
    /// 60 s tap window, at iOS's 30 s extension limit, past both), the SDK's start or
    /// authorize, register, the device's lock, unlock and reboot, and the network. A
    /// command the core does not have yet is left out.
    mutating func registerExploration() {
        let kindly: Set<String> = [ChatSDK.kindly.rawValue]
        let edna: Set<String> = [ChatSDK.edna.rawValue]
        let steps: [(String, Exploration)] = [
            ("launch", Exploration()),
            ("screen", Exploration()),
            ("push kindly", Exploration(requires: kindly)),
            ("push edna", Exploration(arguments: ["message \"Hello\"", "campaign \"Offer\""], requires: edna)),
            ("tap", Exploration(arguments: [""])),
            ("clear", Exploration(arguments: [""])),
            ("wait", Exploration(arguments: ["1s", "30s", "61s"])),
            ("start", Exploration(arguments: [""], requires: kindly)),
            ("authorize", Exploration(arguments: ["\"user-1\""], requires: edna)),
            ("register", Exploration(arguments: [""])),
            ("lock", Exploration(arguments: [""])),
            ("unlock", Exploration(arguments: [""])),
            ("reboot", Exploration(arguments: [""])),
            ("network", Exploration()),
            ("network offline", Exploration(arguments: [""])),
            ("network online", Exploration(arguments: [""])),
        ]
        for (name, exploration) in steps {
            setExploration(exploration, for: name)
        }
        explorationTraits = { context in [context.configuration.sdk.rawValue] }
    }
}
