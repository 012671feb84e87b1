// The Kindly payload (docs/KINDLY.md): a top-level `kindly` dictionary with `v: 1` and the fields
// `chat_id`, `title`, `body`, each sealed separately with AES-256-GCM as
// `{"nonce": b64, "ciphertext": b64, "tag": b64}`.
import NotificationCore

/// A decrypted Kindly message: what `decrypt(userInfo)` returns.
public struct KindlyMessage: Hashable, Sendable {
    public var chatID: String
    public var title: String
    public var body: String
}

/// Why `decrypt` returned nil.
struct DecryptFailure: Error, Hashable, Sendable {
    var reason: String
}

enum KindlyPayload {
    static let placeholderTitle = "New message"
    static let placeholderBody = "Open the app to read it"
    static let version: Int64 = 1
    /// The sealed fields, in payload order.
    static let sealedFields: [KindlyField] = [.chatID, .title, .body]

    /// The additional authenticated data of a field: a sealed title cannot pass for a body.
    static func associatedData(_ field: KindlyField) -> [UInt8] {
        switch field {
        case .chatID: return chatIDData
        case .title: return titleData
        case .body: return bodyData
        case .v: return vData
        }
    }

    private static let chatIDData = Array("kindly/v1/\(KindlyField.chatID.rawValue)".utf8)
    private static let titleData = Array("kindly/v1/\(KindlyField.title.rawValue)".utf8)
    private static let bodyData = Array("kindly/v1/\(KindlyField.body.rawValue)".utf8)
    private static let vData = Array("kindly/v1/\(KindlyField.v.rawValue)".utf8)

    /// A deterministic nonce, unique per installation, message and field.
    static func nonce(installation: Int, message: Int, field: KindlyField) -> [UInt8] {
        derivedNonce(installation: installation, message: message, field: field).bytes
    }

    /// The nonce and its base64 text, derived once.
    private static func derivedNonce(installation: Int, message: Int, field: KindlyField) -> (
        bytes: [UInt8], text: String
    ) {
        nonces.value(NonceKey(installation: installation, message: message, field: field)) { key in
            let bytes = Array(
                SHA256Digest.hash("scn/kindly-nonce/\(key.installation)/\(key.message)/\(key.field.rawValue)")
                    .prefix(AESGCM.nonceSize))
            return (bytes, Base64.encode(bytes))
        }
    }

    private struct NonceKey: Hashable, Sendable {
        var installation: Int
        var message: Int
        var field: KindlyField
    }

    private static let nonces = Derivations<NonceKey, (bytes: [UInt8], text: String)>(limit: 1024)

    /// `aps` as the server writes it for each push type.
    private static let visibleAPS: JSONValue = [
        "alert": ["title": .string(placeholderTitle), "body": .string(placeholderBody)], "mutable-content": 1,
    ]
    private static let silentAPS: JSONValue = ["content-available": 1]

    /// The payload the server sends, and the ciphertext strings in it (for invariant 1).
    /// nil only if libcrypto fails.
    static func make(
        _ message: KindlyMessage, type: PushType, key: [UInt8], installation: Int, number: Int,
        tampered: Bool, missing: KindlyField?
    ) -> (payload: JSONValue, ciphertexts: [String])? {
        var kindly: [JSONMember] = []
        kindly.reserveCapacity(1 + sealedFields.count)
        var ciphertexts: [String] = []
        ciphertexts.reserveCapacity(sealedFields.count)
        if missing != .v { kindly.append(JSONMember("v", .integer(version))) }
        for field in sealedFields where field != missing {
            let text: String
            switch field {
            case .chatID: text = message.chatID
            case .title: text = message.title
            case .body: text = message.body
            case .v: continue
            }
            let nonce = derivedNonce(installation: installation, message: number, field: field)
            guard
                var sealed = AESGCM.seal(
                    Array(text.utf8), key: key, nonce: nonce.bytes, authenticating: associatedData(field))
            else {
                return nil
            }
            if tampered {
                // Alter the ciphertext; an empty one gets a stray byte. Either way the tag no longer matches.
                if sealed.ciphertext.isEmpty { sealed.ciphertext = [0] } else { sealed.ciphertext[0] ^= 0x01 }
            }
            let ciphertext = Base64.encode(sealed.ciphertext)
            ciphertexts.append(ciphertext)
            kindly.append(
                JSONMember(
                    field.rawValue,
                    JSONValue(
                        .object([
                            JSONMember("nonce", .string(nonce.text)),
                            JSONMember("ciphertext", .string(ciphertext)),
                            JSONMember("tag", .string(Base64.encode(sealed.tag))),
                        ]))))
        }
        let aps = type == .visible ? visibleAPS : silentAPS
        return (
            JSONValue(.object([JSONMember("aps", aps), JSONMember("kindly", JSONValue(.object(kindly)))])), ciphertexts
        )
    }

    /// `isKindlyNotification(userInfo)`: `kindly` is a dictionary.
    static func isKindly(_ userInfo: JSONValue) -> Bool { userInfo["kindly"]?.isObject == true }

    /// `isDecrypted(userInfo)`: the extension's mark.
    static func isDecrypted(_ userInfo: JSONValue) -> Bool { userInfo["kindly"]?["decrypted"]?.boolValue == true }

    /// Whether this is a local notification Kindly scheduled itself.
    static func isLocal(_ userInfo: JSONValue) -> Bool { userInfo["kindly"]?["local"]?.boolValue == true }

    /// `decrypt(userInfo)`: the message, or why it is nil (not Kindly's, a field missing or
    /// malformed, no key, authentication failed).
    static func decrypt(_ userInfo: JSONValue, key: Result<[UInt8], KeyUnavailable>) -> Result<
        KindlyMessage, DecryptFailure
    > {
        guard let kindly = userInfo["kindly"], kindly.isObject else {
            return .failure(DecryptFailure(reason: "not a Kindly notification"))
        }
        guard let version = kindly["v"] else { return .failure(DecryptFailure(reason: "field v is missing")) }
        guard version.integerValue == Self.version else {
            return .failure(DecryptFailure(reason: "unknown payload version v=\(version.serialized)"))
        }
        var boxes: [(field: KindlyField, nonce: [UInt8], ciphertext: [UInt8], tag: [UInt8])] = []
        boxes.reserveCapacity(sealedFields.count)
        for field in sealedFields {
            guard let sealed = kindly[field.rawValue] else {
                return .failure(DecryptFailure(reason: "field \(field.rawValue) is missing"))
            }
            guard let nonceText = sealed["nonce"]?.stringValue, let ciphertextText = sealed["ciphertext"]?.stringValue,
                let tagText = sealed["tag"]?.stringValue
            else {
                return .failure(
                    DecryptFailure(
                        reason: "field \(field.rawValue) is malformed (needs nonce, ciphertext and tag strings)"))
            }
            guard let nonce = Base64.decode(nonceText), let ciphertext = Base64.decode(ciphertextText),
                let tag = Base64.decode(tagText)
            else {
                return .failure(DecryptFailure(reason: "field \(field.rawValue) is malformed (bad base64)"))
            }
            guard nonce.count == AESGCM.nonceSize else {
                return .failure(
                    DecryptFailure(
                        reason:
                            "field \(field.rawValue) is malformed (nonce of \(nonce.count) bytes, needs \(AESGCM.nonceSize))"
                    ))
            }
            guard tag.count == AESGCM.tagSize else {
                return .failure(
                    DecryptFailure(
                        reason:
                            "field \(field.rawValue) is malformed (tag of \(tag.count) bytes, needs \(AESGCM.tagSize))")
                )
            }
            boxes.append((field, nonce, ciphertext, tag))
        }
        let keyBytes: [UInt8]
        switch key {
        case .success(let bytes): keyBytes = bytes
        case .failure(let unavailable): return .failure(DecryptFailure(reason: unavailable.reason))
        }
        var texts: [String] = []
        texts.reserveCapacity(sealedFields.count)
        for box in boxes {
            guard
                let plaintext = AESGCM.open(
                    box.ciphertext, tag: box.tag, key: keyBytes, nonce: box.nonce,
                    authenticating: associatedData(box.field))
            else {
                return .failure(DecryptFailure(reason: "authentication failed for field \(box.field.rawValue)"))
            }
            guard let text = String(validating: plaintext, as: UTF8.self) else {
                return .failure(DecryptFailure(reason: "field \(box.field.rawValue) is not UTF-8 text"))
            }
            texts.append(text)
        }
        return .success(KindlyMessage(chatID: texts[0], title: texts[1], body: texts[2]))
    }

    /// `apply(payload, to: content)`: the decrypted title and body, and the userInfo marked
    /// `kindly.decrypted: true` (with the chat id in `kindly.chat`).
    static func apply(_ message: KindlyMessage, to content: NotificationContent) -> NotificationContent {
        var result = content
        result.title = message.title
        result.body = message.body
        if let kindly = content.userInfo["kindly"] {
            result.userInfo = content.userInfo.setting(
                "kindly", to: kindly.setting("decrypted", to: true).setting("chat", to: .string(message.chatID)))
        }
        return result
    }
}

extension ContentCustomization {
    /// The host's `customize(content, payload)`: replacements first, then prefixes and suffixes.
    func apply(to content: NotificationContent) -> NotificationContent {
        var result = content
        if let title { result.title = title }
        if let body { result.body = body }
        if !titlePrefix.isEmpty || !titleSuffix.isEmpty {
            result.title = titlePrefix + (result.title ?? "") + titleSuffix
        }
        if !bodyPrefix.isEmpty || !bodySuffix.isEmpty { result.body = bodyPrefix + (result.body ?? "") + bodySuffix }
        return result
    }
}
