// The trace (what happened, for bug reports) and the log (what SDKs and iOS would print).

/// What kind of thing a ``TraceEvent`` records (docs/CORE.md).
public enum TraceKind: String, CaseIterable, Hashable, Sendable {
    /// A step the scenario took (an action), as the core understood it.
    case step
    /// A configuration setting changed.
    case setting
    case install
    /// The app's state changed (launch, background, force-quit, …).
    case app
    /// The user moved to another screen.
    case screen
    /// The device locked, unlocked or restarted.
    case device
    /// The app registered for pushes; what the SDK declared.
    case registration
    /// A server stored a message, chose a push type, or failed to render one.
    case server
    case pushSent = "push-sent"
    case pushNotSent = "push-not-sent"
    case delivered
    case dropped
    case extensionStarted = "extension-started"
    case extensionFinished = "extension-finished"
    case extensionExpired = "extension-expired"
    /// iOS killed the service extension before it delivered (memory limit, crash).
    case extensionKilled = "extension-killed"
    case decryption
    case keychain
    /// A notification-center delegate or app-delegate callback ran.
    case delegate
    /// `shouldHandleNotification` was called.
    case handler
    case bannerShown = "banner-shown"
    case bannerSuppressed = "banner-suppressed"
    case bannerRemoved = "banner-removed"
    case chatOpened = "chat-opened"
    case tap
    case tapRemembered = "tap-remembered"
    case tapReplayed = "tap-replayed"
    case tapDropped = "tap-dropped"
    case tapLost = "tap-lost"
    /// An SDK API the scenario or the host called, and its result.
    case call
    /// The SDK or the host did something worth saying (started, ignored a push, …).
    case sdk
    case host
    /// An SDK call threw.
    case error
    case invariant
    /// A log line (``LogLine``), as `log: <writer>: <line>`: the log is part of the trace.
    case log
}

/// One line of the trace: a time, a kind, and a stable one-line text.
public struct TraceEvent: Hashable, Sendable, CustomStringConvertible {
    public var time: Int64
    public var kind: TraceKind
    public var text: String

    public init(time: Int64, kind: TraceKind, text: String) {
        self.time = time
        self.kind = kind
        self.text = text
    }

    /// `[  61.000s] tap-dropped: …`
    public var line: String { "[\(TimeFormat.column(time))] \(kind.rawValue): \(text)" }
    public var description: String { line }
}

/// A line an SDK or the system would print (`expect log` reads these).
public struct LogLine: Hashable, Sendable, CustomStringConvertible {
    public var time: Int64
    /// Who printed it: `Kindly`, `edna`, `iOS`, `APNs`, `host`.
    public var source: String
    public var text: String

    public init(time: Int64, source: String, text: String) {
        self.time = time
        self.source = source
        self.text = text
    }

    /// `[  61.000s] Kindly: …`
    public var line: String { "[\(TimeFormat.column(time))] \(source): \(text)" }
    public var description: String { line }
}

extension World {
    /// The whole trace, one event per line, each line ending in a newline.
    public func formatTrace() -> String {
        formatTrace(from: 0)
    }

    /// The trace from event index `start` on (e.g. the events one step caused).
    public func formatTrace(from start: Int) -> String {
        var out = ""
        for event in trace[max(0, min(start, trace.count))...] {
            out += event.line
            out += "\n"
        }
        return out
    }

    /// The whole log, one line each, each ending in a newline.
    public func formatLog() -> String {
        log.map { $0.line + "\n" }.joined()
    }

    /// Adds a trace event at the current time.
    mutating func record(_ kind: TraceKind, _ text: String) {
        trace.append(TraceEvent(time: now, kind: kind, text: text))
    }

    /// Adds a log line at the current time, and the trace event that shows it there.
    mutating func writeLog(_ source: String, _ text: String) {
        log.append(LogLine(time: now, source: source, text: text))
        record(.log, source + ": " + text)
    }
}
