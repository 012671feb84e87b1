/// Which cases of the planned files run: `--filter` and `--tags`.
///
/// A case runs when both select it. `--filter` is a regular expression (``FilterPattern``:
/// the common syntax, matched in linear time, without backreferences or lookaround)
/// searched — not anchored — in `"file › case"`, the file's path as reported, a
/// space, `›` (U+203A) and a space, then the case name: `--filter 'kindly/'` selects a
/// folder, `--filter '› tap'` cases whose names start with "tap", `--filter 'a\.scn › x$'`
/// one case. A file that does not pass the checker has no cases; it is reported (as a
/// failure) unless `--filter` is given and does not match its path alone.
public struct Selection: Sendable {
    /// The `--filter` pattern as given, or `nil`.
    public let filter: String?
    /// The `--tags` expression, or `nil`.
    public let tags: TagExpression?

    /// A selection of everything.
    public static let all = Selection(validatedFilter: nil, tags: nil)

    private init(validatedFilter: String?, tags: TagExpression?) {
        self.filter = validatedFilter
        self.tags = tags
    }

    /// A selection by `filter` (validated here) and `tags`.
    ///
    /// - Throws: ``SelectionError`` when `filter` is not a valid regular expression.
    public init(filter: String?, tags: TagExpression?) throws(SelectionError) {
        if let filter {
            do throws(FilterPatternError) {
                _ = try FilterPattern(filter)
            } catch {
                throw SelectionError(message: "invalid --filter '\(filter)': \(error)")
            }
        }
        self.init(validatedFilter: filter, tags: tags)
    }

    /// The separator between file and case in the text `--filter` searches: ` › `.
    public static let separator = " \u{203A} "

    /// `"file › case"`.
    public static func qualifiedName(file: String, case name: String) -> String {
        file + separator + name
    }

    /// How many bytes (UTF-8) of `file › case` `--filter` looks at. The matcher is linear
    /// in the text, but a case name of 50,000 characters (or 512 letters each carrying 400
    /// combining marks) must still not slow every case down: names are rarely longer than
    /// a line; past this, the rest is not searched.
    public static let filterWindow = 512

    /// The first ``filterWindow`` bytes of `text`, cut at a scalar boundary.
    static func clipped(_ text: String) -> Substring {
        guard text.utf8.count > filterWindow else { return Substring(text) }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: filterWindow)
        while end > text.startIndex, end.samePosition(in: text.unicodeScalars) == nil {
            end = text.utf8.index(before: end)
        }
        return Substring(text.unicodeScalars[..<end])
    }

    /// Whether the case `name` of `file` (with `tags`) is selected: `scn run --filter`.
    public func selects(file: String, case name: String, tags: [String] = []) -> Bool {
        matcher().selects(file: file, PlannedCase(name: name, tags: tags))
    }

    /// A matcher for one thread's use.
    func matcher() -> Matcher { Matcher(selection: self) }

    /// Tests cases against a compiled `--filter`.
    struct Matcher {
        let tags: TagExpression?
        let regex: FilterPattern?

        init(selection: Selection) {
            tags = selection.tags
            regex = selection.filter.flatMap { try? FilterPattern($0) }
        }

        /// Whether `planned` of `file` runs.
        func selects(file: String, _ planned: PlannedCase) -> Bool {
            if let tags, !tags.matches(planned.tags) { return false }
            if let regex, !regex.matches(Selection.clipped(Selection.qualifiedName(file: file, case: planned.name))) {
                return false
            }
            return true
        }

        /// Whether a file that failed its check is reported.
        func selectsUnplannable(file: String) -> Bool {
            guard let regex else { return true }
            return regex.matches(Selection.clipped(file))
        }
    }
}

/// A `--filter` that is not a valid regular expression: a usage error (exit code 2).
public struct SelectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    public var description: String { message }
}
