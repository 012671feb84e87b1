/// A command line read against its ``CommandSpec``: which options were given, with what
/// values, and the other words in order.
public struct ParsedArguments: Sendable, Hashable {
    /// The command it was parsed for.
    public var command: CommandSpec
    /// The words that are not options, in order (`-` among them stands for standard input).
    public var positionals: [String] = []
    /// Each valued option given (by its long name), with every value in order.
    public var values: [String: [String]] = [:]
    /// The flags given, by long name.
    public var flags: Set<String> = []

    public init(command: CommandSpec) { self.command = command }

    /// `--help` or `-h` was given.
    public var help: Bool { flags.contains(CommandSpec.helpOption.name) }

    /// Whether the flag `name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `name`; when it was given more than once, the last one counts.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// The value of `name` as a whole number of at least 1, or nil when it was not given.
    ///
    /// - Throws: ``UsageError`` when it is given and is not such a number.
    public func positiveInteger(_ name: String) throws(UsageError) -> Int? {
        guard let value = value(name) else { return nil }
        guard !value.isEmpty, value.allSatisfy(\.isASCII), let n = Int(value), n >= 1 else {
            throw UsageError("option '\(name)' needs a whole number of at least 1, not '\(value)'")
        }
        return n
    }

    /// The value of `name`, which must not be empty (`what` names what it should be: "a
    /// file name").
    ///
    /// - Throws: ``UsageError`` when it is given empty.
    public func nonEmpty(_ name: String, _ what: String) throws(UsageError) -> String? {
        guard let value = value(name) else { return nil }
        guard !value.isEmpty else { throw UsageError("option '\(name)' needs \(what)") }
        return value
    }
}
