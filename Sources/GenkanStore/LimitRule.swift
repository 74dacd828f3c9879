/// How many attempts a key (a client address, an account) may make: `capacity` at once, then
/// `refillPerMinute` more each minute. A bucket holds the attempts not yet forgiven, its *level*,
/// which drains at that rate; an attempt that would take the level past `capacity` is refused.
public struct LimitRule: Sendable, Hashable {
    public var capacity: Double
    public var refillPerMinute: Double

    public init(capacity: Double, refillPerMinute: Double) {
        self.capacity = capacity
        self.refillPerMinute = refillPerMinute
    }

    var perSecond: Double { refillPerMinute / 60 }

    /// `level` (as of `updatedAt`) drained until `now`.
    func drained(_ level: Double, from updatedAt: Double, to now: Double) -> Double {
        max(0, level - max(0, now - updatedAt) * perSecond)
    }

    /// Seconds until a bucket at `level` may take one more attempt: at least 1, and nil when it
    /// never drains.
    func wait(at level: Double) -> Int? {
        let excess = level + 1 - capacity
        guard excess > 0 else { return 0 }
        guard perSecond > 0 else { return nil }
        return max(1, Int((excess / perSecond).rounded(.up)))
    }

    /// Seconds until `level` has drained to nothing (nil: never).
    func emptyAfter(_ level: Double) -> Int64? {
        guard perSecond > 0 else { return nil }
        return Int64((level / perSecond).rounded(.up))
    }
}

/// Whether an attempt may go ahead, and if not, how many seconds until it may.
public struct LimitDecision: Sendable, Hashable {
    public let allowed: Bool
    /// 0 when allowed; at least 1 otherwise (a rule that never refills says an hour).
    public let retryAfter: Int

    public static let allowed = LimitDecision(allowed: true, retryAfter: 0)

    static func refused(_ wait: Int?) -> LimitDecision {
        LimitDecision(allowed: false, retryAfter: wait ?? 3600)
    }
}

/// A limit kept in the database (`rate_limits`): its name there and its rule.
public struct StoredLimit: Sendable, Hashable {
    public let name: String
    public let rule: LimitRule

    public init(_ name: String, _ rule: LimitRule) {
        self.name = name
        self.rule = rule
    }
}
