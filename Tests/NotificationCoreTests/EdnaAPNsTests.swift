import Testing

@testable import NotificationCore

@Suite("Edna server APNs settings (SPEC §4.1)")
struct EdnaAPNsTests {
    func token(_ environment: APNsEnvironment, bundle: String = "com.example.app") -> EdnaDeviceToken {
        EdnaDeviceToken(value: "t", environment: environment, bundleID: bundle)
    }

    @Test("The default settings match the default app: p8, the app's bundle id, production")
    func defaultsMatchTheDefaultApp() {
        let settings = EdnaServerSettings()
        #expect(settings.credential == .p8)
        #expect(settings.rejection(of: token(.production)) == nil)
        #expect(settings.topic(appBundleID: "com.example.app") == "com.example.app")
    }

    @Test("A sandbox token sent through the production gateway is rejected")
    func sandboxTokenProductionServer() {
        let settings = EdnaServerSettings(credential: .p8, bundleID: "com.example.app", environment: .production)
        let rejection = settings.rejection(of: token(.sandbox))
        #expect(rejection == .badDeviceToken(token: .sandbox, server: .production))
        #expect(rejection?.description == "BadDeviceToken: a sandbox token sent through the production gateway")
    }

    @Test("A production token sent through the sandbox gateway is rejected")
    func productionTokenSandboxServer() {
        let settings = EdnaServerSettings(credential: .p12, bundleID: "com.example.app", environment: .sandbox)
        #expect(settings.rejection(of: token(.production)) == .badDeviceToken(token: .production, server: .sandbox))
        #expect(settings.rejection(of: token(.sandbox)) == nil)
    }

    @Test("A bundle id that does not match the app's is rejected", arguments: [EdnaCredential.p8, .p12])
    func bundleMismatch(credential: EdnaCredential) {
        let settings = EdnaServerSettings(credential: credential, bundleID: "com.other.app", environment: .production)
        let rejection = settings.rejection(of: token(.production))
        #expect(rejection == .deviceTokenNotForTopic(token: "com.example.app", topic: "com.other.app"))
        #expect(rejection?.reason == "DeviceTokenNotForTopic")
    }

    @Test("With both wrong, the environment is reported first")
    func environmentBeforeTopic() {
        let settings = EdnaServerSettings(credential: .p8, bundleID: "com.other.app", environment: .sandbox)
        #expect(settings.rejection(of: token(.production))?.reason == "BadDeviceToken")
    }
}
