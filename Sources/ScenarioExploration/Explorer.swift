import NotificationCore
import ScenarioLanguage
import ScenarioRuntime

/// Breadth-first search over step sequences from the world a file's prologue sets up, the
/// way an explicit-state model checker (TLC, SPIN) searches: a queue of states level by
/// level, a set of the states seen, and a parent pointer per state to rebuild the path to a
/// violation. The set holds each world's 128-bit fingerprint, not the world, and the queue
/// holds a world's number: its steps from the root (through the parent pointers) are
/// replayed when it is expanded. Each level is expanded on `jobs` threads and merged in one
/// order (parent, then letter), so the result does not depend on `jobs`.
public struct Explorer: Sendable {
    /// The name under which the core's invariants are reported.
    public static let invariants = "invariants"

    public struct Options: Sendable {
        /// The longest step sequence to search.
        public var depth = 5
        public var jobs = 1
        /// Built-in checks to add (`--check`).
        public var checks: [BuiltinCheck] = []
        /// The search stops once it has seen this many distinct worlds.
        public var maxWorlds = 1_000_000
        /// The search stops before what it holds takes more than this many bytes, as
        /// ``Explorer/estimatedBytes(worlds:depth:largestWorld:jobs:batchOutcomes:shard:)`` counts it: an entry
        /// per world seen (its fingerprint, parent pointer and place in the queue), and the
        /// worlds each thread replays and expands.
        public var maxMemory = 96 << 20
        /// The longest `depth` allowed.
        public static let maxDepth = 64
        public var limits = Limits()
        public init() {}
    }

    public enum SetupError: Error, Sendable {
        /// The prologue itself fails (its step error).
        case prologue(StepError)
        case message(String)
    }

    public let alphabet: Alphabet
    /// Every property searched, in report order: the invariants, the file's properties,
    /// the built-in checks.
    public let properties: [String]
    let options: Options
    let stepper: Stepper
    let root: Node
    /// The root with every record the prologue made (for the counterexamples' traces).
    let fullRoot: Node
    /// The root's fingerprint, and its configuration's settings as fingerprints hash them.
    let rootFingerprint: Fingerprint128
    let rootSettings: [(Configuration, [String])]
    let script: CheckedScript
    /// Lines a counterexample's case states first, per property (a built-in property).
    let caseProperty: [String: String]

    public init(script: CheckedScript, vocabulary: Vocabulary, options: Options, loader: (any SourceLoader)? = nil)
        throws(SetupError)
    {
        self.script = script
        self.options = options
        var session = Session(vocabulary: vocabulary, context: ScenarioContext(loader: loader, limits: options.limits))
        do {
            try session.execute(script.prologue)
        } catch {
            throw .prologue(error)
        }
        do {
            try session.context.install()
        } catch {
            throw .prologue(Self.placed(error, in: script))
        }

        // Built-in checks: properties of the language go into the session like the file's.
        var names: [String: String] = [:]
        var caseProperty: [String: String] = [:]
        var monitors: [(name: String, monitor: BuiltinCheck.Monitor)] = []
        for check in options.checks {
            switch check.definition {
            case .property(let text):
                let checked = Language.check(SourceFile(path: "--check", text: text), registry: vocabulary.registry)
                guard let statement = checked.script?.prologue.first, case .property = statement.kind else {
                    let why = checked.diagnostics.first?.message ?? "it is not a property"
                    throw .message("--check \(check.name) needs '\(text)', which this vocabulary cannot check: \(why)")
                }
                let before = session.properties.count
                do {
                    try session.execute([statement])
                } catch {
                    throw .prologue(error)
                }
                if let added = session.properties.last, session.properties.count > before {
                    names[session.describe(added)] = check.name
                }
                caseProperty[check.name] = text
            case .monitor(let monitor):
                monitors.append((check.name, monitor))
            }
        }
        var properties = [Explorer.invariants]
        for property in session.properties {
            let text = session.describe(property)
            let name = names[text] ?? text
            names[text] = name
            if !properties.contains(name) && caseProperty[name] == nil { properties.append(name) }
        }
        for check in options.checks where !properties.contains(check.name) { properties.append(check.name) }
        self.properties = properties
        self.caseProperty = caseProperty

        // The alphabet: the file's, or the registry's for this world.
        if let steps = script.alphabet {
            let letters = steps.map { step in
                Letter(text: (script.sources[step.path] ?? script.source).text(step.range), statement: step)
            }
            alphabet = Alphabet(letters: letters, origin: "the file's alphabet")
        } else {
            let traits = vocabulary.explorationTraits(session.context)
            let lines = Alphabet.defaultLines(registry: vocabulary.registry, traits: traits)
            let text = "alphabet {\n" + lines.map { "    " + $0 + "\n" }.joined() + "}\n"
            let checked = Language.check(SourceFile(path: "alphabet", text: text), registry: vocabulary.registry)
            guard let steps = checked.script?.alphabet, steps.count == lines.count else {
                throw .message(
                    "the default alphabet does not check: \(checked.diagnostics.first?.message ?? "no steps")")
            }
            let letters = zip(lines, steps).map { Letter(text: $0, statement: $1) }
            alphabet = Alphabet(
                letters: letters, origin: "the registry's, for " + traits.sorted().joined(separator: ", "))
        }
        guard !alphabet.letters.isEmpty else { throw .message("the alphabet is empty: nothing to explore") }
        stepper = Stepper(letters: alphabet.letters, monitors: monitors, propertyNames: names)
        // A counterexample's trace is its whole trace: it is replayed from the root as the
        // prologue left it. The search keeps only the newest records, unless the file
        // reads them (each node would otherwise hold a copy of the prologue's trace).
        fullRoot = Node(session: session, memory: Array(repeating: [], count: monitors.count))
        if !vocabulary.readsRecords(script) {
            try? session.context.withWorld { world in world.keep(.newest(FailureReport.traceExcerptLength)) }
        }
        root = Node(session: session, memory: fullRoot.memory)
        guard let world = session.context.world else { throw .message("the prologue did not install the app") }
        var settings: [(Configuration, [String])] = []
        rootFingerprint = Self.fingerprint(world, memory: root.memory, settings: &settings)
        rootSettings = settings
    }

    /// An install that fails after the prologue (its settings cannot make an app) is placed
    /// at the setting its message names (`extension: …` at the `extension` line), else at
    /// the prologue's last statement, else at the file's start.
    static func placed(_ error: StepError, in script: CheckedScript) -> StepError {
        guard error.range == nil else { return error }
        var placed = error
        let named = error.message.prefix { $0 != ":" }
        let statements = script.prologue
        let match =
            statements.last { statement in
                guard case .command(let bound) = statement.kind else { return false }
                return bound.signature.name == named || bound.signature.path.first.map { named == $0 } == true
            } ?? statements.last
        if let match {
            placed.range = match.range
            placed.path = match.path
        } else {
            placed.range = SourceRange(0, 0)
            placed.path = script.source.path
        }
        return placed
    }

    /// Progress after each batch of a level: the depth being searched, worlds explored,
    /// unique worlds.
    public typealias Progress = @Sendable (_ depth: Int, _ explored: Int, _ unique: Int) -> Void

    /// Searches every sequence of up to ``Options/depth`` steps.
    public func run(progress: Progress? = nil) -> ExploreResult { search(shard: nil, progress: progress).result }

    /// Searches the sequences whose first step is `shard`'s (ExploreResult.merge joins the
    /// shards). `path` names the file in the joined report; `identity` names the search.
    public func run(shard: ExploreShard, path: String, progress: Progress? = nil) -> ShardResult {
        let (result, found, states) = search(shard: shard, progress: progress)
        return ShardResult(
            shard: shard, identity: identity, path: path, result: result, found: found, states: states)
    }

    /// What makes two searches the same: the alphabet, the properties, the depth and the
    /// budgets, and the prologue's world (its fingerprint).
    public var identity: String {
        let text = ([rootFingerprint.hex, "\(options.depth)", "\(options.maxWorlds)", "\(options.maxMemory)"]
            + properties + alphabet.letters.map(\.text)).joined(separator: "\n")
        return SHA256Digest.hex(SHA256Digest.hash(text))
    }

    /// A state's fingerprint: two 64-bit hashes salted apart, of the world without its records,
    /// the monitors' memory and every setting of the configuration (a world's own hash reads
    /// only a few settings, and equality the rest: a fingerprint has no equality behind it).
    /// The high half hashes every field of the world (`World.hash(into:)`), the low half what
    /// tells worlds apart cheaply (``World/hashForSearch(into:)``): hashing every field twice
    /// was half of a search's instructions (each push's payload walked twice). Two worlds that
    /// differ only in what the low half leaves out (a payload, a counter) are told apart by
    /// the high half alone, 64 bits; any others by both. `settings` caches configurations'
    /// settings (at most 64).
    static func fingerprint(_ world: World, memory: [[Int64]], settings: inout [(Configuration, [String])])
        -> Fingerprint128
    {
        let world = world.withoutRecords
        let configuration = world.configuration
        let lines: [String]
        if let known = settings.first(where: { $0.0 == configuration }) {
            lines = known.1
        } else {
            lines = configuration.scenarioLines
            if settings.count < 64 { settings.append((configuration, lines)) }
        }
        var high = Hasher()
        high.combine(0x5CA1_AB1E as UInt64)
        high.combine(world)
        high.combine(memory)
        high.combine(lines)
        var low = Hasher()
        low.combine(0xF1A9_E12 as UInt64)
        world.hashForSearch(into: &low)
        low.combine(memory)
        low.combine(lines)
        return Fingerprint128(
            high: UInt64(bitPattern: Int64(high.finalize())), low: UInt64(bitPattern: Int64(low.finalize())))
    }

    /// Bytes the search counts for each world it has seen: its fingerprint in the set of
    /// worlds seen (16 bytes, in a table at most three quarters full that doubles as it
    /// grows: up to 43, and 64 while it doubles, the old table beside the new), its parent
    /// pointer and letter (8, doubling: 16), its number in the queue of one level and the
    /// next (4 each, doubling: 16). A shard also lists it (a 32-byte line in memory,
    /// doubling: 64).
    static let bytesPerWorld = 96
    static let bytesPerShardWorld = 64
    /// Bytes the search counts for each step's outcome a batch holds before it is merged.
    static let bytesPerOutcome = 32

    /// What the search holds, as its memory budget counts it: an entry per world seen, and
    /// per thread the worlds it keeps along the path it replays (up to `depth` of them) and
    /// the one it expands, each counted at `largestWorld` (the most bytes a world met holds,
    /// ``World/estimatedBytes(beyond:)`` without a parent), and a batch's outcomes.
    static func estimatedBytes(
        worlds: Int, depth: Int, largestWorld: Int, jobs: Int, batchOutcomes: Int, shard: Bool
    ) -> Int {
        let perWorld = bytesPerWorld + (shard ? bytesPerShardWorld : 0)
        return worlds * perWorld + max(1, jobs) * (depth + 2) * largestWorld + batchOutcomes * bytesPerOutcome
    }

    private func search(shard: ExploreShard?, progress: Progress?) -> (
        result: ExploreResult, found: [String: [Int]], states: [ShardState]
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        var seen = SeenWorlds()
        seen.insert(rootFingerprint)
        var parent: [Int32] = [-1]
        var letterOf: [Int32] = [-1]
        // For a shard: every world's fingerprint, level and steps that gave a world.
        var states: [ShardState] = []
        if shard != nil {
            states.append(ShardState(fingerprint: rootFingerprint, depth: 0, out: -1))
        }
        // The level being expanded: each world's number (its steps from the root are
        // replayed when it is expanded).
        var frontier: [Int32] = [0]
        var first: [String: (path: [Int], finding: Finding)] = [:]
        var explored = 0
        var depthReached = 0
        var stopped = false
        var stoppedAtMemory = false
        let letters = alphabet.letters.count
        let jobs = max(1, options.jobs)
        var largestWorld = root.session.context.world?.estimatedBytes() ?? 0
        // A batch's outcomes are held at once: as many worlds' as an eighth of the budget holds.
        let batch = max(1, min(4096, options.maxMemory / 8 / max(1, letters * Self.bytesPerOutcome)))
        // Threads take a few worlds of a batch at a time, each replaying their shared steps once.
        let chunk = jobs == 1 ? batch : max(1, min(32, batch / (4 * jobs)))

        func path(to id: Int32) -> [Int] {
            var steps: [Int] = []
            var k = id
            while k > 0 {
                steps.append(Int(letterOf[Int(k)]))
                k = parent[Int(k)]
            }
            return steps.reversed()
        }

        search: for depth in 1...max(1, options.depth) {
            guard !frontier.isEmpty else { break }
            var next: [Int32] = []
            var offset = 0
            while offset < frontier.count {
                let ids = frontier[offset..<min(offset + batch, frontier.count)]
                offset += ids.count
                let paths = ids.map { path(to: $0) }
                let stepper = self.stepper
                let root = self.root
                let settings = self.rootSettings
                let chunks = (paths.count + chunk - 1) / chunk
                let expanded = parallelMap(count: chunks, jobs: jobs) { c in
                    stepper.expand(
                        paths[(c * chunk)..<min(paths.count, (c + 1) * chunk)], from: root, settings: settings)
                }
                var k = 0
                for part in expanded {
                    largestWorld = max(largestWorld, part.largest)
                    for perLetter in part.perWorld {
                        let id = ids[ids.startIndex + k]
                        k += 1
                        var out = 0
                        defer { if shard != nil { states[Int(id)].out = out } }
                        if perLetter.isEmpty {
                            // A world the search saw is not reached again by its own steps.
                            explored += 1
                            if first[Self.invariants] == nil {
                                first[Self.invariants] = (
                                    path(to: id),
                                    Finding(
                                        property: Self.invariants, expected: nil,
                                        actual: "a step is not deterministic: the steps that reached a world do not reach it again"
                                    )
                                )
                            }
                            continue
                        }
                        for letter in perLetter.indices {
                            if depth == 1, let shard, !shard.owns(firstLetter: letter) { continue }
                            switch perLetter[letter] {
                            case .blocked:
                                continue
                            case .violated(let findings):
                                out += 1
                                explored += 1
                                for finding in findings where first[finding.property] == nil {
                                    first[finding.property] = (path(to: id) + [letter], finding)
                                }
                            case .world(let fingerprint):
                                out += 1
                                explored += 1
                                guard !seen.contains(fingerprint) else { continue }
                                guard seen.count < options.maxWorlds else {
                                    stopped = true
                                    continue
                                }
                                let bytes = Self.estimatedBytes(
                                    worlds: seen.count + 1, depth: depth, largestWorld: largestWorld, jobs: jobs,
                                    batchOutcomes: batch * letters, shard: shard != nil)
                                guard bytes <= options.maxMemory else {
                                    stopped = true
                                    stoppedAtMemory = true
                                    continue
                                }
                                seen.insert(fingerprint)
                                parent.append(id)
                                letterOf.append(Int32(letter))
                                if shard != nil {
                                    states.append(ShardState(fingerprint: fingerprint, depth: depth, out: -1))
                                }
                                next.append(Int32(parent.count - 1))
                            }
                        }
                    }
                }
                progress?(depth, explored, seen.count)
                // A budget reached: the rest of the level is not searched.
                if stopped { break }
            }
            if stopped { break search }
            depthReached = depth
            frontier = next
            if properties.allSatisfy({ first[$0] != nil }) { break }
        }

        var counterexamples: [String: Counterexample] = [:]
        for name in properties {
            guard let (found, _) = first[name] else { continue }
            let shrunk = stepper.shrink(found, from: root, violating: name)
            guard let hit = stepper.replay(shrunk, from: fullRoot, violating: name) else { continue }
            counterexamples[name] = counterexample(
                property: name, path: shrunk, foundLength: found.count, finding: hit.finding, session: hit.session)
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let result = ExploreResult(
            alphabet: alphabet.letters.map(\.text), alphabetOrigin: alphabet.origin, properties: properties,
            depth: options.depth, depthReached: depthReached, exhausted: frontier.isEmpty && !stopped,
            stoppedAtMaxWorlds: stopped && !stoppedAtMemory, maxWorlds: options.maxWorlds, explored: explored,
            unique: seen.count,
            seconds: seconds, counterexamples: counterexamples, stoppedAtMaxMemory: stoppedAtMemory,
            maxMemory: options.maxMemory)
        return (result, first.mapValues(\.path), states)
    }
}

extension Explorer {
    /// Shrinks a step sequence (indices into the alphabet) that violates `property`:
    /// fewest steps, then the simplest (earliest) letters. Returns it unchanged when it
    /// does not violate the property.
    public func shrink(_ path: [Int], violating property: String) -> [Int] {
        guard path.allSatisfy({ alphabet.letters.indices.contains($0) }),
            stepper.replay(path, from: root, violating: property) != nil
        else { return path }
        return stepper.shrink(path, from: root, violating: property)
    }
}
