import ScenarioLanguage

// The tool's calls into the C library, on macOS (Darwin) and Linux (Glibc or Musl): the
// environment, SIGPIPE, the REPL's signals and terminal input, and loading readline.
// Nothing else in the module imports the C library (`.ci/checks/30-platform.sh`).
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Platform {
    /// A write to a closed pipe fails instead of ending the process (`scn test | head`).
    static func ignoreBrokenPipe() { signal(SIGPIPE, SIG_IGN) }

    /// The variable that fixes Swift's hash seed. The runtime reads it when the process
    /// starts, so a process without it runs itself again with it set.
    static let deterministicHashing = "SWIFT_DETERMINISTIC_HASHING"

    /// Returns once this process hashes deterministically (`scn explore --shard`: shards on
    /// other machines must fingerprint equal worlds alike); otherwise replaces the process with
    /// itself, the variable set. A message when that cannot be done.
    static func requireDeterministicHashing() -> String? {
        if let value = getenv(deterministicHashing), String(cString: value) == "1" { return nil }
        guard setenv(deterministicHashing, "1", 1) == 0 else { return "cannot set \(deterministicHashing)" }
        var executable: String?
        #if canImport(Darwin)
            var size: UInt32 = 4096
            var buffer = [CChar](repeating: 0, count: Int(size))
            if _NSGetExecutablePath(&buffer, &size) == 0 { executable = String(cString: buffer) }
        #else
            executable = "/proc/self/exe"
        #endif
        guard let executable else { return "cannot find this program's executable to run it again" }
        let arguments = CommandLine.arguments
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        execv(executable, argv)
        for pointer in argv { free(pointer) }
        return "cannot run this program again with \(deterministicHashing)=1 (set it yourself for --shard)"
    }

    /// The process's environment variables. On Linux read from `environ` a byte at a time:
    /// `ProcessInfo.environment` finds each entry's `=` a `Character` at a time, 0.4M
    /// instructions of every start-up for forty variables. macOS declares no `environ`.
    static func environment() -> [String: String] {
        #if canImport(Glibc) || canImport(Musl)
            var variables: [String: String] = [:]
            var entry = environ
            while let text = entry.pointee {
                let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
                if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                    let name = String(decoding: bytes[..<equals], as: UTF8.self)
                    // The first of two entries with one name wins, as with getenv(3).
                    if variables[name] == nil {
                        variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
                    }
                }
                entry += 1
            }
            return variables
        #else
            return ProcessInfo.processInfo.environment
        #endif
    }

    /// Whether `path` itself is a symbolic link (`lstat(2)`: the link is not followed).
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Renames `from` to `to`, replacing `to` atomically; false when it failed.
    static func rename(_ from: String, to: String) -> Bool {
        #if canImport(Darwin)
            Darwin.rename(from, to) == 0
        #elseif canImport(Glibc)
            Glibc.rename(from, to) == 0
        #else
            Musl.rename(from, to) == 0
        #endif
    }

    /// A copy of `text` in memory from `malloc`, for C code that keeps or frees it.
    static func copyCString(_ text: String) -> UnsafeMutablePointer<CChar>? { strdup(text) }

    /// Frees memory C code allocated with `malloc`.
    static func freeCMemory(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

    // MARK: Loading a library

    /// Loads the shared library `name`; the loader's message when it cannot.
    static func loadLibrary(_ name: String) -> Result<UnsafeMutableRawPointer, LibraryError> {
        if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return .success(handle) }
        return .failure(LibraryError(message: dlerror().map { String(cString: $0) } ?? name))
    }

    /// Why a library could not be loaded.
    struct LibraryError: Error {
        var message: String
    }

    /// The address of `name` in a loaded library.
    static func symbol(_ name: String, in handle: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }

    static func unloadLibrary(_ handle: UnsafeMutableRawPointer) { dlclose(handle) }

    // MARK: The REPL's signals

    /// SIGINT, SIGWINCH, SIGTERM and SIGHUP, each written by its handler as one byte to a
    /// non-blocking pipe (async-signal-safe), which the REPL polls beside standard input.
    enum SignalPipe {
        /// What a handler writes.
        static let interrupt = UInt8(ascii: "I")
        static let resize = UInt8(ascii: "W")
        static let terminate = UInt8(ascii: "T")

        /// The pipe's ends; -1 before ``install()``.
        nonisolated(unsafe) static var readEnd: Int32 = -1
        nonisolated(unsafe) private static var writeEnd: Int32 = -1
        /// The handlers in place before ours, by signal.
        nonisolated(unsafe) private static var previous: [Int32: sigaction] = [:]
        private static let handled: [Int32] = [SIGINT, SIGWINCH, SIGTERM, SIGHUP]

        private static let handler: @convention(c) (Int32) -> Void = { signal in
            var byte =
                switch signal {
                case SIGINT: SignalPipe.interrupt
                case SIGWINCH: SignalPipe.resize
                default: SignalPipe.terminate
                }
            _ = write(SignalPipe.writeEnd, &byte, 1)
        }

        /// Creates the pipe and routes the signals to it (once).
        static func install() {
            guard readEnd < 0 else { return }
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return }
            for fd in ends {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            readEnd = ends[0]
            writeEnd = ends[1]
            var action = sigaction()
            #if canImport(Darwin)
                action.__sigaction_u.__sa_handler = handler
            #else
                action.__sigaction_handler.sa_handler = handler
            #endif
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

        /// Puts back the handlers that were in place before ``install()``.
        static func restore() {
            guard readEnd >= 0 else { return }
            for signal in handled {
                guard var old = previous[signal] else { continue }
                sigaction(signal, &old, nil)
            }
        }

        /// The bytes the handlers wrote since the last call.
        static func drain() -> [UInt8] {
            guard readEnd >= 0 else { return [] }
            var out: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 64)
            while case .bytes(let n) = buffer.withUnsafeMutableBytes({ Platform.read(readEnd, into: $0) }) {
                out += buffer[0..<n]
            }
            return out
        }
    }

    /// What waiting on standard input and the signal pipe found.
    struct Readiness {
        /// Standard input has bytes, or was closed or failed (reading says which).
        var input = false
        /// A signal's byte is in the pipe.
        var signal = false
    }

    /// Waits until `input` or the signal pipe can be read; nil when waiting failed (a
    /// signal that interrupts the wait is retried).
    static func waitForInput(_ input: Int32) -> Readiness? {
        var fds = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        while poll(&fds, 2, -1) < 0 {
            if errno != EINTR { return nil }
        }
        return Readiness(
            input: fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0,
            signal: fds[1].revents & Int16(POLLIN) != 0)
    }
}
