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

    /// The file at `path` a line at a time, without holding it whole: `body` gets each line
    /// without its line feed, then (`last` true) what follows the last line feed, empty in a
    /// file that ends with one. A regular file of at most `maxBytes`, lines of at most
    /// `maxLineBytes`; `body` throws to stop.
    public static func forEachLine<Failure: Error>(
        _ path: String, maxBytes: Int, maxLineBytes: Int, shown: String? = nil,
        _ body: (_ line: ArraySlice<UInt8>, _ last: Bool) throws(Failure) -> Void
    ) throws(LineError<Failure>) {
        let name = shown ?? path
        guard let fd = Platform.openForReading(path) else { throw .load(LoadError("cannot read '\(name)'")) }
        defer { Platform.close(fd) }
        guard let file = Platform.kindAndSize(fd) else { throw .load(LoadError("cannot read '\(name)'")) }
        guard file.kind == .regular else {
            throw .load(LoadError("'\(name)' is \(file.kind == .folder ? "a folder" : "not a regular file")"))
        }
        guard file.size <= Int64(maxBytes) else { throw .load(tooLarge(name, maxBytes)) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var pending: [UInt8] = []
        var total = 0
        while true {
            let result = buffer.withUnsafeMutableBytes { Platform.read(fd, into: $0) }
            switch result {
            case .bytes(let n):
                total += n
                if total > maxBytes { throw .load(tooLarge(name, maxBytes)) }
                var start = 0
                let chunk = buffer[0..<n]
                while let newline = chunk[start...].firstIndex(of: 10) {
                    do throws(Failure) {
                        if pending.isEmpty {
                            try body(chunk[start..<newline], false)
                        } else {
                            pending += chunk[start..<newline]
                            try body(pending[...], false)
                            pending.removeAll(keepingCapacity: true)
                        }
                    } catch {
                        throw .stopped(error)
                    }
                    start = newline + 1
                }
                pending += chunk[start...]
                if pending.count > maxLineBytes {
                    throw .load(LoadError("'\(name)' has a line longer than \(maxLineBytes) bytes"))
                }
            case .end:
                do throws(Failure) {
                    try body(pending[...], true)
                } catch {
                    throw .stopped(error)
                }
                return
            case .notReady, .failed:
                throw .load(LoadError("cannot read '\(name)'"))
            }
        }
    }

    /// Why ``forEachLine(_:maxBytes:maxLineBytes:shown:_:)`` stopped: the file, or the body.
    public enum LineError<Failure: Error>: Error {
        case load(LoadError)
        case stopped(Failure)
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
