@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// An edna app configuration (and edits).
func ednaConfiguration(_ edit: (inout Configuration) -> Void = { _ in }) -> Configuration {
    var configuration = Configuration()
    configuration.sdk = .edna
    configuration.sdkVersion = [1, 0]
    edit(&configuration)
    return configuration
}

/// An installed edna world: foreground on host, registered, authorized as `user-1`.
func ednaWorld(fresh: Bool = false, _ edit: (inout Configuration) -> Void = { _ in }) throws -> World {
    try World(configuration: ednaConfiguration(edit), fresh: fresh)
}

/// Another provider's push that wakes the app (`content-available`) and shows an alert.
let otherProviderWakingPush: JSONValue = [
    "aps": ["alert": ["title": "Promo", "body": "50% off"], "content-available": 1],
    "provider": "braze", "campaign": "braze-1", "massPushMessage": true,
]

/// Another provider's silent push.
let otherProviderSilentPush: JSONValue = ["aps": ["content-available": 1], "provider": "mparticle"]

/// A campaign template that puts the campaign fields under `data` (the troubleshooting case).
let campaignUnderDataTemplate =
    #"{"aps": {"alert": "${shortMessage}", "content-available": 1}, "origin": "threads", "id": "${id}", "#
    + #""clientId": "${clientId}", "data": {"massPushMessage": true, "campaign": "${campaign}"}}"#

extension World {
    /// Whether the newest push was delivered.
    var newestDelivered: Bool { newestPush?.delivered ?? false }

    /// The texts of chat-1's history.
    var ednaHistoryTexts: [String] { history(chat: "chat-1").map(\.text) }

    /// Whether the host keeps a push for the next foreground / a pending launch push.
    var ednaKeptPushID: String? { ednaProcess?.kept?.pushID }
    var ednaPendingPushID: String? { ednaProcess?.pending?.pushID }

    /// The newest trace events' texts, for failure messages.
    var traceTail: String { trace.suffix(12).map(\.line).joined(separator: "\n") }
}
