// The app's server's provider token (docs/PROVIDER.md "Provider tokens"): with a `.p8` key it
// signs a JWT and sends it with each request. APNs refuses a JWT issued more than an hour ago
// (403 ExpiredProviderToken) and one signed with a key it does not know (403
// InvalidProviderToken); a connection that is given a new JWT less than 20 minutes after its
// current one was first used answers 429 TooManyProviderTokenUpdates. Modelled: one
// connection, which then answers 429 to every request until 20 minutes after its last
// accepted JWT. Apple, "Establishing a token-based connection to APNs" (refresh "no more than
// once every 20 minutes and no less than once every 60 minutes"); Apple forums thread 674772;
// edamov/pushok#92, AndrewBarba/apns2#16.

/// The app's server's JWT and the one APNs's connection accepted.
struct JWTState: Hashable, Sendable {
    /// The JWT the server signs requests with now (1, 2, …); 0: none yet.
    var current = 0
    var issuedAt: Int64 = 0
    /// The JWT the connection accepted last, and when it was first used.
    var accepted = 0
    var acceptedAt: Int64 = 0
    /// The connection answers 429 to every request until this time.
    var blockedUntil: Int64?
}

extension World {
    /// APNs refuses a JWT issued longer ago than this.
    static let jwtLifetime: Int64 = 60 * 60_000
    /// A connection takes a new JWT at most this often.
    static let jwtMinimumRefresh: Int64 = 20 * 60_000

    /// The app's server signs a request: it makes a new JWT when its policy says so. Returns
    /// APNs's refusal of it, or nil when APNs takes it.
    mutating func providerTokenAnswer() -> (answer: APNsAnswer, why: String)? {
        let policy = configuration.provider.jwt
        var state = providerSide.jwt
        let renew: Bool
        switch policy {
        case .refresh(let age): renew = state.current == 0 || now - state.issuedAt >= age
        case .badKey: renew = state.current == 0 || now - state.issuedAt >= JWTPolicy.defaultRefresh
        case .never: renew = state.current == 0
        case .perRequest: renew = true
        }
        if renew {
            state.current += 1
            state.issuedAt = now
            record(.server, "the app's server signs a new JWT #\(state.current) (provider jwt \(policy.spelled))")
        }
        defer { providerSide.jwt = state }
        let age = now - state.issuedAt
        if age > Self.jwtLifetime {
            return (
                APNsAnswer(status: 403, reason: "ExpiredProviderToken"),
                "JWT #\(state.current) was issued \(TimeFormat.duration(age)) ago, over APNs's hour"
            )
        }
        if policy == .badKey {
            return (
                APNsAnswer(status: 403, reason: "InvalidProviderToken"),
                "JWT #\(state.current) is signed with a key APNs does not know"
            )
        }
        if let until = state.blockedUntil, now < until {
            return (
                APNsAnswer(status: 429, reason: "TooManyProviderTokenUpdates"),
                "the connection refuses every request until \(TimeFormat.timestamp(until)), 20 min after JWT #\(state.accepted) was first used"
            )
        }
        state.blockedUntil = nil
        if state.accepted != state.current {
            if state.accepted != 0, now - state.acceptedAt < Self.jwtMinimumRefresh {
                state.blockedUntil = state.acceptedAt + Self.jwtMinimumRefresh
                return (
                    APNsAnswer(status: 429, reason: "TooManyProviderTokenUpdates"),
                    "JWT #\(state.current) replaces JWT #\(state.accepted) \(TimeFormat.duration(now - state.acceptedAt)) after it was first used, under 20 min"
                )
            }
            state.accepted = state.current
            state.acceptedAt = now
        }
        return nil
    }
}
