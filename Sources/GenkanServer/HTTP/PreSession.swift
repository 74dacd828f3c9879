import GenkanStore

/// The pre-session cookie's value: a random token and the time it was issued (`TOKEN.SECONDS`).
/// Anonymous forms' CSRF tokens are bound to the whole value, so the time cannot be changed
/// without the token failing; a pre-session older than its lifetime is replaced, which voids the
/// tokens bound to it. A stolen pair of cookie and token is good for a day at most.
struct PreSession: Sendable, Hashable {
    let token: String
    let issuedAt: Int64

    /// Built in one string (a new visitor's every page writes it into its cookie).
    var value: String {
        var value = token
        value.reserveCapacity(token.utf8.count + 21)
        value += "."
        value += String(issuedAt)
        return value
    }

    /// A new pre-session issued at `now`.
    static func new(now: Int64) -> PreSession {
        PreSession(token: Secret.token(), issuedAt: now)
    }

    /// The pre-session of a cookie value, when it has the shape and is still within `lifetime`
    /// seconds of its issue (a time more than a minute ahead is refused too).
    init?(cookie value: String, now: Int64, lifetime: Int64) {
        let parts = value.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, Secret.isTokenShaped(String(parts[0])), parts[1].utf8.count <= 12,
            parts[1].allSatisfy(\.isASCIIDigit), let issuedAt = Int64(parts[1]),
            issuedAt <= now + 60, now - issuedAt < lifetime
        else { return nil }
        self.init(token: String(parts[0]), issuedAt: issuedAt)
    }

    private init(token: String, issuedAt: Int64) {
        self.token = token
        self.issuedAt = issuedAt
    }
}
