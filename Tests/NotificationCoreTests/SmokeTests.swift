import Testing
@testable import NotificationCore

@Test("smoke: a visible push with the Kindly extension shows the decrypted banner")
func smoke() throws {
    var config = Configuration()
    config.serviceExtension = .kindly
    var world = try World(configuration: config)
    try world.launch(.background)
    try world.pushKindly(KindlyPushRequest(title: "Anna", body: "Hi there"))
    print(world.formatTrace())
    #expect(world.banners.count == 1)
    #expect(world.banners.last?.title == "Anna")
}
