// The steps a scenario takes (docs/COMMANDS.md "Actions"). Each checks its precondition before it
// changes anything, so a failed step leaves the world as it was.

extension World {
    // MARK: The app

    /// Moves the app to `state` now. From not running to running is a cold launch by the icon
    /// (a new process on `host`, nothing started); `killed` is a force-quit, `terminated` the
    /// system ending the process.
    public mutating func launch(_ state: AppState) throws(CoreError) {
        try requireInstalled("launch")
        beginStep("launch \(state.rawValue)")
        if state == appState {
            record(.app, "already \(state.rawValue)")
        } else {
            switch state {
            case .killed:
                if process != nil {
                    endProcess(becoming: .killed, reason: "force-quit by the user")
                } else {
                    appState = .killed
                    record(.app, "killed (marked force-quit)")
                }
            case .terminated:
                if process != nil {
                    endProcess(becoming: .terminated, reason: "ended by the system")
                } else {
                    appState = .terminated
                    record(.app, "terminated (no longer marked force-quit)")
                }
            case .background:
                if process != nil {
                    sendToBackground(reason: "the user left the app")
                } else {
                    launchProcess(into: .background, launchPayload: nil, reason: "launch into background")
                }
            case .foreground:
                unlockToUseTheApp("opening an app needs the device unlocked")
                if process != nil {
                    bringToForeground(reason: "the user opened the app")
                } else {
                    launchProcess(into: .foreground, launchPayload: nil, reason: "icon")
                }
            }
        }
        try endStep()
    }

    /// The user navigates to `screen`; the app must be in the foreground.
    public mutating func navigate(to screen: Screen) throws(CoreError) {
        guard appState == .foreground else {
            throw .precondition("screen: the app is not in the foreground (it is \(appState.rawValue))")
        }
        beginStep("screen \(screen.rawValue)")
        if screen == .chat {
            if self.screen == .chat { record(.screen, "already on chat") } else { showChat("the user navigated to it") }
        } else {
            self.screen = screen
            record(.screen, "\(screen.rawValue)")
        }
        try endStep()
    }

    /// The host's `start` step: the SDK's start (Kindly `start()`), or with no SDK the host's
    /// own setup code; the host assigns the delegate here when it is assigned at start.
    public mutating func start() throws(CoreError) {
        try plugin.checkStart(self)
        guard process != nil else { throw .precondition("start: the app is not running (it is \(appState.rawValue))") }
        beginStep("start")
        assignDelegateAtStart()
        registerCategoriesAtStart()
        plugin.start(&self)
        try endStep()
    }

    /// The app registers for pushes: iOS gives the token, the host hands it to the SDK
    /// (Kindly declares what it can take, docs/KINDLY.md).
    public mutating func register() throws(CoreError) {
        guard process != nil else {
            throw .precondition("register: the app is not running (it is \(appState.rawValue))")
        }
        beginStep("register")
        hostRegister()
        try endStep()
    }

    // MARK: Pushes

    /// The app's own server sends a push (`push app visible|silent`): an alert with `title`
    /// and `body`, or `content-available: 1` only; `mutable-content: 1` when the app ships a
    /// service extension. It goes to the device token the app registered.
    public mutating func pushApp(
        _ type: PushType, title: String? = nil, body: String? = nil, badge: Int? = nil, route: String? = nil,
        thread: String? = nil, category: String? = nil, level: InterruptionLevel? = nil, sound: String? = nil,
        removes removal: Removal? = nil, headers: APNsHeaderOverrides = .none
    ) throws(CoreError) {
        if type == .visible, title == nil, body == nil, badge == nil {
            throw .invalid("push app visible: give a title, a body or a badge")
        }
        if type == .silent, badge != nil {
            throw .invalid("push app silent: a background push carries no badge (Apple: only content-available)")
        }
        if type == .silent, sound != nil || level != nil || category != nil {
            throw .invalid(
                "push app silent: a background push carries no sound, interruption level or category (Apple: only content-available)")
        }
        if let badge, badge < 0 { throw .invalid("push app: the badge must not be negative") }
        beginStep(
            "push app \(type.rawValue)" + (title.map { " title \(ScenarioText.quoted($0))" } ?? "")
                + (body.map { " body \(ScenarioText.quoted($0))" } ?? "") + (badge.map { " badge \($0)" } ?? "")
                + (thread.map { " thread \(ScenarioText.quoted($0))" } ?? "")
                + (category.map { " category \(ScenarioText.quoted($0))" } ?? "")
                + (level.map { " interruption-level \($0.rawValue)" } ?? "")
                + (sound.map { " sound \(ScenarioText.quoted($0))" } ?? "")
                + (route.map { " route \(ScenarioText.quoted($0))" } ?? "") + (removal.map { " \($0.spelled)" } ?? "")
                + headers.description)
        let index = beginPush(.app)
        let badge = type == .visible ? serverBadge(written: badge) : badge
        var aps: [JSONMember] = []
        if type == .visible {
            var alert: [JSONMember] = []
            if let title { alert.append(JSONMember("title", .string(title))) }
            if let body { alert.append(JSONMember("body", .string(body))) }
            if !alert.isEmpty { aps.append(JSONMember("alert", .object(alert))) }
            if let badge { aps.append(JSONMember("badge", .integer(Int64(badge)))) }
            if let thread { aps.append(JSONMember("thread-id", .string(thread))) }
            if let category { aps.append(JSONMember("category", .string(category))) }
            if let sound {
                // A critical alert's sound is a dictionary with `critical: 1` (Apple,
                // "Generating a remote notification").
                aps.append(
                    JSONMember(
                        "sound",
                        level == .critical
                            ? .object([JSONMember("critical", 1), JSONMember("name", .string(sound)), JSONMember("volume", 1)])
                            : .string(sound)))
            }
            if let level { aps.append(JSONMember("interruption-level", .string(level.rawValue))) }
            if configuration.serviceExtension != .none && !alert.isEmpty {
                aps.append(JSONMember("mutable-content", 1))
            }
            // A removal push is also a wake (docs/APP.md "Removing delivered notifications").
            if removal != nil { aps.append(JSONMember("content-available", 1)) }
        } else {
            aps.append(JSONMember("content-available", 1))
            if let thread { aps.append(JSONMember("thread-id", .string(thread))) }
        }
        var topLevel: [JSONMember] = route.map { [JSONMember("route", .string($0))] } ?? []
        if let removal { topLevel.append(JSONMember("removes", removal.json)) }
        if let held = providerSide.held {
            apnsSend(
                index,
                payload: .object([JSONMember("aps", .object(aps))] + topLevel),
                route: .appServer(
                    topic: configuration.provider.topic.header(bundleID: configuration.bundleID, voip: false),
                    environment: configuration.provider.environment, token: held),
                overrides: headers)
        } else {
            pushNotSent(
                index,
                reason: device.token == nil && device.cachedToken == nil
                    ? "the app's server has no device token (the app never registered)"
                    : "the app's server has no device token ("
                        + (providerSide.deletion ?? "the app's didRegister… never got it") + ")")
        }
        try endStep()
    }

    /// The app's own server sends a VoIP push (`push app voip`): `push-type voip`, priority 10,
    /// topic the bundle id + `.voip` (or `provider topic`), to the PushKit token it holds.
    public mutating func pushAppVoIP(caller: String? = nil, headers: APNsHeaderOverrides = .none) throws(CoreError) {
        guard let held = providerSide.heldPushKit else {
            throw .precondition(
                "push app voip: the server has no PushKit token"
                    + (device.pushKitToken == nil
                        ? " (the app never created a PKPushRegistry: host pushkit \(configuration.host.pushkit.spelled))"
                        : " (it deleted it)"))
        }
        beginStep("push app voip" + (caller.map { " title \(ScenarioText.quoted($0))" } ?? "") + headers.description)
        let index = beginPush(.app)
        var call: [JSONMember] = [JSONMember("caller", .string(caller ?? "Unknown caller"))]
        call.append(JSONMember("id", .string(pushes[index].id)))
        apnsSend(
            index, payload: .object([JSONMember("aps", .object([])), JSONMember("call", .object(call))]),
            route: .appServer(
                topic: configuration.provider.topic.header(bundleID: configuration.bundleID, voip: true),
                environment: configuration.provider.environment, token: held),
            overrides: headers, voip: true)
        try endStep()
    }

    /// Another provider (Braze, mParticle, …) sends a visible push. Defaults: title `Promo`,
    /// body `Message N`.
    public mutating func pushOther(
        title: String? = nil, body: String? = nil, headers: APNsHeaderOverrides = .none
    ) throws(CoreError) {
        beginStep(
            "push other" + (title.map { " title \"\($0)\"" } ?? "") + (body.map { " body \"\($0)\"" } ?? "")
                + headers.description)
        let index = beginPush(.other)
        let payload: JSONValue = [
            "aps": [
                "alert": [
                    "title": .string(title ?? "Promo"), "body": .string(body ?? "Message \(pushes[index].messageNumber)"),
                ], "mutable-content": 1,
            ]
        ]
        if device.token == nil {
            pushNotSent(index, reason: "the other provider has no device token (the app never registered)")
        } else {
            apnsSend(
                index, payload: payload,
                route: .token(topic: configuration.bundleID, environment: configuration.environment),
                overrides: headers)
        }
        try endStep()
    }

    /// Exactly this payload, straight to the device as `xcrun simctl push` does (a `.apns`
    /// file's `Simulator Target Bundle` key is dropped). Shown as its author wrote it.
    public mutating func pushRaw(_ payload: JSONValue, headers: APNsHeaderOverrides = .none) throws(CoreError) {
        guard payload.isObject else { throw .invalid("push raw: the payload must be a JSON object") }
        try requireInstalled("push raw")
        beginStep("push raw" + headers.description)
        let index = beginPush(.raw)
        apnsSend(
            index, payload: payload.removing("Simulator Target Bundle"), route: .simulator, overrides: headers)
        try endStep()
    }

    // MARK: The user

    /// The user taps a banner: it is removed, the app comes to the foreground (cold-launched
    /// if not running) and the assigned delegate gets `didReceive(response)`.
    public mutating func tap(_ target: TapTarget) throws(CoreError) {
        let index = try bannerIndex(for: target)
        beginStep(target.description)
        unlockToUseTheApp("acting on a notification needs the device unlocked")
        performTap(at: index)
        try endStep()
    }

    /// The user dismisses every banner.
    public mutating func clearBanners() throws(CoreError) {
        beginStep("clear")
        if banners.isEmpty {
            record(.bannerRemoved, "no banners to clear")
        } else {
            removeAllBanners(reason: "cleared")
        }
        try endStep()
    }

    /// The user sends a message in the open chat.
    public mutating func send(text: String) throws(CoreError) {
        guard isChatOpen else { throw .precondition("send: the chat is not open") }
        beginStep("send \"\(text)\"")
        plugin.userSends(&self, text: text)
        try endStep()
    }

    /// The user's message goes to the current chat's history, bound to `campaign`.
    public mutating func userSends(_ text: String, campaign: String?) {
        storeMessage(
            chat: currentChatID,
            HistoryEntry(time: now, sender: .user, title: nil, text: text, campaign: campaign, messageID: nil))
        lastSent = SentMessage(text: text, campaign: campaign)
        record(
            .sdk,
            "the user sends \"\(text)\" in \(currentChatID)\(campaign.map { ", bound to campaign \($0)" } ?? "")")
    }

    // MARK: Time and the device

    /// Advances the clock, running every event due at or before the new time in time order
    /// (same-time events in the order they were scheduled).
    public mutating func wait(milliseconds: Int64) throws(CoreError) {
        guard milliseconds >= 0 else { throw .invalid("wait: the duration must not be negative") }
        let (target, overflow) = now.addingReportingOverflow(milliseconds)
        guard !overflow, target <= Self.latestTime else {
            throw .invalid("wait: the clock would pass its limit (about 146 million years)")
        }
        beginStep("wait \(TimeFormat.duration(milliseconds))")
        runDueEvents(upTo: target)
        now = target
        try endStep()
    }

    /// The device restarts: every process ends, a force-quit app becomes `terminated`, the
    /// device is locked since boot.
    public mutating func reboot() throws(CoreError) {
        beginStep("reboot")
        deviceLock = .lockedSinceBoot
        record(.device, "restarting; locked since boot")
        if process != nil {
            endProcess(becoming: .terminated, reason: "the device restarted")
        } else if appState == .killed {
            appState = .terminated
            record(.app, "terminated (a restart clears the force-quit state)")
        }
        for job in extensionJobsInOrder {
            expireExtension(pushID: job.pushID, reason: "the device restarted while the extension was working")
        }
        try endStep()
    }

    /// The device locks; a foreground app goes to the background.
    public mutating func lock() throws(CoreError) {
        beginStep("lock")
        if deviceLock != .unlocked {
            record(.device, "already \(deviceLock.rawValue)")
        } else {
            deviceLock = .locked
            record(.device, "locked")
            if appState == .foreground {
                device.foregroundProcessAtLock = process?.number
                sendToBackground(reason: "the device locked")
            }
        }
        try endStep()
    }

    /// The device unlocks; the app that was in the foreground when it locked returns there.
    public mutating func unlock() throws(CoreError) {
        beginStep("unlock")
        if deviceLock == .unlocked {
            record(.device, "already unlocked")
        } else {
            deviceLock = .unlocked
            record(.device, "unlocked")
            if let number = device.foregroundProcessAtLock, number == process?.number {
                bringToForeground(reason: "the device unlocked")
            }
            device.foregroundProcessAtLock = nil
            performPendingActions()
            releaseDeferred(onlyPriority5: false, reason: "at unlock")
        }
        try endStep()
    }

    /// The user unlocks the device to open the app or act on a notification: iOS never
    /// shows an app in the foreground on a locked device.
    private mutating func unlockToUseTheApp(_ why: String) {
        guard deviceLock != .unlocked else { return }
        deviceLock = .unlocked
        device.foregroundProcessAtLock = nil
        record(.device, "unlocked by the user (\(why))")
        releaseDeferred(onlyPriority5: false, reason: "at unlock")
    }

    // MARK: SDK calls

    /// Calls an SDK API as host code would (`call API`): `check` throws when it cannot run
    /// now (before the world changes); `run` does it. Records its outcome (``lastCall``,
    /// ``lastResult``, ``lastError``).
    @discardableResult
    public mutating func call(
        _ api: String, check: (World) throws(CoreError) -> Void, run: (inout World) -> CallOutcome
    ) throws(CoreError) -> CallOutcome {
        try check(self)
        beginStep("call \(api)")
        let outcome = run(&self)
        lastCall = outcome
        switch outcome {
        case .returned(let value):
            lastError = nil
            record(.call, "\(api) returned \(value?.serialized ?? "nil")")
        case .threw(let name):
            recordError(name, by: plugin.writer, during: api)
        }
        try endStep()
        return outcome
    }

    /// One step of an SDK's own (`authorize "user"`): traced as `text`, then `body` changes the
    /// world, then what became due runs and the invariants are checked. Check preconditions
    /// before calling it: a step that has begun is traced.
    public mutating func step(_ text: String, _ body: (inout World) -> Void) throws(CoreError) {
        beginStep(text)
        body(&self)
        try endStep()
    }

    /// The newest push that was delivered.
    public var newestDeliveredPush: PushRecord? { pushes.last(where: \.delivered) }

    // MARK: Steps

    /// The clock never goes past this, so later deadlines (`now + 30 s`) cannot overflow.
    static let latestTime: Int64 = Int64.max / 2

    mutating func beginStep(_ text: String) { record(.step, TraceText(text)) }

    /// Runs what became due during the step (an extension with no delay) and checks the invariants.
    mutating func endStep() throws(CoreError) {
        runDueEvents(upTo: now)
        try checkInvariants()
    }

    mutating func runDueEvents(upTo time: Int64) {
        while let entry = scheduler.popDue(atOrBefore: time) {
            now = max(now, entry.time)
            switch entry.event {
            case .extensionFinished(let pushID): finishExtension(pushID: pushID)
            case .extensionExpired(let pushID): expireExtension(pushID: pushID, reason: "30s passed")
            case .apnsExpired(let pushID): apnsExpire(pushID: pushID)
            case .chainResumes(let number, let call, let link): resumeChain(process: number, call: call, link: link)
            case .delegateCompletes(let number, let call): completeLater(process: number, call: call)
            case .wakeExpires(let number, let pushID, let wake, let counted):
                wakeExpires(process: number, pushID: pushID, wake: wake, counted: counted)
            case .categoriesRegistered(let number): registerCategoriesLater(process: number)
            case .tokenReachesApp(let number): tokenArrivesLater(process: number)
            case .powerHoldExpired(let pushID): powerHoldExpires(pushID: pushID)
            case .pushKitRegistry(let number): createPushKitRegistryLater(process: number)
            case .voipUnclaimed(let number, let pushID): voipUnclaimed(process: number, pushID: pushID)
            case .lateCallReport(let number, let pushID): reportCallLate(process: number, pushID: pushID)
            }
        }
    }
}
