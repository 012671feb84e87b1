// Threads with a large stack, without Foundation's Thread (the tool links only
// FoundationEssentials; see docs/PERFORMANCE.md); pthreads through Platform.swift.
import ScenarioLanguage

/// Runs work on threads of its own.
public enum Threads {
    /// The stack each thread gets. Scenario structure takes no native stack (blocks, loops
    /// and calls are frames on a heap stack), but parsing and checking recurse as deep as a
    /// file nests (200 levels) and JSON as deep as 256: a debug build needs about 3 MiB for
    /// that, a release build far less. 8 MiB, the size of the main thread's stack, leaves a
    /// margin; 64 threads reserve 512 MiB of address space (at 32 MiB each, `--jobs 64`
    /// crashed under a 2 GiB address limit).
    public static let stackSize = 8 << 20

    /// The most threads one run starts, whatever `--jobs` asks for (docs/RELIABILITY.md).
    public static let maxThreads = 64

    /// Runs `work` on `count` threads at once (at most ``maxThreads``) and returns when every
    /// one has finished. When a thread cannot be started (no memory for its stack, the
    /// process's thread limit), the calling thread runs `work` itself and no more are started:
    /// `work` takes items until none are left, so the threads already running and the caller
    /// finish it.
    public static func run(_ count: Int, stackSize: Int = stackSize, _ work: @escaping @Sendable () -> Void) {
        var threads: [Platform.Thread] = []
        let wanted = min(max(0, count), maxThreads)
        threads.reserveCapacity(wanted)
        for _ in 0..<wanted {
            guard let thread = Platform.startThread(stackSize: stackSize, work) else {
                work()
                break
            }
            threads.append(thread)
        }
        for thread in threads { Platform.join(thread) }
    }
}
