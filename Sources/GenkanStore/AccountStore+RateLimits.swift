extension AccountStore {
    /// A bucket of a stored limit as of now: its level drained to now (0 when there is no row).
    func limitLevel(_ limit: StoredLimit, key: String) throws(StoreError) -> Double {
        guard let bucket = try storage.limitBucket(name: limit.name, key: key) else { return 0 }
        return limit.rule.drained(bucket.level, from: Double(bucket.updatedAt), to: Double(clock.now()))
    }

    /// Whether one more attempt of `limit` for `key` would be allowed, spending nothing.
    func peekLimit(_ limit: StoredLimit, key: String) throws(StoreError) -> LimitDecision {
        let wait = limit.rule.wait(at: try limitLevel(limit, key: key))
        return wait == 0 ? .allowed : .refused(wait)
    }

    /// Spends one attempt of `limit` for `key`, if one is left, in one write transaction: every
    /// server on the database spends from the same bucket.
    func spendLimit(_ limit: StoredLimit, key: String) throws(StoreError) -> LimitDecision {
        try withoutWaitingForDisk { () throws(StoreError) -> LimitDecision in
            let level = try limitLevel(limit, key: key)
            let wait = limit.rule.wait(at: level)
            guard wait == 0 else { return .refused(wait) }
            try setLimitLevel(limit, key: key, level + 1)
            return .allowed
        }
    }

    /// Adds one attempt to `limit`'s bucket for `key` whatever its level (a failure that has
    /// happened), keeping the level at most the rule's capacity.
    func addToLimit(_ limit: StoredLimit, key: String) throws(StoreError) {
        try withoutWaitingForDisk { () throws(StoreError) in
            try setLimitLevel(limit, key: key, min(limit.rule.capacity, try limitLevel(limit, key: key) + 1))
        }
    }

    /// Gives back one attempt of `limit` for `key` (its work never ran: the server answered 503).
    func refundLimit(_ limit: StoredLimit, key: String) throws(StoreError) {
        try withoutWaitingForDisk { () throws(StoreError) in
            try setLimitLevel(limit, key: key, max(0, try limitLevel(limit, key: key) - 1))
        }
    }

    /// Forgets `limit`'s bucket for `key`.
    func clearLimit(_ limit: StoredLimit, key: String) throws(StoreError) {
        try storage.deleteLimitBucket(name: limit.name, key: key)
    }

    /// Deletes the buckets that have drained: they say nothing a missing row does not. Nothing
    /// else is ever deleted, so no number of new keys frees an old one; the table holds what the
    /// attempts of the last drain period left, each attempt having passed validation first.
    ///
    /// - Returns: how many rows were deleted.
    @discardableResult
    func deleteDrainedLimits() throws(StoreError) -> Int {
        try storage.deleteDrainedLimits(now: clock.now())
    }

    private func setLimitLevel(_ limit: StoredLimit, key: String, _ level: Double) throws(StoreError) {
        guard level > 0 else {
            try clearLimit(limit, key: key)
            return
        }
        let now = clock.now()
        try storage.setLimitBucket(
            name: limit.name, key: key, LimitBucket(level: level, updatedAt: now), expiresAt: limit.rule.emptyAfter(level).map { now + $0 })
    }

    /// The account's count of wrong passwords in a row (operators, tests).
    func failedSignIns(accountID: Int64) throws(StoreError) -> Int? {
        try storage.failedSignIns(accountID: accountID)
    }
}
