// The floor: the corpus file's five cases as world actions called straight on
// NotificationCore, with the expectations as plain comparisons. No text, no parser, no
// interpreter: what a case costs when only the model runs.
import Kindly
import NotificationCore

enum Floor {
    struct Failure: Error { var message: String }

    static func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(Failure) {
        if !condition { throw Failure(message: message()) }
    }

    static func installed() throws -> World {
        var configuration = Configuration()
        configuration.sdk = .kindly
        configuration.sdkVersion = [3, 0, 12]
        configuration.serviceExtension = .kindly
        return try World(configuration: configuration)
    }

    /// Runs the five cases of corpus file `n`.
    static func runFile(_ n: Int) throws {
        do {
            var world = try installed()
            try world.launch(.background)
            try world.pushKindly(KindlyPushRequest(type: .visible, title: "Anna \(n)", body: "Hi \(n)"))
            try expect(world.banners.last?.title == "Anna \(n)" && world.banners.last?.body == "Hi \(n)", "banner")
            try expect(world.banners.last?.source == .extension, "from extension")
        }
        do {
            var world = try installed()
            try world.launch(.background)
            try world.pushKindly(KindlyPushRequest(type: .visible))
            try world.tap(.newest)
            try expect(world.isChatOpen, "chat open")
        }
        do {
            var world = try installed()
            try world.navigate(to: .chat)
            try world.pushKindly(KindlyPushRequest(type: .visible))
            try expect(world.banners.isEmpty, "banner none")
            try expect(world.history(chat: world.currentChatID).count == 1, "history count 1")
        }
        do {
            var world = try installed()
            try world.launch(.killed)
            try world.pushKindly(KindlyPushRequest(type: .visible))
            try world.tap(.newest)
            try world.wait(milliseconds: 10_000)
            try world.startKindly()
            try expect(world.isChatOpen, "chat open")
        }
        do {
            var world = try installed()
            try world.launch(.background)
            try world.pushKindly(KindlyPushRequest(type: .silent, body: "Quiet \(n)"))
            try expect(world.history(chat: world.currentChatID).count == 1, "history count 1")
            try world.wait(milliseconds: 1000)
        }
    }
}
