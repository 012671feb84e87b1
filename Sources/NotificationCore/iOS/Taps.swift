// A tap on a banner (docs/CORE.md "Tap", §3.7).

extension World {
    /// Why the notification center is empty, as the trace records it: the newest event that
    /// kept a banner away or took one (suppressed, dropped, not sent, killed, removed,
    /// tapped), as `; in the trace: kind: text`; or that nothing was pushed.
    var whyNoBanner: String {
        let kinds: Set<TraceKind> = [
            .bannerSuppressed, .dropped, .pushNotSent, .extensionKilled, .bannerRemoved, .tap,
        ]
        if let event = trace.last(where: { kinds.contains($0.kind) }) {
            return "; in the trace: \(event.kind.rawValue): \(event.text)"
        }
        if !trace.contains(where: { $0.kind == .pushSent || $0.kind == .delivered }) {
            return " (nothing was pushed yet)"
        }
        return ""
    }

    /// The index in ``banners`` of the banner a tap hits, or why there is none.
    func bannerIndex(for target: TapTarget) throws(CoreError) -> Int {
        switch target {
        case .newest:
            guard !banners.isEmpty else { throw .precondition("tap: no banner" + whyNoBanner) }
            return banners.count - 1
        case .nth(let n):
            guard !banners.isEmpty else { throw .precondition("tap \(n): no banner" + whyNoBanner) }
            guard n >= 1, n <= banners.count else {
                let count = banners.count == 1 ? "1 banner" : "\(banners.count) banners"
                throw .precondition("tap \(n): there is no banner \(n) (the notification center holds \(count))")
            }
            return banners.count - n
        case .title(let title):
            guard let index = banners.lastIndex(where: { $0.title == title }) else {
                let held =
                    banners.isEmpty
                    ? whyNoBanner
                    : " (the notification center holds "
                        + banners.suffix(3).reversed().map {
                            "\($0.id) " + ($0.title.map { "\"\($0)\"" } ?? "(no title)")
                        }.joined(separator: ", ")
                        + (banners.count > 3 ? ", …" : "") + ")"
                throw .precondition("tap \"\(title)\": no banner titled \"\(title)\"" + held)
            }
            return index
        }
    }

    /// The banner is removed; a running app comes to the foreground, a stopped one is
    /// cold-launched with the payload in its launch options; the delegate gets the response.
    mutating func performTap(at index: Int) {
        let banner = banners.remove(at: index)
        record(
            .tap,
            "\(banner.id) from \(banner.pushID) \(NotificationContent(title: banner.title, body: banner.body, userInfo: banner.userInfo).summary)"
        )
        deliverResponse(to: banner, action: nil, foreground: true)
    }

    /// iOS hands the response for `banner` to the app's delegate: a tap (`action` nil) or an
    /// action; `foreground`: the app comes to the foreground first (cold-launched if not running).
    mutating func deliverResponse(to banner: Banner, action: ActionResponse?, foreground: Bool) {
        if foreground {
            let what = action.map { "action \($0.name) on \(banner.id)" } ?? "tap on \(banner.id)"
            if process != nil {
                bringToForeground(reason: what)
            } else {
                launchProcess(
                    into: .foreground, launchPayload: banner.userInfo,
                    reason: "\(what), launchOptions[.remoteNotification] holds \(banner.pushID)")
            }
        }
        if usesChain(for: .didReceive) {
            chainDidReceive(banner, action: action)
            return
        }
        guard let delegate = activeDelegate else {
            if process?.delegateAssigned == false, configuration.effectiveDelegate != .none {
                record(
                    .tapLost,
                    "\(banner.id): no notification-center delegate was assigned during launch (delegate-assigned at-start)"
                )
            } else {
                record(.tapLost, "\(banner.id): the app has no notification-center delegate (delegate none)")
            }
            return
        }
        record(.delegate, "didReceive(response) \(banner.pushID) → \(configuration.word(for: delegate)) delegate")
        hostDidReceiveResponse(userInfo: banner.userInfo, pushID: banner.pushID, delegate: delegate, action: action)
    }
}
