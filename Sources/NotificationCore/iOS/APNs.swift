// APNs: who can be reached (token, environment, topic) and the 4096-byte limit.

/// How a push reaches APNs.
enum APNsRoute: Hashable, Sendable {
    /// A provider sending to the device token for this topic (bundle id) and environment.
    case token(topic: String, environment: APNsEnvironment)
    /// Straight to the device, as `xcrun simctl push` does (`push raw`): no token needed.
    case simulator
}

extension World {
    /// APNs rejects payloads larger than this many bytes.
    public static let apnsPayloadLimit = 4096

    /// A new record for a push command; returns its index in ``pushes``.
    mutating func beginPush(_ origin: PushOrigin) -> Int {
        let number = pushes.count + 1
        pushes.append(PushRecord(id: "p\(number)", number: number, origin: origin))
        return pushes.count - 1
    }

    /// The server sent nothing for this push.
    mutating func pushNotSent(_ index: Int, reason: String) {
        pushes[index].sent = nil
        pushes[index].reason = reason
        record(.pushNotSent, "\(pushes[index].id) (\(pushes[index].origin.rawValue)): \(reason)")
    }

    /// Hands a payload to APNs, which delivers it to the device or rejects it.
    mutating func apnsSend(_ index: Int, payload: JSONValue, route: APNsRoute) {
        let type: PushType = payload["aps"]?["alert"] != nil ? .visible : .silent
        pushes[index].sent = type
        pushes[index].payload = payload
        let id = pushes[index].id
        let text = payload.serialized
        let size = text.utf8.count
        record(.pushSent, "\(id) (\(pushes[index].origin.rawValue)) \(type.rawValue), \(size) bytes: \(text)")
        if size > Self.apnsPayloadLimit {
            rejectPush(
                index, code: "PayloadTooLarge",
                reason: "payload is \(size) bytes, over APNs' \(Self.apnsPayloadLimit)-byte limit")
            return
        }
        if case .token(let topic, let environment) = route {
            guard device.token != nil else {
                rejectPush(index, code: "no token", reason: "the app has no device token (it never registered)")
                return
            }
            if environment != configuration.environment {
                rejectPush(
                    index, code: "BadDeviceToken",
                    reason:
                        "sent to the \(environment.rawValue) environment, the token is from \(configuration.environment.rawValue)"
                )
                return
            }
            if topic != configuration.bundleID {
                rejectPush(
                    index, code: "DeviceTokenNotForTopic",
                    reason: "topic \(topic) does not match the app's bundle id \(configuration.bundleID)")
                return
            }
        }
        deviceReceive(index)
    }

    private mutating func rejectPush(_ index: Int, code: String, reason: String) {
        pushes[index].delivered = false
        pushes[index].reason = "APNs rejected it: \(reason)"
        record(.dropped, "\(pushes[index].id): APNs rejected it (\(code)): \(reason)")
        writeLog("APNs", "\(code): \(pushes[index].id) not delivered: \(reason)")
    }
}
