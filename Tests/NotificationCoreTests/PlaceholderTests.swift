import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// Every way decryption fails gives the placeholder, never ciphertext (docs/KINDLY.md invariant 1).
@Suite("Placeholder, never ciphertext")
struct PlaceholderTests {
    static let states: [AppState] = [.killed, .terminated, .background]

    func expectPlaceholder(_ world: World) {
        #expect(world.banners.count == 1)
        #expect(world.banners.last?.isPlaceholder == true)
        #expect(world.banners.last?.source == .system)
        #expect(world.noBannerShowsCiphertext)
    }

    @Test("tampered ciphertext gives the placeholder", arguments: states)
    func tampered(state: AppState) throws {
        var world = try kindlyWorld(.kindly)
        try world.put(state)
        try world.pushAndSettle(KindlyPushRequest(title: "Anna", tampered: true))
        expectPlaceholder(world)
        #expect(world.traced("authentication failed"))
        #expect(world.allCiphertexts.count == 3)
    }

    @Test("tampering an empty field still fails authentication")
    func tamperedEmpty() throws {
        var world = try kindlyWorld(.kindly)
        try world.put(.background)
        try world.pushAndSettle(KindlyPushRequest(title: "", tampered: true))
        expectPlaceholder(world)
    }

    @Test("a missing field gives the placeholder", arguments: KindlyField.allCases)
    func missing(field: KindlyField) throws {
        var world = try kindlyWorld(.kindly)
        try world.put(.background)
        try world.pushAndSettle(KindlyPushRequest(missing: field))
        expectPlaceholder(world)
        #expect(world.traced("field \(field.rawValue) is missing"))
        #expect(world.newestPush?.payload?["kindly"]?[field.rawValue] == nil)
    }

    @Test("a missing field in a silent push: nothing, in the foreground too", arguments: KindlyField.allCases)
    func missingSilent(field: KindlyField) throws {
        var world = try kindlyWorld()
        try world.pushAndSettle(KindlyPushRequest(type: .silent, missing: field))
        #expect(world.banners.isEmpty)
    }

    @Test("malformed fields (bad base64, unknown v, wrong nonce length) give the placeholder")
    func malformed() throws {
        var world = try kindlyWorld(.kindly)
        try world.put(.background)
        try world.pushKindly(KindlyPushRequest())
        let good = try #require(world.newestPush?.payload)
        let kindly = try #require(good["kindly"])
        let title = try #require(kindly["title"])
        let variants: [JSONValue] = [
            good.setting("kindly", to: kindly.setting("v", to: 2)),
            good.setting("kindly", to: kindly.setting("title", to: title.setting("ciphertext", to: "not base64!"))),
            good.setting("kindly", to: kindly.setting("title", to: title.setting("nonce", to: "AAAA"))),
            good.setting("kindly", to: kindly.setting("title", to: "just a string")),
        ]
        for payload in variants {
            try world.pushRaw(payload)
            try world.wait(milliseconds: 1)
            #expect(world.banners.last?.isPlaceholder == true)
        }
        #expect(world.traced("unknown payload version v=2"))
        #expect(world.traced("bad base64"))
        #expect(world.traced("nonce of 3 bytes"))
    }

    @Test(
        "no key in the keychain gives the placeholder (a fresh install that registered but never started)",
        arguments: states)
    func noKey(state: AppState) throws {
        var world = try kindlyWorld(.kindly, fresh: true)
        try world.launch(.foreground)
        try world.register()
        try world.put(state)
        try world.pushAndSettle()
        expectPlaceholder(world)
        #expect(world.traced("no key in the keychain"))
    }

    @Test("keychain separate: the extension cannot read the key, the placeholder in the background", arguments: states)
    func separateKeychain(state: AppState) throws {
        var world = try kindlyWorld(.kindly) { $0.keychainSharing = .separate }
        try world.put(state)
        try world.pushAndSettle()
        expectPlaceholder(world)
        #expect(world.traced("keychain separate"))
        // The app can still read it.
        try world.launch(.foreground)
        try world.call(.kindlyDecrypt)
        #expect(world.lastResult?["title"]?.stringValue == "Agent")
    }

    @Test("placeholder after restart: an after-first-unlock key is unreadable until the first unlock")
    func afterRestart() throws {
        var world = try kindlyWorld(.kindly)
        try world.reboot()
        #expect(world.appState == .terminated)
        #expect(world.deviceLock == .lockedSinceBoot)
        try world.pushAndSettle()
        expectPlaceholder(world)
        #expect(world.traced("not been unlocked since boot"))
        try world.unlock()
        try world.lock()
        try world.pushAndSettle()
        #expect(world.banners.last?.source == .extension)
        #expect(world.banners.last?.title == "Agent")
    }

    @Test("a when-unlocked key is unreadable whenever the device is locked")
    func whenUnlocked() throws {
        var world = try kindlyWorld(.kindly) { $0.keychainAccessibility = .whenUnlocked }
        try world.lock()
        #expect(world.appState == .background)
        try world.pushAndSettle()
        expectPlaceholder(world)
        try world.unlock()
        #expect(world.appState == .foreground)
        try world.launch(.background)
        try world.pushAndSettle()
        #expect(world.banners.last?.source == .extension)
    }

    @Test("a silent push while the key is unreadable shows nothing")
    func silentLocked() throws {
        var world = try kindlyWorld { $0.keychainAccessibility = .whenUnlocked }
        try world.lock()
        try world.pushAndSettle(KindlyPushRequest(type: .silent))
        #expect(world.banners.isEmpty)
        #expect(world.logged("cannot decrypt"))
    }

    @Test("raw pushes are shown as their author wrote them, ciphertext-looking text included")
    func rawAsWritten() throws {
        var world = try kindlyWorld()
        try world.put(.background)
        try world.pushRaw(["aps": ["alert": ["title": "wC3ti/3I", "body": "QPfq5nsoXus="]]])
        #expect(world.banners.last?.title == "wC3ti/3I")
    }
}
