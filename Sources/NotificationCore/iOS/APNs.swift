// APNs: who can be reached (token, environment, topic) and the 4096-byte limit.

/// How a push reaches APNs.
public enum APNsRoute: Hashable, Sendable {
    /// A provider sending to the device token for this topic (bundle id) and environment.
    case token(topic: String, environment: APNsEnvironment)
    /// Straight to the device, as `xcrun simctl push` does (`push raw`): no token needed.
    case simulator
}

extension World {
    /// APNs rejects payloads larger than this many bytes.
    public static let apnsPayloadLimit = 4096

    /// A new record for a push command; returns its index in ``pushes``.
    public mutating func beginPush(_ origin: PushOrigin, message: String? = nil) -> Int {
        let number = pushes.count + 1
        pushes.append(PushRecord(id: "p\(number)", number: number, origin: origin, message: message))
        return pushes.count - 1
    }

    /// The app's SDK's server pushes message `messageID`, with the faults `behaviour` gives it:
    /// the message id as collapse id when the server sets one, and twice when the server
    /// holds the device's token twice (two pushes, one message).
    public mutating func serverSend(
        _ index: Int, payload: JSONValue, route: APNsRoute, overrides: APNsHeaderOverrides,
        behaviour: ServerBehaviour, messageID: String
    ) {
        let collapseID = behaviour.collapseID == .message ? messageID : nil
        let sdk = configuration.sdk
        pushes[index].message = "\(sdk.name) \(messageID)"
        apnsSend(index, payload: payload, route: route, overrides: overrides, serverCollapseID: collapseID)
        guard behaviour.duplicateToken else { return }
        let second = beginPush(pushes[index].origin, message: pushes[index].message)
        pushes[second].ciphertexts = pushes[index].ciphertexts
        pushes[second].plaintexts = pushes[index].plaintexts
        record(
            .server,
            "\(sdk.writer) holds the device's token twice (duplicate-token on): sends \(messageID) again as \(pushes[second].id)"
        )
        apnsSend(second, payload: payload, route: route, overrides: overrides, serverCollapseID: collapseID)
    }

    /// The push at `index` carries an encrypted payload: `ciphertexts` are what no banner may
    /// show (invariant 1), `plaintexts` the values that were sealed.
    public mutating func seal(push index: Int, ciphertexts: [String], plaintexts: [String]) {
        pushes[index].ciphertexts = ciphertexts
        pushes[index].plaintexts = plaintexts
    }

    /// The server sent nothing for this push.
    public mutating func pushNotSent(_ index: Int, reason: String) {
        pushes[index].sent = nil
        pushes[index].reason = reason
        record(.pushNotSent, "\(pushes[index].id) (\(pushes[index].origin.rawValue)): \(reason)")
    }

    /// Hands a payload to APNs with the headers its server sends (the correct ones, then the
    /// server's collapse id, then the command's overrides). APNs rejects it, drops it for its
    /// headers, stores it while the device is offline, or delivers it to the device.
    public mutating func apnsSend(
        _ index: Int, payload: JSONValue, route: APNsRoute, overrides: APNsHeaderOverrides = .none,
        serverCollapseID: String? = nil
    ) {
        let type: PushType = payload["aps"]?["alert"] != nil ? .visible : .silent
        let correct = APNsHeaders.correct(for: payload)
        var headers = correct
        headers.collapseID = serverCollapseID
        headers = overrides.applied(to: headers)
        pushes[index].sent = type
        pushes[index].payload = payload
        pushes[index].headers = headers
        let id = pushes[index].id
        let size = payload.byteCount
        let differences = headers.differences(from: correct)
        let shown = differences.isEmpty ? "" : " [\(differences.joined(separator: ", "))]"
        record(
            .pushSent,
            "\(id) (\(pushes[index].origin.rawValue)) \(type.rawValue), \(size) bytes\(shown): \(later: { payload.serialized })"
        )
        if size > Self.apnsPayloadLimit {
            rejectPush(
                index, code: "PayloadTooLarge",
                reason: "payload is \(size) bytes, over APNs' \(Self.apnsPayloadLimit)-byte limit")
            return
        }
        if let collapseID = headers.collapseID, collapseID.utf8.count > APNsHeaders.collapseIDLimit {
            rejectPush(
                index, code: "BadCollapseId",
                reason: "the collapse id is \(collapseID.utf8.count) bytes, over APNs' \(APNsHeaders.collapseIDLimit)")
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
        pushes[index].apnsAnswer = APNsAnswer(status: 200)
        if let problem = Self.headerProblem(headers, payload: payload) {
            // A push-type mismatch is received and dropped by APNs; a background push at
            // priority 10 is delivered, and iOS drops it (modelled).
            pushes[index].deliveryState = problem.hasPrefix("push-type mismatch") ? "Received" : "Delivered"
            pushes[index].delivered = false
            pushes[index].reason = "not delivered: \(problem)"
            record(.dropped, "\(id): \(problem); not delivered")
            writeLog("APNs", "\(id) not delivered: \(problem)")
            return
        }
        guard network.online else {
            apnsHold(index, expiration: headers.expirationMilliseconds)
            return
        }
        deviceReceive(index)
    }

    private mutating func rejectPush(_ index: Int, code: String, reason: String) {
        let answer = code == "no token" ? nil : APNsAnswer(status: APNsAnswer.status(for: code), reason: code)
        pushes[index].apnsAnswer = answer
        defer { if let answer { providerHandles(answer, for: index) } }
        pushes[index].delivered = false
        pushes[index].reason = "APNs rejected it: \(reason)"
        record(.dropped, "\(pushes[index].id): APNs rejected it (\(code)): \(reason)")
        writeLog("APNs", "\(code): \(pushes[index].id) not delivered: \(reason)")
    }
}
