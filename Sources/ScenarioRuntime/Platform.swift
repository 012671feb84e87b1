import ScenarioLanguage

// Threads with a large stack from the C library, on macOS (Darwin) and Linux (Glibc or
// Musl): this module's only calls into it (`.ci/checks/30-platform.sh`).
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension Platform {
    /// A running thread, to wait for with ``join(_:)``.
    package struct Thread {
        fileprivate let handle: pthread_t
    }

    /// Starts `work` on a new thread with a stack of `stackSize` bytes; nil when no thread
    /// can be started (the work is not run then).
    package static func startThread(stackSize: Int, _ work: @escaping @Sendable () -> Void) -> Thread? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackSize)
        defer { pthread_attr_destroy(&attributes) }
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        #if canImport(Darwin)
            // Darwin: `pthread_t` is a pointer (nil until started); the start routine's
            // argument is not optional.
            var thread: pthread_t?
            let started = pthread_create(&thread, &attributes, { raw in WorkBox.run(raw) }, box)
            if started == 0, let thread { return Thread(handle: thread) }
        #elseif canImport(Musl)
            // Musl: a pointer too, and an optional argument (no nullability in its header).
            var thread: pthread_t?
            let started = pthread_create(&thread, &attributes, { raw in raw.flatMap(WorkBox.run) }, box)
            if started == 0, let thread { return Thread(handle: thread) }
        #else
            var thread = pthread_t()
            let started = pthread_create(&thread, &attributes, { raw in raw.flatMap(WorkBox.run) }, box)
            if started == 0 { return Thread(handle: thread) }
        #endif
        Unmanaged<WorkBox>.fromOpaque(box).release()
        return nil
    }

    /// Waits until `thread` has finished.
    package static func join(_ thread: Thread) {
        pthread_join(thread.handle, nil)
    }
}

/// A closure handed to a new thread.
private final class WorkBox: Sendable {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }

    /// Runs the box `raw` points at, and releases it.
    static func run(_ raw: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        Unmanaged<WorkBox>.fromOpaque(raw).takeRetainedValue().work()
        return nil
    }
}
