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
