import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

@Suite("Invariant 1: no ciphertext in a banner")
struct InvariantTests {
    @Test("a message whose text happens to contain one of its own ciphertexts is not a leak")
    func plaintextThatLooksLikeCiphertext() throws {
        var world = try kindlyWorld()
        try world.launch(.background)
        // Found by the conformance audit: this title's sealed form is the 4-character
        // ciphertext "Sg==" itself, so the old substring check reported a leak.
        try world.pushKindly(KindlyPushRequest(type: .silent, title: "Sg==", body: "B"))
        let push = try #require(world.newestPush)
        #expect(push.kindlyCiphertexts.contains("Sg=="))
        #expect(world.banners.last?.title == "Sg==")
        #expect(world.banners.last?.body == "B")
    }

    @Test("a banner that shows a ciphertext which is not part of the message still breaks the invariant")
    func realLeakIsCaught() throws {
        var world = try kindlyWorld()
        try world.launch(.background)
        try world.pushKindly(KindlyPushRequest(type: .silent, title: "Anna", body: "Hi"))
        let push = try #require(world.newestPush)
        let secret = try #require(push.kindlyCiphertexts.first { !$0.isEmpty })
        // Corrupt the world the way a buggy SDK would: show the sealed chat id.
        world.banners[world.banners.count - 1].body = "leaked \(secret)"
        world.invariantProgress.checkedBanners = 0
        #expect(throws: CoreError.self) { try world.checkInvariants() }
    }
}

@Suite("Device lock and the foreground")
struct ForegroundNeedsUnlockTests {
    @Test("opening the app on a locked device unlocks it first: no app in the foreground on a locked device")
    func launchForegroundUnlocks() throws {
        var world = try kindlyWorld()
        try world.lock()
        #expect(world.appState == .background)
        try world.launch(.foreground)
        #expect(world.deviceLock == .unlocked)
        #expect(world.traced("unlocked by the user (opening an app needs the device unlocked)"))
    }

    @Test("tapping a notification after a reboot unlocks the device, and the key is readable again")
    func tapAfterRebootUnlocks() throws {
        var world = try kindlyWorld(.kindly) { $0.keychainAccessibility = .whenUnlocked }
        try world.reboot()
        try world.pushKindly(KindlyPushRequest(type: .visible, title: "Anna", body: "Hi"))
        #expect(world.banners.last?.isPlaceholder == true)
        try world.tap(.newest)
        #expect(world.deviceLock == .unlocked)
        #expect(world.appState == .foreground)
        try world.navigate(to: .settings)
        try world.pushKindly(KindlyPushRequest(type: .visible, title: "Anna", body: "Again"))
        #expect(world.banners.last?.body == "Again")
    }
}
