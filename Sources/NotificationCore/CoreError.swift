/// Why a step of the ``World`` did not happen (or, for ``invariant(name:detail:)``, why the
/// world is wrong). Messages are written for the person reading a scenario's result.
public enum CoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The step's precondition does not hold (`tap: no banner`); the world is unchanged.
    case precondition(String)
    /// A docs/CORE.md invariant broke: a bug in the core, never something a scenario switches off.
    case invariant(name: String, detail: String)
    /// The step's arguments make no sense for this world (an impossible configuration, a
    /// malformed payload); the world is unchanged.
    case invalid(String)

    public var description: String {
        switch self {
        case .precondition(let message): return message
        case .invariant(let name, let detail): return "invariant '\(name)' violated: \(detail)"
        case .invalid(let message): return message
        }
    }
}
