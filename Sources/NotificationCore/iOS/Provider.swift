// The provider side (docs/PROVIDER.md): the build's signed APNs environment, the app's own
// server's environment, topic and error policy, and APNs's answer to each request. Apple,
// "aps-environment", "Handling error responses from Apple Push Notification service";
// Rezivure/Grid-Mobile PR 214, manaflow-ai/cmux PR 5647, MapleTechLabs/maple PR 524.

/// How the app was built, which decides the `aps-environment` it is signed with.
public enum BuildKind: String, CaseIterable, Hashable, Sendable {
    /// Run from Xcode: `aps-environment development`, sandbox tokens.
    case xcode
    /// TestFlight: production.
    case testflight
    /// The App Store (the default): production.
    case appStore = "app-store"

    /// The environment the build is signed for.
    public var signedEnvironment: APNsEnvironment { self == .xcode ? .sandbox : .production }
}

/// What the app's server does with the token when APNs answers that it is bad.
public enum ProviderOnError: String, CaseIterable, Hashable, Sendable {
    /// Keeps it.
    case keep
    /// Deletes it on any 400 or 410 that names it.
    case deleteToken = "delete-token"
    /// Deletes it only on a 410 whose timestamp is after its upload (the default).
    case deleteOn410 = "delete-on-410"
}

/// The app's own server's APNs settings (`provider …`).
public struct ProviderSettings: Hashable, Sendable {
    /// The APNs host it sends to.
    public var environment: APNsEnvironment = .production
    /// The `apns-topic`; nil: the app's bundle id.
    public var topic: String? = nil
    public var onError: ProviderOnError = .deleteOn410
    public init() {}

    /// `provider environment production`, `provider topic none`, `provider on-error …`: every
    /// line, which `differences()` compares with the default install.
    public var lines: [String] {
        [
            "provider environment \(environment.rawValue)",
            "provider topic \(topic.map(ScenarioText.quoted) ?? "none")",
            "provider on-error \(onError.rawValue)",
        ]
    }
}

/// APNs's answer to a request: an HTTP status and, for an error, its reason.
public struct APNsAnswer: Hashable, Sendable {
    public var status: Int
    public var reason: String?
    public init(status: Int, reason: String? = nil) {
        self.status = status
        self.reason = reason
    }

    /// `200`, `400 BadDeviceToken`.
    public var text: String { reason.map { "\(status) \($0)" } ?? "\(status)" }

    /// The status APNs answers with for an error reason.
    static func status(for reason: String) -> Int {
        switch reason {
        case "PayloadTooLarge": return 413
        case "Unregistered": return 410
        case "ExpiredProviderToken", "InvalidProviderToken": return 403
        case "TooManyProviderTokenUpdates", "TooManyRequests": return 429
        default: return 400
        }
    }

    /// The reasons after which a server may delete the token it sent to.
    static let namesTheToken: Set<String> = ["BadDeviceToken", "DeviceTokenNotForTopic", "TopicDisallowed", "Unregistered"]
}

extension World {
    /// The answer APNs gave to the newest push step that sent something; nil when it sent nothing.
    public var newestAPNsAnswer: APNsAnswer? { pushes.last?.apnsAnswer }

    /// The app's own server after an error answer for push `index`: it deletes the token when
    /// its policy says so (`provider on-error delete-token` on a 400 or 410 naming it).
    mutating func providerHandles(_ answer: APNsAnswer, for index: Int) {
        guard pushes[index].origin == .app, let reason = answer.reason, APNsAnswer.namesTheToken.contains(reason),
            appServerToken != nil
        else { return }
        switch configuration.provider.onError {
        case .deleteToken:
            appServerToken = nil
            appServerTokenDeletion = "it deleted it after \(answer.text)"
            record(
                .server,
                "the app's server deletes the device token after \(answer.text) (provider on-error delete-token): every later push app has no token"
            )
        case .keep, .deleteOn410:
            record(
                .server,
                "the app's server keeps the device token after \(answer.text) (provider on-error \(configuration.provider.onError.rawValue))"
            )
        }
    }

    /// Whether the app's server's token is the one the device has now: `current`, `stale` (an
    /// older one), or nil (it holds none).
    public var appServerTokenIsCurrent: Bool? {
        guard let held = appServerToken else { return nil }
        return held == device.token
    }
}
