import NotificationCore
import ScenarioLanguage

/// The state a case runs against: the configuration given so far and, once the first
/// action has installed the app, the world. A value, like the world it holds.
public struct ScenarioContext: Sendable {
    /// The configuration; before install every setting writes here, after install only
    /// runtime settings change (and are applied to the world too).
    public var configuration = Configuration()
    /// `install fresh` was the first action.
    public private(set) var installedFresh = false
    /// The world, from the first action on. Actions install the app through
    /// ``withWorld(_:)`` or ``observe()``, so `install fresh` can install it differently.
    public private(set) var world: World?
    /// Scratch values a host's own commands may keep between steps.
    public var hostValues: [String: Value] = [:]
    /// The loader for files a step reads (`push raw file`), confined to the root.
    public var loader: (any SourceLoader)?
    /// The file of the step being run (for relative paths).
    public var currentPath: String = ""
    public var limits = Limits()
    /// What the world keeps of its trace and log once installed.
    public var recordKeeping: RecordKeeping = .everything
    public init(loader: (any SourceLoader)? = nil, limits: Limits = Limits()) {
        self.loader = loader
        self.limits = limits
    }

    /// Whether the first action has installed the app.
    public private(set) var isInstalled = false

    /// Installs the app with the configuration given so far, if not yet installed.
    public mutating func install(fresh: Bool = false) throws(StepError) {
        if isInstalled {
            if fresh { throw .precondition("'install fresh' must be the first action: the app is already installed") }
            return
        }
        do {
            // The core keeps each configuration's installed world and hands out copies, so
            // the cases of a suite that install the same app install it once.
            var installed = try World(configuration: configuration, fresh: fresh)
            installed.keeping = recordKeeping
            world = installed
            installedFresh = fresh
            isInstalled = true
        } catch {
            throw StepError(coreError: error)
        }
    }

    /// Runs `body` on the installed world (installing first if needed), turning the
    /// core's errors into step errors. On error the world is left as it was.
    public mutating func withWorld(_ body: (inout World) throws(CoreError) -> Void) throws(StepError) {
        try install()
        // Hold the only reference while the step runs, so the world's arrays (the trace
        // above all) are mutated in place rather than copied at every step.
        guard var w = world.take() else { throw .precondition("the app is not installed") }
        // The core checks a step's preconditions before it changes anything, so on error
        // `w` is the world as it was.
        var failure: CoreError?
        do throws(CoreError) {
            try body(&w)
        } catch {
            failure = error
        }
        let pushes = w.pushes.count
        world = consume w
        if let failure { throw StepError(coreError: failure) }
        if pushes > limits.maxPushes {
            throw StepError(.limit, "push limit reached: a case may send at most \(limits.maxPushes) pushes")
        }
    }

    /// The installed world, for expectations (installing first if needed).
    public mutating func observe() throws(StepError) -> World {
        try install()
        guard let w = world else { throw .precondition("the app is not installed") }
        return w
    }

    /// Reads the installed world without copying it (installing first if needed).
    public mutating func observe<T>(_ body: (borrowing World) -> T) throws(StepError) -> T {
        try install()
        guard let w = world.take() else { throw .precondition("the app is not installed") }
        defer { world = w }
        return body(w)
    }
}

extension StepError {
    /// A core error as a step error: an invariant is an internal error (exit 3).
    public init(coreError: CoreError) {
        switch coreError {
        case .invariant(let name, let detail):
            self.init(.internal, "invariant '\(name)' broken: \(detail)")
        case .precondition(let message):
            self.init(.precondition, message)
        case .invalid(let message):
            self.init(.precondition, message)
        }
    }
}
