extension SQLiteStore {
    public func limitBucket(name: String, key: String) throws(StoreError) -> LimitBucket? {
        try database.firstRow(
            "SELECT level, updated_at FROM rate_limits WHERE name = ? AND key = ?", .text(name), .text(key)
        ) { LimitBucket(level: $0.double(0), updatedAt: $0.integer(1)) }
    }

    public func setLimitBucket(name: String, key: String, _ bucket: LimitBucket, expiresAt: Int64?) throws(StoreError) {
        try database.prepare(
            "INSERT OR REPLACE INTO rate_limits (name, key, level, updated_at, expires_at) VALUES (?, ?, ?, ?, ?)"
        ).bind(.text(name), .text(key), .double(bucket.level), .integer(bucket.updatedAt), expiresAt.storeValue).run()
    }

    public func deleteLimitBucket(name: String, key: String) throws(StoreError) {
        try database.prepare("DELETE FROM rate_limits WHERE name = ? AND key = ?").bind(.text(name), .text(key)).run()
    }

    public func deleteDrainedLimits(now: Int64) throws(StoreError) -> Int {
        try database.prepare("DELETE FROM rate_limits WHERE expires_at <= ?").bind(.integer(now)).runCountingChanges()
    }

    public func failedSignIns(emailKey: String) throws(StoreError) -> (accountID: Int64, failures: Int)? {
        try database.firstRow(
            "SELECT id, failed_sign_ins FROM accounts WHERE email_key = ?", .text(emailKey)
        ) { ($0.integer(0), Int($0.integer(1))) }
    }

    public func failedSignIns(accountID: Int64) throws(StoreError) -> Int? {
        try database.firstRow("SELECT failed_sign_ins FROM accounts WHERE id = ?", .integer(accountID)) { Int($0.integer(0)) }
    }

    public func addFailedSignIn(accountID: Int64) throws(StoreError) {
        try database.prepare("UPDATE accounts SET failed_sign_ins = failed_sign_ins + 1 WHERE id = ?").bind(.integer(accountID)).run()
    }

    public func clearFailedSignIns(accountID: Int64) throws(StoreError) {
        try database.prepare("UPDATE accounts SET failed_sign_ins = 0 WHERE id = ? AND failed_sign_ins <> 0")
            .bind(.integer(accountID)).run()
    }
}
