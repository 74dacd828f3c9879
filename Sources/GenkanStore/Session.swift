/// A signed-in session; the store keeps only a hash of its token.
public struct Session: Sendable, Hashable {
    public let accountID: Int64
    public let createdAt: Int64
    /// When the holder last proved the password: at sign-in, and again at each re-authentication
    /// (`AccountStore.refreshAuthentication`). Sensitive settings ask for a recent one.
    public let authenticatedAt: Int64
    public let lastSeenAt: Int64
    public let expiresAt: Int64
    /// The browser's `User-Agent` when the session started, cut to
    /// `AccountStore.maximumUserAgentLength` bytes; nil when it sent none.
    public let userAgent: String?
}

/// How long sessions last.
public struct SessionPolicy: Sendable, Hashable {
    /// Seconds from sign-in to expiry, whatever the activity.
    public var lifetime: Int64
    /// Seconds without a request after which a session ends.
    public var idleTimeout: Int64
    /// Seconds between updates of a session's last-seen time (fewer writes).
    public var touchInterval: Int64

    /// Thirty days at most, a week of inactivity at most.
    public static let standard = SessionPolicy(lifetime: 30 * 86_400, idleTimeout: 7 * 86_400, touchInterval: 60)

    public init(lifetime: Int64, idleTimeout: Int64, touchInterval: Int64) {
        self.lifetime = lifetime
        self.idleTimeout = idleTimeout
        self.touchInterval = touchInterval
    }
}

/// The time the store uses, in seconds since 1970; tests substitute their own.
public struct StoreClock: Sendable {
    public let now: @Sendable () -> Int64

    public init(now: @escaping @Sendable () -> Int64) { self.now = now }
}
