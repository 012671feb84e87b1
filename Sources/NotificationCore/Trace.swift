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
    /// APNs's answer to a request and what became of an accepted push (the Console's states).
    case apns
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
    /// A third-party SDK's proxy in the delegate chain acted (`proxy NAME …`).
    case proxy
    /// `shouldHandleNotification` was called.
    case handler
    case bannerShown = "banner-shown"
    case bannerSuppressed = "banner-suppressed"
    case bannerRemoved = "banner-removed"
    /// The app's icon badge changed.
    case badge
    /// A sound did not play (SPEC §2.16's negative event: the ringer is silent).
    case sound
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
///
/// The text is kept as the pieces it is made of (``TraceText``) and joined only when it is
/// read: most traces are never shown, and formatting every event was most of what keeping a
/// trace cost.
public struct TraceEvent: Hashable, Sendable, CustomStringConvertible {
    public var time: Int64
    public var kind: TraceKind
    /// The text, as pieces.
    public var message: TraceText

    public init(time: Int64, kind: TraceKind, text: String) {
        self.init(time: time, kind: kind, message: TraceText(text))
    }

    public init(time: Int64, kind: TraceKind, message: TraceText) {
        self.time = time
        self.kind = kind
        self.message = message
    }

    /// The event's text, without its time and kind: `push-1: delivers "Anna" / "Hi"`.
    public var text: String {
        get { message.text }
        set { message = TraceText(newValue) }
    }

    /// `[  61.000s] tap-dropped: …`
    public var line: String { "[\(TimeFormat.column(time))] \(kind.rawValue): \(text)" }
    public var description: String { line }

    /// Two events are equal when their time, kind and text are.
    public static func == (lhs: TraceEvent, rhs: TraceEvent) -> Bool {
        lhs.time == rhs.time && lhs.kind == rhs.kind && (lhs.message.samePieces(rhs.message) || lhs.text == rhs.text)
    }

    /// The time and the kind only: equal texts may be made of different pieces, and hashing
    /// the text would format it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        hasher.combine(kind)
    }
}

/// The text of a trace event as the pieces it is written with: the literal parts of the
/// string (never copied), the strings and numbers put in it, and descriptions that cost
/// something to write (the install line), made only when the text is read. A call site writes
/// an ordinary interpolated string, `"\(id) (app \(appState.rawValue)): \(reason)"`, and the
/// text reads exactly as that string would.
public struct TraceText: Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    enum Piece: Sendable {
        case literal(StaticString)
        case string(String)
        case number(Int64)
        /// A description written when the text is read.
        case later(@Sendable () -> String)
    }

    var pieces: ContiguousArray<Piece>

    /// A text that is `text`.
    public init(_ text: String) { pieces = [.string(text)] }

    public init(stringLiteral value: StaticString) { pieces = [.literal(value)] }

    public init(stringInterpolation: StringInterpolation) { pieces = stringInterpolation.pieces }

    /// The pieces joined.
    public var text: String {
        if pieces.count == 1, case .string(let only) = pieces[0] { return only }
        var out = ""
        for piece in pieces {
            switch piece {
            case .literal(let literal): out += literal.description
            case .string(let string): out += string
            case .number(let number): out += String(number)
            case .later(let describe): out += describe()
            }
        }
        return out
    }

    public var description: String { text }

    /// Whether both are made of the same literals, strings and numbers (a cheap test of
    /// equal text; false says nothing).
    func samePieces(_ other: TraceText) -> Bool {
        guard pieces.count == other.pieces.count else { return false }
        for (a, b) in zip(pieces, other.pieces) {
            switch (a, b) {
            case (.literal(let x), .literal(let y)):
                guard x.hasPointerRepresentation, y.hasPointerRepresentation,
                    x.utf8CodeUnitCount == y.utf8CodeUnitCount, x.utf8Start == y.utf8Start
                else { return false }
            case (.string(let x), .string(let y)): guard x == y else { return false }
            case (.number(let x), .number(let y)): guard x == y else { return false }
            default: return false
            }
        }
        return true
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: ContiguousArray<Piece> = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(2 * interpolationCount + 1)
        }

        public mutating func appendLiteral(_ literal: StaticString) {
            if literal.utf8CodeUnitCount > 0 { pieces.append(.literal(literal)) }
        }

        public mutating func appendInterpolation(_ string: String) { pieces.append(.string(string)) }

        public mutating func appendInterpolation(_ string: Substring) { pieces.append(.string(String(string))) }

        public mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) {
            if let exact = Int64(exactly: number) {
                pieces.append(.number(exact))
            } else {
                pieces.append(.string(String(number)))
            }
        }

        /// `\(later: { … })`: a description written only when the text is read.
        public mutating func appendInterpolation(later describe: @escaping @Sendable () -> String) {
            pieces.append(.later(describe))
        }

        /// Anything else, described now, as a string interpolation would.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            pieces.append(.string(String(describing: value)))
        }
    }
}

/// How much of its trace and its log a world keeps. A long case makes millions of events; a
/// report quotes a few of the newest, and only `--trace`, a bug report or an expectation
/// about the whole trace reads them all.
public enum RecordKeeping: Hashable, Sendable {
    /// Every event and every log line.
    case everything
    /// At least the newest `count` of each (a few more at times: older ones are dropped in
    /// batches). ``World/traceCount`` and ``World/logCount`` still count every one.
    case newest(Int)

    /// Drops the oldest of `records` past what is kept, adding them to `dropped`. In
    /// batches, so that each record is moved at most once.
    func trim<Record>(_ records: inout [Record], dropped: inout Int) {
        guard case .newest(let count) = self, records.count >= 2 * count + 16 else { return }
        let drop = records.count - count
        records.removeFirst(drop)
        dropped += drop
    }
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

    /// Keeps records as `keeping` says from now on, dropping the older ones now.
    public mutating func keep(_ keeping: RecordKeeping) {
        self.keeping = keeping
        guard case .newest(let count) = keeping else { return }
        if trace.count > count {
            droppedEvents += trace.count - count
            trace = Array(trace.suffix(count))
        }
        if log.count > count {
            droppedLogLines += log.count - count
            log = Array(log.suffix(count))
        }
    }

    /// Roughly how many bytes this world holds beyond what it shares with `parent` (the
    /// world it was copied from): its records, notifications, pushes and messages, each
    /// counted at a typical size, and only where its storage is its own (a copied world
    /// shares every array a step did not change). For a search's memory budget: no
    /// record's text is read.
    public func estimatedBytes(beyond parent: StorageIdentity? = nil) -> Int {
        func own<T>(_ array: [T], _ other: StorageIdentity.Buffer?, each: Int) -> Int {
            guard let other, !array.isEmpty, StorageIdentity.Buffer(array) == other else { return array.count * each }
            return 0
        }
        var total = 2048
        total += own(trace, parent?.trace, each: 160)
        total += own(log, parent?.log, each: 128)
        total += own(banners, parent?.banners, each: 256)
        total += own(pushes, parent?.pushes, each: 768)
        total += own(storedMessages, parent?.storedMessages, each: 160)
        if let parent, !histories.isEmpty, StorageIdentity.Buffer(histories) == parent.histories {
            return total
        }
        for (i, history) in histories.enumerated() {
            let before = parent.flatMap { i < $0.entries.count ? $0.entries[i] : nil }
            total += 64 + own(history.entries, before, each: 160)
        }
        return total
    }

    /// Where this world's records are stored, for ``estimatedBytes(beyond:)`` of the worlds
    /// a step makes from it. (Taken once from the parent: passing the parent world itself
    /// copied it, every buffer retained, for each child.)
    public var storageIdentity: StorageIdentity {
        StorageIdentity(
            trace: .init(trace), log: .init(log), banners: .init(banners), pushes: .init(pushes),
            storedMessages: .init(storedMessages), histories: .init(histories),
            entries: histories.map { .init($0.entries) })
    }

    /// Every trace event recorded, kept or not.
    public var traceCount: Int { droppedEvents + trace.count }

    /// Every log line written, kept or not.
    public var logCount: Int { droppedLogLines + log.count }

    /// Adds a trace event at the current time.
    public mutating func record(_ kind: TraceKind, _ text: TraceText) {
        trace.append(TraceEvent(time: now, kind: kind, message: text))
        keeping.trim(&trace, dropped: &droppedEvents)
    }

    /// Adds a log line at the current time, and the trace event that shows it there.
    public mutating func writeLog(_ source: String, _ text: String) {
        log.append(LogLine(time: now, source: source, text: text))
        keeping.trim(&log, dropped: &droppedLogLines)
        record(.log, "\(source): \(text)")
    }
}

/// Where a world's records are stored: the buffer of each array (a copy of a world shares
/// every buffer a step did not write to).
public struct StorageIdentity: Sendable {
    /// One array's buffer: its address and count.
    public struct Buffer: Equatable, Sendable {
        var address: Int
        var count: Int
        init<T>(_ array: [T]) {
            (address, count) = array.withUnsafeBufferPointer { (Int(bitPattern: $0.baseAddress), $0.count) }
        }
    }
    var trace, log, banners, pushes, storedMessages, histories: Buffer
    var entries: [Buffer]
}
