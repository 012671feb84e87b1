// APNs: who can be reached (token, environment, topic) and the 4096-byte limit.

/// How a push reaches APNs.
public enum APNsRoute: Hashable, Sendable {
    /// An SDK's server or another provider, to the device's current APNs token for this topic
    /// and environment.
    case token(topic: String, environment: APNsEnvironment)
    /// The app's own server, to the token it holds, with its own authentication (§ provider);
    /// topic nil: no `apns-topic` header.
    case appServer(topic: String?, environment: APNsEnvironment, token: HeldToken)
    /// Straight to the device, as `xcrun simctl push` does (`push raw`): no token needed.
    case simulator
}

extension World {
    /// APNs rejects payloads larger than this many bytes.
    public static let apnsPayloadLimit = 4096
    /// A VoIP push may be larger.
    public static let voipPayloadLimit = 5120

    /// The topic APNs takes a request of the app's own server for, after its authentication
    /// rows (docs/PROVIDER.md: the JWT rows, then MissingTopic, then a certificate's topics);
    /// nil when it rejected the request. `header` nil: no `apns-topic`, which a one-topic
    /// certificate stands in for (SPEC §2.16).
    private mutating func certifiedTopic(_ index: Int, header: String?) -> String? {
        switch configuration.provider.auth {
        case .p8:
            if let (answer, why) = providerTokenAnswer() {
                rejectPush(index, answer: answer, reason: why)
                return nil
            }
            guard let header else {
                rejectPush(
                    index, code: "MissingTopic",
                    reason: "no apns-topic header (provider topic omitted), and token-based (p8) authentication names no topic")
                return nil
            }
            return header
        case .cert(let topics):
            guard let topic = header ?? (topics.count == 1 ? topics.first : nil) else {
                rejectPush(
                    index, code: "MissingTopic",
                    reason: "no apns-topic header (provider topic omitted), and the certificate covers several topics \(ProviderAuth.list(topics))")
                return nil
            }
            if header == nil {
                record(.apns, "\(pushes[index].id): no apns-topic header: the certificate's one topic \(topic) is used")
            }
            guard topics.contains(topic) else {
                let covered = topics.count == 1 ? topics[0] : ProviderAuth.list(topics)
                rejectPush(index, code: "TopicDisallowed", reason: "the server's certificate is for \(covered), not topic \(topic)")
                return nil
            }
            return topic
        }
    }

    /// A new record for a push command; returns its index in ``pushes``. `again`: the push at
    /// that index sent once more, the same message with the same number.
    public mutating func beginPush(_ origin: PushOrigin, message: String? = nil, again: Int? = nil) -> Int {
        let number = pushes.count + 1
        if number % Self.payloadsKept == 0 { forgetSettledPayloads() }
        let messageNumber: Int
        if let again {
            messageNumber = pushes[again].messageNumber
        } else {
            messagesPushed += 1
            messageNumber = messagesPushed
        }
        pushes.append(
            PushRecord(id: "p\(number)", number: number, messageNumber: messageNumber, origin: origin, message: message))
        if origin == .app || origin == .raw || origin == .other { providerPushIndex = pushes.count - 1 }
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
        let second = beginPush(pushes[index].origin, message: pushes[index].message, again: index)
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
    /// server's collapse id, then the command's overrides). APNs answers (docs/PROVIDER.md,
    /// first matching row); after a 200 it discards the push, drops it for its headers, holds
    /// it (power, an offline device) or delivers it to the device.
    public mutating func apnsSend(
        _ index: Int, payload: JSONValue, route: APNsRoute, overrides: APNsHeaderOverrides = .none,
        serverCollapseID: String? = nil, voip: Bool = false
    ) {
        let type: PushType = payload["aps"]?["alert"] != nil ? .visible : .silent
        let correct = voip ? APNsHeaders(pushType: .voip, priority: .immediate) : APNsHeaders.correct(for: payload)
        var headers = correct
        headers.collapseID = serverCollapseID
        headers = overrides.applied(to: headers)
        pushes[index].sent = type
        pushes[index].payload = payload
        pushes[index].headers = headers
        pushes[index].voip = voip
        let id = pushes[index].id
        let size = payload.byteCount
        let differences = headers.differences(from: correct)
        let shown = differences.isEmpty ? "" : " [\(differences.joined(separator: ", "))]"
        record(
            .pushSent,
            "\(id) (\(pushes[index].origin.rawValue)) \(voip ? "voip" : type.rawValue), \(size) bytes\(shown): \(later: { payload.serialized })"
        )
        if let (code, reason) = Self.requestProblem(payload: payload, size: size, headers: headers, voip: voip) {
            rejectPush(index, code: code, reason: reason)
            return
        }
        if case .token = route, device.token == nil {
            rejectPush(index, code: "no token", reason: "the app has no device token (it never registered)")
            return
        }
        var inactive: Int64?
        switch route {
        case .simulator:
            break
        case .token(let topic, let environment):
            if let (code, reason) = Self.tokenProblem(
                topic: topic, environment: environment, tokenEnvironment: configuration.environment, pushKit: false,
                bundle: configuration.bundleID)
            {
                rejectPush(index, code: code, reason: reason)
                return
            }
        case .appServer(let header, let environment, let token):
            guard let topic = certifiedTopic(index, header: header) else { return }
            if let (code, reason) = Self.tokenProblem(
                topic: topic, environment: environment, tokenEnvironment: token.environment, pushKit: token.pushKit,
                bundle: configuration.bundleID)
            {
                rejectPush(index, code: code, reason: reason)
                return
            }
            inactive = inactiveSince(token)
            if let since = inactive {
                let learnt = since.addingReportingOverflow(configuration.apns.unregisterLag)
                let timestamp = learnt.overflow ? Self.latestTime : learnt.partialValue
                if now > timestamp {
                    var answer = APNsAnswer(status: 410, reason: "Unregistered")
                    answer.timestamp = timestamp
                    rejectPush(
                        index, answer: answer,
                        reason: "the token went inactive at \(TimeFormat.timestamp(since)); APNs learnt of it at \(TimeFormat.timestamp(timestamp))"
                    )
                    return
                }
            }
        }
        if case .simulator = route {
        } else if let rate = configuration.apns.deviceRate {
            let since = now - rate.window
            providerSide.accepted.removeAll { $0 <= since }
            if providerSide.accepted.count >= rate.count {
                rejectPush(
                    index, code: "TooManyRequests",
                    reason: "\(rate.count) pushes to this device within \(TimeFormat.duration(rate.window)) already (apns device-rate)")
                return
            }
            providerSide.accepted.append(now)
        }
        pushes[index].apnsAnswer = APNsAnswer(status: 200)
        if inactive != nil {
            setDeliveryState(index, .tokenUnregistered)
            pushes[index].reason = "discarded: the token is no longer active (APNs has not yet learnt of it)"
            record(.dropped, "\(id): the token is no longer active; APNs answers 200 and discards it")
            return
        }
        if !voip, let problem = Self.headerProblem(headers, payload: payload) {
            // A push-type mismatch is received and dropped by APNs; a background push at
            // priority 10 is delivered, and iOS drops it (modelled).
            setDeliveryState(index, problem.hasPrefix("push-type mismatch") ? .received : .delivered)
            pushes[index].delivered = false
            pushes[index].reason = "not delivered: \(problem)"
            record(.dropped, "\(id): \(problem); not delivered")
            writeLog("APNs", "\(id) not delivered: \(problem)")
            return
        }
        if powerDefers(index, headers: headers) { return }
        guard network.online else {
            apnsHold(index, expiration: headers.expirationMilliseconds)
            return
        }
        deviceReceive(index)
    }

    /// APNs's payload and header rows: what is wrong with the request itself, whoever sends it.
    private static func requestProblem(payload: JSONValue, size: Int, headers: APNsHeaders, voip: Bool) -> (String, String)? {
        if payload.members?.isEmpty == true {
            return ("PayloadEmpty", "the payload is empty")
        }
        let limit = voip ? Self.voipPayloadLimit : Self.apnsPayloadLimit
        if size > limit {
            return ("PayloadTooLarge", "payload is \(size) bytes, over APNs' \(limit)-byte limit")
        }
        if case .other(let word) = headers.pushType {
            return ("InvalidPushType", "apns-push-type \(APNsHeaders.shown(word)) is not one APNs knows")
        }
        if !headers.priority.isKnown {
            return ("BadPriority", "apns-priority \(headers.priority) is not 10, 5 or 1")
        }
        if headers.expiration == .malformed {
            return ("BadExpirationDate", "apns-expiration is not a UNIX epoch date")
        }
        if let collapseID = headers.collapseID, collapseID.utf8.count > APNsHeaders.collapseIDLimit {
            return (
                "BadCollapseId",
                "the collapse id is \(collapseID.utf8.count) bytes, over APNs' \(APNsHeaders.collapseIDLimit)"
            )
        }
        return nil
    }

    /// APNs's token rows: the token's environment, then whether the topic is the token's app's.
    private static func tokenProblem(
        topic: String, environment: APNsEnvironment, tokenEnvironment: APNsEnvironment, pushKit: Bool, bundle: String
    ) -> (String, String)? {
        if environment != tokenEnvironment {
            return (
                "BadDeviceToken",
                "sent to the \(environment.rawValue) environment, the token is from \(tokenEnvironment.rawValue)"
            )
        }
        // `<bundle>.voip`, compared without making the string (this runs for every push).
        let voipTopic =
            topic.utf8.count == bundle.utf8.count + 5 && topic.hasSuffix(".voip") && topic.hasPrefix(bundle)
        if pushKit, topic == bundle {
            return ("TopicDisallowed", "a PushKit token sent with the bare bundle id \(bundle) (VoIP needs \(bundle).voip)")
        }
        if !pushKit, voipTopic {
            return ("DeviceTokenNotForTopic", "an APNs token sent to the VoIP topic \(topic)")
        }
        if topic != bundle && !voipTopic {
            return (
                "DeviceTokenNotForTopic",
                pushKit
                    ? "topic \(topic) is not the app's VoIP topic \(bundle).voip"
                    : "topic \(topic) does not match the app's bundle id \(bundle)")
        }
        return nil
    }

    private mutating func rejectPush(_ index: Int, code: String, reason: String) {
        rejectPush(
            index, answer: code == "no token" ? nil : APNsAnswer(status: APNsAnswer.status(for: code), reason: code),
            reason: reason)
    }

    private mutating func rejectPush(_ index: Int, answer: APNsAnswer?, reason: String) {
        let code = answer?.reason ?? "no token"
        pushes[index].apnsAnswer = answer
        if let answer { record(.apns, "\(pushes[index].id) \(answer.text)") }
        defer { if let answer { providerHandles(answer, for: index) } }
        pushes[index].delivered = false
        pushes[index].reason = "APNs rejected it: \(reason)"
        record(.dropped, "\(pushes[index].id): APNs rejected it (\(code)): \(reason)")
        writeLog("APNs", "\(code): \(pushes[index].id) not delivered: \(reason)")
    }
}

// A long case sends thousands of pushes; what each carried (its payload, the ciphertexts and
// values it sealed) is read only while something still refers to it. The world lets go of it
// for every push but the newest `payloadsKept` and those still in use, and keeps everything
// else it says about them (ids, answers, states, reasons, headers).
extension World {
    /// How many of the newest pushes keep what they carried, whatever happened to them.
    public static let payloadsKept = 1024

    /// Lets go of the payload, ciphertexts and plaintexts of the pushes older than the newest
    /// ``payloadsKept`` that nothing refers to: no notification in the center or waiting to be
    /// acted on, no extension at work, nothing APNs holds, no VoIP push waiting for a registry,
    /// and not the newest delivered push (`call` reads it).
    mutating func forgetSettledPayloads() {
        let end = pushes.count - Self.payloadsKept
        guard end > payloadsForgotten else { return }
        var inUse = Set<Int>()
        func use(_ id: String) {
            if id.hasPrefix("p"), let number = Int(id.dropFirst()), number >= 1 { inUse.insert(number - 1) }
        }
        for banner in banners { use(banner.pushID) }
        for pending in pendingActions { use(pending.banner.pushID) }
        for id in extensionJobs.keys { use(id) }
        if let held = network.held { inUse.insert(held) }
        inUse.formUnion(providerSide.deferred)
        inUse.formUnion(process?.waitingVoIP ?? [])
        if let newest = pushes.lastIndex(where: \.delivered) { inUse.insert(newest) }
        // What was in use last time is looked at again, then the pushes that have become old.
        var stillInUse: [Int] = []
        for index in payloadsInUse + Array(payloadsForgotten..<end) {
            if inUse.contains(index) {
                stillInUse.append(index)
                continue
            }
            pushes[index].payload = nil
            pushes[index].ciphertexts = []
            pushes[index].plaintexts = []
        }
        payloadsInUse = stillInUse
        payloadsForgotten = end
    }
}
