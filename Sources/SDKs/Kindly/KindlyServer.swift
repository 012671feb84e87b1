// The Kindly server (docs/KINDLY.md): registrations, per-installation keys, messages and the
// push type it chooses.
import NotificationCore

/// What the server knows about the device.
struct KindlyRegistration: Hashable, Sendable {
    var token: String
    var appVersion: [Int]
    var declared: DeclaredMode
    var installation: Int
}

public struct KindlyServer: SDKValue {
    var registration: KindlyRegistration?
    /// The AES-256-GCM key of each installation, created at its first registration.
    var keys: [Int: [UInt8]] = [:]
    var messageCount = 0

    public init() {}

    /// Deterministic: derived from the installation number.
    static func makeKey(installation: Int) -> [UInt8] {
        keys.value(installation) { SHA256Digest.hash("scn/kindly-key/installation-\($0)") }
    }

    private static let keys = Derivations<Int, [UInt8]>(limit: 256)
}

extension World {
    /// What the SDK declares when it registers (docs/KINDLY.md table).
    var kindlyDeclaration: DeclaredMode {
        guard KindlyPlugin.supportsExtension(configuration.sdkVersion) else { return .nothing }
        switch kindlySettings.mode {
        case .alert: return .alert
        case .silent: return .silent
        case .auto: return configuration.serviceExtension == .sdk(detected: true) ? .alert : .silent
        }
    }

    /// The server records the registration; a new installation gets its key.
    mutating func kindlyServerRegister(token: String) {
        let declared = kindlyDeclaration
        let installation = installation
        kindlyServer.registration = KindlyRegistration(
            token: token, appVersion: configuration.appVersion, declared: declared, installation: installation)
        record(
            .registration,
            "Kindly server registers the token with app version \(DottedVersion.text(configuration.appVersion)), declared \(declared.rawValue)"
        )
        if kindlyServer.keys[installation] == nil {
            kindlyServer.keys[installation] = KindlyServer.makeKey(installation: installation)
            record(.server, "Kindly creates the encryption key for installation \(installation)")
        }
    }

    /// The push type the server chooses for the registered device, and why.
    func kindlyServerChoice(_ registration: KindlyRegistration) -> (type: PushType, why: String) {
        switch registration.declared {
        case .nothing: return (.silent, "the SDK declared nothing")
        case .silent: return (.silent, "the device declared silent")
        case .alert:
            if let minimum = kindlySettings.serverExtensionVersion,
                DottedVersion.compare(registration.appVersion, minimum) < 0
            {
                return (
                    .silent,
                    "app version \(DottedVersion.text(registration.appVersion)) is older than the extension-version \(DottedVersion.text(minimum))"
                )
            }
            return (.visible, "the device declared alert")
        }
    }

    /// `push kindly …`: store the message, then push it to the registered token.
    mutating func kindlyServerPush(_ request: KindlyPushRequest) {
        let index = beginPush(.server(of: .kindly), message: "kindly m\(kindlyServer.messageCount + 1)")
        let number = pushes[index].number
        kindlyServer.messageCount += 1
        let messageID = "m\(kindlyServer.messageCount)"
        let message = KindlyMessage(
            chatID: request.chat ?? "chat-1", title: request.title ?? "Agent", body: request.body ?? "Message \(pushes[index].messageNumber)"
        )
        storeMessage(
            chat: message.chatID,
            HistoryEntry(
                time: now, sender: .agent, title: message.title, text: message.body, campaign: nil, messageID: messageID
            ))
        record(.server, "Kindly stores \(messageID) in \(message.chatID): \"\(message.title)\" / \"\(message.body)\"")
        guard let registration = kindlyServer.registration, let key = kindlyServer.keys[registration.installation]
        else {
            pushNotSent(index, reason: "no registered token: the app never registered")
            return
        }
        let choice = kindlyServerChoice(registration)
        let type = request.type ?? choice.type
        if let forced = request.type, forced != choice.type {
            record(
                .server,
                "Kindly sends \(forced.rawValue) as told (it would choose \(choice.type.rawValue): \(choice.why))")
        } else {
            record(.server, "Kindly sends \(type.rawValue): \(choice.why)")
        }
        guard
            let built = KindlyPayload.make(
                message, type: type, key: key, installation: registration.installation, number: number,
                tampered: request.tampered, missing: request.missing)
        else {
            pushNotSent(index, reason: "encryption failed on the server")
            return
        }
        seal(push: index, ciphertexts: built.ciphertexts, plaintexts: [message.chatID, message.title, message.body])
        serverSend(
            index, payload: built.payload,
            route: .token(topic: configuration.bundleID, environment: configuration.environment),
            overrides: request.headers, behaviour: kindlySettings.server, messageID: messageID)
    }
}
