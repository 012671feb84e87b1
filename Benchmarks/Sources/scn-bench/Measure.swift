// How the figures are taken: instruction counts under callgrind (a busy machine does not
// disturb them), peak resident memory from the kernel's accounting of a child process, and
// wall time only where a rate is the figure.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a child process cost.
struct Cost {
    /// Instructions executed (callgrind's "Collected"), nil when not measured.
    var instructions: Int?
    /// Peak resident set, bytes.
    var peakBytes: Int
    /// Wall time, seconds.
    var seconds: Double
    /// The exit status.
    var status: Int32
}

enum Measure {
    /// Whether `valgrind` is on the PATH.
    static let hasValgrind: Bool = which("valgrind") != nil

    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// GNU time, when installed (Debian: `time`): the peak of a child is read through it.
    static let gnuTime: String? = FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil

    /// Runs `arguments` (the first is a path) with its output discarded, and returns its
    /// peak memory, wall time and exit status. Use it for a peak; ``run(_:stdin:stdout:)``
    /// for wall time (GNU time adds its own start-up).
    ///
    /// The peak is read through GNU time when it is installed: `posix_spawn` starts a child in
    /// this process's address space, and the kernel carries that address space's high-water
    /// mark across `exec`, so the child's own `ru_maxrss` never reads below this process's
    /// resident set. GNU time is small, and its child is forked from it.
    static func peak(_ arguments: [String], stdin: String? = nil, stdout: String = "/dev/null") -> Cost {
        guard let gnuTime else { return run(arguments, stdin: stdin, stdout: stdout) }
        let report = NSTemporaryDirectory() + "scn-bench-time-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: report) }
        var cost = run([gnuTime, "-f", "%M", "-o", report] + arguments, stdin: stdin, stdout: stdout)
        if let text = try? String(contentsOfFile: report, encoding: .utf8),
            let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        {
            cost.peakBytes = kilobytes * 1024
        }
        return cost
    }

    /// Runs `arguments` with `posix_spawn`; the peak is the child's `ru_maxrss` (see
    /// ``peak(_:stdin:stdout:)``).
    static func run(_ arguments: [String], stdin: String? = nil, stdout: String = "/dev/null") -> Cost {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
            fatalError("cannot start \(arguments[0])")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Cost(instructions: nil, peakBytes: Int(usage.ru_maxrss) * 1024, seconds: seconds, status: exit)
    }

    /// Runs `arguments` under `valgrind --tool=callgrind` and returns the instructions it
    /// executed (the whole process: loader, start-up, work, exit).
    static func instructions(_ arguments: [String], stdin: String? = nil) -> Int {
        let log = NSTemporaryDirectory() + "scn-bench-callgrind-\(getpid()).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        guard let valgrind = which("valgrind") else { fatalError("valgrind is not installed") }
        let cost = run(
            [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=\(log)"] + arguments,
            stdin: stdin)
        guard cost.status == 0 || cost.status == 1,
            let text = try? String(contentsOfFile: log, encoding: .utf8),
            let line = text.split(separator: "\n").last(where: { $0.contains("Collected :") }),
            let count = line.split(separator: " ").last.flatMap({ Int($0) })
        else { fatalError("callgrind failed on \(arguments.joined(separator: " ")) (exit \(cost.status))") }
        return count
    }

    /// Wall time of `body`, the best of `runs`, in seconds.
    static func best(_ runs: Int = 5, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<runs {
            let start = clock.now
            body()
            let d = clock.now - start
            best = min(best, Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
        }
        return best
    }
}
