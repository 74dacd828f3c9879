extension PostgresStore {
    public func limitBucket(name: String, key: String) throws(StoreError) -> LimitBucket? {
        try rows("SELECT level, updated_at FROM rate_limits WHERE name = $1 AND key = $2", .text(name), .text(key)).first.map {
            LimitBucket(level: $0.double(0), updatedAt: $0.integer(1))
        }
    }

    public func setLimitBucket(name: String, key: String, _ bucket: LimitBucket, expiresAt: Int64?) throws(StoreError) {
        _ = try rows(
            """
            INSERT INTO rate_limits (name, key, level, updated_at, expires_at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (name, key) DO UPDATE SET level = EXCLUDED.level, updated_at = EXCLUDED.updated_at, expires_at = EXCLUDED.expires_at
            """, .text(name), .text(key), .double(bucket.level), .integer(bucket.updatedAt), expiresAt.storeValue)
    }

    public func deleteLimitBucket(name: String, key: String) throws(StoreError) {
        try changes("DELETE FROM rate_limits WHERE name = $1 AND key = $2", .text(name), .text(key))
    }

    public func deleteDrainedLimits(now: Int64) throws(StoreError) -> Int {
        try changes("DELETE FROM rate_limits WHERE expires_at <= $1", .integer(now))
    }

    public func failedSignIns(emailKey: String) throws(StoreError) -> (accountID: Int64, failures: Int)? {
        try rows("SELECT id, failed_sign_ins FROM accounts WHERE email_key = $1", .text(emailKey)).first.map {
            ($0.integer(0), Int($0.integer(1)))
        }
    }

    public func failedSignIns(accountID: Int64) throws(StoreError) -> Int? {
        try rows("SELECT failed_sign_ins FROM accounts WHERE id = $1", .integer(accountID)).first.map { Int($0.integer(0)) }
    }

    public func addFailedSignIn(accountID: Int64) throws(StoreError) {
        try changes("UPDATE accounts SET failed_sign_ins = failed_sign_ins + 1 WHERE id = $1", .integer(accountID))
    }

    public func clearFailedSignIns(accountID: Int64) throws(StoreError) {
        try changes("UPDATE accounts SET failed_sign_ins = 0 WHERE id = $1 AND failed_sign_ins <> 0", .integer(accountID))
    }
}
