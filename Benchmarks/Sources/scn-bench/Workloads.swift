// Work that scn-bench runs in its own process (`scn-bench work NAME COUNT`), so that
// callgrind can count it: the figure is the difference between two counts, which cancels
// the process's start-up and exit.
import Kindly
import NotificationCore

enum Workload {
    static func run(_ name: String, _ count: Int) -> Int32 {
        switch name {
        case "floor":
            for n in 0..<count {
                do { try Floor.runFile(n) } catch {
                    print("floor case failed: \(error)")
                    return 1
                }
            }
        case "worlds":
            guard let base = try? Worlds.base() else { return 1 }
            var checksum = 0
            for _ in 0..<count { checksum &+= Worlds.next(base) }
            print(checksum)
        default:
            print("unknown workload \(name)")
            return 2
        }
        return 0
    }
}

/// What exploration does with a world per state: copy it, take a step, fingerprint it.
enum Worlds {
    /// A world some steps in: a banner, a stored message, a history, a pending timer.
    static func base() throws -> World {
        var world = try Floor.installed()
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest(type: .visible, title: "Anna", body: "Hi"))
        try world.pushKindly(KindlyPushRequest(type: .visible, title: "Bob", body: "Hello"))
        try world.apply(.extensionDelay(milliseconds: 5_000))
        try world.pushKindly(KindlyPushRequest(type: .visible))
        return world
    }

    /// One explored state: a copy of `base`, one step, its fingerprint.
    @inline(never)
    static func next(_ base: World) -> Int {
        var copy = base
        try? copy.wait(milliseconds: 1_000)
        return copy.hashValue
    }
}
