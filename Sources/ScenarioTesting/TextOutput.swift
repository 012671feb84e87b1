import ScenarioLanguage

/// Somewhere `scn test` writes text: standard output, standard error, or a buffer in tests.
///
/// Writes come from one thread at a time (the runner serialises them), in the order the
/// report is meant to be read.
public protocol TextOutput: Sendable {
    /// Writes `text` as it is (no newline is added).
    func write(_ text: String)
}

/// A `TextOutput` on a file descriptor, unbuffered: standard output or standard error.
public struct FileDescriptorOutput: TextOutput {
    private let descriptor: Int32

    /// The process's standard output.
    public static var standardOutput: FileDescriptorOutput { FileDescriptorOutput(1) }
    /// The process's standard error.
    public static var standardError: FileDescriptorOutput { FileDescriptorOutput(2) }

    private init(_ descriptor: Int32) { self.descriptor = descriptor }

    public func write(_ text: String) {
        // A closed pipe (`scn test | head`) must not end the run: SIGPIPE is ignored by the
        // tool, and a failed write is given up.
        Platform.writeAll(descriptor, text)
    }
}

/// A `TextOutput` that keeps everything written to it, for tests and for embedding.
public final class CapturedOutput: TextOutput {
    private let buffer = Locked("")

    /// An empty buffer.
    public init() {}

    public func write(_ text: String) { buffer.withLock { $0 += text } }

    /// Everything written so far.
    public var text: String { buffer.withLock { $0 } }
}
