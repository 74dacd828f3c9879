extension AccountStore {
    /// A bucket of a stored limit as of now: its level drained to now (0 when there is no row).
    func limitLevel(_ limit: StoredLimit, key: String) throws(StoreError) -> Double {
        let statement = try database.prepare("SELECT level, updated_at FROM rate_limits WHERE name = ? AND key = ?")
        defer { statement.reset() }
        guard try statement.bind(.text(limit.name), .text(key)).step() else { return 0 }
        return limit.rule.drained(statement.double(0), from: Double(statement.integer(1)), to: Double(clock.now()))
    }

    /// Whether one more attempt of `limit` for `key` would be allowed, spending nothing.
    public func peekLimit(_ limit: StoredLimit, key: String) throws(StoreError) -> LimitDecision {
        let wait = limit.rule.wait(at: try limitLevel(limit, key: key))
        return wait == 0 ? .allowed : .refused(wait)
    }

    /// Spends one attempt of `limit` for `key`, if one is left, in one write transaction: two
    /// servers on the file spend from the same bucket.
    public func spendLimit(_ limit: StoredLimit, key: String) throws(StoreError) -> LimitDecision {
        try database.quickTransaction { () throws(StoreError) -> LimitDecision in
            let level = try limitLevel(limit, key: key)
            let wait = limit.rule.wait(at: level)
            guard wait == 0 else { return .refused(wait) }
            try setLimitLevel(limit, key: key, level + 1)
            return .allowed
        }
    }

    /// Adds one attempt to `limit`'s bucket for `key` whatever its level (a failure that has
    /// happened), keeping the level at most the rule's capacity.
    public func addToLimit(_ limit: StoredLimit, key: String) throws(StoreError) {
        try database.quickTransaction { () throws(StoreError) in
            try setLimitLevel(limit, key: key, min(limit.rule.capacity, try limitLevel(limit, key: key) + 1))
        }
    }

    /// Gives back one attempt of `limit` for `key` (its work never ran: the server answered 503).
    public func refundLimit(_ limit: StoredLimit, key: String) throws(StoreError) {
        try database.quickTransaction { () throws(StoreError) in
            try setLimitLevel(limit, key: key, max(0, try limitLevel(limit, key: key) - 1))
        }
    }

    /// Forgets `limit`'s bucket for `key`.
    public func clearLimit(_ limit: StoredLimit, key: String) throws(StoreError) {
        try database.prepare("DELETE FROM rate_limits WHERE name = ? AND key = ?").bind(.text(limit.name), .text(key)).run()
    }

    /// Deletes the buckets that have drained: they say nothing a missing row does not. Nothing
    /// else is ever deleted, so no number of new keys frees an old one; the table holds what the
    /// attempts of the last drain period left, each attempt having passed validation first.
    ///
    /// - Returns: how many rows were deleted.
    @discardableResult
    public func deleteDrainedLimits() throws(StoreError) -> Int {
        try database.prepare("DELETE FROM rate_limits WHERE expires_at <= ?").bind(.integer(clock.now())).run()
        return database.changes
    }

    private func setLimitLevel(_ limit: StoredLimit, key: String, _ level: Double) throws(StoreError) {
        guard level > 0 else {
            try clearLimit(limit, key: key)
            return
        }
        let now = clock.now()
        let expiresAt: SQLiteStatement.Value = limit.rule.emptyAfter(level).map { .integer(now + $0) } ?? .null
        try database.prepare(
            "INSERT OR REPLACE INTO rate_limits (name, key, level, updated_at, expires_at) VALUES (?, ?, ?, ?, ?)"
        ).bind(.text(limit.name), .text(key), .double(level), .integer(now), expiresAt).run()
    }
}
