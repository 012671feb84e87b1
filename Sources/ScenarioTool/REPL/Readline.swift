import ScenarioLanguage

/// The line-editing library, loaded with `dlopen` when the REPL starts: the only command that
/// reads a line. Linking it would make every `scn run` and `scn check` pay the dynamic loader's
/// binding of its symbols (about 1,600) at start-up (docs/PERFORMANCE.md).
///
/// GNU readline when there is one (Debian's `libreadline8`, Homebrew's `readline`), else
/// libedit through its readline-compatible interface (macOS's own `/usr/lib/libedit.3.dylib`,
/// Debian's `libedit2`), so a Mac needs nothing installed. Both have the callback interface the
/// REPL reads with; a few functions only GNU readline is sure to have are optional, and the
/// REPL does without them (``LineEditor``).
///
/// Each function and variable the REPL uses is looked up once, by name, with its C type
/// written here (readline's `<readline/readline.h>` and `<readline/history.h>`).
struct Readline {
    typealias LineHandler = @convention(c) (UnsafeMutablePointer<CChar>?) -> Void
    typealias Completion =
        @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    typealias Generator = @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>?

    /// Which library answered: GNU readline sets `rl_gnu_readline_p`, libedit has no such symbol.
    enum Library: String, Sendable {
        case gnuReadline = "GNU readline"
        case libedit = "libedit"
    }

    /// `SCN_LINE_EDITOR=readline|libedit` narrows the search to one library.
    enum Preference: Sendable {
        case any, gnuReadline, libedit

        init(environment value: String?) {
            switch value {
            case "readline": self = .gnuReadline
            case "libedit": self = .libedit
            default: self = .any
            }
        }
    }

    let library: Library

    // Functions.
    let usingHistory: @convention(c) () -> Void
    let stifleHistory: @convention(c) (Int32) -> Void
    let readHistory: @convention(c) (UnsafePointer<CChar>?) -> Int32
    let appendHistory: (@convention(c) (Int32, UnsafePointer<CChar>?) -> Int32)?
    let historyTruncateFile: (@convention(c) (UnsafePointer<CChar>?, Int32) -> Int32)?
    let writeHistory: (@convention(c) (UnsafePointer<CChar>?) -> Int32)?
    let addHistory: @convention(c) (UnsafePointer<CChar>?) -> Void
    /// `HIST_ENTRY *history_get(int)`; the entry's first field is its `char *line`.
    let historyGet: @convention(c) (Int32) -> UnsafeMutableRawPointer?
    let callbackHandlerInstall: @convention(c) (UnsafePointer<CChar>?, LineHandler?) -> Void
    let callbackHandlerRemove: @convention(c) () -> Void
    let callbackReadChar: @convention(c) () -> Void
    let resizeTerminal: (@convention(c) () -> Void)?
    let freeLineState: (@convention(c) () -> Void)?
    let replaceLine: (@convention(c) (UnsafePointer<CChar>?, Int32) -> Void)?
    let completionMatches:
        @convention(c) (UnsafePointer<CChar>?, Generator?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    let filenameCompletion: Generator

    // Variables.
    let readlineName: UnsafeMutablePointer<UnsafePointer<CChar>?>
    let catchSignals: UnsafeMutablePointer<Int32>?
    let catchSigwinch: UnsafeMutablePointer<Int32>?
    let basicWordBreakCharacters: UnsafeMutablePointer<UnsafePointer<CChar>?>
    let completerWordBreakCharacters: UnsafeMutablePointer<UnsafePointer<CChar>?>
    let completerQuoteCharacters: UnsafeMutablePointer<UnsafePointer<CChar>?>
    let attemptedCompletionFunction: UnsafeMutablePointer<Completion?>
    let attemptedCompletionOver: UnsafeMutablePointer<Int32>
    let lineBuffer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    let historyLength: UnsafeMutablePointer<Int32>
    let historyBase: UnsafeMutablePointer<Int32>

    /// The names tried, in order: GNU readline's run-time name first (Debian's `libreadline8`),
    /// then its development link, or Homebrew's keg-only folders on macOS; then libedit.
    static func candidates(_ preference: Preference = .any) -> [String] {
        #if os(macOS)
            let gnu = [
                "libreadline.8.dylib", "/opt/homebrew/opt/readline/lib/libreadline.8.dylib",
                "/usr/local/opt/readline/lib/libreadline.8.dylib",
            ]
            let libedit = ["/usr/lib/libedit.3.dylib", "libedit.3.dylib"]
        #else
            let gnu = ["libreadline.so.8", "libreadline.so"]
            let libedit = ["libedit.so.2", "libedit.so"]
        #endif
        switch preference {
        case .any: return gnu + libedit
        case .gnuReadline: return gnu
        case .libedit: return libedit
        }
    }

    /// Why loading failed: which names were tried and what the loader said.
    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Loads the first of `names` that has the interface the REPL needs and looks every name
    /// up; the error says what was tried and how to install a library. With a `preference`,
    /// a library of the other kind is passed over.
    static func load(
        _ names: [String]? = nil, preference: Preference = .any
    ) throws(LoadError) -> Readline {
        var reasons: [String] = []
        for name in names ?? candidates(preference) {
            let handle: UnsafeMutableRawPointer
            switch Platform.loadLibrary(name) {
            case .success(let loaded): handle = loaded
            case .failure(let error):
                reasons.append(error.message)
                continue
            }
            do throws(LoadError) {
                let loaded = try Readline(handle)
                if preference == .gnuReadline && loaded.library != .gnuReadline
                    || preference == .libedit && loaded.library != .libedit
                {
                    throw LoadError(
                        description: "it is \(loaded.library.rawValue), and SCN_LINE_EDITOR asks for another")
                }
                return loaded
            } catch {
                reasons.append("\(name): \(error.description)")
                Platform.unloadLibrary(handle)
            }
        }
        #if os(macOS)
            let install = "macOS has libedit in /usr/lib; or brew install readline"
        #else
            let install = "on Debian or Ubuntu: apt-get install libreadline8"
        #endif
        throw LoadError(
            description: "the REPL needs GNU readline or libedit, and neither can be loaded (\(install)):\n  "
                + reasons.joined(separator: "\n  "))
    }

    private init(_ handle: UnsafeMutableRawPointer) throws(LoadError) {
        func symbol(_ name: String) throws(LoadError) -> UnsafeMutableRawPointer {
            guard let address = Platform.symbol(name, in: handle) else {
                throw LoadError(description: "no '\(name)': not a readline-compatible library")
            }
            return address
        }
        func function<F>(_ name: String, _: F.Type) throws(LoadError) -> F {
            unsafeBitCast(try symbol(name), to: F.self)
        }
        func variable<T>(_ name: String, _: T.Type) throws(LoadError) -> UnsafeMutablePointer<T> {
            try symbol(name).assumingMemoryBound(to: T.self)
        }
        // What libedit may lack (older macOS releases): the REPL does without.
        func optionalFunction<F>(_ name: String, _: F.Type) -> F? {
            Platform.symbol(name, in: handle).map { unsafeBitCast($0, to: F.self) }
        }
        func optionalVariable<T>(_ name: String, _: T.Type) -> UnsafeMutablePointer<T>? {
            Platform.symbol(name, in: handle)?.assumingMemoryBound(to: T.self)
        }
        library = Platform.symbol("rl_gnu_readline_p", in: handle) == nil ? .libedit : .gnuReadline
        usingHistory = try function("using_history", (@convention(c) () -> Void).self)
        stifleHistory = try function("stifle_history", (@convention(c) (Int32) -> Void).self)
        readHistory = try function("read_history", (@convention(c) (UnsafePointer<CChar>?) -> Int32).self)
        appendHistory = optionalFunction(
            "append_history", (@convention(c) (Int32, UnsafePointer<CChar>?) -> Int32).self)
        writeHistory = optionalFunction("write_history", (@convention(c) (UnsafePointer<CChar>?) -> Int32).self)
        historyTruncateFile = optionalFunction(
            "history_truncate_file", (@convention(c) (UnsafePointer<CChar>?, Int32) -> Int32).self)
        addHistory = try function("add_history", (@convention(c) (UnsafePointer<CChar>?) -> Void).self)
        historyGet = try function("history_get", (@convention(c) (Int32) -> UnsafeMutableRawPointer?).self)
        callbackHandlerInstall = try function(
            "rl_callback_handler_install", (@convention(c) (UnsafePointer<CChar>?, LineHandler?) -> Void).self)
        callbackHandlerRemove = try function("rl_callback_handler_remove", (@convention(c) () -> Void).self)
        callbackReadChar = try function("rl_callback_read_char", (@convention(c) () -> Void).self)
        resizeTerminal = optionalFunction("rl_resize_terminal", (@convention(c) () -> Void).self)
        freeLineState = optionalFunction("rl_free_line_state", (@convention(c) () -> Void).self)
        replaceLine = optionalFunction("rl_replace_line", (@convention(c) (UnsafePointer<CChar>?, Int32) -> Void).self)
        completionMatches = try function(
            "rl_completion_matches",
            (@convention(c) (UnsafePointer<CChar>?, Generator?) -> UnsafeMutablePointer<
                UnsafeMutablePointer<CChar>?
            >?).self)
        filenameCompletion = try function("rl_filename_completion_function", Generator.self)

        readlineName = try variable("rl_readline_name", UnsafePointer<CChar>?.self)
        catchSignals = optionalVariable("rl_catch_signals", Int32.self)
        catchSigwinch = optionalVariable("rl_catch_sigwinch", Int32.self)
        basicWordBreakCharacters = try variable("rl_basic_word_break_characters", UnsafePointer<CChar>?.self)
        completerWordBreakCharacters = try variable(
            "rl_completer_word_break_characters", UnsafePointer<CChar>?.self)
        completerQuoteCharacters = try variable("rl_completer_quote_characters", UnsafePointer<CChar>?.self)
        attemptedCompletionFunction = try variable("rl_attempted_completion_function", Completion?.self)
        attemptedCompletionOver = try variable("rl_attempted_completion_over", Int32.self)
        lineBuffer = try variable("rl_line_buffer", UnsafeMutablePointer<CChar>?.self)
        historyLength = try variable("history_length", Int32.self)
        historyBase = try variable("history_base", Int32.self)
    }

    /// The text of the newest history entry, if any.
    var newestHistoryLine: String? {
        guard historyLength.pointee > 0,
            let entry = historyGet(historyBase.pointee + historyLength.pointee - 1),
            let line = entry.load(as: UnsafePointer<CChar>?.self)
        else { return nil }
        return String(cString: line)
    }
}
