import NotificationCore
import ScenarioExploration
import ScenarioLanguage
import ScenarioRuntime
import StandardVocabulary
import Testing

/// Checks `text` with `vocabulary` and explores it.
func explore(
    _ text: String, depth: Int, checks: [String] = [], jobs: Int = 1, vocabulary: Vocabulary = .standard
) throws -> ExploreResult {
    let explorer = try makeExplorer(text, depth: depth, checks: checks, jobs: jobs, vocabulary: vocabulary)
    return explorer.run()
}

func makeExplorer(
    _ text: String, depth: Int, checks: [String] = [], jobs: Int = 1, vocabulary: Vocabulary = .standard
) throws -> Explorer {
    let checked = Language.check(SourceFile(path: "explore.scn", text: text), registry: vocabulary.registry)
    let script = try #require(checked.script, "\(checked.diagnostics.map(\.message))")
    var options = Explorer.Options()
    options.depth = depth
    options.jobs = jobs
    options.checks = try checks.map { name in try #require(BuiltinCheck.named(name)) }
    return try Explorer(script: script, vocabulary: vocabulary, options: options)
}

/// Runs a counterexample's scenario the way `scn run` does: the first case's result.
func runScenario(_ text: String, vocabulary: Vocabulary = .standard) throws -> CaseResult {
    let checked = Language.check(SourceFile(path: "counterexample.scn", text: text), registry: vocabulary.registry)
    let script = try #require(checked.script, "\(checked.diagnostics.map(\.message))\n\(text)")
    let results = Interpreter(vocabulary: vocabulary).run(script)
    return try #require(results.first)
}

/// The report without its timing line.
func untimed(_ report: String) -> String {
    report.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  time: ") }
        .joined(separator: "\n")
}

let coldStartPrologue = """
    sdk kindly 3.0.12
    extension kindly
    delegate-assigned at-start
    """

@Suite("Exploration")
struct ExplorerTests {
    @Test(
        "a delegate assigned at start() loses a cold-start tap: found in at most 4 steps, and the file fails the same way"
    )
    func lostTapAtStart() throws {
        let result = try explore(coldStartPrologue, depth: 4, checks: ["no-lost-tap"], jobs: 2)
        let found = try #require(result.counterexamples["no-lost-tap"])
        #expect(found.steps.count <= 4)
        #expect(found.steps == ["launch killed", "push kindly visible", "tap", "start"])
        #expect(result.counterexamples[Explorer.invariants] == nil)
        #expect(result.depthReached == 4)
        let run = try runScenario(found.scenario)
        #expect(run.status == .reproduced(knownBug: "scn explore: no-lost-tap"))
        #expect(run.failure?.kind == .expectation)
        #expect(run.failure?.expected == "chat open")
    }

    @Test("the checks' messages use the SDK's word for started and say what the trace shows came first")
    func messagesPerSDK() throws {
        let kindly = try #require(
            try explore(coldStartPrologue, depth: 4, checks: ["no-lost-tap"]).counterexamples["no-lost-tap"])
        #expect(kindly.actual == "kindly was started 0s after the tap, and the chat is closed")

        // edna's "started" is authorized, and the recommended-but-manual host had it
        // authorized before the tap: the message says so, not "started after the tap".
        let edna = try #require(
            try explore("sdk edna\nhost edna manual\n", depth: 3, checks: ["no-lost-tap"]).counterexamples[
                "no-lost-tap"])
        #expect(edna.steps == ["launch background", "push edna message \"Hello\"", "tap"])
        #expect(
            edna.actual
                == "edna was already authorized when the banner was tapped, and the chat is closed 0s after the tap")
        #expect(!edna.actual.contains("started"))

        // edna's own delegate shows the banner, then handleNotification opens the chat.
        let bannerFirst = try #require(
            try explore("sdk edna\ndelegate own\n", depth: 1, checks: ["no-banner-over-open-chat"])
                .counterexamples["no-banner-over-open-chat"])
        #expect(bannerFirst.actual == "b1 from system was added, then the chat opened with it still shown")
        // Kindly's own delegate on the chat screen: the chat was open first.
        let chatFirst = try #require(
            try explore(
                "sdk kindly 3.0.12\nextension kindly\ndelegate own\nscreen chat\n", depth: 1,
                checks: ["no-banner-over-open-chat"]
            ).counterexamples["no-banner-over-open-chat"])
        #expect(chatFirst.actual.hasSuffix("was added while the chat was open"), "\(chatFirst.actual)")
    }

    @Test("with the delegate assigned at launch, no-lost-tap holds to depth 4")
    func tapKeptAtLaunch() throws {
        let result = try explore("sdk kindly 3.0.12\nextension kindly\n", depth: 4, checks: ["no-lost-tap"])
        #expect(result.counterexamples.isEmpty)
        #expect(result.depthReached == 4)
        #expect(result.report(path: "f.scn").contains("no-lost-tap: holds for every sequence up to depth 4"))
    }

    @Test("the report is the same with one thread and with two, apart from its timing line")
    func jobsDoNotChangeTheReport() throws {
        let one = try explore(
            coldStartPrologue, depth: 4, checks: ["no-lost-tap", "no-banner-over-open-chat"], jobs: 1)
        let two = try explore(
            coldStartPrologue, depth: 4, checks: ["no-lost-tap", "no-banner-over-open-chat"], jobs: 2)
        #expect(untimed(one.report(path: "f.scn")) == untimed(two.report(path: "f.scn")))
        #expect(one.explored == two.explored)
        #expect(one.unique == two.unique)
    }

    @Test("the host's own delegate shows a banner over the open chat (deltachat-ios#1115)")
    func bannerOverOpenChat() throws {
        let result = try explore(
            "sdk kindly 3.0.12\nextension kindly\ndelegate own\n", depth: 3, checks: ["no-banner-over-open-chat"])
        let found = try #require(result.counterexamples["no-banner-over-open-chat"])
        #expect(found.steps == ["screen chat", "push kindly visible"])
        let run = try runScenario(found.scenario)
        #expect(run.status == .reproduced(knownBug: "scn explore: no-banner-over-open-chat"))
        #expect(run.failure?.expected == "0 banner(s)")
    }

    @Test("a prologue whose settings cannot install (no sdk line, an SDK's extension) fails at the setting")
    func installFailureIsPlaced() throws {
        // Found by FuzzExplore: the `sdk` line is inside a comment, so the app has no SDK.
        let text = "# one message (https sdk kindly 3.0.12\nextension kindly\nkindly server duplicate-token on\n"
        do {
            _ = try makeExplorer(text, depth: 2)
            Issue.record("the prologue installed")
        } catch let error as Explorer.SetupError {
            guard case .prologue(let failure) = error else { return #expect(Bool(false), "\(error)") }
            #expect(failure.message.hasPrefix("extension: "))
            let range = try #require(failure.range)
            #expect(text.utf8.dropFirst(range.start).starts(with: "extension kindly".utf8))
        }
    }

    @Test("an app of its own: a proxy that swallows taps, found from a two-line prologue")
    func swallowedTap() throws {
        let result = try explore("sdk none\nproxy Analytics swallows\n", depth: 3, checks: ["no-tap-lost"])
        let found = try #require(result.counterexamples["no-tap-lost"])
        // The proxy swallows the device token too, so the push that reaches a tap is one sent
        // straight to the device.
        #expect(found.steps == ["launch killed", #"push raw {"aps": {"alert": {"title": "R"}}}"#, "tap"])
        let run = try runScenario(found.scenario)
        #expect(run.status == .reproduced(knownBug: "scn explore: no-tap-lost"))
        #expect(try explore("sdk none\nproxy Analytics forwards\n", depth: 3, checks: ["no-tap-lost"]).counterexamples.isEmpty)
    }

    @Test("an extension that counts in a container the app does not share, found from a three-line prologue")
    func splitBadge() throws {
        let prologue = "sdk none\nextension other\nextension increments-badge\n"
        let result = try explore(prologue, depth: 2, checks: ["badge-matches-count"])
        let found = try #require(result.counterexamples["badge-matches-count"])
        #expect(found.steps == ["push app visible title \"A\""])
        #expect(try runScenario(found.scenario).status == .reproduced(knownBug: "scn explore: badge-matches-count"))
        let shared = try explore(
            prologue + "app-group \"g\" both\nhost resets-badge on-open\n", depth: 3, checks: ["badge-matches-count"])
        #expect(shared.counterexamples.isEmpty)
    }

    @Test("a stale token after restore new-device, found from a three-line prologue, shortest first; every-launch keeps it current")
    func staleToken() throws {
        let prologue = "sdk none\nhost registers first-launch\nhost uploads-token if-changed\n"
        let result = try explore(prologue, depth: 3, checks: ["token-current"])
        let found = try #require(result.counterexamples["token-current"])
        #expect(found.steps == ["restore new-device", "launch background"])
        #expect(try runScenario(found.scenario).status == .reproduced(knownBug: "scn explore: token-current"))
        let fixed = try explore("sdk none\nhost uploads-token if-changed\n", depth: 3, checks: ["token-current"])
        #expect(fixed.counterexamples.isEmpty)
    }

    @Test("a push answered 200 and discarded for an inactive token: loss-explained finds it")
    func unexplainedLoss() throws {
        let result = try explore("sdk none\n", depth: 2, checks: ["loss-explained"])
        let found = try #require(result.counterexamples["loss-explained"])
        #expect(found.steps == ["uninstall", "push app visible title \"A\""])
    }

    @Test("a fetch handler called twice crashes the app: no-crash finds it")
    func crash() throws {
        let result = try explore("sdk none\nhost completes-fetch twice\n", depth: 2, checks: ["no-crash"])
        #expect(result.counterexamples["no-crash"]?.steps == ["push app silent"])
    }

    @Test("the file's always/never lines are explored with the file's alphabet, and written into the counterexample")
    func fileProperties() throws {
        let text = """
            sdk kindly 3.0.12
            extension kindly
            never expect banners 2
            alphabet {
                launch background
                push kindly visible
                clear
            }
            """
        let result = try explore(text, depth: 3)
        #expect(result.alphabet == ["launch background", "push kindly visible", "clear"])
        #expect(result.properties == ["invariants", "never expect banners 2"])
        let found = try #require(result.counterexamples["never expect banners 2"])
        #expect(found.steps == ["push kindly visible", "push kindly visible"])
        #expect(found.scenario.contains("never expect banners 2\n"))
        let run = try runScenario(found.scenario)
        #expect(run.status == .reproduced(knownBug: "scn explore: never expect banners 2"))
        #expect(run.failure?.property == "never expect banners 2")
    }

    @Test("the default alphabet comes from the registry's exploration marks, for the file's SDK")
    func defaultAlphabet() throws {
        let kindly = try makeExplorer("sdk kindly 3.0.12\n", depth: 1).alphabet.letters.map(\.text)
        #expect(kindly.contains("launch killed") && kindly.contains("screen image-preview"))
        #expect(kindly.contains("push kindly visible") && kindly.contains("push kindly silent"))
        #expect(kindly.contains("wait 61s") && kindly.contains("start") && kindly.contains("reboot"))
        #expect(!kindly.contains { $0.hasPrefix("authorize") || $0.hasPrefix("push edna") })
        let edna = try makeExplorer("sdk edna\n", depth: 1).alphabet.letters.map(\.text)
        #expect(edna.contains("authorize \"user-1\"") && edna.contains("push edna message \"Hello\""))
        #expect(!edna.contains("start") && !edna.contains { $0.hasPrefix("push kindly") })
    }

    @Test("read-elsewhere is in the alphabet while the app's server keeps an unread count")
    func readElsewhereInTheAlphabet() throws {
        let counting = try makeExplorer("sdk none\nprovider badge count-unread\n", depth: 1).alphabet.letters.map(\.text)
        #expect(counting.contains("read-elsewhere 1") && counting.contains("read-elsewhere all"))
        let plain = try makeExplorer("sdk none\n", depth: 1).alphabet.letters.map(\.text)
        #expect(!plain.contains { $0.hasPrefix("read-elsewhere") })
    }

    @Test("a host's own command is explorable the same way")
    func hostCommand() throws {
        var vocabulary = Vocabulary.standard
        try vocabulary.register(
            Signature(
                ["shake"], [Parameter("strength", .choice(["soft", "hard"]))], role: .action, topic: "Host",
                summary: "the user shakes the device")
        ) { context, _ throws(StepError) in
            try context.withWorld { w throws(CoreError) in try w.launch(.background) }
        }
        vocabulary.setExploration(Exploration(), for: "shake")
        let letters = try makeExplorer("sdk kindly 3.0.12\n", depth: 1, vocabulary: vocabulary).alphabet.letters
        #expect(letters.map(\.text).suffix(2) == ["shake soft", "shake hard"])
    }

    @Test("a bug seeded into a copy of the behaviour (a cold-start tap forgotten) is found, and shrunk")
    func seededBug() throws {
        // The seeded copy: after a tap that cold-launched the app, the process restarts, so
        // the tap it remembered is gone.
        var seeded = Vocabulary.standard
        seeded.wrapHandler(for: "tap") { tap in
            { context, arguments throws(StepError) in
                let wasRunning = context.world?.appState.isRunning ?? true
                try tap(&context, arguments)
                if !wasRunning {
                    try context.withWorld { w throws(CoreError) in
                        try w.launch(.killed)
                        try w.launch(.foreground)
                    }
                }
            }
        }
        let prologue = "sdk kindly 3.0.12\nextension kindly\n"
        // The real behaviour keeps the tap (the test above); the seeded copy loses it.
        let result = try explore(prologue, depth: 4, checks: ["no-lost-tap"], vocabulary: seeded)
        let found = try #require(result.counterexamples["no-lost-tap"])
        #expect(found.steps == ["launch killed", "push kindly visible", "tap", "start"])

        // Shrinking: a longer sequence with steps that do not matter comes back minimal.
        let explorer = try makeExplorer(prologue, depth: 1, checks: ["no-lost-tap"], vocabulary: seeded)
        let texts = explorer.alphabet.letters.map(\.text)
        let long = [
            "wait 1s", "launch background", "launch killed", "wait 30s", "push kindly visible", "lock", "tap",
            "start",
        ]
        let path = try long.map { step in try #require(texts.firstIndex(of: step)) }
        let shrunk = explorer.shrink(path, violating: "no-lost-tap")
        #expect(shrunk.map { texts[$0] } == ["launch killed", "push kindly visible", "tap", "start"])
    }
}
