// The completion handler of `didReceiveRemoteNotification(_:fetchCompletionHandler:)`
// (docs/APP.md "Wake completion"): iOS gives a background wake 30 s; a handler not called by
// then ends the process, and a handler called twice raises "this request has been neutered".

extension World {
    /// iOS's limit for a background wake: the handler must be called within 30 s.
    public static let wakeTimeLimit: Int64 = 30_000

    /// The host has handled the wake for `pushID`; `counted`: the wake counted toward the
    /// silent budget.
    mutating func hostCompletesFetch(pushID: String, counted: Bool) {
        switch configuration.host.completesFetch {
        case .newData, .noData:
            return
        case .twice:
            record(.host, "the host calls the fetch completion handler for \(pushID) twice (host completes-fetch twice)")
            crash(
                "NSInternalInconsistencyException: this request has been neutered - you can't call -sendResponse: twice nor after encoding it"
            )
        case .after(let ms) where ms <= Self.wakeTimeLimit:
            record(
                .host,
                "the host calls the fetch completion handler for \(pushID) after \(TimeFormat.duration(ms)), within iOS's 30s")
        case .after, .never:
            let calls =
                if case .after(let ms) = configuration.host.completesFetch {
                    "the host calls the fetch completion handler for \(pushID) after \(TimeFormat.duration(ms))"
                } else {
                    "the host never calls the fetch completion handler for \(pushID)"
                }
            guard appState == .background, let process else {
                record(.host, "\(calls): the app is in the foreground, iOS does not end it")
                return
            }
            record(.host, "\(calls): iOS ends a background wake at 30s")
            scheduler.schedule(
                .wakeExpires(process: process.number, pushID: pushID, wake: now, counted: counted),
                at: now + Self.wakeTimeLimit)
        }
    }

    /// 30 s after a wake whose handler was not called: a background process is ended, and the
    /// wake counts twice toward the silent budget, both at the wake (modelled).
    mutating func wakeExpires(process number: Int, pushID: String, wake: Int64, counted: Bool) {
        guard process?.number == number, appState == .background else { return }
        if counted {
            let at = device.silentDeliveries.lastIndex(where: { $0 <= wake }).map { $0 + 1 } ?? 0
            device.silentDeliveries.insert(wake, at: at)
        }
        writeLog("iOS", "background wake for \(pushID) exceeded 30s without calling its completion handler")
        endProcess(becoming: .terminated, reason: "wake killed: \(pushID)'s fetch completion handler was not called within 30s")
    }

    /// The app crashes with `reason`: the process ends and the app is `terminated`
    /// (`expect crash "text"`).
    public mutating func crash(_ reason: String) {
        crashes.append(reason)
        record(.app, "crash: \(reason)")
        writeLog("iOS", "Terminating app due to uncaught exception \(reason)")
        endProcess(becoming: .terminated, reason: "crashed")
    }

    /// The newest crash of the case; nil: none.
    public var newestCrash: String? { crashes.last }
}
