import Foundation

// The tests' calls into the C library, on macOS (Darwin) and Linux (Glibc or Musl):
// FIFOs, pseudo-terminals and spawning a process with a clean signal mask. Nothing else in
// the test module imports the C library (`.ci/checks/30-platform.sh`).
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

enum Platform {
    /// Makes a FIFO at `path`; false when it cannot.
    static func makeFIFO(_ path: String) -> Bool { mkfifo(path, 0o600) == 0 }

    /// Closes a descriptor the test opened.
    static func close(_ fd: Int32) {
        #if canImport(Darwin)
            _ = Darwin.close(fd)
        #elseif canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Musl.close(fd)
        #endif
    }

    /// A new pseudo-terminal: its controlling end and its terminal end, both open.
    static func openPseudoTerminal() throws -> (master: Int32, slave: Int32) {
        #if canImport(Darwin)
            let (openTerminal, grant, unlock, name) = (posix_openpt, grantpt, unlockpt, ptsname)
        #else
            // posix_openpt and friends are not in the Glibc module (they need _XOPEN_SOURCE): look them up.
            typealias OpenPT = @convention(c) (Int32) -> Int32
            typealias PTCall = @convention(c) (Int32) -> Int32
            typealias PTSName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
            guard let openSymbol = dlsym(nil, "posix_openpt"), let grantSymbol = dlsym(nil, "grantpt"),
                let unlockSymbol = dlsym(nil, "unlockpt"), let nameSymbol = dlsym(nil, "ptsname")
            else { throw CLIError("no pseudo-terminal functions") }
            let openTerminal = unsafeBitCast(openSymbol, to: OpenPT.self)
            let grant = unsafeBitCast(grantSymbol, to: PTCall.self)
            let unlock = unsafeBitCast(unlockSymbol, to: PTCall.self)
            let name = unsafeBitCast(nameSymbol, to: PTSName.self)
        #endif
        let master = openTerminal(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw CLIError("no pseudo-terminal") }
        guard grant(master) == 0, unlock(master) == 0, let path = name(master) else {
            close(master)
            throw CLIError("no pseudo-terminal")
        }
        let slave = open(String(cString: path), O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            throw CLIError("cannot open the pseudo-terminal")
        }
        return (master, slave)
    }

    /// Everything `fd` gives until it ends or stays silent for `seconds`.
    static func readUntilQuiet(_ fd: Int32, seconds: Double) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(seconds * 1000)) > 0 else { break }  // a hang: give up
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }  // EIO: every copy of the terminal's other end is closed
            bytes += buffer[0..<n]
        }
        return bytes
    }

    /// Runs `/bin/sh -c command`-style `argv` with no signal blocked and default handlers,
    /// standard input from /dev/null and both output streams to `log`; its exit code (a
    /// signal's number negated), or nil when it ran longer than `timeout` and was killed.
    static func spawn(_ argv: [String], log: String, timeout: TimeInterval) throws -> Int32? {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD, SIGWINCH] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in cArguments { free(p) }
            for p in cEnvironment { free(p) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else { throw TestFailure("cannot start \(argv[0]): error \(spawned)") }

        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return nil
            }
            usleep(10_000)
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -(status & 0x7f)
    }
}
