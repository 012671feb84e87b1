import NotificationCore

/// The story of one case as a sequence diagram: the events that tell it (pushes, deliveries
/// and drops, the extension, banners, taps, the SDK's decisions, log lines), not the
/// install's bookkeeping. One selection (``init(trace:)``) chooses the diagram's messages;
/// renderers draw it: ``mermaid()`` for a Markdown bug report (`scn repro`), ``svg()`` for
/// the HTML report (`scn test --html`).
///
/// The diagram tells what the trace tells: a callback's arrow ends at whoever the trace says
/// received it (a `delegate:` line's `→ own delegate` is the host's, `→ kindly delegate` the
/// SDK's; `didReceiveRemoteNotification` is the host's app delegate), the host's `host:` lines
/// are notes over the host, and only the participants that act are drawn
/// (``participants``).
public struct SequenceDiagram: Sendable, Hashable {
    /// A column of the diagram, in the order it is drawn.
    public enum Participant: Int, CaseIterable, Sendable, Hashable, Comparable {
        case server, apns, iOS, ext
        /// The third-party SDKs in front of the app's delegate (`proxy NAME …`).
        case proxy
        case host, sdk, user

        /// The participant's short name in Mermaid text.
        public var id: String {
            switch self {
            case .server: "server"
            case .apns: "APNs"
            case .iOS: "iOS"
            case .ext: "ext"
            case .proxy: "proxies"
            case .host: "host"
            case .sdk: "SDK"
            case .user: "user"
            }
        }

        /// What the diagram calls it.
        public var label: String {
            switch self {
            case .ext: "extension"
            case .proxy: "third-party SDKs"
            case .host: "host app"
            default: id
            }
        }

        public static func < (a: Participant, b: Participant) -> Bool { a.rawValue < b.rawValue }
    }

    /// How a message is drawn.
    public enum Arrow: Sendable, Hashable {
        /// It arrived (Mermaid `->>`).
        case arrives
        /// It was lost on the way: dropped, expired (Mermaid `-x`).
        case lost
        /// A reply that failed: an error thrown back (Mermaid `--x`).
        case failed
    }

    /// One row of the diagram.
    public enum Item: Sendable, Hashable {
        /// A message from one participant to another.
        case message(from: Participant, to: Participant, arrow: Arrow, text: String)
        /// A note over the participants from `first` to `last`.
        case note(first: Participant, last: Participant, text: String)
    }

    /// A row and the virtual time (milliseconds) of the event it stands for.
    public struct Entry: Sendable, Hashable {
        public var time: Int64
        public var item: Item

        public init(time: Int64, item: Item) {
            self.time = time
            self.item = item
        }
    }

    /// The rows, in trace order.
    public var entries: [Entry]

    /// A diagram of exactly these rows.
    public init(entries: [Entry]) { self.entries = entries }

    /// The diagram of a case's trace: the install summed up by its `install:` line, then
    /// one row per event that tells the story.
    public init(trace: [TraceEvent]) {
        var entries: [Entry] = []
        // The install's events before the first step are summed up by the install line.
        let firstStep = trace.firstIndex { $0.kind == .step } ?? trace.count
        for event in trace[..<firstStep] where event.kind == .install {
            entries.append(
                Entry(time: event.time, item: .note(first: .host, last: .host, text: "install: " + event.text)))
        }
        // An app without an SDK (`install: none…`): what the trace says of "the SDK" is the
        // host's own code, so no SDK column is drawn.
        let hasSDK = !(trace.first { $0.kind == .install }.map { $0.text == "none" || $0.text.hasPrefix("none,") }
            ?? false)
        // Pushes APNs refused never travel on to the device.
        var refused = Set<Substring>()
        for event in trace[firstStep...] {
            if event.kind == .apns {
                let words = event.text.split(separator: " ", maxSplits: 2)
                if words.count >= 2, words[1].first?.isNumber == true, !words[1].hasPrefix("200") {
                    refused.insert(words[0])
                }
            }
            guard var item = Self.item(for: event, refused: refused) else { continue }
            if !hasSDK { item = Self.withoutSDK(item) }
            entries.append(Entry(time: event.time, item: item))
        }
        self.entries = entries
    }

    /// `item` for an app without an SDK: the SDK's column is the host's.
    static func withoutSDK(_ item: Item) -> Item {
        switch item {
        case .message(let from, let to, let arrow, let text):
            let f = from == .sdk ? .host : from
            let t = to == .sdk ? .host : to
            return f == t ? .note(first: f, last: f, text: text) : .message(from: f, to: t, arrow: arrow, text: text)
        case .note(let first, let last, let text):
            return .note(first: first == .sdk ? .host : first, last: last == .sdk ? .host : last, text: text)
        }
    }

    /// The participant a log line's writer is (`iOS: …`, `APNs: …`, `host: …`): an SDK's
    /// otherwise.
    static func writer(ofLog text: String) -> Participant {
        let source = text.prefix { $0 != ":" }
        switch source {
        case "iOS": return .iOS
        case "APNs": return .apns
        case "host", "app": return .host
        case "server": return .server
        default: return .sdk
        }
    }

    /// The participants drawn, in ``Participant`` order: each end of a message and each
    /// participant a note is over alone; a note over several (a wait, an invariant) spans the
    /// drawn ones within its range, and adds its first only when none is drawn there. The
    /// host app alone when nothing acts.
    public var participants: [Participant] {
        var acting = Set<Participant>()
        for entry in entries {
            switch entry.item {
            case .message(let from, let to, _, _):
                acting.insert(from)
                acting.insert(to)
            case .note(let first, let last, _) where first == last: acting.insert(first)
            case .note: break
            }
        }
        for entry in entries {
            guard case .note(let first, let last, _) = entry.item, first != last else { continue }
            let range = min(first, last)...max(first, last)
            if !acting.contains(where: range.contains) { acting.insert(range.lowerBound) }
        }
        if acting.isEmpty { acting.insert(.host) }
        return Participant.allCases.filter(acting.contains)
    }

    /// The drawn participants a note over `first`…`last` is drawn over: the first and the
    /// last of `drawn` within that range.
    static func span(_ first: Participant, _ last: Participant, in drawn: [Participant]) -> (Participant, Participant) {
        let low = min(first, last)
        let high = max(first, last)
        let inside = drawn.filter { low <= $0 && $0 <= high }
        return (inside.first ?? low, inside.last ?? high)
    }

    /// Who gets a callback, as its `delegate:` trace line says: the host for the app
    /// delegate's `didReceiveRemoteNotification` and for the host's own or forwarding
    /// notification-center delegate (`… → own delegate`), a proxy in front of it (`… → proxy
    /// NAME`), the SDK for the SDK's delegate (`… → kindly delegate`).
    public static func receiver(ofCallback text: String) -> Participant {
        if text.hasPrefix("didReceiveRemoteNotification") { return .host }
        guard let arrow = text.firstIndex(of: "→") else { return .sdk }
        let delegate = text[text.index(after: arrow)...].drop { $0 == " " }
        if delegate.hasPrefix("proxy ") { return .proxy }
        return delegate.hasPrefix("own delegate") || delegate.hasPrefix("forwarding delegate") ? .host : .sdk
    }

    /// The row for one event, or nil when it is bookkeeping.
    static func item(for event: TraceEvent, refused: Set<Substring> = []) -> Item? {
        let t = event.text
        func note(_ first: Participant, _ last: Participant? = nil, _ text: String) -> Item {
            .note(first: first, last: last ?? first, text: text)
        }
        func message(_ from: Participant, _ to: Participant, _ text: String, _ arrow: Arrow = .arrives) -> Item {
            .message(from: from, to: to, arrow: arrow, text: text)
        }
        switch event.kind {
        case .step:
            if t.hasPrefix("push") || t.hasPrefix("expect") || t.hasPrefix("call") { return nil }
            if t.hasPrefix("wait ") {
                // The step is recorded when the wait begins; the note says where the clock ends.
                guard let length = milliseconds(String(t.dropFirst(5))) else { return note(.iOS, .user, t) }
                return note(.iOS, .user, "\(t) (now \(TimeFormat.seconds(event.time + length)))")
            }
            if ["start", "authorize", "register"].contains(where: { t.hasPrefix($0) }) {
                return message(.host, .sdk, t)
            }
            if ["network", "reboot", "lock", "unlock"].contains(where: { t.hasPrefix($0) }) {
                return message(.user, .iOS, t)
            }
            if ["tap", "clear", "launch", "screen", "send"].contains(where: { t.hasPrefix($0) }) {
                return nil  // the events it causes say more
            }
            return note(.host, nil, t)
        case .pushSent:
            // The payload is in the trace; the diagram names the push.
            return message(.server, .apns, SequenceDiagram.beforePayload(t))
        case .pushNotSent: return note(.server, nil, "not sent: \(t)")
        case .apns:
            // APNs's answer goes back to the server (`p1 200, Delivered`, `p1 400
            // BadDeviceToken`); a later Console state is a note over APNs.
            let rest = t.drop { $0 != " " }.dropFirst()
            guard let first = rest.first, first.isNumber else { return note(.apns, nil, "state: \(t)") }
            return message(.apns, .server, t, rest.hasPrefix("200") ? .arrives : .failed)
        case .delivered: return message(.apns, .iOS, "delivered \(t)")
        case .dropped:
            // Only what reached the device is an arrow toward iOS: a push APNs refused, or
            // discarded while the device was offline, is a note over APNs.
            let id = t.prefix { $0 != ":" && $0 != " " }
            if refused.contains(id) || t.contains("APNs") || t.contains("offline") || t.contains("coalesced") {
                return note(.apns, nil, "dropped \(t)")
            }
            return message(.apns, .iOS, "dropped \(t)", .lost)
        case .extensionStarted: return message(.iOS, .ext, t)
        case .extensionFinished: return message(.ext, .iOS, t)
        case .extensionExpired: return message(.iOS, .ext, "expired \(t)", .lost)
        case .decryption: return note(t.contains("extension") ? .ext : .sdk, nil, t)
        case .delegate:
            // A completion block called again (`own delegate calls willPresent's completion for
            // p1: ignored`) is a note over whoever called it; a callback is an arrow.
            if t.contains("'s completion for ") {
                return note(t.hasPrefix("proxy ") || t.hasPrefix("the last proxy") ? .proxy : .host, nil, t)
            }
            return message(.iOS, receiver(ofCallback: t), t)
        case .host: return note(.host, nil, "host: \(t)")
        case .handler: return message(.sdk, .host, t)
        case .bannerShown: return message(.iOS, .user, "banner \(t)")
        case .bannerSuppressed: return note(.iOS, nil, "no banner: \(t)")
        case .bannerRemoved: return note(.iOS, nil, t)
        case .tap: return message(.user, .iOS, "tap \(t)")
        case .tapLost where t.contains("proxy "): return note(.proxy, nil, "\(event.kind.rawValue): \(t)")
        case .tapRemembered, .tapReplayed, .tapDropped, .tapLost: return note(.sdk, nil, "\(event.kind.rawValue): \(t)")
        case .proxy: return note(.proxy, nil, "proxy: \(t)")
        case .chatOpened: return message(.sdk, .user, "chat opens \(t)")
        case .app: return note(.host, nil, "app \(t)")
        case .error: return message(.sdk, .host, t, .failed)
        case .call: return message(.host, .sdk, t)
        case .invariant: return note(.iOS, .user, "invariant \(t)")
        case .log: return note(writer(ofLog: t), nil, "log \(t)")
        case .server: return t.contains("store") ? nil : note(.server, nil, t)
        default: return nil
        }
    }

    /// The text before the first `: {` (where a push's payload starts), found in its UTF-8
    /// without reading past it: a 60 KB payload is not split into pieces to be dropped.
    static func beforePayload(_ text: String) -> String {
        let marker = Array(": {".utf8)
        var utf8 = text.utf8[...]
        while let colon = utf8.firstIndex(of: marker[0]) {
            let rest = text.utf8[colon...]
            if rest.starts(with: marker) { return String(text[..<colon]) }
            utf8 = text.utf8[text.utf8.index(after: colon)...]
        }
        return text
    }

    /// A duration as the trace writes it (``TimeFormat/duration(_:)``: `500ms`, `61s`,
    /// `1m1s`, `1h`) in milliseconds, or nil for anything else.
    static func milliseconds(_ text: String) -> Int64? {
        if text.hasSuffix("ms") { return Int64(text.dropLast(2)) }
        var total: Int64 = 0
        var digits = ""
        for c in text {
            if c.isASCII && c.isNumber {
                digits.append(c)
                continue
            }
            let unit: Int64
            switch c {
            case "h": unit = 3_600_000
            case "m": unit = 60_000
            case "s": unit = 1000
            default: return nil
            }
            guard let n = Int64(digits), digits.count < 12 else { return nil }
            total += n * unit
            digits = ""
        }
        return digits.isEmpty && !text.isEmpty ? total : nil
    }
}
