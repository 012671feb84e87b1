// What APNs makes of the edna server's settings (SPEC §4.1): a token belongs to one
// environment and one app; the server's credential sends to one environment and one topic.

/// A device token as APNs issued it: for the build's environment and bundle id.
public struct EdnaDeviceToken: Hashable, Sendable {
    /// The token's text as the SDK passes it on.
    public var value: String
    /// The APNs environment of the build that registered (`sandbox` for debug builds).
    public var environment: APNsEnvironment
    /// The bundle id of the app that registered.
    public var bundleID: String

    public init(value: String, environment: APNsEnvironment, bundleID: String) {
        self.value = value
        self.environment = environment
        self.bundleID = bundleID
    }
}

/// Why APNs refused an edna push, with the reason string APNs answers.
public enum EdnaAPNsRejection: Hashable, Sendable, CustomStringConvertible {
    /// The token is from the other environment (`BadDeviceToken`).
    case badDeviceToken(token: APNsEnvironment, server: APNsEnvironment)
    /// The server sends for another bundle id than the app's (`DeviceTokenNotForTopic`).
    case deviceTokenNotForTopic(token: String, topic: String)

    /// The reason APNs gives.
    public var reason: String {
        switch self {
        case .badDeviceToken: "BadDeviceToken"
        case .deviceTokenNotForTopic: "DeviceTokenNotForTopic"
        }
    }

    public var description: String {
        switch self {
        case .badDeviceToken(let token, let server):
            "\(reason): a \(token.rawValue) token sent through the \(server.rawValue) gateway"
        case .deviceTokenNotForTopic(let token, let topic):
            "\(reason): the token is for \"\(token)\", the server sends for \"\(topic)\""
        }
    }
}

extension EdnaServerSettings {
    /// The APNs topic the server sends for: its bundle id, or the app's when none was given.
    public func topic(appBundleID: String) -> String { bundleID ?? appBundleID }

    /// What APNs answers when the server sends to `token`: nil when it accepts it. The gateway
    /// is chosen first, so an environment mismatch is reported before a topic mismatch. `p8`
    /// and `p12` behave alike here (each credential is taken to be valid for the configured
    /// environment and topic).
    public func rejection(of token: EdnaDeviceToken) -> EdnaAPNsRejection? {
        if token.environment != environment {
            return .badDeviceToken(token: token.environment, server: environment)
        }
        let topic = topic(appBundleID: token.bundleID)
        if topic != token.bundleID {
            return .deviceTokenNotForTopic(token: token.bundleID, topic: topic)
        }
        return nil
    }
}
