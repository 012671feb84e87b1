import NotificationCore
import ScenarioLanguage

/// A built-in property `scn explore --check NAME` adds (defined in docs/EXPLORE.md).
public struct BuiltinCheck: Sendable {
    /// What the check looks at after each step: the world before and after it, and the
    /// memory the check keeps along the path (part of the explored state).
    public typealias Monitor = @Sendable (_ before: World, _ after: World, _ memory: inout [Int64]) -> Verdict

    public enum Definition: Sendable {
        /// A property in the language, added to every explored path (`always expect …`).
        case property(String)
        /// A check over each step.
        case monitor(Monitor)
    }

    public enum Verdict: Sendable {
        case holds
        /// `expectation` is the line a scenario writes after the step to state what should
        /// hold (`expect chat open`); `detail` says what is.
        case violated(expectation: String, detail: String)
    }

    public var name: String
    public var summary: String
    public var definition: Definition

    /// The built-in checks, by name.
    public static let standard: [BuiltinCheck] = [
        noDuplicates, noLostTap, noBannerOverOpenChat, noTapLost, noCrash, badgeMatchesCount, tokenCurrent,
        lossExplained,
    ]

    public static func named(_ name: String) -> BuiltinCheck? { standard.first { $0.name == name } }

    /// No message gets two notifications in the notification center (every source, host
    /// included): the language's `expect duplicates none`, after every step.
    public static let noDuplicates = BuiltinCheck(
        name: "no-duplicates", summary: "no message gets two notifications in the notification center",
        definition: .property("always expect duplicates none"))

    /// A tap on a notification from the SDK's server opens the chat once the SDK has been
    /// started in the tapped process within 60 s of the tap.
    ///
    /// Memory: the time of the tap being watched (empty: none). A watch starts at a step
    /// whose trace has a `tap` event and that removed a notification whose push came from
    /// the app's chat SDK. It ends, satisfied, at the first
    /// `chat-opened` event (the tap's own step included), or without a verdict when the
    /// app stops running or more than 60 s have passed. It is violated at the end of a step
    /// when it is still open, the SDK is started in the process (Kindly `start()`, edna
    /// authorized) and at most 60 s have passed since the tap. The memory's second value says
    /// whether the SDK was started already when the banner was tapped, which the message
    /// tells apart (in the SDK's own word: Kindly started, edna authorized).
    public static let noLostTap = BuiltinCheck(
        name: "no-lost-tap",
        summary: "a tap on the SDK's notification opens the chat when the SDK starts within 60 s",
        definition: .monitor { before, after, memory in
            let newEvents = Self.newEvents(before, after)
            let tapped = newEvents.contains { $0.kind == .tap }
            if tapped {
                let remaining = Set(after.banners.map(\.id))
                let removed = before.banners.filter { !remaining.contains($0.id) }
                let fromSDK = removed.contains { banner in
                    before.pushes.first { $0.id == banner.pushID }?.origin.rawValue == after.configuration.sdk.name
                }
                if fromSDK { memory = [after.now, before.isChatSDKStarted ? 1 : 0] }
            }
            guard let tapTime = memory.first else { return .holds }
            if newEvents.contains(where: { $0.kind == .chatOpened }) || !after.appState.isRunning
                || after.now - tapTime > 60_000
            {
                memory = []
                return .holds
            }
            if after.isChatSDKStarted {
                let startedBefore = memory.count > 1 && memory[1] == 1
                memory = []
                let sdk = after.configuration.sdk.name
                let word = after.chatSDKStartedWord
                let since = TimeFormat.duration(after.now - tapTime)
                return .violated(
                    expectation: "expect chat open",
                    detail: startedBefore
                        ? "\(sdk) was already \(word) when the banner was tapped, and the chat is closed \(since) after the tap"
                        : "\(sdk) was \(word) \(since) after the tap, and the chat is closed")
            }
            return .holds
        })

    /// No notification from the SDK's server is added to the notification center while the
    /// chat is open: checked at the end of every step that added one. The message says what
    /// the trace shows came first in the step: the chat (the banner was added over it) or
    /// the banner (the chat opened after it, the banner still shown).
    public static let noBannerOverOpenChat = BuiltinCheck(
        name: "no-banner-over-open-chat",
        summary: "no notification of the SDK's server is added while the chat is open",
        definition: .monitor { before, after, _ in
            guard after.isChatOpen else { return .holds }
            let earlier = Set(before.banners.map(\.id))
            let sdk = after.configuration.sdk.name
            let added = after.banners.filter { banner in
                !earlier.contains(banner.id)
                    && after.pushes.first(where: { $0.id == banner.pushID })?.origin.rawValue == sdk
            }
            guard let first = added.first else { return .holds }
            // The trace says which came first in the step: the banner, or the chat.
            let newEvents = Self.newEvents(before, after)
            let shown = newEvents.firstIndex { $0.kind == .bannerShown && $0.text.hasPrefix(first.id + " ") }
            let opened = newEvents.lastIndex { $0.kind == .chatOpened }
            let chatFirst = before.isChatOpen || (opened.map { o in shown.map { o < $0 } ?? true } ?? true)
            return .violated(
                expectation: "expect banners \(after.banners.count - added.count)",
                detail: chatFirst
                    ? "\(first.id) from \(first.source.rawValue) was added while the chat was open"
                    : "\(first.id) from \(first.source.rawValue) was added, then the chat opened with it still shown")
        })

    /// Every tap and every action reaches the app's delegate: violated at a step whose trace
    /// has a `tap-lost` event (a proxy swallowed it, no delegate was assigned during launch,
    /// the app has none).
    public static let noTapLost = BuiltinCheck(
        name: "no-tap-lost", summary: "every tap and action reaches the app's delegate",
        definition: .monitor { before, after, _ in
            let newEvents = Self.newEvents(before, after)
            guard let lost = newEvents.first(where: { $0.kind == .tapLost }) else { return .holds }
            return .violated(expectation: "expect no trace \"tap-lost\"", detail: lost.text)
        })

    /// The app does not crash: violated at a step that added a crash.
    public static let noCrash = BuiltinCheck(
        name: "no-crash", summary: "the app does not crash",
        definition: .monitor { before, after, _ in
            guard after.crashes.count > before.crashes.count, let crash = after.newestCrash else { return .holds }
            return .violated(expectation: "expect crash none", detail: "the app crashed: \(crash)")
        })

    /// With an extension that counts the badge (`extension increments-badge`), the icon shows
    /// the count the app can read in its own container: what the app believes is unread.
    /// Violated at the end of a step after which they differ (the extension counts in a
    /// container the app does not share, so the app's reset never reaches it).
    public static let badgeMatchesCount = BuiltinCheck(
        name: "badge-matches-count",
        summary: "with an extension that counts, the icon shows the count in the app's container",
        definition: .monitor { _, after, _ in
            let configuration = after.configuration
            guard configuration.extensionIncrementsBadge else { return .holds }
            let app = configuration.container(of: .app)
            let count = after.badgeCount(in: app)
            guard after.badge != count else { return .holds }
            let own = configuration.container(of: .extension)
            return .violated(
                expectation: "expect badge \(count)",
                detail: "the icon shows \(after.badge), the app's \(app) holds \(count)"
                    + (own == app ? "" : "; the extension counts in the \(own)"))
        })
}

extension BuiltinCheck {
    /// The app's server holds the device's current token after every launch: violated at the
    /// end of a step that cold-launched the app when the server holds an older generation's
    /// token, or none while the app's container caches one (the app registered, and the
    /// server does not have it). A token a delaying proxy still holds back is not judged yet.
    public static let tokenCurrent = BuiltinCheck(
        name: "token-current",
        summary: "the app's server holds the device's current token after every launch",
        definition: .monitor { before, after, _ in
            let launched = newEvents(before, after).contains { $0.kind == .app && $0.text.hasPrefix("cold launch") }
            guard launched, after.appState.isRunning, !after.isTokenOnItsWay else { return .holds }
            switch after.appServerTokenIsCurrent {
            case true?:
                return .holds
            case false?:
                return .violated(
                    expectation: "expect token current",
                    detail: "after the launch the app's server still holds a token of an earlier install generation"
                        + " (this is generation \(after.installation))")
            case nil:
                guard after.cachedToken != nil else { return .holds }
                return .violated(
                    expectation: "expect token current",
                    detail: "after the launch the app's server holds no token, and the app does not send it the one it has")
            }
        })

    /// A push the app's server sent is delivered, or APNs's answer explains its loss: violated
    /// at a step after which a push APNs answered 200 was discarded for a token no longer
    /// active (the server is told nothing until the 410 comes, up to `apns unregister-lag`
    /// later).
    public static let lossExplained = BuiltinCheck(
        name: "loss-explained",
        summary: "a push the app's server sent is delivered, or APNs's answer explains its loss",
        definition: .monitor { before, after, _ in
            guard after.pushes.count > before.pushes.count else { return .holds }
            for push in after.pushes[before.pushes.count...] where push.origin == .app {
                guard push.apnsAnswer?.status == 200, push.deliveryState == "Discarded – Token Unregistered" else {
                    continue
                }
                return .violated(
                    expectation: "expect delivered true",
                    detail: "\(push.id) was answered 200 and discarded: the token the server holds is no longer active")
            }
            return .holds
        })

    /// The trace events a step recorded. A world that keeps only its newest events drops old
    /// ones as it goes, so the step's events are counted from every event ever recorded.
    static func newEvents(_ before: World, _ after: World) -> ArraySlice<TraceEvent> {
        let recordedBefore = before.droppedEvents + before.trace.count
        let first = recordedBefore - after.droppedEvents
        guard first >= 0, first <= after.trace.count else { return after.trace[...] }
        return after.trace[first...]
    }
}
