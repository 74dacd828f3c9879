extension PostgresStore {
    public func insertAccount(_ row: AccountRow) throws(StoreError) -> Int64 {
        try insertedID(atomicRows(
            """
            INSERT INTO accounts (
                uid, email, email_key, display_name, name_key, password_hash, created_at, verified_at, is_anonymous, custom_claims)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id
            """,
            .text(row.uid), row.email.storeValue, row.emailKey.storeValue, .text(row.displayName), .text(row.nameKey),
            row.passwordHash.storeValue, .integer(row.createdAt), row.verifiedAt.storeValue, .integer(row.isAnonymous ? 1 : 0),
            row.customClaims.storeValue))
    }

    public func account(id: Int64) throws(StoreError) -> Account? {
        try storedAccount(id: id)?.account
    }

    public func storedAccount(id: Int64) throws(StoreError) -> StoredAccount? {
        try rows("SELECT \(StoreColumns.account) FROM accounts WHERE id = $1", .integer(id)).first.map { $0.storedAccount() }
    }

    public func storedAccount(emailKey: String) throws(StoreError) -> StoredAccount? {
        try rows("SELECT \(StoreColumns.account) FROM accounts WHERE email_key = $1", .text(emailKey)).first.map { $0.storedAccount() }
    }

    public func storedAccount(uid: String) throws(StoreError) -> StoredAccount? {
        try rows("SELECT \(StoreColumns.account) FROM accounts WHERE uid = $1", .text(uid)).first.map { $0.storedAccount() }
    }

    public func accounts(afterID: Int64, limit: Int) throws(StoreError) -> [StoredAccount] {
        try rows("SELECT \(StoreColumns.account) FROM accounts WHERE id > $1 ORDER BY id LIMIT $2", .integer(afterID), .integer(Int64(max(0, limit))))
            .rows.map { $0.storedAccount() }
    }

    public func setPasswordHash(accountID: Int64, _ hash: String?) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET password_hash = $1 WHERE id = $2", hash.storeValue, .integer(accountID)) > 0
    }

    public func setValidSince(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET valid_since = $1 WHERE id = $2", .integer(time), .integer(accountID)) > 0
    }

    public func setEmail(accountID: Int64, _ email: String, emailKey: String) throws(StoreError) -> Bool {
        try atomicRows("UPDATE accounts SET email = $1, email_key = $2 WHERE id = $3", .text(email), .text(emailKey), .integer(accountID))
            .changes > 0
    }

    public func setName(accountID: Int64, _ displayName: String, nameKey: String) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET display_name = $1, name_key = $2 WHERE id = $3", .text(displayName), .text(nameKey), .integer(accountID)) > 0
    }

    public func setCredentialsTrustedSince(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET credentials_trusted_since = $1 WHERE id = $2", .integer(time), .integer(accountID)) > 0
    }

    public func setVerifiedAt(accountID: Int64, _ time: Int64?) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET verified_at = $1 WHERE id = $2", time.storeValue, .integer(accountID)) > 0
    }

    public func setDisabledAt(accountID: Int64, _ time: Int64?) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET disabled_at = $1 WHERE id = $2", time.storeValue, .integer(accountID)) > 0
    }

    public func setPhotoURL(accountID: Int64, _ url: String?) throws(StoreError) -> Bool {
        try atomicRows("UPDATE accounts SET photo_url = $1 WHERE id = $2", url.storeValue, .integer(accountID)).changes > 0
    }

    public func setLastLogin(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET last_login_at = $1 WHERE id = $2", .integer(time), .integer(accountID)) > 0
    }

    public func setCustomClaims(accountID: Int64, _ claims: String?) throws(StoreError) -> Bool {
        try atomicRows("UPDATE accounts SET custom_claims = $1 WHERE id = $2", claims.storeValue, .integer(accountID)).changes > 0
    }

    public func setAnonymous(accountID: Int64, _ anonymous: Bool) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET is_anonymous = $1 WHERE id = $2", .integer(anonymous ? 1 : 0), .integer(accountID)) > 0
    }

    public func unusedAnonymousAccounts(before cutoff: Int64, limit: Int) throws(StoreError) -> [Int64] {
        try rows(
            """
            SELECT a.id FROM accounts a
            WHERE a.is_anonymous = 1 AND a.created_at < $1 AND coalesce(a.last_login_at, 0) < $1
                AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.account_id = a.id AND r.last_used_at >= $1)
            ORDER BY a.id LIMIT $2
            """, .integer(cutoff), .integer(Int64(max(0, limit)))
        ).rows.map { $0.integer(0) }
    }

    public func deleteAccount(id: Int64) throws(StoreError) -> Bool {
        try changes("DELETE FROM accounts WHERE id = $1", .integer(id)) > 0
    }
}
