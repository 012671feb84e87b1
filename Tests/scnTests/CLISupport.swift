import Foundation
import Testing

/// What one run of the `scn` binary did.
struct CLIResult: CustomStringConvertible {
    var status: Int32
    /// True when the process died of a signal (a crash), false when it exited.
    var crashed: Bool
    /// True when it did not end within `CLI.deadline` and was killed.
    var timedOut: Bool
    var stdoutData: Data
    var stderrData: Data
    /// How long it ran, wall clock.
    var seconds: Double = 0
    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// Ended on its own with an exit code.
    var exited: Bool { !crashed && !timedOut }

    var description: String {
        "exit \(status)\(crashed ? " (signal)" : "")\(timedOut ? " (timed out)" : "")\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)"
    }
}

/// Runs the built `scn` binary in a folder and captures what it does.
enum CLI {
    /// The package root, from this file's path: Tests/scnTests/CLISupport.swift.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `scn` binary: next to the test bundle when there is one (the build folder of
    /// this test run), else `.build/debug/scn` under the package root.
    ///
    /// `SCN_TEST_BINARY` names another one: `.ci/checks/70-hostile-release.sh` runs the hostile
    /// probes against a release build.
    static let binary: URL = {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let named = ProcessInfo.processInfo.environment["SCN_TEST_BINARY"], !named.isEmpty {
            candidates.append(URL(fileURLWithPath: named))
        }
        if let first = CommandLine.arguments.first, first.contains("/") {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("scn"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("scn"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("scn"))
        candidates.append(packageRoot.appendingPathComponent(".build/debug/scn"))
        return candidates.first { fm.isExecutableFile(atPath: $0.path) }
            ?? packageRoot.appendingPathComponent(".build/debug/scn")
    }()

    /// A safety net, not a timing assertion: a run that takes this long is a hang.
    static let deadline: TimeInterval = 120

    /// The environment the binary gets: ours, without colour settings, plus `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["TERM"] = nil
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Runs `scn arguments…` in `directory`, standard input empty, output to files (so a
    /// large output cannot block on a full pipe).
    ///
    /// - Parameter stdoutPath: a file standard output goes to instead (`/dev/full`); the
    ///   result's `stdout` is then empty.
    /// - Parameter memoryKiB: a data-size limit the process runs under (`ulimit -d`), for
    ///   hostile inputs.
    /// - Parameter addressKiB: an address-space limit too (`ulimit -v`): what a thread's stack
    ///   reserves counts against it.
    static func run(
        _ arguments: [String], in directory: URL, environment extra: [String: String] = [:], input: Data? = nil,
        stdoutPath: String? = nil, memoryKiB: Int? = nil, addressKiB: Int? = nil
    ) throws -> CLIResult {
        let scratch = try TempDir()
        let outURL = scratch.url.appendingPathComponent("stdout")
        let errURL = scratch.url.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }

        let process = Process()
        if memoryKiB != nil || addressKiB != nil {
            let limits = [memoryKiB.map { "ulimit -d \($0)" }, addressKiB.map { "ulimit -v \($0)" }].compactMap { $0 }
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", limits.joined(separator: " && ") + " && exec \"$0\" \"$@\"", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        process.environment = environment(extra)
        if let input {
            let inURL = scratch.url.appendingPathComponent("stdin")
            try input.write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        if let stdoutPath {
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        let started = Date()
        let timedOut = try runToEnd(process)
        return CLIResult(
            status: process.terminationStatus,
            crashed: process.terminationReason == .uncaughtSignal && !timedOut,
            timedOut: timedOut,
            stdoutData: (try? Data(contentsOf: outURL)) ?? Data(),
            stderrData: (try? Data(contentsOf: errURL)) ?? Data(),
            seconds: Date().timeIntervalSince(started))
    }

    /// Runs `process` until it ends, or kills it past ``deadline``: true when it was killed.
    static func runToEnd(_ process: Process) throws -> Bool {
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        guard done.wait(timeout: .now() + deadline) == .timedOut else { return false }
        process.terminate()
        done.wait()
        return true
    }

    /// Runs `scn arguments…` with standard output and standard error on a pseudo-terminal,
    /// and returns what the terminal received (both streams, as the terminal shows them).
    static func runOnTerminal(_ arguments: [String], in directory: URL, environment extra: [String: String])
        throws -> (status: Int32, output: String)
    {
        let (master, slave) = try Platform.openPseudoTerminal()
        defer { Platform.close(master) }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment(extra)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        Platform.close(slave)  // the child holds its own copies; reading ends when it closes them

        let bytes = Platform.readUntilQuiet(master, seconds: deadline)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: bytes, as: UTF8.self))
    }
}

struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A fresh temporary folder, removed when the value goes away.
final class TempDir {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("scn-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` at `path` (relative; folders are made) and returns the path.
    @discardableResult
    func write(_ path: String, _ text: String) throws -> String {
        try write(path, Data(text.utf8))
    }

    @discardableResult
    func write(_ path: String, _ data: Data) throws -> String {
        let target = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
        return path
    }

    func read(_ path: String) throws -> String {
        try String(decoding: Data(contentsOf: url.appendingPathComponent(path)), as: UTF8.self)
    }

    /// Runs `scn arguments…` in this folder.
    func scn(_ arguments: String..., environment: [String: String] = [:]) throws -> CLIResult {
        try CLI.run(arguments, in: url, environment: environment)
    }

    func scn(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
        try CLI.run(arguments, in: url, environment: environment)
    }

    /// Runs `scn arguments…` in this folder with `input` on standard input.
    func scn(_ arguments: [String], input: String) throws -> CLIResult {
        try CLI.run(arguments, in: url, input: Data(input.utf8))
    }
}

/// Scenario texts the tests share.
enum Fixture {
    /// One case that passes and one that fails, each with one push.
    static let twoCases = """
        # Two cases: one passes, one fails.
        sdk kindly
        extension kindly

        case "passes" {
            launch background
            push kindly visible title "Anna" body "Hi"
            expect banner "Anna" "Hi"
        }

        case "fails" {
            launch background
            push kindly visible title "Anna" body "Hi"
            expect banner "Bob" "Hi"
        }

        """

    /// Passes.
    static let passing = """
        sdk kindly
        extension kindly

        case "background push shows the decrypted banner" {
            launch background
            push kindly visible title "Anna" body "Hi"
            expect banner "Anna" "Hi"
        }

        """

    /// Fails.
    static let failing = """
        sdk kindly
        extension kindly

        case "the wrong title" {
            launch background
            push kindly visible title "Anna" body "Hi"
            expect banner "Bob" "Hi"
        }

        """

    /// Formatted, with comments; `unformatted` is the same file laid out badly.
    static let formatted = """
        # leading comment
        sdk kindly
        extension kindly # trailing comment

        # before the case
        case "x" {
            launch background
            push kindly visible title "A" # after a step
            expect banner "A"
        }

        """

    static let unformatted = """
        # leading comment
        sdk    kindly
        extension kindly   # trailing comment

        # before the case
        case "x"   {
          launch background ; push kindly visible title "A" # after a step
                expect banner "A"
        }
        """

    static let escape: UInt8 = 0x1B
}
