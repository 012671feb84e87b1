// The edna ChatCenterUI SDK, its server and the host's wiring (SPEC §4).
// Stubs: the core calls these from Host.swift, Actions.swift and the scheduler.

/// edna's state that survives the process (server, templates' results, the kept token, …).
struct EdnaState: Hashable, Sendable {}

/// edna's in-memory state; dies with the process.
struct EdnaProcessState: Hashable, Sendable {}

/// A later step of the edna model, run by the scheduler.
enum EdnaScheduledEvent: Hashable, Sendable {}

extension World {
    /// Install: asks for permission, registers when granted, authorizes `user-1` (unless fresh).
    mutating func ednaHostInstall(fresh: Bool) {}

    /// The `register` action.
    mutating func ednaHostRegister() {}

    /// `didFinishLaunching`; `launchPayload` is the tap's payload on a cold launch.
    mutating func ednaHostDidFinishLaunching(launchPayload: JSONValue?) {}

    /// `didReceiveRemoteNotification`.
    mutating func ednaHostDidReceiveRemoteNotification(_ userInfo: JSONValue, pushID: String) {}

    /// `willPresent` on a `kindly`/`forwarding` delegate in an edna app.
    mutating func ednaHostWillPresent(_ notification: IncomingNotification) -> PresentationDecision { .present }

    /// `didReceive(response)` on the assigned delegate.
    mutating func ednaHostDidReceiveResponse(userInfo: JSONValue, pushID: String, delegate: DelegateChoice) {}

    /// The app came to the foreground.
    mutating func ednaHostDidBecomeForeground() {}

    /// The process ended (its ``EdnaProcessState`` is already gone).
    mutating func ednaHostProcessEnded() {}

    /// `authorize(user:)`.
    mutating func ednaAuthorize(user: String) {}

    /// `push edna …`.
    mutating func ednaServerPush(kind: EdnaTemplateKind, text: String, campaign: String?) {
        let index = beginPush(.edna)
        pushNotSent(index, reason: "the edna server is not modelled yet")
    }

    /// `send "text"` with the chat open.
    mutating func ednaSend(text: String) {
        userSends(text, campaign: nil)
    }

    /// Throws when a `call edna.…` cannot run (before the world changes).
    func ednaCheckCall(_ api: SDKCall) throws(CoreError) {}

    /// A `call edna.…`.
    mutating func ednaCall(_ api: SDKCall) -> CallOutcome { .returned(nil) }

    /// A scheduled edna event is due.
    mutating func ednaRun(_ event: EdnaScheduledEvent) {}
}
