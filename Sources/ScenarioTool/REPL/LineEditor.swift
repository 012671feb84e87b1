#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// GNU readline (``Readline``, loaded when the REPL starts), through its callback interface:
/// line editing, history kept in a file, and tab completion from a ``Completer``.
///
/// readline calls back through C function pointers, which cannot capture anything, so the
/// little state they share lives in ``ReadlineGlobals``. Everything runs on the main thread;
/// the signal handlers only write one byte to a pipe (async-signal-safe), which the read
/// loop polls beside standard input.
struct LineEditor {
    /// What one read gave.
    enum Input: Equatable {
        case line(String)
        /// Ctrl-C: the line (and any open block) is dropped.
        case interrupted
        /// Ctrl-D on an empty line, or standard input closed.
        case endOfInput
    }

    private let historyPath: String?
    private let rl: Readline

    /// Loads readline, sets it up and reads the history file. `historyPath` nil: history in
    /// memory only.
    init(historyPath: String?, completer: Completer) throws(Readline.LoadError) {
        let rl = try Readline.load()
        self.rl = rl
        self.historyPath = historyPath
        ReadlineGlobals.readline = rl
        ReadlineGlobals.completer = completer
        ReadlineGlobals.installSignalPipe()
        rl.readlineName.pointee = ReadlineGlobals.readlineName
        rl.catchSignals.pointee = 0
        rl.catchSigwinch.pointee = 0
        rl.basicWordBreakCharacters.pointee = ReadlineGlobals.wordBreaks
        rl.completerWordBreakCharacters.pointee = ReadlineGlobals.wordBreaks
        rl.completerQuoteCharacters.pointee = ReadlineGlobals.quotes
        rl.attemptedCompletionFunction.pointee = ReadlineGlobals.attemptCompletion
        rl.usingHistory()
        rl.stifleHistory(Int32(HistoryFile.capacity))
        if let historyPath { _ = rl.readHistory(historyPath) }
    }

    /// The completer's words change as the session defines variables and defs.
    func update(_ completer: Completer) {
        ReadlineGlobals.completer = completer
    }

    /// Whether the line being read continues an open block (no meta commands there).
    func setContinuation(_ flag: Bool) {
        ReadlineGlobals.continuation = flag
    }

    /// Reads one line with `prompt`.
    func read(prompt: String) -> Input {
        // Ctrl-C typed while an entry ran is forgotten; a SIGTERM or SIGHUP is not.
        if ReadlineGlobals.drainSignals().contains(UInt8(ascii: "T")) { return .endOfInput }
        ReadlineGlobals.result = nil
        rl.callbackHandlerInstall(prompt, ReadlineGlobals.lineHandler)
        defer { ReadlineGlobals.result = nil }
        while ReadlineGlobals.result == nil {
            var fds = [
                pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                pollfd(fd: ReadlineGlobals.signalReadEnd, events: Int16(POLLIN), revents: 0),
            ]
            let n = poll(&fds, 2, -1)
            if n < 0 {
                if errno == EINTR { continue }
                rl.callbackHandlerRemove()
                return .endOfInput
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                let signals = ReadlineGlobals.drainSignals()
                if signals.contains(UInt8(ascii: "W")) {
                    rl.resizeTerminal()
                }
                if signals.contains(UInt8(ascii: "T")) {
                    // SIGTERM or SIGHUP: leave cleanly, the terminal restored.
                    rl.callbackHandlerRemove()
                    return .endOfInput
                }
                if signals.contains(UInt8(ascii: "I")) {
                    // `^C` after what was typed, like a shell; then a fresh line (removing the
                    // handler may send a carriage return, so the newline comes after it).
                    Terminal.write("^C")
                    rl.freeLineState()
                    rl.replaceLine("", 0)
                    rl.callbackHandlerRemove()
                    Terminal.write("\n")
                    return .interrupted
                }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                rl.callbackReadChar()
            }
        }
        return ReadlineGlobals.result ?? .endOfInput
    }

    /// Adds a line to the history (not blank lines, not a repeat of the previous one) and
    /// appends it to the history file, which keeps the newest ``HistoryFile/capacity``.
    func remember(_ line: String) {
        guard line.contains(where: { !$0.isWhitespace }) else { return }
        if rl.newestHistoryLine == line { return }
        rl.addHistory(line)
        guard let historyPath else { return }
        _ = rl.appendHistory(1, historyPath)
        _ = rl.historyTruncateFile(historyPath, Int32(HistoryFile.capacity))
    }

    /// Puts the terminal back as it was.
    func close() {
        rl.callbackHandlerRemove()
        ReadlineGlobals.restoreSignals()
    }
}

/// The state readline's C callbacks share with ``LineEditor``: one place, main thread only.
enum ReadlineGlobals {
    /// The loaded library, for the callbacks.
    nonisolated(unsafe) static var readline: Readline?
    nonisolated(unsafe) static var completer: Completer?
    nonisolated(unsafe) static var continuation = false
    /// The outcome of the line being read; nil while it is still being edited.
    nonisolated(unsafe) static var result: LineEditor.Input?
    /// The candidates of the completion in progress, and the next one to hand out.
    nonisolated(unsafe) static var candidates: [String] = []
    nonisolated(unsafe) static var nextCandidate = 0
    /// The self-pipe the signal handlers write to: `I` for SIGINT, `W` for SIGWINCH, `T` for
    /// SIGTERM and SIGHUP.
    nonisolated(unsafe) static var signalReadEnd: Int32 = -1
    nonisolated(unsafe) static var signalWriteEnd: Int32 = -1
    /// The handlers in place before ours, by signal.
    nonisolated(unsafe) static var previous: [Int32: sigaction] = [:]
    static let handled: [Int32] = [SIGINT, SIGWINCH, SIGTERM, SIGHUP]

    /// C strings readline keeps pointers to for the whole session.
    nonisolated(unsafe) static let readlineName = UnsafePointer(strdup("scn"))
    nonisolated(unsafe) static let wordBreaks = UnsafePointer(strdup(" \t\n\"'[{(,;="))
    nonisolated(unsafe) static let quotes = UnsafePointer(strdup("\"'"))

    static let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
        // Removing the handler here stops readline from printing the next prompt before
        // the entry has run.
        ReadlineGlobals.readline?.callbackHandlerRemove()
        guard let line else {
            ReadlineGlobals.result = .endOfInput
            return
        }
        ReadlineGlobals.result = .line(String(cString: line))
        free(line)
    }

    static let attemptCompletion:
        @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = {
            text, start, _ in
            guard let rl = ReadlineGlobals.readline else { return nil }
            rl.attemptedCompletionOver.pointee = 1
            guard let text, let completer = ReadlineGlobals.completer else { return nil }
            let word = String(cString: text)
            var before = ""
            if let buffer = rl.lineBuffer.pointee, start > 0 {
                let bytes = UnsafeBufferPointer(
                    start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: Int(start))
                before = String(decoding: bytes, as: UTF8.self)
            }
            switch completer.complete(before: before, word: word, continuation: ReadlineGlobals.continuation) {
            case .files:
                return rl.completionMatches(text, rl.filenameCompletion)
            case .words(let words):
                guard !words.isEmpty else { return nil }
                ReadlineGlobals.candidates = words
                ReadlineGlobals.nextCandidate = 0
                return rl.completionMatches(text, ReadlineGlobals.generator)
            }
        }

    static let generator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
        if state == 0 { ReadlineGlobals.nextCandidate = 0 }
        guard ReadlineGlobals.nextCandidate < ReadlineGlobals.candidates.count else { return nil }
        let word = ReadlineGlobals.candidates[ReadlineGlobals.nextCandidate]
        ReadlineGlobals.nextCandidate += 1
        return strdup(word)
    }

    static let signalHandler: @convention(c) (Int32) -> Void = { signal in
        var byte: UInt8 =
            switch signal {
            case SIGINT: UInt8(ascii: "I")
            case SIGWINCH: UInt8(ascii: "W")
            default: UInt8(ascii: "T")
            }
        _ = write(ReadlineGlobals.signalWriteEnd, &byte, 1)
    }

    /// Creates the self-pipe and routes SIGINT and SIGWINCH to it.
    static func installSignalPipe() {
        guard signalReadEnd < 0 else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        signalReadEnd = ends[0]
        signalWriteEnd = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = signalHandler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in handled {
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous[signal] = old
        }
        // A parent may have started us with these blocked (threads of test runners do).
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for signal in handled { sigaddset(&wanted, signal) }
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
    }

    static func restoreSignals() {
        guard signalReadEnd >= 0 else { return }
        for signal in handled {
            guard var old = previous[signal] else { continue }
            sigaction(signal, &old, nil)
        }
    }

    /// Reads whatever the signal handlers wrote since the last call.
    @discardableResult
    static func drainSignals() -> [UInt8] {
        guard signalReadEnd >= 0 else { return [] }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            #if canImport(Glibc)
                let n = Glibc.read(signalReadEnd, &buffer, buffer.count)
            #else
                let n = Darwin.read(signalReadEnd, &buffer, buffer.count)
            #endif
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }
}
