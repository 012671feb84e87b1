import AcmeSDK
import NotificationCore
import ScenarioRuntime
import Testing

@Suite("An SDK defined outside the package")
struct AcmeSDKTests {
    @Test("its push, setting and expectation run, and its state is the world's")
    func runs() throws {
        var world = try World(
            configuration: {
                var c = Configuration()
                c.sdk = .acme
                return c
            }())
        try world.launch(.background)
        try world.pushAcme("Hi")
        #expect(world.banners.last?.body == "Hi")
        #expect(world[device: AcmePlugin.self].unread == 1)
        let copy = world
        try world.tap(.newest)
        #expect(world.isChatOpen)
        #expect(world != copy, "the SDK's state is compared with the world")
    }

    @Test("its commands are a check error in an app with another SDK")
    func owned() {
        let run = Scenario.run("sdk kindly\npush acme \"Hi\"\n", vocabulary: .acme())
        #expect(run.diagnostics.first?.message.contains("'push acme' is Acme's, but the app integrates Kindly") == true)
    }

    @Test("the install line and bug reports spell its setting")
    func spelled() {
        var configuration = Configuration()
        configuration.sdk = .acme
        configuration[settings: AcmePlugin.self].preview = false
        #expect(configuration.differences() == ["acme preview off"])
    }
}
