/// The stored rate limits, spent by the doors' limit middleware before the work they guard.
extension Authenticator {
    /// Spends one attempt of `limit` for `key`, or says how long until one is allowed.
    public func spendLimit(_ limit: StoredLimit, key: String) throws(StoreError) -> LimitDecision {
        try store.spendLimit(limit, key: key)
    }

    /// Gives back an attempt whose work never ran (the answer was 503).
    public func refundLimit(_ limit: StoredLimit, key: String) throws(StoreError) {
        try store.refundLimit(limit, key: key)
    }
}
