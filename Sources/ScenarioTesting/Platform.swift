import ScenarioLanguage

// This module's calls into the C library, on macOS (Darwin) and Linux (Glibc or Musl):
// permissions, C streams for report files, and a mutex with a condition. Nothing else in
// the module imports the C library (`.ci/checks/30-platform.sh`).
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension Platform {
    /// Whether this process may write `path` (a folder: create entries in it).
    static func isWritable(_ path: String, folder: Bool) -> Bool {
        access(path, folder ? W_OK | X_OK : W_OK) == 0
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

    /// Whether `path` names something that is neither a regular file nor a folder (a
    /// device such as `/dev/full` or `/dev/stdout`, a FIFO): written in place, never
    /// replaced by a rename.
    static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// Removes the file `path` if it is there.
    static func remove(_ path: String) { _ = unlink(path) }

    /// A C stream: an unnamed temporary file (removed when closed) or a file written anew.
    final class Stream {
        private let file: UnsafeMutablePointer<FILE>
        private var open = true

        private init(_ file: UnsafeMutablePointer<FILE>) { self.file = file }

        /// An unnamed temporary file, read and written; nil when none can be made.
        static func temporary() -> Stream? { tmpfile().map(Stream.init) }

        /// `path` opened for writing, emptied; nil when it cannot be.
        static func create(_ path: String) -> Stream? { fopen(path, "wb").map(Stream.init) }

        /// A new file with a name no other file has, beside `path` (`.NAME.XXXXXX.partial`
        /// in the same folder, so that renaming it over `path` is atomic); the stream and
        /// its path, or nil when none can be made.
        static func createBeside(_ path: String) -> (stream: Stream, path: String)? {
            let folder = PathText.parent(path)
            let name = String(path.split(separator: "/").last ?? "report")
            var template = Array(
                ((folder.isEmpty ? "" : folder + "/") + "." + name + ".XXXXXX.partial").utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { mkstemps($0, 8) } ?? -1
            }
            guard fd >= 0 else { return nil }
            let made = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let file = fdopen(fd, "wb") else {
                _ = unlink(made)
                Platform.close(fd)
                return nil
            }
            // mkstemp makes it 0600: the file it replaces keeps its permissions, a new one
            // is readable by others as reports are.
            var info = stat()
            let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
            _ = fchmod(fd, mode)
            return (Stream(file), made)
        }

        deinit { if open { fclose(file) } }

        /// Writes all of `bytes`; false when they were not all written.
        func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
            bytes.isEmpty || fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count
        }

        /// Writes all of `text`'s UTF-8.
        func write(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
        }

        /// Flushes what was written and goes back to the start, to read it.
        func rewind() -> Bool { fflush(file) == 0 && fseek(file, 0, SEEK_SET) == 0 }

        /// Reads up to `buffer.count` bytes; 0 at the end or on an error (see ``failed``).
        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            fread(buffer.baseAddress, 1, buffer.count, file)
        }

        /// Whether a read or write failed.
        var failed: Bool { ferror(file) != 0 }

        /// Closes the stream; false when what was written could not be saved.
        func close() -> Bool {
            guard open else { return true }
            open = false
            return fclose(file) == 0
        }
    }

    /// A mutex with a condition variable (pthreads).
    final class ConditionLock {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        deinit {
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
            condition.deallocate()
        }

        func lock() { pthread_mutex_lock(mutex) }
        func unlock() { pthread_mutex_unlock(mutex) }
        /// Unlocks, waits for a ``broadcast()``, and locks again.
        func wait() { pthread_cond_wait(condition, mutex) }
        func broadcast() { pthread_cond_broadcast(condition) }
    }
}
