/// The limits that keep untrusted scenario files from exhausting the tool (docs/RELIABILITY.md).
///
/// Each limit, when reached, is a diagnostic at the position where it was reached;
/// nothing crashes and nothing hangs.
public struct LanguageLimits: Hashable, Sendable {
    /// Blocks and value brackets nested inside each other, counted together
    /// (`repeat 1 { [ {` is three levels), across includes.
    public var maxNesting: Int
    /// Bytes of source in one string literal (`"…"` or `'…'`).
    public var maxStringBytes: Int
    /// Bytes of source in one list or object literal (a payload).
    public var maxLiteralBytes: Int
    /// The longest duration, in milliseconds.
    public var maxDurationMilliseconds: Int64
    /// Files included inside each other.
    public var maxIncludeDepth: Int
    /// Diagnostics reported for one file before giving up.
    public var maxErrors: Int
    /// Includes expanded while checking one file, those inside included files counted
    /// too: a tree of files that each include the next several times grows exponentially.
    public var maxIncludes: Int
    /// Cases one file makes, those of a `for` around cases counted before any is made:
    /// nested `for`s multiply.
    public var maxCases: Int

    public init(
        maxNesting: Int = 200, maxStringBytes: Int = 1 << 20, maxLiteralBytes: Int = 64 << 10,
        maxDurationMilliseconds: Int64 = 1000 * 86_400_000, maxIncludeDepth: Int = 16,
        maxErrors: Int = 100, maxIncludes: Int = 1000, maxCases: Int = 10_000
    ) {
        self.maxCases = maxCases
        self.maxIncludes = maxIncludes
        self.maxNesting = maxNesting
        self.maxStringBytes = maxStringBytes
        self.maxLiteralBytes = maxLiteralBytes
        self.maxDurationMilliseconds = maxDurationMilliseconds
        self.maxIncludeDepth = maxIncludeDepth
        self.maxErrors = maxErrors
    }

    /// The limits of docs/RELIABILITY.md.
    public static let standard = LanguageLimits()
}
