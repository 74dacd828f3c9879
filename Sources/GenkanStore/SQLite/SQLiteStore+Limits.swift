extension SQLiteStore {
    public func limitBucket(name: String, key: String) throws(StoreError) -> LimitBucket? {
        let statement = try database.prepare("SELECT level, updated_at FROM rate_limits WHERE name = ? AND key = ?")
        defer { statement.reset() }
        guard try statement.bind(.text(name), .text(key)).step() else { return nil }
        return LimitBucket(level: statement.double(0), updatedAt: statement.integer(1))
    }

    public func setLimitBucket(name: String, key: String, _ bucket: LimitBucket, expiresAt: Int64?) throws(StoreError) {
        try database.prepare(
            "INSERT OR REPLACE INTO rate_limits (name, key, level, updated_at, expires_at) VALUES (?, ?, ?, ?, ?)"
        ).bind(.text(name), .text(key), .double(bucket.level), .integer(bucket.updatedAt), expiresAt.map { .integer($0) } ?? .null).run()
    }

    public func deleteLimitBucket(name: String, key: String) throws(StoreError) {
        try database.prepare("DELETE FROM rate_limits WHERE name = ? AND key = ?").bind(.text(name), .text(key)).run()
    }

    public func deleteDrainedLimits(now: Int64) throws(StoreError) -> Int {
        try database.prepare("DELETE FROM rate_limits WHERE expires_at <= ?").bind(.integer(now)).runCountingChanges()
    }

    public func failedSignIns(emailKey: String) throws(StoreError) -> (accountID: Int64, failures: Int)? {
        let statement = try database.prepare("SELECT id, failed_sign_ins FROM accounts WHERE email_key = ?")
        defer { statement.reset() }
        guard try statement.bind(.text(emailKey)).step() else { return nil }
        return (statement.integer(0), Int(statement.integer(1)))
    }

    public func failedSignIns(accountID: Int64) throws(StoreError) -> Int? {
        let statement = try database.prepare("SELECT failed_sign_ins FROM accounts WHERE id = ?")
        defer { statement.reset() }
        guard try statement.bind(.integer(accountID)).step() else { return nil }
        return Int(statement.integer(0))
    }

    public func addFailedSignIn(accountID: Int64) throws(StoreError) {
        try database.prepare("UPDATE accounts SET failed_sign_ins = failed_sign_ins + 1 WHERE id = ?").bind(.integer(accountID)).run()
    }

    public func clearFailedSignIns(accountID: Int64) throws(StoreError) {
        try database.prepare("UPDATE accounts SET failed_sign_ins = 0 WHERE id = ? AND failed_sign_ins <> 0")
            .bind(.integer(accountID)).run()
    }
}
