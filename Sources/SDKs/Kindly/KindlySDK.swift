// KindlySDK in the app process (docs/KINDLY.md–§3.7): start, token, decrypt, notificationReceived,
// the notification delegate, shouldHandleNotification, the display rule and taps.
import NotificationCore

extension World {
    /// How long a tap remembered before `start()` stays replayable (exactly 60 s still replays).
    public static let kindlyTapReplayWindow: Int64 = 60_000

    // MARK: start() and registration

    /// `KindlySDK.start()`: fetches the key into the keychain and replays a remembered tap.
    mutating func kindlyStart() {
        guard let number = processNumber, let current = self[process: KindlyPlugin.self] else { return }
        if current.started {
            record(.sdk, "Kindly start() again: already started in this process")
            return
        }
        self[process: KindlyPlugin.self]?.started = true
        record(.sdk, "Kindly start() in process #\(number)")
        kindlyFetchKey()
        kindlyReplayRememberedTap()
    }

    /// `setAPNSDeviceToken`: registers with the server (declaring what the SDK can take).
    /// Once started, the SDK also stores the key the registration returns.
    mutating func kindlySetAPNSDeviceToken(_ token: String) {
        record(.sdk, "Kindly setAPNSDeviceToken \(token.prefix(8))…")
        kindlyServerRegister(token: token)
        if isKindlyStarted { kindlyFetchKey() }
    }

    private mutating func kindlyFetchKey() {
        guard let registration = kindlyServer.registration, let key = kindlyServer.keys[registration.installation]
        else {
            record(.keychain, "Kindly has no key to fetch: the app has not registered yet")
            writeLog("Kindly", "no encryption key yet: the device is not registered")
            return
        }
        if keychainItem(KindlyPlugin.keychainItem) == key {
            record(.keychain, "the key is already in the keychain")
            return
        }
        storeKeychainItem(KindlyPlugin.keychainItem, key)
        record(
            .keychain,
            "Kindly stores the key in the app's keychain group (\(configuration.keychainSharing.rawValue), \(configuration.keychainAccessibility.rawValue))"
        )
    }

    // MARK: Decryption and presentation

    /// `decrypt(userInfo)` with the key as `reader` sees it now.
    func kindlyDecrypt(_ userInfo: JSONValue, as reader: KeychainReader) -> Result<KindlyMessage, DecryptFailure> {
        KindlyPayload.decrypt(
            userInfo,
            key: readKeychain(
                KindlyPlugin.keychainItem, as: reader, missing: "no key in the keychain (start() has not fetched it)"))
    }

    /// Decrypts in the app process and traces the result.
    private mutating func kindlyDecryptInApp(_ userInfo: JSONValue, pushID: String) -> KindlyMessage? {
        switch kindlyDecrypt(userInfo, as: .app) {
        case .success(let message):
            record(.decryption, "\(pushID) decrypted by the SDK")
            return message
        case .failure(let failure):
            record(.decryption, "\(pushID): the SDK cannot decrypt it: \(failure.reason)")
            writeLog("Kindly", "cannot decrypt notification \(pushID): \(failure.reason)")
            return nil
        }
    }

    /// docs/KINDLY.md: a set `shouldHandleNotification` decides; false means the host handles it.
    private mutating func kindlyShouldHandle(_ message: KindlyMessage, userInfo: JSONValue) -> Bool {
        guard kindlySettings.shouldHandle != .unset else { return true }
        kindlyDevice.handlerCalls.append(
            ExternalNotification(id: message.chatID, title: message.title, body: message.body, userInfo: userInfo))
        let answer = kindlySettings.shouldHandle == .accept
        record(
            .handler,
            "shouldHandleNotification(id \(message.chatID), \"\(message.title)\", \"\(message.body)\") returned \(answer)"
        )
        return answer
    }

    /// docs/KINDLY.md: the SDK presents nothing while the user sees the conversation.
    private var kindlyDisplayRule: PresentationDecision {
        isChatOpen ? .suppress(reason: "the chat is open, the user can already see it (display rule)") : .present
    }

    /// The SDK has decrypted a push: §3.5, then §3.4, then its own local notification.
    /// Returns whether it scheduled one.
    @discardableResult
    private mutating func kindlyPresentDecrypted(_ message: KindlyMessage, userInfo: JSONValue, pushID: String) -> Bool
    {
        guard kindlyShouldHandle(message, userInfo: userInfo) else {
            record(.bannerSuppressed, "\(pushID): shouldHandleNotification returned false, the host handles it")
            return false
        }
        guard !kindlyDevice.presentedPushes.contains(pushID) else {
            record(.sdk, "Kindly already presented \(pushID); nothing more")
            return false
        }
        if case .suppress(let reason) = kindlyDisplayRule {
            record(.bannerSuppressed, "\(pushID): \(reason)")
            return false
        }
        kindlyDevice.presentedPushes.insert(pushID)
        var content = KindlyPayload.apply(message, to: NotificationContent(title: nil, body: nil, userInfo: userInfo))
        if let kindlyInfo = content.userInfo["kindly"] {
            content.userInfo = content.userInfo.removing("aps").setting(
                "kindly", to: kindlyInfo.setting("local", to: true))
        }
        scheduleLocalNotification(IncomingNotification(pushID: pushID, content: content, source: .sdk), by: "Kindly")
        return true
    }

    /// `KindlySDK.notificationReceived(userInfo)`: presents a silent push the app received.
    mutating func kindlyNotificationReceived(_ userInfo: JSONValue, pushID: String) {
        record(.sdk, "Kindly notificationReceived \(pushID)")
        guard KindlyPayload.isKindly(userInfo) else {
            record(.sdk, "Kindly ignores \(pushID): not a Kindly notification")
            return
        }
        if NotificationContent.alert(of: userInfo) != nil {
            record(.sdk, "\(pushID) has an alert: iOS presents it, Kindly schedules nothing")
            return
        }
        guard let message = kindlyDecryptInApp(userInfo, pushID: pushID) else { return }
        kindlyPresentDecrypted(message, userInfo: userInfo, pushID: pushID)
    }

    /// `KindlySDK.notificationDelegate.willPresent` (also through `forwarding`).
    mutating func kindlyWillPresent(_ notification: IncomingNotification) -> PresentationDecision {
        let userInfo = notification.content.userInfo
        let id = notification.pushID
        guard KindlyPayload.isKindly(userInfo) else {
            record(.sdk, "Kindly delegate presents \(id) as it is: not a Kindly notification")
            return .present
        }
        if KindlyPayload.isLocal(userInfo) { return .present }
        if KindlyPayload.isDecrypted(userInfo) {
            let message = KindlyMessage(
                chatID: userInfo["kindly"]?["chat"]?.stringValue ?? "",
                title: notification.content.title ?? "", body: notification.content.body ?? "")
            guard kindlyShouldHandle(message, userInfo: userInfo) else {
                return .suppress(reason: "shouldHandleNotification returned false, the host handles it")
            }
            return kindlyDisplayRule
        }
        guard let message = kindlyDecryptInApp(userInfo, pushID: id) else {
            return kindlyDisplayRule
        }
        if kindlyPresentDecrypted(message, userInfo: userInfo, pushID: id) {
            return .suppress(reason: "the placeholder is replaced by the SDK's own banner")
        }
        return .suppress(reason: "the placeholder is not shown either")
    }

    // MARK: Taps

    /// `didReceive(response)` on the assigned delegate (docs/KINDLY.md).
    mutating func kindlyDidReceiveResponse(userInfo: JSONValue, pushID: String, delegate: DelegateChoice) {
        guard delegate == .sdk || delegate == .forwarding else {
            record(.host, "own delegate handles the tap; Kindly never hears of it, the chat stays closed")
            return
        }
        guard KindlyPayload.isKindly(userInfo) else {
            record(.host, "\(pushID) is not Kindly's: the host's business, the chat stays closed")
            return
        }
        record(.sdk, "Kindly notificationResponseReceived \(pushID)")
        guard let current = self[process: KindlyPlugin.self] else { return }
        guard current.started else {
            let tap = RememberedTap(time: now, pushID: pushID, userInfo: userInfo)
            self[process: KindlyPlugin.self]?.rememberedTap = tap
            record(.tapRemembered, "\(pushID) at \(TimeFormat.timestamp(now)): start() has not run in this process")
            writeLog("Kindly", "notification tap received before start(); keeping it")
            return
        }
        kindlyOpenChat(for: userInfo, reason: "tap on \(pushID)")
    }

    private mutating func kindlyReplayRememberedTap() {
        guard let tap = self[process: KindlyPlugin.self]?.rememberedTap else { return }
        self[process: KindlyPlugin.self]?.rememberedTap = nil
        let age = TimeFormat.seconds(now - tap.time)
        let window = TimeFormat.seconds(Self.kindlyTapReplayWindow)
        if now - tap.time <= Self.kindlyTapReplayWindow {
            record(.tapReplayed, "\(tap.pushID): \(age) old")
            writeLog("Kindly", "replaying notification tap received \(age) ago")
            kindlyOpenChat(for: tap.userInfo, reason: "replayed tap on \(tap.pushID)")
        } else {
            record(.tapDropped, "\(tap.pushID): \(age) old, older than \(window)")
            writeLog("Kindly", "dropped notification tap received \(age) ago (older than \(window))")
        }
    }

    /// `openChatOnNotificationTap`.
    private mutating func kindlyOpenChat(for userInfo: JSONValue, reason: String) {
        guard kindlySettings.openOnTap else {
            record(.sdk, "open-on-tap false: the chat stays closed")
            return
        }
        if let chat = userInfo["kindly"]?["chat"]?.stringValue {
            currentChatID = chat
        } else if case .success(let message) = kindlyDecrypt(userInfo, as: .app) {
            currentChatID = message.chatID
        }
        showChat(reason)
    }

    // MARK: Calls

    /// A `call kindly.…` on `userInfo`.
    mutating func kindlyCall(_ api: KindlyCall, userInfo: JSONValue, pushID: String) -> CallOutcome {
        switch api {
        case .isKindlyNotification:
            return .returned(.bool(KindlyPayload.isKindly(userInfo)))
        case .decrypt:
            guard let message = kindlyDecryptInApp(userInfo, pushID: pushID) else { return .returned(nil) }
            return .returned([
                "chatId": .string(message.chatID), "title": .string(message.title), "body": .string(message.body),
            ])
        case .notificationReceived:
            kindlyNotificationReceived(userInfo, pushID: pushID)
            return .returned(nil)
        }
    }
}
