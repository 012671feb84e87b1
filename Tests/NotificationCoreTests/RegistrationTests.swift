import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// docs/KINDLY.md: what the SDK declares when it registers, and the push type the server chooses.
@Suite("§3.2 registration and push type")
struct RegistrationTests {
    @Test("§3.2 ≤ 3.0.11: declares nothing; the server sends silent", arguments: [[3, 0, 11], [2, 9], [3, 0, 9]])
    func oldSDK(version: [Int]) throws {
        var world = try kindlyWorld(.none) { $0.sdkVersion = version }
        #expect(world.declaredMode == .nothing)
        try world.pushKindly(KindlyPushRequest())
        #expect(world.newestPush?.sent == .silent)
    }

    @Test("§3.2 ≥ 3.0.12, auto, extension kindly: declares alert; the server sends visible")
    func autoKindly() throws {
        var world = try kindlyWorld(.kindly)
        #expect(world.declaredMode == .alert)
        try world.pushKindly(KindlyPushRequest())
        #expect(world.newestPush?.sent == .visible)
    }

    @Test(
        "§3.2 ≥ 3.0.12, auto, extension none/other/kindly undetected: declares silent",
        arguments: [ServiceExtension.none, .other, .kindlyUndetected])
    func autoOthers(serviceExtension: ServiceExtension) throws {
        var world = try kindlyWorld(serviceExtension)
        #expect(world.declaredMode == .silent)
        try world.pushKindly(KindlyPushRequest())
        #expect(world.newestPush?.sent == .silent)
    }

    @Test("§3.2 ≥ 3.0.12, alert, any extension: declares alert", arguments: ServiceExtension.allCases)
    func alertMode(serviceExtension: ServiceExtension) throws {
        let world = try kindlyWorld(serviceExtension) { $0.mode = .alert }
        #expect(world.declaredMode == .alert)
    }

    @Test("§3.2 ≥ 3.0.12, silent, any extension: declares silent", arguments: ServiceExtension.allCases)
    func silentMode(serviceExtension: ServiceExtension) throws {
        var world = try kindlyWorld(serviceExtension) {
            $0.mode = .silent
            $0.sdkVersion = [3, 1]
        }
        #expect(world.declaredMode == .silent)
        try world.pushKindly(KindlyPushRequest())
        #expect(world.newestPush?.sent == .silent)
    }

    @Test("§3.2 extension-version: visible only when the registered app version is at least V")
    func extensionVersionGate() throws {
        var old = try kindlyWorld(.kindly) {
            $0.appVersion = [1, 9]
            $0.kindlyServerExtensionVersion = [1, 10]
        }
        try old.pushKindly(KindlyPushRequest())
        #expect(old.newestPush?.sent == .silent)
        #expect(old.traced("older than the extension-version 1.10"))
        var equal = try kindlyWorld(.kindly) {
            $0.appVersion = [1, 10]
            $0.kindlyServerExtensionVersion = [1, 10]
        }
        try equal.pushKindly(KindlyPushRequest())
        #expect(equal.newestPush?.sent == .visible)
        var newer = try kindlyWorld(.kindly) {
            $0.appVersion = [2]
            $0.kindlyServerExtensionVersion = [1, 10]
        }
        try newer.pushKindly(KindlyPushRequest())
        #expect(newer.newestPush?.sent == .visible)
    }

    @Test("§3.2 push kindly visible|silent overrides the server's choice")
    func override() throws {
        var world = try kindlyWorld(.none)
        try world.pushKindly(KindlyPushRequest(type: .visible))
        #expect(world.newestPush?.sent == .visible)
        #expect(world.traced("Kindly sends visible as told (it would choose silent"))
        var kindly = try kindlyWorld(.kindly)
        try kindly.pushKindly(KindlyPushRequest(type: .silent))
        #expect(kindly.newestPush?.sent == .silent)
    }

    @Test("§3.2 a mode change takes effect at the next register")
    func modeAtNextRegister() throws {
        var world = try kindlyWorld(.none)
        try world.apply(.mode(.alert))
        #expect(world.declaredMode == .silent)
        try world.register()
        #expect(world.declaredMode == .alert)
    }

    @Test("§3.1 extension kindly or mode with Kindly 3.0.11 is invalid")
    func oldSDKCannotHaveExtension() throws {
        #expect(throws: CoreError.self) { try kindlyWorld(.kindly) { $0.sdkVersion = [3, 0, 11] } }
        #expect(throws: CoreError.self) { try kindlyWorld(.kindlyUndetected) { $0.sdkVersion = [3, 0, 11] } }
        #expect(throws: CoreError.self) {
            try kindlyWorld(.none) {
                $0.sdkVersion = [3, 0, 11]
                $0.mode = .alert
            }
        }
        var world = try kindlyWorld(.none) { $0.sdkVersion = [3, 0, 11] }
        #expect(throws: CoreError.self) { try world.apply(.mode(.silent)) }
    }

    @Test("§3.3 the key is created at the first registration; a fresh install has none until start()")
    func keyLifecycle() throws {
        var world = try kindlyWorld(.kindly, fresh: true)
        #expect(world.appState == .killed)
        #expect(world.deviceToken == nil)
        #expect(!world.hasKindlyKey)
        #expect(world.declaredMode == .nothing)
        try world.launch(.foreground)
        try world.register()
        #expect(world.declaredMode == .alert)
        #expect(!world.hasKindlyKey)
        try world.launch(.background)
        try world.pushAndSettle()
        #expect(world.banners.last?.isPlaceholder == true)
        #expect(world.traced("no key in the keychain"))
        try world.launch(.foreground)
        try world.startKindly()
        #expect(world.hasKindlyKey)
        try world.launch(.background)
        try world.pushAndSettle()
        #expect(world.banners.last?.source == .extension)
    }

    @Test("§3.3 start() before register: the key arrives with the registration")
    func startThenRegister() throws {
        var world = try kindlyWorld(.kindly, fresh: true)
        try world.launch(.foreground)
        try world.startKindly()
        #expect(!world.hasKindlyKey)
        #expect(world.logged("no encryption key yet"))
        try world.register()
        #expect(world.hasKindlyKey)
    }

    @Test("§3.3 the server stores every message in history before pushing, registered or not")
    func historyBeforePush() throws {
        var world = try kindlyWorld(fresh: true)
        try world.pushKindly(KindlyPushRequest(body: "one", chat: "chat-7"))
        #expect(world.history(chat: "chat-7").map(\.text) == ["one"])
        #expect(world.newestPush?.sent == nil)
        let stored = try #require(world.trace.firstIndex { $0.text.contains("stores m1") })
        let notSent = try #require(world.trace.firstIndex { $0.kind == .pushNotSent })
        #expect(stored < notSent)
    }

    @Test(
        "§3.3 payload shape: kindly.v 1 and sealed chat_id, title, body; visible carries the placeholder and mutable-content"
    )
    func payloadShape() throws {
        var world = try kindlyWorld(.kindly)
        try world.pushKindly(KindlyPushRequest(title: "Anna", body: "Hi"))
        let payload = try #require(world.newestPush?.payload)
        #expect(payload["aps"]?["alert"]?["title"]?.stringValue == "New message")
        #expect(payload["aps"]?["alert"]?["body"]?.stringValue == "Open the app to read it")
        #expect(payload["aps"]?["mutable-content"]?.integerValue == 1)
        #expect(payload["kindly"]?["v"]?.integerValue == 1)
        for field in ["chat_id", "title", "body"] {
            let sealed = try #require(payload["kindly"]?[field])
            #expect(sealed.members?.map(\.key) == ["nonce", "ciphertext", "tag"])
        }
        #expect(!payload.serialized.contains("Anna"))
        try world.pushKindly(KindlyPushRequest(type: .silent))
        let silent = try #require(world.newestPush?.payload)
        #expect(silent["aps"]?.serialized == #"{"content-available":1}"#)
    }
}
