import ScenarioLanguage

/// GNU readline or libedit (``Readline``, loaded when the REPL starts), through the callback
/// interface both have:
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

    /// The library in use, which the REPL's greeting names.
    var library: Readline.Library { rl.library }

    /// Loads readline, sets it up and reads the history file. `historyPath` nil: history in
    /// memory only.
    init(
        historyPath: String?, completer: Completer, preference: Readline.Preference = .any
    ) throws(Readline.LoadError) {
        let rl = try Readline.load(preference: preference)
        self.rl = rl
        self.historyPath = historyPath
        ReadlineGlobals.readline = rl
        ReadlineGlobals.completer = completer
        Platform.SignalPipe.install()
        rl.readlineName.pointee = ReadlineGlobals.readlineName
        rl.catchSignals?.pointee = 0
        rl.catchSigwinch?.pointee = 0
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
        if Platform.SignalPipe.drain().contains(Platform.SignalPipe.terminate) { return .endOfInput }
        ReadlineGlobals.result = nil
        rl.callbackHandlerInstall(prompt, ReadlineGlobals.lineHandler)
        defer { ReadlineGlobals.result = nil }
        while ReadlineGlobals.result == nil {
            guard let ready = Platform.waitForInput(0) else {
                rl.callbackHandlerRemove()
                return .endOfInput
            }
            if ready.signal {
                let signals = Platform.SignalPipe.drain()
                if signals.contains(Platform.SignalPipe.resize) {
                    rl.resizeTerminal?()
                }
                if signals.contains(Platform.SignalPipe.terminate) {
                    // SIGTERM or SIGHUP: leave cleanly, the terminal restored.
                    rl.callbackHandlerRemove()
                    return .endOfInput
                }
                if signals.contains(Platform.SignalPipe.interrupt) {
                    // `^C` after what was typed, like a shell; then a fresh line (removing the
                    // handler may send a carriage return, so the newline comes after it).
                    Terminal.write("^C")
                    rl.freeLineState?()
                    rl.replaceLine?("", 0)
                    rl.callbackHandlerRemove()
                    Terminal.write("\n")
                    return .interrupted
                }
            }
            if ready.input {
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
        if rl.library == .gnuReadline, let append = rl.appendHistory {
            _ = append(1, historyPath)
            _ = rl.historyTruncateFile?(historyPath, Int32(HistoryFile.capacity))
        } else {
            // libedit's append_history writes one entry more than asked (seen with Debian's
            // libedit 3.1), so the history, stifled to the capacity, is written whole.
            _ = rl.writeHistory?(historyPath)
        }
    }

    /// Puts the terminal back as it was.
    func close() {
        rl.callbackHandlerRemove()
        Platform.SignalPipe.restore()
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

    /// C strings readline keeps pointers to for the whole session.
    nonisolated(unsafe) static let readlineName = UnsafePointer(Platform.copyCString("scn"))
    nonisolated(unsafe) static let wordBreaks = UnsafePointer(Platform.copyCString(" \t\n\"'[{(,;="))
    nonisolated(unsafe) static let quotes = UnsafePointer(Platform.copyCString("\"'"))

    static let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
        // Removing the handler here stops readline from printing the next prompt before
        // the entry has run.
        ReadlineGlobals.readline?.callbackHandlerRemove()
        guard let line else {
            ReadlineGlobals.result = .endOfInput
            return
        }
        ReadlineGlobals.result = .line(String(cString: line))
        Platform.freeCMemory(line)
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
        return Platform.copyCString(word)
    }
}
