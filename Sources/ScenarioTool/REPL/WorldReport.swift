import NotificationCore
import ScenarioLanguage

/// What the REPL says about the world: the changes one entry made (printed after every
/// step), and the world now (`:state`). Plain values in, lines out: deterministic.
enum WorldReport {
    /// How many new log lines a step summary quotes before pointing at `:trace`.
    static let logLinesShown = 6

    /// Trace kinds worth a line of their own in a step summary (the rest are in `:trace`).
    static let notableKinds: Set<TraceKind> = [
        .registration, .dropped, .bannerSuppressed, .tapRemembered, .tapReplayed, .tapDropped, .tapLost,
        .call, .error, .setting, .extensionExpired, .extensionKilled, .invariant,
    ]

    // MARK: Changes

    /// The differences between two worlds, one line each: what a step did (or, for
    /// `:undo`, what stepping back undid). Empty when nothing visible changed.
    static func changes(from before: World?, to after: World?, color: Bool = false) -> [String] {
        let style = Style(color: color)
        switch (before, after) {
        case (nil, nil):
            return []
        case (nil, let after?):
            var lines =
                after.trace.first(where: { $0.kind == .install }).map { ["installed: \(TerminalText.escape($0.text))"] }
                ?? ["installed"]
            lines.append(contentsOf: differences(from: nil, to: after, style: style))
            return lines
        case (_?, nil):
            return ["uninstalled: back to configuration only (the next action installs the app)"]
        case (let before?, let after?):
            return differences(from: before, to: after, style: style)
        }
    }

    private static func differences(from before: World?, to after: World, style: Style) -> [String] {
        var lines: [String] = []
        let then = before?.now ?? 0
        if then != after.now {
            lines.append("time: \(TimeFormat.timestamp(then)) → \(TimeFormat.timestamp(after.now))")
        }
        let app = { (w: World) in
            w.appState.isRunning ? "\(w.appState.rawValue) on \(w.screen.rawValue)" : w.appState.rawValue
        }
        if let before {
            if app(before) != app(after) { lines.append("app: \(app(before)) → \(app(after))") }
        } else {
            lines.append("app: \(app(after))")
        }
        if let before, before.isChatOpen != after.isChatOpen {
            lines.append(after.isChatOpen ? style.green("chat opened (\(after.currentChatID))") : "chat closed")
        }
        if let before, before.deviceLock != after.deviceLock {
            lines.append("device: \(before.deviceLock.rawValue) → \(after.deviceLock.rawValue)")
        }
        let beforeBanners = before?.banners ?? []
        let afterIDs = Set(after.banners.map(\.id))
        let beforeIDs = Set(beforeBanners.map(\.id))
        for banner in beforeBanners where !afterIDs.contains(banner.id) {
            lines.append(style.red("- banner \(describe(banner))"))
        }
        for banner in after.banners where !beforeIDs.contains(banner.id) {
            lines.append(style.green("+ banner \(describe(banner))"))
        }
        let oldTrace = before?.trace.count ?? 0
        let oldPushes = before?.pushes.count ?? 0
        if after.pushes.count > oldPushes {
            for push in after.pushes[oldPushes...] { lines.append(describe(push)) }
        }
        if after.trace.count > oldTrace {
            for event in after.trace[oldTrace...] where notableKinds.contains(event.kind) {
                lines.append("\(event.kind.rawValue): \(TerminalText.escape(event.text))")
            }
        }
        let oldLog = before?.log.count ?? 0
        if after.log.count > oldLog {
            let fresh = after.log[oldLog...]
            for line in fresh.prefix(logLinesShown) {
                lines.append(style.dim("log \(line.source): \(TerminalText.escape(line.text))"))
            }
            if fresh.count > logLinesShown {
                lines.append(style.dim("… \(fresh.count - logLinesShown) more log lines (:trace shows everything)"))
            }
        }
        return lines
    }

    static func describe(_ banner: Banner) -> String {
        let title = banner.title.map { "\"\(TerminalText.escape($0))\"" } ?? "(no title)"
        let body = banner.body.map { "\"\(TerminalText.escape($0))\"" } ?? "(no body)"
        return "\(banner.id) \(title) \(body) (from \(banner.source.rawValue), \(banner.pushID))"
    }

    static func describe(_ push: PushRecord) -> String {
        var text = "push \(push.id) (\(push.origin.rawValue)): "
        if let sent = push.sent {
            text += "sent \(sent.rawValue), " + (push.delivered ? "delivered" : "not delivered")
        } else {
            text += "nothing sent"
        }
        if let reason = push.reason { text += " (\(TerminalText.escape(reason)))" }
        return text
    }

    // MARK: State

    /// ANSI styles, or none.
    struct Style {
        var color: Bool
        func green(_ s: String) -> String { paint(s, "\u{1B}[32m") }
        func red(_ s: String) -> String { paint(s, "\u{1B}[31m") }
        func dim(_ s: String) -> String { paint(s, "\u{1B}[2m") }
        func bold(_ s: String) -> String { paint(s, "\u{1B}[1m") }
        private func paint(_ s: String, _ code: String) -> String { color ? code + s + "\u{1B}[0m" : s }
    }
}
