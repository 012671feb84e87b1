// The host app's edna wiring (docs/EDNA.md): `host edna recommended` (edna's documented
// integration) and `host edna manual` (permission, registration and `authorize("user-1")`
// at install, nothing else: the scenario calls the API with `call`).
import NotificationCore

/// edna's in-memory state; dies with the process.
public struct EdnaProcessState: SDKValue {
    /// The SDK in this process.
    var sdk = EdnaSDK()
    /// The host's kept userInfo: an edna push that arrived in the background, handled when
    /// the app next comes to the foreground. Only the newest is kept.
    var kept: EdnaKeptPush?
    /// The host's pending launch payload: an edna push whose tap cold-launched the app,
    /// opened after `authorize`.
    var pending: EdnaKeptPush?

    public init() {}
}

/// A push the host holds on to, with the id the trace knows it by.
struct EdnaKeptPush: Hashable, Sendable {
    var pushID: String
    var userInfo: JSONValue
}

extension World {
    /// The user `install` authorizes (docs/CORE.md).
    public static let ednaInstallUser = "user-1"

    private var ednaRecommended: Bool { configuration.edna.host == .recommended }

    // MARK: Install, registration, authorize

    /// Install: the host asked for permission, registered when it was granted, and authorized
    /// `user-1` (both wirings). A fresh install has never run any of it.
    mutating func ednaHostInstall(fresh: Bool) {
        guard !fresh else { return }
        record(.host, "asks for notification permission at install: \(configuration.permission.rawValue)")
        ednaAuthorize(user: Self.ednaInstallUser)
        if configuration.permission == .granted {
            ednaHostRegister(isInstall: true)
        } else {
            record(.host, "permission denied: does not register for pushes, edna gets no token")
            writeLog("host", "notification permission denied: not registering for remote notifications")
        }
    }

    /// `registerForRemoteNotifications` → edna's `setDeviceToken`.
    mutating func ednaHostRegister(isInstall: Bool = false) {
        let token = iosRegisterForRemoteNotifications()
        guard tokenReachesApp(isInstall: isInstall) else { return }
        ednaSetDeviceToken(token)
    }

    /// `setDeviceToken`: passed to the server when the SDK instance exists, kept otherwise.
    private mutating func ednaSetDeviceToken(_ token: String) {
        guard isRunning else { return }
        if let toServer = ednaProcess?.sdk.setDeviceToken(token) ?? nil {
            ednaServer.token = toServer
            record(.registration, "edna setDeviceToken \(token.prefix(8))…: registered with the edna server")
        } else {
            record(.sdk, "edna setDeviceToken \(token.prefix(8))… before the SDK instance exists: kept until authorize")
            writeLog("edna", "device token kept until the SDK instance is created")
        }
    }

    /// `authorize(user:)`: the instance exists from now on, a kept token reaches the server,
    /// and the recommended host opens a pending launch push.
    mutating func ednaAuthorize(user: String) {
        guard let number = processNumber else { return }
        let kept = ednaProcess?.sdk.authorize(user: user) ?? nil
        let client = ednaServer.authorize(externalId: user)
        record(
            .sdk,
            "edna authorize(user: \"\(user)\") in process #\(number): the server knows the device as \(client.clientId)"
        )
        if let kept {
            ednaServer.token = kept
            record(.registration, "edna passes the kept token \(kept.prefix(8))… to its server")
        }
        guard ednaRecommended || configuration.host.ownOnTap == .opensChat, let pending = ednaProcess?.pending else {
            return
        }
        ednaProcess?.pending = nil
        record(.host, "authorized: opens the pending launch push \(pending.pushID) with getChat(userInfo:)")
        ednaHostOpenChat(pending.userInfo, label: pending.pushID)
    }

    // MARK: iOS callbacks

    /// `didFinishLaunching`: the recommended host keeps an edna tap's launch payload as pending.
    mutating func ednaHostDidFinishLaunching(launchPayload: JSONValue?) {
        guard let launchPayload else { return }
        let pushID = ednaPushID(of: launchPayload) ?? "the launch push"
        guard ednaRecommended else {
            record(.host, "host edna manual: launchOptions[.remoteNotification] (\(pushID)) is not read")
            return
        }
        guard EdnaSDK.isChatCenterNotification(launchPayload) else {
            record(.host, "isChatCenterNotification(\(pushID)) is false: the launch push is left to the other provider")
            return
        }
        ednaProcess?.pending = EdnaKeptPush(pushID: pushID, userInfo: launchPayload)
        record(.host, "isChatCenterNotification(\(pushID)) is true: keeps it as pending until authorize")
        writeLog("host", "pending edna notification \(pushID) from launch options")
    }

    /// `didReceiveRemoteNotification`: the recommended host handles an edna push now in the
    /// foreground, keeps it for the next foreground in the background, and leaves other
    /// providers' pushes to them.
    mutating func ednaHostDidReceiveRemoteNotification(_ userInfo: JSONValue, pushID: String) {
        guard ednaRecommended else {
            record(.host, "host edna manual: \(pushID) is not handled")
            return
        }
        guard EdnaSDK.isChatCenterNotification(userInfo) else {
            record(.host, "isChatCenterNotification(\(pushID)) is false: left to the other provider")
            return
        }
        if appState == .foreground {
            record(.host, "isChatCenterNotification(\(pushID)) is true, app foreground: handleNotification")
            ednaHostHandle(EdnaKeptPush(pushID: pushID, userInfo: userInfo))
        } else {
            let replaced = ednaProcess?.kept?.pushID
            ednaProcess?.kept = EdnaKeptPush(pushID: pushID, userInfo: userInfo)
            record(
                .host,
                TraceText(
                    "isChatCenterNotification(\(pushID)) is true, app \(appState.rawValue): keeps the userInfo until the app comes to the foreground"
                        + (replaced.map { " (replacing \($0))" } ?? "")))
        }
    }

    /// The host's own delegate opens the chat for a tap (`own-on-tap opens-chat`):
    /// `getChat(userInfo:)` now, or pending until `authorize`.
    mutating func ednaHostOpensChat(_ userInfo: JSONValue, pushID: String) {
        guard ednaProcess?.sdk.instanceExists == true else {
            ednaProcess?.pending = EdnaKeptPush(pushID: pushID, userInfo: userInfo)
            record(.host, "edna is not authorized in this process: keeps \(pushID) pending until authorize")
            return
        }
        ednaHostOpenChat(userInfo, label: pushID)
    }

    /// The app came to the foreground: the recommended host handles the kept push, if any.
    mutating func ednaHostDidBecomeForeground() {
        guard ednaRecommended, let kept = ednaProcess?.kept else { return }
        ednaProcess?.kept = nil
        record(.host, "in the foreground: handles the kept \(kept.pushID)")
        ednaHostHandle(kept)
    }

    /// `willPresent` on a `kindly`/`forwarding` delegate in an edna app: there is no Kindly to
    /// forward to, so the host's delegate presents the notification as it is (like `own`).
    mutating func ednaHostWillPresent(_ notification: IncomingNotification) -> PresentationDecision {
        record(
            .host,
            "\(configuration.word(for: configuration.effectiveDelegate)) delegate in an edna app presents \(notification.pushID) as it is"
        )
        return .present
    }

    /// `didReceive(response)`: edna's wiring opens chats from `didReceiveRemoteNotification`
    /// and launch options, not from the notification-center delegate.
    mutating func ednaHostDidReceiveResponse(userInfo: JSONValue, pushID: String, delegate: DelegateChoice) {
        record(.host, "\(delegate.rawValue) delegate gets the tap on \(pushID); edna's wiring does not act on it")
    }

    // MARK: The recommended rows

    /// docs/EDNA.md foreground row: `handleNotification`; on `chatNotOpened`, `getChat` and show
    /// the chat. The row as a whole is one host action for `expect error`.
    private mutating func ednaHostHandle(_ push: EdnaKeptPush) {
        guard let current = ednaProcess else { return }
        do {
            try current.sdk.handleNotification(userInfo: push.userInfo, chatShown: ednaChatScreenShown)
            lastError = nil
            record(.sdk, "edna handleNotification(\(push.pushID)) returned: the chat is already shown, nothing to do")
        } catch {
            record(
                .sdk,
                "edna handleNotification(\(push.pushID)) threw \(error.rawValue): the host calls getChat(userInfo:)")
            writeLog("edna", "handleNotification: \(error.rawValue)")
            ednaHostOpenChat(push.userInfo, label: push.pushID)
        }
    }

    /// `getChat(userInfo:)` and show the chat; a throw is recorded and logged, nothing else.
    mutating func ednaHostOpenChat(_ userInfo: JSONValue?, label: String) {
        switch ednaGetChat(userInfo, label: label) {
        case .success:
            lastError = nil
        case .failure(let error):
            recordError(error.rawValue, by: "edna", during: "getChat(\(label))")
        }
    }

    // MARK: The SDK API as host code calls it

    /// Whether edna's chat screen is the app's screen (docs/EDNA.md "chat screen shown").
    var ednaChatScreenShown: Bool { isRunning && screen == .chat }

    /// `getChat(userInfo:)`: on success the chat is shown and a campaign's quote and binding
    /// are in its input field.
    private mutating func ednaGetChat(_ userInfo: JSONValue?, label: String) -> Result<EdnaChat, EdnaError> {
        let chat: EdnaChat
        do {
            guard let returned = try ednaProcess?.sdk.getChat(userInfo: userInfo) else {
                return .failure(.userNotAuthorized)
            }
            chat = returned
        } catch {
            return .failure(error)
        }
        switch chat.context {
        case .none:
            record(
                .sdk,
                TraceText(
                    "edna getChat(\(label)) returns the chat"
                        + (userInfo == nil ? "" : " (not an edna push: no context taken from it)")))
        case .message:
            record(.sdk, "edna getChat(\(label)) returns the chat")
        case .campaign(let id, let quote):
            record(
                .sdk,
                TraceText(
                    "edna getChat(\(label)) returns the chat with campaign \(id), quote "
                        + (quote.map { "\"\($0)\"" } ?? "none")))
        }
        if screen == .chat, appState == .foreground {
            record(.chatOpened, "chat \(currentChatID) already open (getChat(\(label)))")
        } else {
            showChat("edna getChat(\(label))")
        }
        return .success(chat)
    }

    /// The push id of a payload the world delivered, if it is one.
    private func ednaPushID(of payload: JSONValue) -> String? {
        pushes.last(where: { $0.payload == payload })?.id
    }

    // MARK: Scenario steps

    /// `send "text"` with the chat open: bound to the campaign the chat was opened with.
    mutating func ednaSend(text: String) {
        let campaign = ednaProcess?.sdk.send(text: text).campaign
        userSends(text, campaign: campaign)
    }

    /// Throws when a `call edna.…` cannot run (before the world changes).
    func ednaCheckCall(_ api: EdnaCall) throws(CoreError) {
        guard isRunning else {
            throw .precondition("call \(api): the app is not running (it is \(appState.rawValue))")
        }
        switch api {
        case .handleNotification(empty: true), .getChat(none: true): return
        default:
            guard newestDeliveredPush?.payload != nil else {
                throw .precondition("call \(api): no push has been delivered")
            }
        }
    }

    /// A `call edna.…` on the newest delivered push (or none / an empty userInfo).
    mutating func ednaCall(_ api: EdnaCall) -> CallOutcome {
        let push = newestDeliveredPush
        let label = push?.id ?? "nil"
        let userInfo = push?.payload ?? JSONValue.object([JSONMember]())
        switch api {
        case .isChatCenterNotification:
            return .returned(.bool(EdnaSDK.isChatCenterNotification(userInfo)))
        case .handleNotification(let empty):
            guard let current = ednaProcess else { return .threw(EdnaError.chatNotOpened.rawValue) }
            do {
                try current.sdk.handleNotification(
                    userInfo: empty ? .object([JSONMember]()) : userInfo, chatShown: ednaChatScreenShown)
                return .returned(nil)
            } catch {
                return .threw(error.rawValue)
            }
        case .getChat(let none):
            switch ednaGetChat(none ? nil : userInfo, label: none ? "nil" : label) {
            case .success: return .returned(.string(currentChatID))
            case .failure(let error): return .threw(error.rawValue)
            }
        }
    }

    /// edna's line of ``summary``: the SDK in this process and what the host holds.
    var ednaSummary: String {
        var line = "edna \(DottedVersion.text(configuration.sdkVersion)) (host \(configuration.edna.host.rawValue)): "
        let state = ednaProcess
        line += state?.sdk.authorizedUser.map { "authorized as \"\($0)\"" } ?? "not authorized"
        line += ednaServer.token == nil ? ", no token on the server" : ", token on the server"
        if state?.sdk.keptToken != nil { line += ", a token kept until authorize" }
        if let kept = state?.kept { line += ", keeps \(kept.pushID) for the foreground" }
        if let pending = state?.pending { line += ", \(pending.pushID) pending until authorize" }
        if let quote = ednaQuote { line += ", quote \"\(quote)\"" }
        if let campaign = state?.sdk.campaign { line += ", next message bound to \(campaign)" }
        if configuration.edna.server == nil { line += ", server off" }
        return line
    }

}
