import ScenarioLanguage

/// Why a step ended its case.
public struct StepError: Error, Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// An `expect` that did not hold.
        case expectation
        /// A step whose precondition did not hold (`tap` with no banner, …), or a value
        /// from a variable of the wrong kind.
        case precondition
        /// A limit was reached (steps, call depth, sizes).
        case limit
        /// An invariant of the core broke: a bug in the core (exit 3).
        case `internal`
    }

    public var kind: Kind
    public var message: String
    /// For a failed expectation: what was expected and what is.
    public var expected: String?
    public var actual: String?
    /// Where: the statement (or argument) and its file. Filled in by the interpreter
    /// when a handler leaves them empty.
    public var range: SourceRange?
    public var path: String?
    /// For a violated property (`always expect …`, `never expect …`): the property as
    /// written. The kind is then ``Kind/expectation``.
    public var property: String?

    public init(
        _ kind: Kind, _ message: String, expected: String? = nil, actual: String? = nil,
        range: SourceRange? = nil, path: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.expected = expected
        self.actual = actual
        self.range = range
        self.path = path
    }

    /// A failed expectation.
    public static func expectation(_ message: String, expected: String, actual: String) -> StepError {
        StepError(.expectation, message, expected: expected, actual: actual)
    }

    /// A precondition that did not hold.
    public static func precondition(_ message: String) -> StepError {
        StepError(.precondition, message)
    }
}
