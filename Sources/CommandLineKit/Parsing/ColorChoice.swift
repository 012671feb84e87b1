/// When a command colours what it prints: `--color auto|always|never`, declared once here for
/// every subcommand that colours (``OptionSpec/color``).
///
/// The tool hands the choice on in the environment, as `SCN_COLOR` (which a user may also set,
/// like `NO_COLOR`), so every place that decides reads one rule: ``decide(terminal:environment:)``.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never

    /// The environment variable that carries the choice.
    public static let variable = "SCN_COLOR"

    /// Whether to colour output going to a terminal (`terminal`) or not:
    /// `SCN_COLOR=always` colours even into a pipe (a CI log that renders colour);
    /// `never` never does; otherwise (`auto`) colour only on a terminal, never with `NO_COLOR`
    /// set (any value) or `TERM=dumb`.
    public static func decide(terminal: Bool, environment: [String: String]) -> Bool {
        switch environment[variable].flatMap(ColorChoice.init(rawValue:)) ?? .auto {
        case .always: return true
        case .never: return false
        case .auto: return terminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
    }

    /// `text` in the SGR colour `code` (`"1;31"`), reset before every line break and opened
    /// again after it: a CI log viewer that renders each line on its own shows no colour
    /// bleeding into the next line.
    public static func paint(_ text: String, _ code: String) -> String {
        guard !text.isEmpty else { return text }
        let open = "\u{1B}[\(code)m"
        let reset = "\u{1B}[0m"
        var out = ""
        var first = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { out += "\n" }
            first = false
            if !line.isEmpty { out += open + line + reset }
        }
        return out
    }
}

extension OptionSpec {
    /// `--color WHEN`, for every subcommand that colours its output.
    public static let color = color(section: nil)

    /// `--color WHEN` listed under a section of a command's help.
    public static func color(section: String?) -> OptionSpec {
        .value(
            "--color", "WHEN", .choices(ColorChoice.allCases.map(\.rawValue)),
            "colour: auto (on a terminal, unless NO_COLOR is set), always, never", section: section)
    }
}
