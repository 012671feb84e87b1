/// A command line that cannot be run: the tool prints it and exits with 2.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, without the `error: ` prefix.
    public var message: String

    /// A usage error saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
