// The notification-center delegate as a chain (docs/APP.md "Proxies" and "Completions"):
// iOS calls the first link with one completion block; each third-party proxy (`proxy NAME …`)
// passes the same block to the next link, or not; the last link is the app's delegate. The
// block's first call decides; later calls are ignored and traced. Apple:
// "UNUserNotificationCenterDelegate"; the first-call-wins rule is what swizzling SDKs'
// fixes state (invertase/react-native-firebase PR 8786 and PR 9094, firebase/flutterfire
// PR 8822, expo/expo PR 17201).

/// One call iOS made into the chain, with its completion block: kept in the process until
/// the block was called (a delaying link or a late completion may still act on it).
struct ChainCall: Hashable, Sendable {
    var callback: DelegateCallback
    /// The notification `willPresent` is about.
    var notification: IncomingNotification?
    /// The tapped banner `didReceive(response)` is about.
    var banner: Banner?
    /// The action the user picked, for a `didReceive(response)` that is not a plain tap.
    var action: ActionResponse?
    /// Whether the completion block has been called (the first call decides).
    var completed = false
    /// The app delegate's answer, kept for a completion it calls later (`own-completes after D`).
    var answer: WillPresentAnswer?
    /// Events still due for this call (a delayed link, a late completion).
    var pending = 0
    /// The app's delegate never calls the block (`own-completes never`): iOS logs so once the
    /// chain has returned, unless another party (a proxy) called it (SPEC §2.16).
    var neverCompleted = false

    var pushID: String { notification?.pushID ?? banner?.pushID ?? "" }
}

extension World {
    /// Whether a call goes through the chain (proxies, or a host delegate that completes
    /// other than at once) rather than straight to the delegate.
    func usesChain(for callback: DelegateCallback) -> Bool {
        !configuration.proxies.isEmpty
            || (configuration.effectiveDelegate == .own && configuration.host.completes[callback] != .atOnce)
    }

    /// iOS calls the chain's first link for `willPresent` (the app is in the foreground).
    mutating func chainWillPresent(_ notification: IncomingNotification) {
        startCall(ChainCall(callback: .willPresent, notification: notification))
    }

    /// iOS calls the chain's first link for `didReceive(response)` (a tap).
    mutating func chainDidReceive(_ banner: Banner, action: ActionResponse? = nil) {
        startCall(ChainCall(callback: .didReceive, banner: banner, action: action))
    }

    /// Keeps the call in the process under the lowest free number (calls are dropped when done,
    /// so equal worlds keep equal numbers), and runs the first link.
    private mutating func startCall(_ call: ChainCall) {
        guard process != nil else { return }
        var index = 0
        while process?.calls[index] != nil { index += 1 }
        process?.calls[index] = call
        runLink(0, of: index)
        logIfNeverCompleted(index)
        dropIfDone(index)
    }

    /// A link the chain reaches later (`delays D`): only in the process that made the call.
    mutating func resumeChain(process number: Int, call index: Int, link: Int) {
        guard process?.number == number, process?.calls[index] != nil else { return }
        process?.calls[index]?.pending -= 1
        runLink(link, of: index)
        logIfNeverCompleted(index)
        dropIfDone(index)
    }

    /// The app's delegate calls its completion now (`own-completes after D`).
    mutating func completeLater(process number: Int, call index: Int) {
        guard process?.number == number, let call = process?.calls[index] else { return }
        process?.calls[index]?.pending -= 1
        record(.host, "own delegate calls \(call.callback.call)'s completion handler for \(call.pushID) now")
        complete(index, with: call.answer ?? .suppress(reason: "nothing"), by: "own delegate", note: "")
        dropIfDone(index)
    }

    /// iOS's "…but the completion handler was never called", when the app's delegate did not
    /// call the block and no other party did either: a proxy that completes early, twice (after
    /// forwarding) or swallows has called the one block, and then there is nothing to log.
    private mutating func logIfNeverCompleted(_ index: Int) {
        guard let call = process?.calls[index], call.neverCompleted else { return }
        process?.calls[index]?.neverCompleted = false
        guard !call.completed else { return }
        let selector =
            call.callback == .willPresent
            ? "userNotificationCenter:willPresentNotification:withCompletionHandler:"
            : "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
        writeLog(
            "iOS", "UNUserNotificationCenter delegate received call to -\(selector) but the completion handler was never called.")
    }

    /// A call whose block was called and for which nothing is due is forgotten.
    private mutating func dropIfDone(_ index: Int) {
        guard let call = process?.calls[index], call.pending == 0 else { return }
        process?.calls[index] = nil
    }

    /// Schedules `event` for call `index` at `now + ms`.
    private mutating func scheduleForCall(_ index: Int, in ms: Int64, _ event: (Int) -> ScheduledEvent) {
        guard let number = process?.number else { return }
        process?.calls[index]?.pending += 1
        scheduler.schedule(event(number), at: now + ms)
    }

    /// Link `first` of the chain gets call `index`, and each link it reaches after it: a proxy,
    /// or past the proxies the app's delegate.
    ///
    /// The chain is walked in a loop, not by recursion: a link that forwards hands the call to
    /// the next one, and what a `completes-twice` proxy does after the links behind it returned
    /// is kept on a list and done innermost first, as the calls would unwind. A chain of
    /// thousands of proxies takes no native stack.
    private mutating func runLink(_ first: Int, of index: Int) {
        let proxies = configuration.proxies
        // The `completes-twice` links passed, outermost first: each completes once the links
        // behind it returned.
        var unwinding: [Int] = []
        // The call's push and callback, the same at every link.
        var started: (id: String, what: String)?
        var link = first
        walk: while let call = process?.calls[index] {
            let id = call.pushID
            let what = call.callback.call
            if started == nil { started = (id, what) }
            guard link < proxies.count else {
                appDelegateLink(index)
                break walk
            }
            let proxy = proxies[link]
            let name = "proxy \(proxy.name)"
            switch proxy.behaviour {
            case .forwards:
                record(.delegate, "\(what) \(id) → \(name) (forwards)")
            case .swallows:
                record(.delegate, "\(what) \(id) → \(name) (swallows)")
                record(.proxy, "\(proxy.name) completes \(what) for \(id) itself and never calls the next link")
                complete(index, with: Self.emptyAnswer(name), by: name, note: "")
                if let banner = call.banner {
                    record(.tapLost, "\(banner.id): \(name) swallowed the tap; the app never hears of it")
                }
                break walk
            case .completesEarly:
                record(.delegate, "\(what) \(id) → \(name) (completes-early)")
                record(.proxy, "\(proxy.name) completes \(what) for \(id) first, then forwards")
                complete(index, with: Self.emptyAnswer(name), by: name, note: "")
            case .completesTwice:
                record(.delegate, "\(what) \(id) → \(name) (completes-twice)")
                unwinding.append(link)
            case .delays(let ms):
                record(.delegate, "\(what) \(id) → \(name) (delays \(TimeFormat.duration(ms)))")
                record(.proxy, "\(proxy.name) calls the next link for \(id) \(TimeFormat.duration(ms)) later")
                let next = link + 1
                scheduleForCall(index, in: ms) { .chainResumes(process: $0, call: index, link: next) }
                break walk
            }
            link += 1
        }
        guard let (id, what) = started else { return }
        for link in unwinding.reversed() {
            let proxy = proxies[link]
            record(.proxy, "\(proxy.name) completes \(what) for \(id) after forwarding")
            complete(index, with: Self.emptyAnswer("proxy \(proxy.name)"), by: "proxy \(proxy.name)", note: "")
        }
    }

    /// What a proxy that completes `willPresent` itself answers: `[]`, nothing shown.
    private static func emptyAnswer(_ name: String) -> WillPresentAnswer {
        .suppress(reason: "\(name) completed willPresent with [] (nothing shown)")
    }

    /// The last link: the app's delegate, if one is assigned; else the last proxy completes
    /// with `[]` (a tap is lost).
    private mutating func appDelegateLink(_ index: Int) {
        guard let call = process?.calls[index] else { return }
        let id = call.pushID
        guard let delegate = activeDelegate else {
            let why =
                configuration.effectiveDelegate == .none
                ? "the app has no notification-center delegate (delegate none)"
                : "the notification-center delegate is not assigned yet in this process (delegate-assigned at-start)"
            if let banner = call.banner {
                complete(index, with: .suppress(reason: why), by: "the last proxy", note: "")
                let lost =
                    configuration.effectiveDelegate == .none
                    ? "the app has no notification-center delegate (delegate none)"
                    : "no notification-center delegate was assigned during launch (delegate-assigned at-start)"
                record(.tapLost, "\(banner.id): \(lost)")
            } else {
                complete(
                    index, with: .suppress(reason: "\(id) in the foreground: \(why)"), by: "the last proxy", note: "")
            }
            return
        }
        let word = configuration.word(for: delegate)
        let completion = delegate == .own ? configuration.host.completes[call.callback] : .atOnce
        var answer: WillPresentAnswer = .suppress(reason: "nothing")
        switch call.callback {
        case .willPresent:
            guard let notification = call.notification else { return }
            record(.delegate, "willPresent \(id) → \(word) delegate")
            answer = willPresent(notification, delegate: delegate)
            if configuration.callsWillPresentTwice {
                record(.delegate, "willPresent \(id) → \(word) delegate again (iOS 18.0 calls it twice)")
                _ = willPresent(notification, delegate: delegate)
            }
        case .didReceive:
            guard let banner = call.banner else { return }
            record(.delegate, "didReceive(response) \(id) → \(word) delegate")
            hostDidReceiveResponse(userInfo: banner.userInfo, pushID: id, delegate: delegate, action: call.action)
        }
        switch completion {
        case .atOnce:
            complete(index, with: answer, by: "\(word) delegate", note: "")
        case .twice:
            complete(index, with: answer, by: "\(word) delegate", note: "")
            complete(index, with: answer, by: "\(word) delegate", note: " again (own-completes twice)")
        case .never:
            record(.host, "own delegate never calls \(call.callback.call)'s completion handler for \(id)")
            process?.calls[index]?.neverCompleted = true
        case .after(let ms):
            record(
                .host,
                "own delegate calls \(call.callback.call)'s completion handler for \(id) \(TimeFormat.duration(ms)) later"
            )
            process?.calls[index]?.answer = answer
            scheduleForCall(index, in: ms) { .delegateCompletes(process: $0, call: index) }
        }
    }

    /// The completion block is called: the first call decides (for `willPresent`, what is
    /// shown), a later one is ignored, traced.
    private mutating func complete(_ index: Int, with answer: WillPresentAnswer, by who: String, note: String) {
        guard let call = process?.calls[index] else { return }
        guard !call.completed else {
            record(
                .delegate,
                "\(who) calls \(call.callback.call)'s completion for \(call.pushID)\(note): ignored, the block was already called (the first call decides)"
            )
            return
        }
        process?.calls[index]?.completed = true
        process?.calls[index]?.answer = nil
        guard call.callback == .willPresent, let notification = call.notification else { return }
        switch answer {
        case .present(let presentation): showBanner(notification, presentation: presentation)
        case .suppress(let reason): record(.bannerSuppressed, "\(notification.pushID): \(reason)")
        }
    }
}
