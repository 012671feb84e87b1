import NotificationCore
import ScenarioLanguage

/// A Mermaid `sequenceDiagram` of one case's trace: the events that tell the story (pushes,
/// deliveries and drops, the extension, banners, taps, the SDK's decisions, log lines), not
/// the install's bookkeeping. GitHub renders it in a ```mermaid block.
struct SequenceDiagram {
    var trace: [TraceEvent]

    /// The participants, in the order the diagram draws them.
    static let participants: [(id: String, label: String)] = [
        ("server", "server"), ("APNs", "APNs"), ("iOS", "iOS"), ("ext", "extension"), ("host", "host app"),
        ("SDK", "SDK"), ("user", "user"),
    ]

    /// How long a message may be in the diagram.
    static let width = 70

    func render() -> String {
        var out = "sequenceDiagram\n"
        for p in Self.participants { out += "    participant \(p.id) as \(p.label)\n" }
        // The install's events before the first step are summed up by the install line.
        let firstStep = trace.firstIndex { $0.kind == .step } ?? trace.count
        for event in trace[..<firstStep] where event.kind == .install {
            out += "    Note over host: install: \(Self.clean(event.text))\n"
        }
        for event in trace[firstStep...] {
            if let line = Self.line(for: event) { out += "    " + line + "\n" }
        }
        return out
    }

    /// The diagram's line for one event, or nil when it is bookkeeping.
    static func line(for event: TraceEvent) -> String? {
        let t = clean(event.text)
        let at = TimeFormat.seconds(event.time)
        switch event.kind {
        case .step:
            let text = event.text
            if text.hasPrefix("push") || text.hasPrefix("expect") || text.hasPrefix("call") { return nil }
            if text.hasPrefix("wait") { return "Note over iOS,user: \(t) (now \(at))" }
            if ["start", "authorize", "register"].contains(where: { text.hasPrefix($0) }) {
                return "host->>SDK: \(t)"
            }
            if text.hasPrefix("network") || text.hasPrefix("reboot") || text.hasPrefix("lock")
                || text.hasPrefix("unlock")
            {
                return "user->>iOS: \(t)"
            }
            if text.hasPrefix("tap") || text.hasPrefix("clear") || text.hasPrefix("launch") || text.hasPrefix("screen")
                || text.hasPrefix("send")
            {
                return nil  // the events it causes say more
            }
            return "Note over host: \(t)"
        case .pushSent:
            // The payload is in the trace below; the diagram names the push.
            let head = event.text.components(separatedBy: ": {").first ?? event.text
            return "server->>APNs: \(clean(head))"
        case .pushNotSent: return "Note over server: not sent: \(t)"
        case .delivered: return "APNs->>iOS: delivered \(t)"
        case .dropped: return "APNs-xiOS: dropped \(t)"
        case .extensionStarted: return "iOS->>ext: \(t)"
        case .extensionFinished: return "ext->>iOS: \(t)"
        case .extensionExpired: return "iOS-xext: expired \(t)"
        case .decryption: return "Note over ext,SDK: \(t)"
        case .delegate: return "iOS->>SDK: \(t)"
        case .handler: return "SDK->>host: \(t)"
        case .bannerShown: return "iOS->>user: banner \(t)"
        case .bannerSuppressed: return "Note over iOS: no banner: \(t)"
        case .bannerRemoved: return "Note over iOS: \(t)"
        case .tap: return "user->>iOS: tap \(t)"
        case .tapRemembered, .tapReplayed, .tapDropped, .tapLost: return "Note over SDK: \(event.kind.rawValue): \(t)"
        case .chatOpened: return "SDK->>user: chat opens \(t)"
        case .app: return "Note over host: app \(t)"
        case .error: return "SDK--xhost: \(t)"
        case .call: return "host->>SDK: \(t)"
        case .invariant: return "Note over iOS,user: invariant \(t)"
        case .log: return "Note over SDK: log \(t)"
        case .server:
            return event.text.contains("store") ? nil : "Note over server: \(t)"
        default: return nil
        }
    }

    /// Text Mermaid draws as it is: one line, no `;` (a statement separator), `#` (an
    /// entity), `%%` or angle brackets, at most ``width`` characters.
    static func clean(_ text: String) -> String {
        var out = ""
        for c in TerminalText.escape(text) {
            switch c {
            case ";": out += ","
            case "#": out += "no. "
            case "<": out += "‹"
            case ">": out += "›"
            case "%": out += " percent"
            case "\n", "\r", "\t": out += " "
            default:
                if c.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) { out.append(c) }
            }
        }
        if out.count > width { out = String(out.prefix(width - 1)) + "…" }
        return out
    }
}
