import CommandLineKit
import ScenarioLanguage

/// Standard streams and whether they are terminals.
enum Terminal {
    static var stdoutIsTerminal: Bool { Platform.isTerminal(1) }
    static var stdinIsTerminal: Bool { Platform.isTerminal(0) }
    static var stderrIsTerminal: Bool { Platform.isTerminal(2) }

    /// Colour as `--color` (SCN_COLOR) says; by default only on a terminal, never with NO_COLOR set.
    static func useColor(terminal: Bool, environment: [String: String]) -> Bool {
        ColorChoice.decide(terminal: terminal, environment: environment)
    }

    static func write(_ text: String) { write(text, to: 1) }

    static func writeError(_ text: String) { write(text, to: 2) }

    /// All of `text`, retrying after a signal; a closed pipe ends it quietly (SIGPIPE is
    /// ignored: `scn run … | head` is fine).
    private static func write(_ text: String, to fd: Int32) { Platform.writeAll(fd, text) }
}

/// Exit codes (docs/TOOL.md).
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
    static let `internal`: Int32 = 3
    /// `scn explore`: no counterexample, but a budget stopped the search before `--depth`.
    static let partial: Int32 = 4
}
