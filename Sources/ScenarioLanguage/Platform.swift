import Synchronization

// The C library, on macOS (Darwin) and on Linux (Glibc, or Musl for a static build): every
// call this module makes into it is here, and nothing else in the module imports it. The
// other modules of the package call these too, and keep their own calls in their own
// Platform.swift (`.ci/checks/30-platform.sh` fails on a platform import anywhere else).
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The operating system's calls, as the package uses them: file descriptors, paths, errors.
package enum Platform {
    /// Writes all of `bytes` to `fd`, retrying after a signal; false when the descriptor
    /// took no more (a closed pipe: SIGPIPE is ignored by the tool, the write gives up).
    @discardableResult
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
                let n = Darwin.write(fd, base + offset, bytes.count - offset)
            #elseif canImport(Glibc)
                let n = Glibc.write(fd, base + offset, bytes.count - offset)
            #else
                let n = Musl.write(fd, base + offset, bytes.count - offset)
            #endif
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                noteFailedWrite(fd, n < 0 ? errno : EIO)
                return false
            }
            offset += n
        }
        return true
    }

    /// The first reason a write to standard output or standard error failed,
    /// other than a closed pipe; 0 while none has.
    private static let failedStandardOutput = Atomic<Int32>(0)
    private static let failedStandardError = Atomic<Int32>(0)

    private static func noteFailedWrite(_ fd: Int32, _ code: Int32) {
        // A closed pipe (`scn test | head`) is the reader's choice, not lost output.
        guard code != EPIPE else { return }
        switch fd {
        case 1: _ = failedStandardOutput.compareExchange(expected: 0, desired: code, ordering: .relaxed)
        case 2: _ = failedStandardError.compareExchange(expected: 0, desired: code, ordering: .relaxed)
        default: break
        }
    }

    /// Why a write to standard output (`fd` 1) or standard error (2) failed, as
    /// `strerror(3)` says it; nil while every write went through or only a closed pipe
    /// refused one. Output lost to a full disk is an error, never silence.
    package static func failedWrite(_ fd: Int32) -> String? {
        let code =
            switch fd {
            case 1: failedStandardOutput.load(ordering: .relaxed)
            case 2: failedStandardError.load(ordering: .relaxed)
            default: Int32(0)
            }
        return code == 0 ? nil : String(cString: strerror(code))
    }

    /// What an open descriptor names (`/dev/full`, a file's path), when the system says.
    package static func pathOfDescriptor(_ fd: Int32) -> String? {
        #if os(Linux)
            realPath("/proc/self/fd/\(fd)")
        #else
            nil
        #endif
    }

    /// ``writeAll(_:_:)`` of a string's UTF-8.
    @discardableResult
    package static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
    }

    /// What one `read(2)` gave.
    package enum ReadResult: Equatable {
        /// This many bytes (at least one).
        case bytes(Int)
        /// The end of the file, or the other end of a pipe closed.
        case end
        /// A non-blocking descriptor with nothing to read yet.
        case notReady
        /// Any other failure.
        case failed
    }

    /// Reads at most `buffer.count` bytes from `fd` into `buffer`, retrying after a signal.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        while true {
            #if canImport(Darwin)
                let n = Darwin.read(fd, buffer.baseAddress, buffer.count)
            #elseif canImport(Glibc)
                let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            #else
                let n = Musl.read(fd, buffer.baseAddress, buffer.count)
            #endif
            if n > 0 { return .bytes(n) }
            if n == 0 { return .end }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .notReady : .failed
        }
    }

    /// Waits until `fd` has something to read (or is closed); true unless waiting failed.
    @discardableResult
    package static func waitUntilReadable(_ fd: Int32, milliseconds: Int32 = -1) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let n = poll(&entry, 1, milliseconds)
            if n < 0 && errno == EINTR { continue }
            return n > 0
        }
    }

    /// What a path names, and its size in bytes.
    package enum FileKind: Equatable {
        case regular, folder, other
    }

    /// A file opened for reading without blocking (a FIFO opens at once and reads as not
    /// ready), closed on `exec`; nil when it cannot be opened.
    package static func openForReading(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    }

    /// The kind and size of an open file, from `fstat(2)`; nil when it cannot be read.
    package static func kindAndSize(_ fd: Int32) -> (kind: FileKind, size: Int64)? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        let kind: FileKind = type == S_IFREG ? .regular : type == S_IFDIR ? .folder : .other
        return (kind, Int64(info.st_size))
    }

    /// Closes a descriptor this process opened.
    package static func close(_ fd: Int32) {
        #if canImport(Darwin)
            _ = Darwin.close(fd)
        #elseif canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Musl.close(fd)
        #endif
    }

    /// Whether `fd` is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The path with symbolic links, `.` and `..` resolved (`realpath(3)`); nil when a part
    /// of it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The last failed call's reason (`strerror(errno)`), or nil when none is recorded.
    package static var lastErrorText: String? {
        let code = errno
        return code == 0 ? nil : String(cString: strerror(code))
    }

    /// Forgets the last failure, so that ``lastErrorText`` tells of the next one only.
    package static func clearLastError() { errno = 0 }
}
