import GenkanSQL

extension SQLStore {
    func limitBucket(name: String, key: String) throws(StoreError) -> LimitBucket? {
        try firstRow("SELECT level, updated_at FROM rate_limits WHERE name = ? AND key = ?", .text(name), .text(key)) {
            LimitBucket(level: $0.double(0), updatedAt: $0.integer(1))
        }
    }

    func setLimitBucket(name: String, key: String, _ bucket: LimitBucket, expiresAt: Int64?) throws(StoreError) {
        try changes(
            """
            INSERT INTO rate_limits (name, key, level, updated_at, expires_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (name, key) DO UPDATE SET level = excluded.level, updated_at = excluded.updated_at, expires_at = excluded.expires_at
            """, .text(name), .text(key), .double(bucket.level), .integer(bucket.updatedAt), expiresAt.storeValue)
    }

    func deleteLimitBucket(name: String, key: String) throws(StoreError) {
        try changes("DELETE FROM rate_limits WHERE name = ? AND key = ?", .text(name), .text(key))
    }

    func deleteDrainedLimits(now: Int64) throws(StoreError) -> Int {
        try changes("DELETE FROM rate_limits WHERE expires_at <= ?", .integer(now))
    }

    func failedSignIns(emailKey: String) throws(StoreError) -> (accountID: Int64, failures: Int)? {
        try firstRow("SELECT id, failed_sign_ins FROM accounts WHERE email_key = ?", .text(emailKey)) {
            ($0.integer(0), Int($0.integer(1)))
        }
    }

    func failedSignIns(accountID: Int64) throws(StoreError) -> Int? {
        try firstRow("SELECT failed_sign_ins FROM accounts WHERE id = ?", .integer(accountID)) { Int($0.integer(0)) }
    }

    func addFailedSignIn(accountID: Int64) throws(StoreError) {
        try changes("UPDATE accounts SET failed_sign_ins = failed_sign_ins + 1 WHERE id = ?", .integer(accountID))
    }

    func clearFailedSignIns(accountID: Int64) throws(StoreError) {
        try changes("UPDATE accounts SET failed_sign_ins = 0 WHERE id = ? AND failed_sign_ins <> 0", .integer(accountID))
    }
}
