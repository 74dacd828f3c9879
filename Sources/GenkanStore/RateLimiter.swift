import Synchronization

/// Buckets in memory, by key (a client address): each key may spend `capacity` attempts at once
/// and regains `refillPerMinute` a minute. Safe from any thread. For limits that protect only the
/// server's time (live validation); limits on guesses and mail are `StoredLimit`s in the database.
///
/// Memory is bounded by `maximumKeys`, and no flood of new keys can free a key that still holds
/// something: when the table is full, buckets that have drained (they say nothing) are dropped,
/// at most once a second; if none has, keys not in the table share one overflow bucket until
/// room frees. A flood of new keys can slow new visitors; it never resets an old one.
public final class RateLimiter: Sendable {
    public typealias Rule = LimitRule
    public typealias Decision = LimitDecision

    private struct Bucket {
        var level: Double
        var updatedAt: Double
    }

    private struct Table {
        var buckets: [String: Bucket] = [:]
        /// Spent by every key the table has no room for.
        var overflow = Bucket(level: 0, updatedAt: 0)
        var lastSweep = -Double.infinity
    }

    public let rule: Rule
    public let maximumKeys: Int
    private let table = Mutex(Table())

    public init(rule: Rule, maximumKeys: Int = 100_000) {
        self.rule = rule
        self.maximumKeys = max(1, maximumKeys)
    }

    /// Spends one attempt for `key` at time `now` (seconds), if one is left.
    public func attempt(_ key: String, now: Double) -> Decision {
        table.withLock { table in
            if var bucket = table.buckets[key] {
                let decision = spend(&bucket, now: now)
                table.buckets[key] = bucket
                return decision
            }
            if table.buckets.count >= maximumKeys, now - table.lastSweep >= 1 {
                table.lastSweep = now
                table.buckets = table.buckets.filter { rule.drained($0.value.level, from: $0.value.updatedAt, to: now) > 0 }
            }
            guard table.buckets.count < maximumKeys else { return spend(&table.overflow, now: now) }
            var bucket = Bucket(level: 0, updatedAt: now)
            let decision = spend(&bucket, now: now)
            table.buckets[key] = bucket
            return decision
        }
    }

    /// Gives back an attempt `attempt` allowed whose work never ran (the server answered 503).
    public func refund(_ key: String, now: Double) {
        table.withLock { table in
            if var bucket = table.buckets[key] {
                bucket.level = max(0, rule.drained(bucket.level, from: bucket.updatedAt, to: now) - 1)
                bucket.updatedAt = now
                table.buckets[key] = bucket
            } else {
                table.overflow.level = max(0, rule.drained(table.overflow.level, from: table.overflow.updatedAt, to: now) - 1)
                table.overflow.updatedAt = now
            }
        }
    }

    /// How many keys are tracked now.
    public var keyCount: Int { table.withLock { $0.buckets.count } }

    private func spend(_ bucket: inout Bucket, now: Double) -> Decision {
        let level = rule.drained(bucket.level, from: bucket.updatedAt, to: now)
        bucket.updatedAt = max(bucket.updatedAt, now)
        bucket.level = level
        let wait = rule.wait(at: level)
        guard wait == 0 else { return .refused(wait) }
        bucket.level = level + 1
        return .allowed
    }
}
