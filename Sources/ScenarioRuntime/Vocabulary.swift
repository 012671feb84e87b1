import ScenarioLanguage

/// The commands a scenario can use: the registry of signatures (what the checker,
/// `scn help`, completion and the docs read) and, beside each signature, its handler.
///
/// The core's vocabulary (``Vocabulary/core``) is one registration of commands against the
/// notification core; each chat SDK's plug-in registers its own (``registerSDK(_:topic:_:)``),
/// and the standard vocabulary (`Vocabulary.standard`, in the StandardVocabulary module) is
/// both. A host program embeds the language by copying it and registering its own commands
/// and expectations the same way:
///
/// ```swift
/// var vocabulary = Vocabulary.standard
/// try vocabulary.register(
///     Signature(["expect", "unread"], [Parameter("count", .integer)], role: .expectation,
///               topic: "Host", summary: "the host's unread count is N")
/// ) { context, arguments throws(StepError) in … }
/// ```
public struct Vocabulary: Sendable {
    /// What a command does: it reads its arguments and changes (or checks) the context.
    public typealias Handler = @Sendable (inout ScenarioContext, Arguments) throws(StepError) -> Void
    /// What an expectation does as a property (`always expect …`, `never expect …`), checked
    /// after every step: says what its ``Handler`` would, reading only what is new since the
    /// memory's last check (a trace event, a log line, a message is read once per property),
    /// and describing what is only when asked (a `never` property fails to hold at every step).
    public typealias PropertyHandler =
        @Sendable (inout ScenarioContext, Arguments, inout PropertyMemory) throws(StepError) -> Outcome

    public private(set) var registry = Registry()
    private var handlers: [String: Handler] = [:]
    private var propertyHandlers: [String: PropertyHandler] = [:]
    /// The traits of a case's context that ``Exploration/requires`` names: the name of the
    /// SDK the app integrates.
    /// Also `count-unread` while the app's server keeps an unread count (`read-elsewhere`).
    public var explorationTraits: @Sendable (ScenarioContext) -> Set<String> = { context in
        var traits: Set<String> = [context.configuration.sdk.name]
        if case .countUnread = context.configuration.provider.badge { traits.insert("count-unread") }
        return traits
    }
    /// Whether any registered command reads the whole trace or the whole log (a signature's
    /// ``Signature/readsRecords``): a script that uses none of them runs with only the newest
    /// events kept (``Interpreter/recordKeeping(for:)``).
    private var hasRecordReaders = false
    /// The SDK whose commands are being registered (``registerSDK(_:topic:_:)``).
    var registeringOwner: CommandOwner?
    /// The names of the registered SDKs, in registration order (`sdk NAME`).
    public internal(set) var sdkNames: [String] = []

    public init() {}

    /// Says that the command `name` reads the whole trace or the whole log.
    public mutating func markReadsRecords(_ name: String) {
        guard var signature = registry.signature(named: name) else { return }
        signature.readsRecords = true
        registry.replace(signature)
        hasRecordReaders = true
    }

    /// Whether `script` uses a command that reads the whole trace or log, anywhere: the
    /// prologue, any case, any `def`, any included file.
    public func readsRecords(_ script: CheckedScript) -> Bool {
        if !hasRecordReaders { return false }
        // Every body: a def's or an alphabet's steps read records when they run.
        for visit in Walk(script, skipping: []) {
            switch visit.node.kind {
            case .command(let command), .property(_, let command):
                if command.signature.readsRecords { return true }
            case .call, .let, .repeat, .for, .def, .include, .alphabet:
                break
            }
        }
        return false
    }

    /// Adds a command. Its name (its words) must be new.
    public mutating func register(_ signature: Signature, _ handler: @escaping Handler) throws(Registry
        .RegistrationError)
    {
        try registry.register(signature)
        handlers[signature.name] = handler
        if signature.readsRecords { hasRecordReaders = true }
    }

    /// Replaces a registered command's handler by `transform` of it (a host wraps a
    /// built-in: logs it, or models a different behaviour around it). False when no command
    /// has that name.
    @discardableResult
    public mutating func wrapHandler(for name: String, _ transform: (@escaping Handler) -> Handler) -> Bool {
        guard let handler = handlers[name] else { return false }
        handlers[name] = transform(handler)
        // The wrapped handler is what runs from now on, as a property too.
        propertyHandlers[name] = nil
        return true
    }

    /// Marks a registered command as a step of exploration's default alphabet (nil: not
    /// one). False when no command has that name.
    @discardableResult
    public mutating func setExploration(_ exploration: Exploration?, for name: String) -> Bool {
        registry.setExploration(exploration, for: name)
    }

    /// Adds a rule the checker applies to every case's configuration.
    public mutating func addStatementRule(for name: String, _ rule: @escaping Registry.StatementRule) {
        registry.addStatementRule(for: name, rule)
    }

    public mutating func addCaseRule(_ rule: @escaping Registry.CaseRule) {
        registry.addCaseRule(rule)
    }

    /// At most `limit` statements of the command `name` in one case (``Registry/limitCount(of:to:what:)``).
    public mutating func limitCount(of name: String, to limit: Int, what: String) {
        registry.limitCount(of: name, to: limit, what: what)
    }

    func handler(for signature: Signature) -> Handler? { handlers[signature.name] }

    /// Gives the registered expectation `name` a property form that reads only what is new
    /// (its plain handler is what a property uses otherwise). False when no command has
    /// that name.
    @discardableResult
    public mutating func setPropertyHandler(for name: String, _ handler: @escaping PropertyHandler) -> Bool {
        guard handlers[name] != nil else { return false }
        propertyHandlers[name] = handler
        return true
    }

    func propertyHandler(for signature: Signature) -> PropertyHandler? { propertyHandlers[signature.name] }

    mutating func registryAddOwner(_ owner: CommandOwner, for name: String) { registry.addOwner(owner, for: name) }

    mutating func replaceSignature(_ signature: Signature) -> Bool { registry.replace(signature) }
}
