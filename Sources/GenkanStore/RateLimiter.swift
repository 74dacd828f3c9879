import Synchronization

/// Token buckets by key (a client address, an e-mail address): each key may spend `capacity`
/// attempts at once and regains `refillPerMinute` a minute. Safe from any thread; memory is
/// bounded by `maximumKeys`.
public final class RateLimiter: Sendable {
    public struct Rule: Sendable, Hashable {
        public var capacity: Double
        public var refillPerMinute: Double

        public init(capacity: Double, refillPerMinute: Double) {
            self.capacity = capacity
            self.refillPerMinute = refillPerMinute
        }
    }

    /// Whether an attempt may go ahead, and if not, how many seconds until it may.
    public struct Decision: Sendable, Hashable {
        public let allowed: Bool
        public let retryAfter: Int
    }

    private struct Bucket {
        var tokens: Double
        var updatedAt: Double
    }

    public let rule: Rule
    public let maximumKeys: Int
    private let buckets = Mutex<[String: Bucket]>([:])

    public init(rule: Rule, maximumKeys: Int = 100_000) {
        self.rule = rule
        self.maximumKeys = maximumKeys
    }

    /// Spends one attempt for `key` at time `now` (seconds), if one is left.
    public func attempt(_ key: String, now: Double) -> Decision {
        let rate = rule.refillPerMinute / 60
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: rule.capacity, updatedAt: now)
            bucket.tokens = min(rule.capacity, bucket.tokens + max(0, now - bucket.updatedAt) * rate)
            bucket.updatedAt = now
            let decision: Decision
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                decision = Decision(allowed: true, retryAfter: 0)
            } else {
                let wait = rate > 0 ? ((1 - bucket.tokens) / rate).rounded(.up) : 3600
                decision = Decision(allowed: false, retryAfter: max(1, Int(wait)))
            }
            buckets[key] = bucket
            if buckets.count > maximumKeys { Self.evict(&buckets, now: now, rule: rule, limit: maximumKeys) }
            return decision
        }
    }

    /// How many keys are tracked now.
    public var keyCount: Int { buckets.withLock { $0.count } }

    /// Drops buckets that have refilled (they carry no information), then the least recently
    /// used half if that was not enough.
    private static func evict(_ buckets: inout [String: Bucket], now: Double, rule: Rule, limit: Int) {
        let rate = rule.refillPerMinute / 60
        buckets = buckets.filter { $0.value.tokens + (now - $0.value.updatedAt) * rate < rule.capacity }
        if buckets.count > limit / 2 {
            let oldest = buckets.sorted { $0.value.updatedAt < $1.value.updatedAt }.prefix(buckets.count - limit / 2)
            for (key, _) in oldest { buckets[key] = nil }
        }
    }
}
