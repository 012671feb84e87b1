// Threads with a large stack, without Foundation's Thread (the tool links only
// FoundationEssentials; see docs/PERFORMANCE.md); pthreads through Platform.swift.
import ScenarioLanguage

/// Runs work on threads of its own.
public enum Threads {
    /// The stack each thread gets: a step may run a user command 256 calls deep, more than
    /// the default stack of a secondary thread holds.
    public static let stackSize = 32 << 20

    /// Runs `work` on `count` threads at once and returns when every one has finished.
    /// A thread that cannot be started runs its share on the calling thread.
    public static func run(_ count: Int, stackSize: Int = stackSize, _ work: @escaping @Sendable () -> Void) {
        var threads: [Platform.Thread] = []
        for _ in 0..<max(0, count) {
            if let thread = Platform.startThread(stackSize: stackSize, work) {
                threads.append(thread)
            } else {
                work()
            }
        }
        for thread in threads { Platform.join(thread) }
    }
}
