import NotificationCore
import ScenarioLanguage

extension Vocabulary {
    /// Registers a chat SDK's plug-in: its `sdk NAME [version]` line, then, in `body`, its
    /// commands, settings, calls and expectations — each one the SDK's, so a case whose app
    /// integrates another SDK gets a check error for it.
    ///
    /// ```swift
    /// vocabulary.registerSDK(.acme, topic: "Acme") { v in
    ///     v.add("push acme", [Parameter("text", .quotedText)], role: .action, topic: "Acme", "…") { … }
    /// }
    /// ```
    public mutating func registerSDK(_ sdk: ChatSDK, topic: String, _ body: (inout Vocabulary) -> Void) {
        let owner = CommandOwner(name: sdk.name, title: sdk.title)
        let outer = registeringOwner
        registeringOwner = owner
        defer { registeringOwner = outer }
        let versioned = !sdk.defaultVersion.isEmpty
        add(
            "sdk \(sdk.name)", versioned ? [Parameter("version", .version, optional: true)] : [], role: .setting,
            topic: "App and device",
            versioned ? "the chat SDK the app integrates, and its version" : "an app with no chat SDK: its own code"
        ) { context, args throws(StepError) in
            context.configuration.sdk = sdk
            if let v = args.version("version") {
                context.configuration.sdkVersion = v.components
            } else {
                context.configuration.sdkVersion = sdk.defaultVersion
            }
        }
        sdkNames.append(sdk.name)
        body(&self)
    }

    /// The registered command `name` also belongs to the SDK being registered (a command the
    /// core declares and some SDKs share: `start`).
    public mutating func addOwner(to name: String) {
        guard let owner = registeringOwner else { return }
        registryAddOwner(owner, for: name)
    }

    /// Adds `word` to the choices of the `parameter`th positional of the registered command
    /// `name` (`extension kindly` through a variable: the core's `extension` takes the SDK's
    /// word too). False when there is no such command or choice parameter.
    @discardableResult
    public mutating func addChoice(_ word: String, toParameter parameter: Int, of name: String) -> Bool {
        guard var signature = registry.signature(named: name), parameter < signature.positionals.count,
            case .choice(let words) = signature.positionals[parameter].kind
        else { return false }
        if !words.contains(word) { signature.positionals[parameter].kind = .choice(words + [word]) }
        return replaceSignature(signature)
    }

    /// Registers `expect WORDS…`: `check` reads the world and says whether it holds.
    /// `incremental`, when given, is the same check for a property: it reads only the
    /// records new since its ``PropertyMemory`` and must say what `check` would say.
    public mutating func addExpectation(
        _ words: String, _ positionals: [Parameter] = [], options: [Option] = [], _ summary: String,
        readsRecords: Bool = false, _ check: @escaping @Sendable (World, Arguments) -> Outcome,
        incremental: (@Sendable (World, Arguments, inout PropertyMemory) -> Outcome)? = nil
    ) {
        let name = "expect " + words
        add(
            name, positionals, options: options, role: .expectation, topic: "Expectations", summary,
            readsRecords: readsRecords
        ) { context, args throws(StepError) in
            let outcome = try context.observe { world in check(world, args) }
            if !outcome.holds {
                throw StepError.expectation(
                    "expectation failed: expect \(words)", expected: outcome.expected, actual: outcome.actual)
            }
        }
        if let incremental {
            setPropertyHandler(for: name) { context, args, memory throws(StepError) in
                try context.observe { world in incremental(world, args, &memory) }
            }
        } else {
            setPropertyHandler(for: name) { context, args, _ throws(StepError) in
                try context.observe { world in check(world, args) }
            }
        }
    }

    /// Registers `expect WORDS…` with no positional parameters.
    public mutating func addExpectation(
        _ words: String, options: [Option] = [], _ summary: String, readsRecords: Bool = false,
        _ check: @escaping @Sendable (World, Arguments) -> Outcome
    ) {
        addExpectation(words, [], options: options, summary, readsRecords: readsRecords, check)
    }

    /// A runtime setting that takes one of a closed set's words: it writes the configuration
    /// (`store`) and, once the app is installed, changes the world too (`apply`).
    public mutating func addRuntimeChoice<T: CaseIterable & RawRepresentable & Sendable>(
        _ words: String, _ type: T.Type, topic: String, _ summary: String,
        store: @escaping @Sendable (inout Configuration, T) -> Void,
        apply: @escaping @Sendable (inout World, T) throws(CoreError) -> Void
    ) where T.RawValue == String {
        add(words, [Parameter("value", choices(T.self))], role: .runtimeSetting, topic: topic, summary) {
            context, args throws(StepError) in
            guard let value = args.choice("value", as: T.self) else { return }
            store(&context.configuration, value)
            try context.applyIfInstalled { world throws(CoreError) in try apply(&world, value) }
        }
    }

    /// A runtime setting that is `on` or `off`.
    public mutating func addRuntimeSwitch(
        _ words: String, topic: String, _ summary: String,
        store: @escaping @Sendable (inout Configuration, Bool) -> Void,
        apply: @escaping @Sendable (inout World, Bool) throws(CoreError) -> Void
    ) {
        add(words, [Parameter("value", .choice(["on", "off"]))], role: .runtimeSetting, topic: topic, summary) {
            context, args throws(StepError) in
            let on = args.text("value") == "on"
            store(&context.configuration, on)
            try context.applyIfInstalled { world throws(CoreError) in try apply(&world, on) }
        }
    }
}

extension ScenarioContext {
    /// Applies a runtime setting to the world if the app is installed (before install,
    /// the configuration alone carries it).
    public mutating func applyIfInstalled(_ change: (inout World) throws(CoreError) -> Void) throws(StepError) {
        guard isInstalled else { return }
        try withWorld { world throws(CoreError) in try change(&world) }
    }

    /// Applies a core runtime setting to the world if the app is installed.
    mutating func applyIfInstalled(_ setting: RuntimeSetting) throws(StepError) {
        try applyIfInstalled { world throws(CoreError) in try world.apply(setting) }
    }
}

/// Whether an expectation held, and how to say what was expected and what is.
public struct Outcome: Sendable {
    public var holds: Bool
    public var expected: String
    /// Says what is; called only when the expectation fails (describing every banner or
    /// log line after each step would make a long case quadratic).
    private let describeActual: @Sendable () -> String
    public var actual: String { describeActual() }
    public init(_ holds: Bool, expected: String, actual: @autoclosure @escaping @Sendable () -> String) {
        self.holds = holds
        self.expected = expected
        self.describeActual = actual
    }
}

/// What one property remembers between its checks: the records it has read, and whether
/// one of them matched. A property is checked after every step; with a memory it reads
/// each trace event, log line or message once, not the whole trace each time.
public struct PropertyMemory: Hashable, Sendable {
    /// What the memory is about (the arguments as the check reads them, which may come
    /// from variables and change); another key starts again from the first record.
    public var key: String?
    /// Records read so far, counted from the first ever recorded (dropped ones too).
    public var read = 0
    /// Whether one of the records read so far matched.
    public var matched = false
    public init() {}

    /// Whether any of `records` matches, reading only those after the ones read before
    /// (`dropped`: how many were recorded before the first one given). The records are
    /// only ever appended to; fewer than were read, or another key, reads them all again.
    public mutating func anyMatch<Records: RandomAccessCollection>(
        _ records: Records, dropped: Int = 0, key: String, _ matches: (Records.Element) -> Bool
    ) -> Bool where Records.Index == Int {
        let total = dropped + records.count
        if self.key != key || total < read {
            self = PropertyMemory()
            self.key = key
        }
        if !matched {
            var i = records.startIndex + max(0, read - dropped)
            while i < records.endIndex {
                if matches(records[i]) {
                    matched = true
                    break
                }
                i += 1
            }
        }
        read = total
        return matched
    }
}

/// `"text"` as the language writes it, for an expectation's message.
public func quoted(_ s: String) -> String { Value.string(s).display }
