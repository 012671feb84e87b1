#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a ``LanguageServer`` over two file descriptors (standard input and output for
/// `scn lsp`): reads bytes, frames them, answers each message before reading on.
public struct Connection {
    public var server: LanguageServer
    public var input: Int32
    public var output: Int32

    public init(server: LanguageServer, input: Int32 = 0, output: Int32 = 1) {
        self.server = server
        self.input = input
        self.output = output
    }

    /// Serves until `exit` or the end of the input. Returns the exit code: 0 after
    /// `shutdown` then `exit`, 1 otherwise (as the protocol asks).
    public mutating func run() -> Int32 {
        var framer = MessageFramer()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            while let frame = framer.next() {
                for reply in server.handle(frame) {
                    guard send(MessageFramer.frame(reply)) else { return 1 }
                }
                if let code = server.exitCode { return code }
            }
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return server.exitCode ?? 1 }
            framer.append(chunk[0..<n])
        }
    }

    /// Writes all of `bytes`; false when the output is gone.
    private func send(_ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(output, base + written, buffer.count - written)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            written += n
        }
        return true
    }
}
