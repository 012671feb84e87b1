import NotificationCore
import ScenarioLanguage

extension Vocabulary {
    /// Expectations (docs/COMMANDS.md): each reads the world and fails with what was expected and
    /// what is.
    mutating func registerExpectations() {
        addExpectation("banner none", "the notification center is empty") { w, _ in
            Outcome(w.banners.isEmpty, expected: "no banner", actual: describe(w.banners))
        }
        addExpectation("banners", [Parameter("count", .integer)], "the notification center holds N banners") { w, a in
            let n = a.integer("count") ?? 0
            return Outcome(w.banners.count == n, expected: "\(n) banner(s)", actual: describe(w.banners))
        }
        addExpectation(
            "banner", [Parameter("title", .quotedText), Parameter("body", .quotedText, optional: true)],
            "the newest banner has title T (and body B)"
        ) { w, a in
            let title = a.text("title") ?? ""
            let body = a.text("body")
            let newest = w.banners.last
            let holds = newest.map { $0.title == title && (body == nil || $0.body == body) } ?? false
            let expected = "newest banner " + quoted(title) + (body.map { " " + quoted($0) } ?? "")
            return Outcome(holds, expected: expected, actual: describeNewest(w.banners))
        }
        addExpectation(
            "banner title", [Parameter("title", .quotedText)], "the newest banner has title T (whatever its body)"
        ) {
            w, a in
            let title = a.text("title") ?? ""
            return Outcome(
                w.banners.last?.title == title, expected: "newest banner with title " + quoted(title),
                actual: describeNewest(w.banners))
        }
        addExpectation("banner body", [Parameter("body", .quotedText)], "the newest banner has body B") { w, a in
            let body = a.text("body") ?? ""
            return Outcome(
                w.banners.last?.body == body, expected: "newest banner with body " + quoted(body),
                actual: describeNewest(w.banners))
        }
        addExpectation("banner from", [Parameter("source", choices(BannerSource.self))], "the newest banner's source") {
            w, a in
            let source = a.text("source") ?? ""
            return Outcome(
                w.banners.last?.source.rawValue == source, expected: "newest banner from \(source)",
                actual: describeNewest(w.banners))
        }
        addExpectation(
            "chat", [Parameter("state", .choice(["open", "closed"]))], "open = the app in the foreground on the chat"
        ) {
            w, a in
            let wantOpen = a.text("state") == "open"
            return Outcome(
                w.isChatOpen == wantOpen, expected: "chat \(wantOpen ? "open" : "closed")",
                actual:
                    "chat \(w.isChatOpen ? "open" : "closed") (app \(w.appState.rawValue), screen \(w.screen.rawValue))"
            )
        }
        addExpectation("app", [Parameter("state", choices(AppState.self))], "the app's state") { w, a in
            let state = a.text("state") ?? ""
            return Outcome(w.appState.rawValue == state, expected: "app \(state)", actual: "app \(w.appState.rawValue)")
        }
        addExpectation("screen", [Parameter("screen", choices(Screen.self))], "the screen shown") { w, a in
            let screen = a.text("screen") ?? ""
            return Outcome(
                w.screen.rawValue == screen, expected: "screen \(screen)",
                actual: "screen \(w.screen.rawValue) (app \(w.appState.rawValue))")
        }
        addExpectation(
            "history", [Parameter("text", .quotedText, optional: true)],
            options: [Option("chat", .text), Option("count", .integer)],
            "a chat's history holds a message \"B\" (or, with count, N messages); without chat: the chat the SDK's chat screen shows now or showed last"
        ) { w, a in
            let chat = a.text("chat") ?? w.currentChatID
            let entries = w.history(chat: chat)
            let label = "\(chat)'s history"
            if let n = a.integer("count") {
                return Outcome(
                    entries.count == n, expected: "\(n) message(s) in \(label)",
                    actual: describeList(label, entries.map(\.text)))
            }
            let text = a.text("text") ?? ""
            // Newest first: the message a step just stored is found without reading the whole history.
            return Outcome(
                entries.reversed().contains { $0.text == text }, expected: "\(label) holds " + quoted(text),
                actual: describeList(label, entries.map(\.text)))
        } incremental: { w, a, memory in
            let chat = a.text("chat") ?? w.currentChatID
            let entries = w.history(chat: chat)
            let label = "\(chat)'s history"
            if let n = a.integer("count") {
                return Outcome(
                    entries.count == n, expected: "\(n) message(s) in \(label)",
                    actual: describeList(label, entries.map(\.text)))
            }
            let text = a.text("text") ?? ""
            // Each message is read once per property: a history only grows.
            let holds = memory.anyMatch(entries, key: chat + "\u{0}" + text) { $0.text == text }
            return Outcome(
                holds, expected: "\(label) holds " + quoted(text), actual: describeList(label, entries.map(\.text)))
        }
        addExpectation("log", [Parameter("text", .quotedText)], "a log line contains the text", readsRecords: true) {
            w, a in
            let text = a.text("text") ?? ""
            // Newest first: the line a step just wrote is found without reading the whole log.
            return Outcome(
                w.log.reversed().contains { $0.text.contains(text) }, expected: "a log line containing " + quoted(text),
                actual: describeList("log", w.log.map(\.text)))
        } incremental: { w, a, memory in
            let text = a.text("text") ?? ""
            let holds = memory.anyMatch(w.log, dropped: w.droppedLogLines, key: text) { $0.text.contains(text) }
            return Outcome(
                holds, expected: "a log line containing " + quoted(text),
                actual: describeList("log", w.log.map(\.text)))
        }
        let scopes = [Option("since", .choice(["step"])), Option("in", .text)]
        addExpectation(
            "trace", [Parameter("text", .quotedText)], options: scopes,
            "a trace event after the install line contains the text (since step: since the newest step; "
                + "in PUSH: among that push's events; in install: the install line)", readsRecords: true
        ) { w, a in
            traceOutcome(w, a, wanted: true)
        } incremental: { w, a, memory in
            let text = a.text("text") ?? ""
            guard a.text("since") == nil, a.text("in") == nil else { return traceOutcome(w, a, wanted: true) }
            let holds = memory.anyMatch(w.trace, dropped: w.droppedEvents, key: text) {
                traceText($0).contains(text) && !isFirstInstallLine($0, w)
            }
            return Outcome(
                holds, expected: "a trace event containing " + quoted(text),
                actual: "no trace event contains it (\(w.trace.count) events)")
        }
        addExpectation(
            "no trace", [Parameter("text", .quotedText)], options: scopes,
            "no trace event after the install line contains the text (since step, in PUSH, in install: as expect trace)",
            readsRecords: true
        ) { w, a in
            traceOutcome(w, a, wanted: false)
        } incremental: { w, a, memory in
            let text = a.text("text") ?? ""
            guard a.text("since") == nil, a.text("in") == nil else { return traceOutcome(w, a, wanted: false) }
            let hit = memory.anyMatch(w.trace, dropped: w.droppedEvents, key: text) {
                traceText($0).contains(text) && !isFirstInstallLine($0, w)
            }
            return Outcome(
                !hit, expected: "no trace event containing " + quoted(text),
                actual: describeList(
                    "trace", TraceScope.afterInstall(w.trace).filter { traceText($0).contains(text) }.map(\.line)))
        }
        addExpectation("no log", [Parameter("text", .quotedText)], "no log line contains the text", readsRecords: true)
        {
            w, a in
            let text = a.text("text") ?? ""
            let hits = w.log.map(\.text).filter { $0.contains(text) }
            return Outcome(
                hits.isEmpty, expected: "no log line containing " + quoted(text), actual: describeList("log", hits))
        } incremental: { w, a, memory in
            let text = a.text("text") ?? ""
            let hit = memory.anyMatch(w.log, dropped: w.droppedLogLines, key: text) { $0.text.contains(text) }
            return Outcome(
                !hit, expected: "no log line containing " + quoted(text),
                actual: describeList("log", w.log.map(\.text).filter { $0.contains(text) }))
        }
        addExpectation(
            "error", [Parameter("name", .oneOf([.text, .choice(["none"])]))],
            "the newest call or host action threw NAME (or 'none': nothing)"
        ) { w, a in
            let name = a.text("name") ?? "none"
            let actual = w.lastError ?? "none"
            return Outcome(actual == name, expected: "error \(name)", actual: "error \(actual)")
        }
        addExpectation(
            "route", [Parameter("route", .oneOf([.string, .choice(["none"])]))],
            "where the host's own navigation took the app ('none': nowhere)"
        ) { w, a in
            let want: String? = {
                if case .string(let s)? = a.value("route") { return s }
                return nil
            }()
            return Outcome(
                w.route == want, expected: want.map { "route " + quoted($0) } ?? "no route",
                actual: w.route.map { "route " + quoted($0) } ?? "no route")
        }
        addExpectation(
            "badge", [Parameter("count", .integer)], "the number on the app's icon (0: no badge)"
        ) { w, a in
            let want = a.integer("count") ?? 0
            let last = w.trace.last { $0.kind == .badge }.map { "; " + $0.line } ?? ""
            return Outcome(w.badge == want, expected: "badge \(want)", actual: "badge \(w.badge)\(last)")
        }
        addExpectation(
            "crash", [Parameter("text", .oneOf([.string, .choice(["none"])]))],
            "the app's newest crash contains the text ('none': the app has not crashed)"
        ) { w, a in
            let actual = w.newestCrash.map { "crash " + quoted($0) } ?? "no crash"
            guard case .string(let text)? = a.value("text") else {
                return Outcome(w.newestCrash == nil, expected: "no crash", actual: actual)
            }
            return Outcome(
                w.newestCrash?.contains(text) == true, expected: "crash " + quoted(text), actual: actual)
        }
        addExpectation(
            "action", [Parameter("action", .oneOf([.string, .choice(["lost"])]))],
            options: [Option("text", .quotedText)],
            "the newest action the user picked reached the app's code (with that reply text), or was lost"
        ) { w, a in
            let actual: String = {
                guard let action = w.newestAction else { return "no action" }
                guard action.received else { return "action \(quoted(action.name)) lost" }
                return "action \(quoted(action.name))" + (action.text.map { " text " + quoted($0) } ?? "")
            }()
            guard case .string(let name)? = a.value("action") else {
                return Outcome(w.newestAction.map { !$0.received } == true, expected: "action lost", actual: actual)
            }
            let text = a.text("text")
            let holds =
                w.newestAction.map { $0.received && $0.name == name && (text == nil || $0.text == text) } == true
            return Outcome(
                holds, expected: "action \(quoted(name))" + (text.map { " text " + quoted($0) } ?? ""), actual: actual)
        }
        addExpectation(
            "sound", [Parameter("sound", .choice(["played", "none"]))],
            "whether a sound played for the newest notification in the center (none when it is empty)"
        ) { w, a in
            let played = w.banners.last?.sound
            let actual = played.map { "sound played (\(quoted($0)))" } ?? "no sound"
            let want = a.text("sound") == "played"
            return Outcome((played != nil) == want, expected: want ? "sound played" : "no sound", actual: actual)
        }
        // SPEC §2.14 and §2.16: the newest `push app`, `push other` or `push raw` step, not an
        // SDK server's push; a step that sent nothing (no token) leaves no answer to read, and
        // reading one is a step error, not a failed expectation.
        @Sendable func apnsStatus(_ w: borrowing World, _ a: Arguments) -> Result<Outcome, StepError> {
            let want = APNsAnswer(status: a.integer("status") ?? 0, reason: a.text("reason"))
            guard let push = w.newestProviderPush else {
                return .success(Outcome(false, expected: "apns-status \(want.text)", actual: "nothing was pushed"))
            }
            guard let answer = push.apnsAnswer else {
                return .failure(
                    .precondition(
                        "expect apns-status: \(push.id) did not reach APNs (\(push.reason ?? "nothing was sent")): there is no answer to read"
                    ))
            }
            let holds = answer.status == want.status && (want.reason == nil || want.reason == answer.reason)
            return .success(Outcome(holds, expected: "apns-status \(want.text)", actual: "apns-status \(answer.text)"))
        }
        add(
            "expect apns-status", [Parameter("status", .integer), Parameter("reason", .text, optional: true)],
            role: .expectation, topic: "Expectations",
            "APNs's answer to the newest push app, push other or push raw: 200, or a status and its reason (400 BadDeviceToken)"
        ) { context, args throws(StepError) in
            let outcome = try context.observe { world in apnsStatus(world, args) }.get()
            if !outcome.holds {
                throw StepError.expectation(
                    "expectation failed: expect apns-status", expected: outcome.expected, actual: outcome.actual)
            }
        }
        setPropertyHandler(for: "expect apns-status") { context, args, _ throws(StepError) in
            try context.observe { world in apnsStatus(world, args) }.get()
        }
        addExpectation(
            "delivery", [Parameter("state", .oneOf([.string, .choice(["none"])]))],
            "what became of the newest push app, push other or push raw after APNs accepted it, as Apple's Push Notifications Console names it (\"Delivered\", \"Stored - Device Offline\"; '-' may stand for '–'), or none"
        ) { w, a in
            let state = w.newestProviderPush?.deliveryState
            let actual = state.map { "delivery " + quoted($0) } ?? "no delivery state"
            guard case .string(let written)? = a.value("state") else {
                return Outcome(state == nil, expected: "no delivery state", actual: actual)
            }
            // `-` may stand for the Console's en dash.
            let want = written.split(separator: " - ", omittingEmptySubsequences: false).joined(separator: " – ")
            return Outcome(state == want, expected: "delivery " + quoted(want), actual: actual)
        }
        addExpectation(
            "token", [Parameter("state", .choice(["current", "stale", "none"]))],
            "the device token the app's own server holds: the device's current one, an older one, or none"
        ) { w, a in
            let actual: String =
                switch w.appServerTokenIsCurrent {
                case true?: "token current"
                case false?: "token stale"
                case nil: "token none"
                }
            let want = "token " + (a.text("state") ?? "current")
            return Outcome(actual == want, expected: want, actual: actual)
        }
        addExpectation("result", [Parameter("value", .any)], "the newest call returned V ('none' for nil)") { w, a in
            let want = a.value("value").map(JSONBridge.resultText) ?? "none"
            let actual = w.lastResult.map(JSONBridge.resultText) ?? "none"
            return Outcome(want == actual, expected: "result \(want)", actual: "result \(actual)")
        }
        addExpectation(
            "sent", [Parameter("text", .quotedText)],
            options: [Option("campaign", .oneOf([.text, .choice(["none"])]), required: true)],
            "the newest message the user sent and its campaign binding"
        ) { w, a in
            let text = a.text("text") ?? ""
            let campaign: String? = {
                switch a.value("campaign") {
                case .none?, nil: return nil
                case let v?: return v.text
                }
            }()
            let expected = "sent " + quoted(text) + " campaign " + (campaign ?? "none")
            guard let sent = w.lastSent else { return Outcome(false, expected: expected, actual: "nothing sent") }
            return Outcome(
                sent.text == text && sent.campaign == campaign, expected: expected,
                actual: "sent " + quoted(sent.text) + " campaign " + (sent.campaign ?? "none"))
        }
        addExpectation(
            "push", [Parameter("type", .choice(["visible", "silent", "none"]))],
            "what the server sent for the newest message ('none': nothing)"
        ) { w, a in
            let want = a.text("type") ?? "none"
            let actual = w.newestPush?.sent?.rawValue ?? "none"
            return Outcome(want == actual, expected: "push \(want)", actual: "push \(actual)")
        }
        addExpectation("delivered", [Parameter("delivered", .boolean)], "whether the newest push was delivered") {
            w, a in
            let want = a.bool("delivered") ?? true
            guard let push = w.newestPush else {
                return Outcome(false, expected: "delivered \(want)", actual: "no push yet")
            }
            let why = push.reason.map { " (\($0))" } ?? ""
            return Outcome(
                push.delivered == want, expected: "delivered \(want)", actual: "delivered \(push.delivered)\(why)")
        }
        addExpectation(
            "presented", [Parameter("presentation", choices(Presentation.self))],
            "how the newest notification in the center was presented: banner (on screen) or list (the center only)"
        ) { w, a in
            let want = a.text("presentation") ?? ""
            guard let newest = w.banners.last else {
                return Outcome(false, expected: "presented \(want)", actual: "no banner")
            }
            return Outcome(
                newest.presentation.rawValue == want, expected: "presented \(want)",
                actual: "newest \(describe(newest)) presented \(newest.presentation.rawValue)")
        }
        addExpectation(
            "duplicates", [Parameter("count", .oneOf([.integer, .choice(["none"])]))],
            "how many messages have had two or more notifications added to the center (every source, every push)"
        ) { w, a in
            let n = a.integer("count") ?? 0
            let word: @Sendable (Int) -> String = { k in k == 0 ? "none" : "\(k)" }
            return Outcome(
                w.duplicates == n, expected: "duplicates \(word(n))", actual: "duplicates \(word(w.duplicates))")
        }
    }
}

public func describe(_ banner: Banner) -> String {
    var s = "\(banner.id):"
    if let title = banner.title { s += " " + quoted(title) }
    if let body = banner.body { s += " " + quoted(body) }
    s += " from \(banner.source.rawValue)"
    if banner.presentation == .list { s += " (list)" }
    return s
}

func describe(_ banners: [Banner]) -> String {
    banners.isEmpty ? "no banner" : "\(banners.count) banner(s): " + banners.map(describe).joined(separator: ", ")
}

public func describeNewest(_ banners: [Banner]) -> String {
    banners.last.map { "newest banner " + describe($0) } ?? "no banner"
}

/// `expect trace` / `expect no trace` with their scopes (§5.3): the events after the install
/// line, narrowed by `since step` and `in PUSH`, or the install line with `in install`.
func traceOutcome(_ w: World, _ a: Arguments, wanted: Bool) -> Outcome {
    let text = a.text("text") ?? ""
    let since = a.text("since") != nil
    let scope = a.text("in")
    let trace = w.trace
    let start = since ? TraceScope.sinceStepStart(trace) : TraceScope.afterInstallStart(trace)
    var positions: [Int]
    var shown = since ? " since step" : ""
    switch scope {
    case "install"?:
        shown += " in install"
        positions = trace.indices.filter { $0 >= (since ? start : 0) && trace[$0].kind == .install }
    case let push?:
        shown += " in " + push
        guard let own = TraceScope.indices(of: push, in: trace) else {
            let why = TraceScope.names(push, in: trace) ? "\(push) was never sent" : "the trace has no push \(push)"
            return Outcome(
                false,
                expected: (wanted ? "a trace event containing " : "no trace event containing ") + quoted(text)
                    + shown, actual: why)
        }
        positions = own.filter { $0 >= start }
    case nil:
        positions = Array(start..<trace.count)
    }
    let scopeShown = shown
    let hits = positions.filter { traceText(trace[$0]).contains(text) }.map { trace[$0].line }
    // Without a scope, the count is the whole trace's, as it always read.
    let count = scope == nil && !since ? trace.count : positions.count
    if wanted {
        let installHas =
            scope == nil && !since && trace.contains { $0.kind == .install && traceText($0).contains(text) }
        return Outcome(
            !hits.isEmpty, expected: "a trace event containing " + quoted(text) + scopeShown,
            actual: "no trace event contains it (\(count) \(count == 1 ? "event" : "events")\(scopeShown))"
                + (installHas ? "; the install line does: write 'in install'" : ""))
    }
    return Outcome(
        hits.isEmpty, expected: "no trace event containing " + quoted(text) + scopeShown,
        actual: describeList("trace", hits))
}

/// Whether `event` is the world's first install line (what plain `expect trace` skips).
/// With records dropped, the oldest events (the first install line among them) are gone.
private func isFirstInstallLine(_ event: TraceEvent, _ w: World) -> Bool {
    guard event.kind == .install, w.droppedEvents == 0 else { return false }
    return w.trace.first { $0.kind == .install } == event
}

/// A trace event as the trace shows it without its time (`log: Kindly: …`): what
/// `expect trace` searches, so any part of a trace line can be quoted.
func traceText(_ event: TraceEvent) -> String { event.kind.rawValue + ": " + event.text }

func describeList(_ what: String, _ items: [String]) -> String {
    if items.isEmpty { return "\(what) empty" }
    let shown = items.suffix(8).map(quoted).joined(separator: ", ")
    return "\(what): " + (items.count > 8 ? "…, " : "") + shown
}
