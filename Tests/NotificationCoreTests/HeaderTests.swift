import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// APNs headers (Apple, "Sending notification requests to APNs"): the correct defaults, the
/// mismatches APNs drops, priority 10 on a background push, collapse ids.
@Suite("APNs headers")
struct HeaderTests {
    func backgroundKindly(_ edit: (inout Configuration) -> Void = { _ in }) throws -> World {
        var world = try kindlyWorld(.kindly, edit)
        try world.launch(.background)
        return world
    }

    @Test(
        "correct headers: alert at priority 10 for an alert, background at priority 5 for content-available only, 30 days"
    )
    func correctDefaults() throws {
        var world = try backgroundKindly()
        try world.pushKindly(KindlyPushRequest(type: .visible))
        #expect(world.newestPush?.headers == APNsHeaders(pushType: .alert, priority: .immediate))
        try world.pushKindly(KindlyPushRequest(type: .silent))
        #expect(world.newestPush?.headers == APNsHeaders(pushType: .background, priority: .normal))
        #expect(world.newestPush?.headers?.expirationMilliseconds == Int64(2_592_000_000))
        #expect(world.newestPush?.headers?.collapseID == nil)
        #expect(world.newestDelivered)
    }

    @Test(
        "push-type mismatch: background with an alert, alert or none with content-available only — dropped and traced")
    func mismatchDropped() throws {
        var world = try backgroundKindly()
        try world.pushOther(headers: APNsHeaderOverrides(pushType: .background))
        #expect(!world.newestDelivered)
        #expect(world.traced("push-type mismatch"))
        for type in [APNsPushType.alert, .none] {
            try world.pushKindly(KindlyPushRequest(type: .silent, headers: APNsHeaderOverrides(pushType: type)))
            #expect(!world.newestDelivered)
            #expect(world.newestPush?.reason?.contains("push-type mismatch") == true)
        }
        #expect(world.banners.isEmpty)
    }

    @Test("push-type none with an alert is delivered")
    func noneWithAlertDelivered() throws {
        var world = try backgroundKindly()
        try world.pushOther(headers: APNsHeaderOverrides(pushType: APNsPushType.none))
        #expect(world.newestDelivered)
        #expect(world.banners.count == 1)
    }

    @Test("push-type background with priority 10 is not delivered, traced with the words priority 10")
    func backgroundPriority10() throws {
        var world = try backgroundKindly()
        try world.pushKindly(KindlyPushRequest(type: .silent, headers: APNsHeaderOverrides(priority: .immediate)))
        #expect(!world.newestDelivered)
        #expect(world.traced("priority 10"))
        #expect(world.banners.isEmpty)
    }

    @Test("priority 5 or 1 with an alert is delivered as usual", arguments: [APNsPriority.normal, .low])
    func lowPriorityAlert(priority: APNsPriority) throws {
        var world = try backgroundKindly()
        try world.pushOther(title: "Sale", headers: APNsHeaderOverrides(priority: priority))
        #expect(world.newestDelivered)
        #expect(world.banners.last?.title == "Sale")
    }

    @Test("collapse-id: a shown notification replaces the one with the same id, is newest, traced 'replaced by'")
    func collapseReplaces() throws {
        var world = try backgroundKindly()
        try world.pushOther(title: "A", headers: APNsHeaderOverrides(collapseID: "c"))
        try world.pushOther(title: "X")
        try world.pushOther(title: "B", headers: APNsHeaderOverrides(collapseID: "c"))
        #expect(world.banners.map(\.title) == ["X", "B"])
        #expect(world.banners.last?.pushID == "p3")
        #expect(world.traced("b1 replaced by p3 (collapse id c)"))
        #expect(world.duplicates == 0)
    }

    @Test("collapse-id: a push that is not shown replaces nothing")
    func collapseNotShown() throws {
        var world = try kindlyWorld(.none) { $0.delegate = .own }
        try world.launch(.background)
        try world.pushOther(title: "A", headers: APNsHeaderOverrides(collapseID: "c"))
        try world.apply(.ownPresents(.nothing))
        try world.launch(.foreground)
        try world.pushOther(title: "B", headers: APNsHeaderOverrides(collapseID: "c"))
        #expect(world.banners.map(\.title) == ["A"])
    }

    @Test("a collapse id over 64 bytes is rejected (BadCollapseId)")
    func collapseTooLong() throws {
        var world = try backgroundKindly()
        try world.pushOther(headers: APNsHeaderOverrides(collapseID: String(repeating: "x", count: 65)))
        #expect(!world.newestDelivered)
        #expect(world.logged("BadCollapseId"))
        try world.pushOther(headers: APNsHeaderOverrides(collapseID: String(repeating: "x", count: 64)))
        #expect(world.newestDelivered)
    }

    @Test("every push command takes the headers: kindly, edna, other, raw")
    func everyPushTakesHeaders() throws {
        let wrong = APNsHeaderOverrides(pushType: .background)
        var kindly = try backgroundKindly()
        try kindly.pushKindly(KindlyPushRequest(type: .visible, headers: wrong))
        #expect(!kindly.newestDelivered)
        try kindly.pushOther(headers: wrong)
        #expect(!kindly.newestDelivered)
        try kindly.pushRaw(["aps": ["alert": "hi"]], headers: wrong)
        #expect(!kindly.newestDelivered)
        var edna = try ednaWorld()
        try edna.launch(.background)
        try edna.pushEdna(kind: .message, text: "hi", campaign: nil, headers: wrong)
        #expect(!edna.newestDelivered)
        #expect(edna.newestPush?.headers?.pushType == .background)
    }
}
