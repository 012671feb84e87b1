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
    /// Whether the failing check is marked `bug` (`bug expect …`, `bug always expect …`):
    /// one the case's known bug is stated to break.
    public var bug = false
    /// The calls and loops the failing step ran inside, innermost first, at most
    /// ``frameLimit`` of them (filled in by the session that ran it).
    public var frames: [Frame] = []
    /// How many further frames there were beyond ``frames``.
    public var moreFrames = 0

    /// The most frames a failure keeps: a def that recursed 256 deep names its 8 innermost calls.
    public static let frameLimit = 8

    /// One block the failing step was inside: a call of a `def`, an item of a `for`, or an
    /// iteration of a `repeat`, and the statement that opened it.
    public struct Frame: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// Inside the body of the `def` named, called at `range`.
            case call(String)
            /// Inside a `for` over `count` items, with `variable` bound to item `number`
            /// (1-based), shown as `value` (see ``Frame/valueLimit``).
            case item(variable: String, value: String, number: Int, count: Int)
            /// Inside iteration `number` (1-based) of a `repeat count`.
            case iteration(number: Int, count: Int)
        }

        /// The most bytes of a `for` item a frame keeps.
        public static let valueLimit = 60

        public var kind: Kind
        /// The statement: the call, the `for`, the `repeat`.
        public var range: SourceRange
        public var path: String

        public init(_ kind: Kind, range: SourceRange, path: String) {
            self.kind = kind
            self.range = range
            self.path = path
        }
    }

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
