import ScenarioLanguage

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
            let result = chunk.withUnsafeMutableBytes { Platform.read(input, into: $0) }
            switch result {
            case .bytes(let n):
                framer.append(chunk[0..<n])
            case .notReady where Platform.waitUntilReadable(input):
                continue
            case .notReady, .end, .failed:
                return server.exitCode ?? 1
            }
        }
    }

    /// Writes all of `bytes`; false when the output is gone.
    private func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Platform.writeAll(output, $0) }
    }
}
