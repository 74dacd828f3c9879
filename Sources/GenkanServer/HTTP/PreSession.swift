import GenkanHTTP
import GenkanStore
import Synchronization

/// The pre-session cookie's value: a random token and the time it was issued (`TOKEN.SECONDS`).
/// Anonymous forms' CSRF tokens are bound to the whole value, so the time cannot be changed
/// without the token failing; a pre-session older than its lifetime is replaced, which voids the
/// tokens bound to it. A stolen pair of cookie and token is good for a day at most.
struct PreSession: Sendable, Hashable {
    let token: String
    let issuedAt: Int64

    /// Written in one allocation (a new visitor's every page writes it into its cookie).
    var value: String {
        String(capacity: token.utf8.count + 21) { value in
            value.append(token)
            value.append(byte: UInt8(ascii: "."))
            value.append(number: issuedAt)
        }
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

/// A request's pre-session: the cookie's when it sent a valid one, else one minted the first time
/// something reads it (a form's CSRF token, a provider sign-in's state), and only then sent as a
/// cookie. An API answer, a static file or a page without a form mints none: minting (random
/// bytes, their encoding, the cookie) was 2 % of an `accounts:lookup`'s CPU for a value never sent.
///
/// A class: the copies of a request's context share it, so the token a page's form is bound to is
/// the value its `Set-Cookie` carries, whichever copy minted it.
final class PreSessionSlot: Sendable {
    /// The cookie's valid pre-session; nil for a visitor without one.
    private let existing: String?
    private let minted = Mutex<String?>(nil)
    private let now: Int64
    /// Seconds a new pre-session's cookie lives.
    let lifetime: Int64

    /// The slot of a request that sent `cookie` at `now` (the cookie's value is kept when it is a
    /// pre-session still within `lifetime`).
    init(cookie: String?, now: Int64, lifetime: Int64) {
        existing = cookie.flatMap { PreSession(cookie: $0, now: now, lifetime: lifetime) != nil ? $0 : nil }
        self.now = now
        self.lifetime = lifetime
    }

    /// The pre-session's value (`TOKEN.SECONDS`), minted at the first read when the visitor had none.
    var value: String {
        if let existing { return existing }
        return minted.withLock { minted in
            if let minted { return minted }
            let value = PreSession.new(now: now).value
            minted = value
            return value
        }
    }

    /// Whether the visitor came without a valid pre-session: nothing it posted can be bound to one.
    var isNew: Bool { existing == nil }

    /// The value minted for this request, which its answer sets as the cookie; nil when none was.
    var mintedValue: String? {
        existing == nil ? minted.withLock { $0 } : nil
    }
}
