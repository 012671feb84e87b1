/// Reads a scenario file, a payload file or standard input without trusting its size.
///
/// The size is known before a byte is allocated: the file is opened without blocking,
/// must be a regular file (not a FIFO, a device or a folder), its size is read with
/// `fstat` and compared with the limit, and reading stops one byte past the limit in any
/// case (a file that grows while it is read, or one in `/proc` that reports size 0).
/// Every file the tool reads on a scenario's behalf — the one named on the command line,
/// the ones `scn test` finds, includes, `push raw file`, `:load` — goes through here.
public enum BoundedFile {
    /// The bytes of the file at `path`, if it is a regular file of at most `maxBytes`.
    /// - Parameter shown: the path as the user wrote it, for the message.
    public static func read(_ path: String, maxBytes: Int, shown: String? = nil) throws(LoadError) -> [UInt8] {
        let name = shown ?? path
        guard let fd = Platform.openForReading(path) else { throw LoadError("cannot read '\(name)'") }
        defer { Platform.close(fd) }
        guard let file = Platform.kindAndSize(fd) else { throw LoadError("cannot read '\(name)'") }
        guard file.kind == .regular else {
            throw LoadError("'\(name)' is \(file.kind == .folder ? "a folder" : "not a regular file")")
        }
        guard file.size <= Int64(maxBytes) else { throw tooLarge(name, maxBytes) }
        return try readAll(fd, capacity: Int(file.size), maxBytes: maxBytes, name: name)
    }

    /// Standard input, up to `maxBytes`.
    public static func readStandardInput(maxBytes: Int) throws(LoadError) -> [UInt8] {
        try readAll(0, capacity: 0, maxBytes: maxBytes, name: "<stdin>")
    }

    private static func tooLarge(_ name: String, _ maxBytes: Int) -> LoadError {
        LoadError("'\(name)' is larger than \(maxBytes) bytes")
    }

    private static func readAll(_ fd: Int32, capacity: Int, maxBytes: Int, name: String) throws(LoadError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(capacity, maxBytes) + 1)
        // A regular file's size is known: a buffer one byte larger sees its end (or that it
        // grew) without clearing 64 KiB for a file of one.
        let chunk = capacity > 0 ? min(capacity + 1, 64 << 10) : 64 << 10
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let want = min(chunk, maxBytes + 1 - bytes.count)
            let result = buffer.withUnsafeMutableBytes {
                Platform.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<want]))
            }
            switch result {
            case .bytes(let n):
                bytes += buffer[0..<n]
                if bytes.count > maxBytes { throw tooLarge(name, maxBytes) }
            case .end:
                return bytes
            case .notReady where Platform.waitUntilReadable(fd):
                continue  // standard input that was not ready yet (a pipe)
            case .notReady, .failed:
                throw LoadError("cannot read '\(name)'")
            }
        }
    }
}
