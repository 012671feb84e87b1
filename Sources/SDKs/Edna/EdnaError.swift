// The errors edna's SDK API throws (docs/EDNA.md).
import NotificationCore

/// An error thrown by edna's `handleNotification` or `getChat`. `expect error NAME` names
/// its raw value.
public enum EdnaError: String, Error, CaseIterable, Hashable, Sendable {
    /// `handleNotification`: the chat screen is not shown, or the userInfo is empty.
    case chatNotOpened
    /// `getChat` before `authorize(user:)` in this process.
    case userNotAuthorized
}
