import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// docs/CORE.md invariant 2 over the WHOLE cross product, not a sample.
@Suite("One push, at most one banner")
struct CrossProductTests {
    struct Case: CustomStringConvertible, Sendable {
        var state: AppState
        var screen: Screen
        var delegate: DelegateChoice
        var serviceExtension: ServiceExtension
        var type: PushType
        var description: String {
            "\(state.rawValue)/\(screen.rawValue)/delegate \(delegate.rawValue)/extension \(serviceExtension.rawValue)/\(type.rawValue)"
        }
    }

    static let cases: [Case] = AppState.allCases.flatMap { state in
        Screen.allCases.flatMap { screen in
            DelegateChoice.allCases.flatMap { delegate in
                ServiceExtension.allCases.flatMap { serviceExtension in
                    PushType.allCases.map {
                        Case(
                            state: state, screen: screen, delegate: delegate, serviceExtension: serviceExtension,
                            type: $0)
                    }
                }
            }
        }
    }

    @Test("the cross product has every combination")
    func size() {
        #expect(Self.cases.count == 4 * 5 * 4 * 4 * 2)
    }

    @Test(
        "one push never yields two banners: app state × screen × delegate × extension × push type (× should-handle × host wiring)",
        arguments: ShouldHandle.allCases, HostWiring.allCases)
    func atMostOneBanner(shouldHandle: ShouldHandle, host: HostWiring) throws {
        for item in Self.cases {
            var world = try kindlyWorld(item.serviceExtension) {
                $0.delegate = item.delegate
                $0.shouldHandle = shouldHandle
                $0.kindlyHost = host
            }
            try world.put(item.state, on: item.screen)
            try world.pushAndSettle(KindlyPushRequest(type: item.type, title: "Anna", body: "Hi there"))
            // The scenario may also forward the push by hand; still one banner at most.
            if world.appState.isRunning, world.newestPush?.delivered == true {
                try world.call(.kindlyNotificationReceived)
                try world.call(.kindlyNotificationReceived)
            }
            #expect(world.banners(from: "p1").count <= 1, "\(item)")
            #expect(world.noBannerShowsCiphertext, "\(item)")
            #expect(world.history(chat: "chat-1").count == 1, "\(item)")
        }
    }

    @Test("tapping the banner and pushing again keeps one banner per push", arguments: DelegateChoice.allCases)
    func tapThenPushAgain(delegate: DelegateChoice) throws {
        for serviceExtension in ServiceExtension.allCases {
            for type in PushType.allCases {
                var world = try kindlyWorld(serviceExtension) { $0.delegate = delegate }
                try world.put(.background)
                try world.pushAndSettle(KindlyPushRequest(type: type))
                if !world.banners.isEmpty { try world.tap(.newest) }
                try world.pushAndSettle(KindlyPushRequest(type: type))
                try world.launch(.background)
                try world.pushAndSettle(KindlyPushRequest(type: type))
                for push in world.pushes {
                    #expect(world.bannersPerPush[push.id, default: 0] <= 1)
                }
            }
        }
    }
}
