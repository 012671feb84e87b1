#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard streams and whether they are terminals.
enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    static var stdinIsTerminal: Bool { isatty(0) == 1 }
    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    /// Colour only on a terminal and never with NO_COLOR set (any value).
    static func useColor(terminal: Bool, environment: [String: String]) -> Bool {
        terminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    static func write(_ text: String) { write(text, to: 1) }

    static func writeError(_ text: String) { write(text, to: 2) }

    /// All of `text`, retrying after a signal; a closed pipe ends it quietly (SIGPIPE is
    /// ignored: `scn run … | head` is fine).
    private static func write(_ text: String, to fd: Int32) {
        var s = text
        s.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let n = Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                #else
                    let n = Darwin.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                #endif
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                offset += n
            }
        }
    }
}

/// Exit codes (docs/TOOL.md).
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
    static let `internal`: Int32 = 3
}
