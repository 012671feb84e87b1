// The tests were written when the SDKs' settings sat on the core's types: these spell each
// one as its plug-in keeps it, so a test reads as the rule it proves.
@testable import Edna
@testable import Kindly
@testable import NotificationCore

extension Configuration {
    var mode: NotificationMode {
        get { kindly.mode }
        set { kindly.mode = newValue }
    }
    var shouldHandle: ShouldHandle {
        get { kindly.shouldHandle }
        set { kindly.shouldHandle = newValue }
    }
    var openOnTap: Bool {
        get { kindly.openOnTap }
        set { kindly.openOnTap = newValue }
    }
    var kindlyHost: HostWiring {
        get { kindly.host }
        set { kindly.host = newValue }
    }
    var kindlyServerExtensionVersion: [Int]? {
        get { kindly.serverExtensionVersion }
        set { kindly.serverExtensionVersion = newValue }
    }
    var ednaHost: HostWiring {
        get { edna.host }
        set { edna.host = newValue }
    }
    var ednaServer: EdnaServerSettings? {
        get { edna.server }
        set { edna.server = newValue }
    }
    var ednaMessageTemplate: String? {
        get { edna.messageTemplate }
        set { edna.messageTemplate = newValue }
    }
    var ednaCampaignTemplate: String? {
        get { edna.campaignTemplate }
        set { edna.campaignTemplate = newValue }
    }

    /// Changes the faults of `sdk`'s server.
    mutating func update(_ sdk: ChatSDK, _ change: (inout ServerBehaviour) -> Void) {
        if sdk == .kindly { change(&kindly.server) } else if sdk == .edna { change(&edna.serverBehaviour) }
    }
}

extension KindlySetting {
    static func kindlyHost(_ wiring: HostWiring) -> KindlySetting { .host(wiring) }
}

extension EdnaSetting {
    static func ednaHost(_ wiring: HostWiring) -> EdnaSetting { .host(wiring) }
    static func ednaTemplate(kind: EdnaTemplateKind, json: String) -> EdnaSetting { .template(kind: kind, json: json) }
}

extension KindlyCall {
    static var kindlyIsKindlyNotification: KindlyCall { .isKindlyNotification }
    static var kindlyDecrypt: KindlyCall { .decrypt }
    static var kindlyNotificationReceived: KindlyCall { .notificationReceived }
}

extension EdnaCall {
    static var ednaIsChatCenterNotification: EdnaCall { .isChatCenterNotification }
    static func ednaHandleNotification(empty: Bool) -> EdnaCall { .handleNotification(empty: empty) }
    static func ednaGetChat(none: Bool) -> EdnaCall { .getChat(none: none) }
}

/// edna's state as the world keeps it: its server.
struct EdnaWorldState {
    var server: EdnaServer
}

extension World {
    var edna: EdnaWorldState { EdnaWorldState(server: ednaServer) }
}

extension PushRecord {
    var kindlyCiphertexts: [String] { ciphertexts }
}

extension ServiceExtension {
    static var allCases: [ServiceExtension] { [.none, .kindly, .kindlyUndetected, .other] }
    var rawValue: String { word(for: .kindly) }
}

extension ChatSDK {
    static var allCases: [ChatSDK] { [.kindly, .edna] }
}
