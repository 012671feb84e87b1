@testable import Edna
@testable import Kindly
@testable import NotificationCore

/// A Kindly app configuration with this extension (and edits).
func kindlyConfiguration(_ serviceExtension: ServiceExtension = .none, _ edit: (inout Configuration) -> Void = { _ in })
    -> Configuration
{
    var configuration = Configuration()
    configuration.sdk = .kindly
    configuration.serviceExtension = serviceExtension
    edit(&configuration)
    return configuration
}

/// An installed Kindly world (foreground on host, registered, started).
func kindlyWorld(
    _ serviceExtension: ServiceExtension = .none, fresh: Bool = false, _ edit: (inout Configuration) -> Void = { _ in }
) throws -> World {
    try World(configuration: kindlyConfiguration(serviceExtension, edit), fresh: fresh)
}

extension World {
    /// From the install state, puts the app in `state`, showing `screen` when running.
    mutating func put(_ state: AppState, on screen: Screen = .host) throws {
        try launch(.foreground)
        try navigate(to: screen)
        if state != .foreground { try launch(state) }
    }

    /// Pushes with defaults, and waits past the extension deadline.
    mutating func pushAndSettle(_ request: KindlyPushRequest = KindlyPushRequest()) throws {
        try pushKindly(request)
        try wait(milliseconds: 31_000)
    }

    /// Banners that came from this push.
    func banners(from pushID: String) -> [Banner] { banners.filter { $0.pushID == pushID } }

    func traced(_ text: String) -> Bool { trace.contains { $0.line.contains(text) } }
    func traced(_ kind: TraceKind) -> Bool { trace.contains { $0.kind == kind } }
    func logged(_ text: String) -> Bool { log.contains { $0.text.contains(text) } }

    /// Every ciphertext string any Kindly push carried.
    var allCiphertexts: [String] { pushes.flatMap(\.kindlyCiphertexts) }

    /// No banner shows any ciphertext (checked independently of the core's invariant).
    var noBannerShowsCiphertext: Bool {
        banners.allSatisfy { banner in
            allCiphertexts.allSatisfy { secret in
                !(banner.title ?? "").contains(secret) && !(banner.body ?? "").contains(secret)
            }
        }
    }
}
