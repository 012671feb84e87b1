import NotificationCore
import ScenarioLanguage

extension Vocabulary {
    /// The steps of exploration's default alphabet (`scn explore`): every app state, every
    /// screen, tap, clear, three waits (within the 60 s tap window, at iOS's 30 s extension
    /// limit, past both), register, the device's lock, unlock and reboot, and the network;
    /// `start` and each SDK's own steps (its pushes, `authorize`) are declared where they are
    /// registered. A command the core does not have yet is left out.
    mutating func registerExploration() {
        let steps: [(String, Exploration)] = [
            ("launch", Exploration(rank: 10)),
            ("screen", Exploration(rank: 20)),
            ("tap", Exploration(arguments: [""], rank: 60)),
            ("clear", Exploration(arguments: [""], rank: 70)),
            ("wait", Exploration(arguments: ["1s", "30s", "61s"], rank: 80)),
            ("register", Exploration(arguments: [""], rank: 40)),
            ("lock", Exploration(arguments: [""], rank: 110)),
            ("unlock", Exploration(arguments: [""], rank: 120)),
            ("reboot", Exploration(arguments: [""], rank: 90)),
            ("network", Exploration(rank: 100)),
            ("network offline", Exploration(arguments: [""], rank: 100)),
            ("network online", Exploration(arguments: [""], rank: 100)),
        ]
        for (name, exploration) in steps {
            setExploration(exploration, for: name)
        }
    }
}
