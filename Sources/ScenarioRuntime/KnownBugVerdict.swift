import NotificationCore
import ScenarioLanguage

/// The parts of a trace that `expect trace` scopes and `known-bug … because` read (§5.3):
/// the events after the install line, one push's events, the events since a step.
public enum TraceScope {
    /// Where the events after the install line start: after the first install line (a
    /// `reinstall`'s line comes after it, and is read).
    public static func afterInstallStart(_ trace: [TraceEvent]) -> Int {
        trace.firstIndex { $0.kind == .install }.map { $0 + 1 } ?? 0
    }

    /// The events after the install line.
    public static func afterInstall(_ trace: [TraceEvent]) -> [TraceEvent] {
        Array(trace[afterInstallStart(trace)...])
    }

    /// The install line (and a `reinstall`'s).
    public static func install(_ trace: [TraceEvent]) -> [TraceEvent] {
        trace.filter { $0.kind == .install }
    }

    /// Where the newest action step's events start (its `step:` event), or after the
    /// install line when no step ran.
    public static func sinceStepStart(_ trace: [TraceEvent]) -> Int {
        trace.lastIndex { $0.kind == .step } ?? afterInstallStart(trace)
    }

    /// The events of push `id` (`p1`): those that name it or a notification it made (`b1 from
    /// p1`) as a whole word. Nil when the trace never names the push being sent.
    public static func events(of id: String, in trace: [TraceEvent]) -> [TraceEvent]? {
        indices(of: id, in: trace).map { $0.map { trace[$0] } }
    }

    /// The positions of ``events(of:in:)`` in `trace`.
    public static func indices(of id: String, in trace: [TraceEvent]) -> [Int]? {
        var ids: Set<Substring> = [Substring(id)]
        var out: [Int] = []
        var sent = false
        for (index, event) in trace.enumerated() where event.kind != .install {
            let text = event.text
            let words = Self.words(text)
            guard words.contains(where: { ids.contains($0) }) else { continue }
            if event.kind == .pushSent, words.first == Substring(id) { sent = true }
            // A notification the push made: `b1 from p1`.
            if let from = words.firstIndex(of: "from"), from > 0, from + 1 < words.count,
                words[from + 1] == Substring(id)
            {
                ids.insert(words[from - 1])
            }
            out.append(index)
        }
        return sent ? out : nil
    }

    /// Whether push `id` was ever named in the trace (sent or not).
    public static func names(_ id: String, in trace: [TraceEvent]) -> Bool {
        trace.contains { Self.words($0.text).contains(Substring(id)) }
    }

    /// The text's words: runs of letters, digits, `-` and `_`.
    static func words(_ text: String) -> [Substring] {
        var out: [Substring] = []
        var start: String.Index?
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            let inWord = c.isLetter || c.isNumber || c == "-" || c == "_"
            if inWord {
                if start == nil { start = i }
            } else if let s = start {
                out.append(text[s..<i])
                start = nil
            }
            i = text.index(after: i)
        }
        if let s = start { out.append(text[s...]) }
        return out
    }

    /// An event as `expect trace` reads it: `kind: text`.
    public static func line(_ event: TraceEvent) -> String { event.kind.rawValue + ": " + event.text }
}

/// How a known-bug case's end compares with what it states (§5.3): what failed, and the
/// event its `because` text was found in.
public struct KnownBugEvidence: Hashable, Sendable {
    /// What kind of check ended the case.
    public enum By: String, Hashable, Sendable {
        case expectation, property, precondition, limit
    }

    /// The event a `because` text was found in.
    public struct Because: Hashable, Sendable {
        public var text: String
        /// Milliseconds since the case began.
        public var time: Int64
        /// The event as `expect trace` reads it (`dropped: p1: …`).
        public var event: String
        public init(text: String, time: Int64, event: String) {
            self.text = text
            self.time = time
            self.event = event
        }
        /// `at 61.000s dropped: p1: …`.
        public var shown: String { "at " + TimeFormat.seconds(time) + " " + FailureReport.shortened(event) }
    }

    public var by: By
    /// The failure, one line: `expectation failed: expect chat open (25:5)`.
    public var failure: String
    /// Where it failed: the file and 1-based line and column.
    public var path: String?
    public var line: Int?
    public var column: Int?
    public var because: Because?
    /// What the case states: `because "…"; bug expect route "chat/1" (14:5)`.
    public var stated: String
    /// What happened, for a case that did not fail as stated.
    public var happened: String

    /// `by:` line of the reports: the failure, then ` · because "TEXT" at <time> <event>`.
    public var byLine: String {
        var out = failure
        if let because { out += " · because " + quoted(because.text) + " " + because.shown }
        return out
    }
}

extension Interpreter {
    /// How many `bug` lines a known bug's `stated:` names.
    static let statedShown = 5

    /// The outcome table of §5.3 for a known-bug case that ended with `failure`: reproduced
    /// when it failed as stated, else failed. `trace` is the case's trace.
    static func verdict(
        _ failure: StepError, case testCase: CheckedCase, mark: KnownBugMark, script: CheckedScript,
        trace: [TraceEvent]
    ) -> (reproduced: Bool, evidence: KnownBugEvidence) {
        let by: KnownBugEvidence.By
        switch failure.kind {
        case .expectation: by = failure.property != nil ? .property : .expectation
        case .precondition: by = .precondition
        case .limit, .internal: by = .limit
        }
        let diagnostic = FailureReport.diagnostic(failure, sources: script.sources, fallback: script.source)
        let at = failure.range == nil ? "" : " (\(diagnostic.location.line):\(diagnostic.location.column))"
        let failureLine = TerminalText.escape(diagnostic.message.split(separator: "\n").first.map(String.init) ?? "")

        // The failing check.
        let checkMatches: Bool
        if !testCase.statedExpectations.isEmpty {
            checkMatches = failure.bug && failure.kind == .expectation
        } else {
            checkMatches = by == .expectation || by == .property || (by == .precondition && mark.because != nil)
        }
        // The cause, among the events after the install line up to the failure.
        var found: KnownBugEvidence.Because?
        var scopeProblem: String?
        if let text = mark.because {
            var events = TraceScope.afterInstall(trace)
            if let push = mark.push {
                if let own = TraceScope.events(of: push, in: trace) {
                    events = own
                } else {
                    events = []
                    scopeProblem =
                        TraceScope.names(push, in: trace)
                        ? "\(push) was never sent" : "the trace has no push \(push)"
                }
            }
            if let event = events.first(where: { TraceScope.line($0).contains(text) }) {
                found = .init(text: text, time: event.time, event: TraceScope.line(event))
            }
        }
        let reproduced = checkMatches && (mark.because == nil || found != nil)

        var stated: [String] = []
        if let text = mark.because {
            stated.append("because " + quoted(text) + (mark.push.map { " in " + $0 } ?? ""))
        }
        // At most a few lines: a report names what a case states, it does not reprint it.
        for line in testCase.statedExpectations.prefix(Self.statedShown) {
            let place = line.path == script.source.path ? "" : line.path + ":"
            stated.append(TerminalText.escape(line.text) + " (\(place)\(line.line):\(line.column))")
        }
        if testCase.statedExpectations.count > Self.statedShown {
            stated.append("… \(testCase.statedExpectations.count - Self.statedShown) more bug lines")
        }
        if stated.isEmpty { stated.append("any expectation or property fails") }

        var happened = failureLine + at
        if by == .precondition, failure.range != nil {
            happened =
                "step failed at \(diagnostic.location.line):\(diagnostic.location.column): "
                + TerminalText.escape(failure.message)
        }
        if !checkMatches, !testCase.statedExpectations.isEmpty, by == .expectation || by == .property {
            happened += " (not a 'bug' line)"
        }
        if let text = mark.because, found == nil {
            happened += "; no event after the install line" + (mark.push.map { " among \($0)'s events" } ?? "")
                + " contains " + quoted(text) + (scopeProblem.map { " (\($0))" } ?? "")
        }
        if !reproduced, let setback = FailureReport.explanation(in: trace) {
            happened += "; in the trace: " + FailureReport.shortened(TerminalText.escape(TraceScope.line(setback)))
        }
        let evidence = KnownBugEvidence(
            by: by, failure: failureLine + at, path: failure.range == nil ? nil : diagnostic.path,
            line: failure.range == nil ? nil : diagnostic.location.line,
            column: failure.range == nil ? nil : diagnostic.location.column, because: found,
            stated: stated.joined(separator: "; "), happened: happened)
        return (reproduced, evidence)
    }
}
