/// Rate-limit buckets (a level that drains with time, `LimitRule`) by limit name and key, and each
/// account's count of wrong passwords in a row.
public protocol LimitStorage: AnyObject {
    /// The bucket as last written, or nil.
    func limitBucket(name: String, key: String) throws(StoreError) -> LimitBucket?

    /// Writes the bucket (replacing the row).
    ///
    /// - Parameter expiresAt: when the level will have drained to 0 (nil: never), for the sweep.
    func setLimitBucket(name: String, key: String, _ bucket: LimitBucket, expiresAt: Int64?) throws(StoreError)

    func deleteLimitBucket(name: String, key: String) throws(StoreError)

    /// Deletes the buckets drained at `now`; returns how many.
    func deleteDrainedLimits(now: Int64) throws(StoreError) -> Int

    /// The account with this address key and its count of wrong passwords in a row.
    func failedSignIns(emailKey: String) throws(StoreError) -> (accountID: Int64, failures: Int)?

    /// The account's count of wrong passwords in a row; nil when there is no such account.
    func failedSignIns(accountID: Int64) throws(StoreError) -> Int?

    /// Adds one to the account's count of wrong passwords in a row.
    func addFailedSignIn(accountID: Int64) throws(StoreError)

    /// Sets the account's count to 0 (writing nothing when it is 0 already).
    func clearFailedSignIns(accountID: Int64) throws(StoreError)
}

/// A rate-limit bucket as stored: its level as of `updatedAt`.
public struct LimitBucket: Sendable, Hashable {
    public let level: Double
    public let updatedAt: Int64

    public init(level: Double, updatedAt: Int64) {
        self.level = level
        self.updatedAt = updatedAt
    }
}
