// VoIP pushes through PushKit, and the CallKit call iOS demands for each (docs/VOIP.md): iOS
// delivers a VoIP push only to a `PKPushRegistry`, launching a not-running app for it; an app
// not in the foreground must report an incoming call to CallKit before the push's handler
// returns, or iOS kills it; a push no registry takes within 7 s gets the app killed too
// (0xbaadca11). Repeated failures stop VoIP launches (modelled: 3 in a row, until reinstall).
// Apple, "PKPushType.voIP", "PKPushRegistry", "Responding to VoIP Notifications from
// PushKit"; Apple forums threads 117939, 768136, 764376, 801446, 817976;
// twilio/voice-quickstart-ios#115, VoIPGRID/VialerSIPLib#197.

/// When the host creates its `PKPushRegistry` (`host pushkit …`).
public enum PushKitRegistration: Hashable, Sendable {
    /// In `didFinishLaunching`, in every process (the default; Apple's advice).
    case atLaunch
    /// This long after launch.
    case after(Int64)
    /// Never: the app has no PushKit token.
    case never

    public var spelled: String {
        switch self {
        case .atLaunch: return "at-launch"
        case .after(let ms): return "after \(TimeFormat.duration(ms))"
        case .never: return "never"
        }
    }
}

/// What the host's PushKit handler does about CallKit (`host reports-call …`).
public enum CallReporting: Hashable, Sendable {
    /// Reports the incoming call before the handler returns (the default).
    case atOnce
    /// Reports it this long later, after the handler returned: too late.
    case late(Int64)
    /// Never reports one.
    case never

    public var spelled: String {
        switch self {
        case .atOnce: return "at-once"
        case .late(let ms): return "late \(TimeFormat.duration(ms))"
        case .never: return "never"
        }
    }
}

/// What iOS remembers about the app's VoIP pushes.
struct VoIPState: Hashable, Sendable {
    /// Unreported VoIP pushes in a row (a reported call resets it).
    var strikes = 0
}

extension World {
    /// iOS stops launching the app for VoIP pushes after this many unreported ones in a row.
    public static let voipStrikeLimit = 3
    /// callservicesd kills an app whose VoIP push no registry took within this long.
    static let voipRegistryWait: Int64 = 7_000

    /// Whether iOS has stopped launching the app for VoIP pushes (`expect voip blocked`).
    public var voipBlocked: Bool { voip.strikes >= Self.voipStrikeLimit }

    /// Whether the app's process has a CallKit call (`expect call incoming`).
    public var hasIncomingCall: Bool { process?.callKitCall ?? false }

    /// The host creates its registry at launch as `host pushkit` says (the install's launch as
    /// if D had passed).
    mutating func createPushKitRegistryAtLaunch(isInstall: Bool) {
        guard let number = process?.number else { return }
        switch configuration.host.pushkit {
        case .atLaunch: createPushKitRegistry(traced: false)
        case .after where isInstall: createPushKitRegistry(traced: false)
        case .after(let ms): scheduler.schedule(.pushKitRegistry(process: number), at: now + ms)
        case .never: break
        }
    }

    /// `host pushkit after D`: the registry comes now, and takes the VoIP pushes waiting for it.
    mutating func createPushKitRegistryLater(process number: Int) {
        guard process?.number == number else { return }
        createPushKitRegistry(traced: true)
        let waiting = process?.waitingVoIP ?? []
        process?.waitingVoIP = []
        for index in waiting {
            let id = pushes[index].id
            scheduler.cancel { $0 == .voipUnclaimed(process: number, pushID: id) }
            pushKitReceives(index)
        }
    }

    /// A `PKPushRegistry` in this process; the first one ever gives the PushKit token, which
    /// the app sends to its server.
    private mutating func createPushKitRegistry(traced: Bool) {
        process?.pushKitRegistry = true
        if traced {
            record(.host, "creates its PKPushRegistry (host pushkit \(configuration.host.pushkit.spelled))")
        }
        guard device.pushKitToken == nil else { return }
        let identity = TokenIdentity(generation: device.installation, environment: configuration.environment, pushKit: true)
        device.pushKitToken = identity
        providerSide.heldPushKit = HeldToken(identity: identity, uploadedAt: now)
        let token = identity.text(bundleID: configuration.bundleID)
        if traced { record(.registration, "PushKit gives the app its VoIP token \(token.prefix(8))…; the app's server registers it") }
    }

    /// The device receives a VoIP push APNs accepted.
    mutating func voipArrives(_ index: Int, fromStorage: Bool) {
        setDeliveryState(index, fromStorage ? .deliveredFromStorage : .delivered)
        let id = pushes[index].id
        if process == nil {
            if voipBlocked {
                pushes[index].delivered = false
                pushes[index].reason = "voip blocked: iOS no longer launches the app for VoIP pushes"
                record(
                    .dropped,
                    "\(id): voip blocked: \(voip.strikes) VoIP pushes in a row were not reported to CallKit; iOS no longer launches the app for them (until reinstall)"
                )
                return
            }
            launchProcess(into: .background, launchPayload: nil, reason: "a PushKit VoIP push")
        }
        guard let current = process else { return }
        if current.pushKitRegistry {
            pushKitReceives(index)
            return
        }
        process?.waitingVoIP.append(index)
        scheduler.schedule(.voipUnclaimed(process: current.number, pushID: id), at: now + Self.voipRegistryWait)
        pushes[index].reason = "no PKPushRegistry in this process yet"
        record(.app, "\(id): no PKPushRegistry in process #\(current.number) yet; iOS waits 7s for one")
    }

    /// The registry's `pushRegistry(_:didReceiveIncomingPushWith:)` runs: the host reports a
    /// call to CallKit, or does not and is killed for it.
    private mutating func pushKitReceives(_ index: Int) {
        let id = pushes[index].id
        pushes[index].delivered = true
        pushes[index].reason = nil
        record(.delegate, "pushRegistry(_:didReceiveIncomingPushWith:) gets \(id)")
        if process?.callKitCall == true {
            record(.host, "a CallKit call is already active: no new report needed")
            return
        }
        let reporting = configuration.host.reportsCall
        if reporting == .atOnce {
            process?.callKitCall = true
            voip.strikes = 0
            record(.host, "reports the incoming call to CallKit before the handler returns: CallKit shows it")
            return
        }
        if appState == .foreground {
            // SPEC §2.16 (§2.13's row replaced): in the foreground no report is required, and a
            // late report still starts the call then; iOS judges at delivery, so no strike and
            // no crash even if the app leaves the foreground meanwhile (modelled).
            if case .late(let ms) = reporting, let number = process?.number {
                record(
                    .host,
                    "will report the call \(TimeFormat.duration(ms)) after the handler returned (host reports-call \(reporting.spelled)): the app is in the foreground, iOS does not require one now"
                )
                scheduler.schedule(.lateCallReport(process: number, pushID: id), at: now + ms)
                return
            }
            record(
                .host,
                "does not report a call (host reports-call \(reporting.spelled)): the app is in the foreground, iOS does not require one"
            )
            return
        }
        voipStrike(
            "Killing app because it never posted an incoming call to the system after receiving a PushKit VoIP push.",
            why: "\(id): the handler returned without reporting a call (host reports-call \(reporting.spelled))")
    }

    /// The host reports a foreground VoIP push's call late: CallKit shows it now, in the process
    /// that got the push (one that ended first reports nothing).
    mutating func reportCallLate(process number: Int, pushID: String) {
        guard process?.number == number else { return }
        if process?.callKitCall == true {
            record(.host, "reports the call for \(pushID) late: a CallKit call is already active")
            return
        }
        process?.callKitCall = true
        voip.strikes = 0
        record(.host, "reports the incoming call for \(pushID) to CallKit now (host reports-call late): CallKit shows it")
    }

    /// callservicesd's 7 s passed and no registry took the push.
    mutating func voipUnclaimed(process number: Int, pushID: String) {
        guard process?.number == number, let position = process?.waitingVoIP.firstIndex(where: { pushes[$0].id == pushID })
        else { return }
        process?.waitingVoIP.remove(at: position)
        voipStrike(
            "0xbaadca11: callservicesd killed the app: no PKPushRegistry took the VoIP push within 7s",
            why: "\(pushID): no PKPushRegistry took it within 7s of delivery")
    }

    private mutating func voipStrike(_ crashText: String, why: String) {
        voip.strikes += 1
        record(
            .dropped,
            TraceText(
                "\(why); a strike (\(voip.strikes) in a row)"
                    + (voipBlocked ? ": iOS stops launching the app for VoIP pushes" : "")))
        crash(crashText)
    }
}
