extension SQLiteStore {
    public func insertAccount(_ row: AccountRow) throws(StoreError) -> Int64 {
        try database.prepare(
            """
            INSERT INTO accounts (
                uid, email, email_key, display_name, name_key, password_hash, created_at, verified_at, is_anonymous, custom_claims)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .text(row.uid), row.email.storeValue, row.emailKey.storeValue, .text(row.displayName),
            .text(row.nameKey), row.passwordHash.storeValue, .integer(row.createdAt),
            row.verifiedAt.storeValue, .integer(row.isAnonymous ? 1 : 0), row.customClaims.storeValue
        ).run()
        return database.lastInsertedRowID
    }

    public func account(id: Int64) throws(StoreError) -> Account? {
        try storedAccount(id: id)?.account
    }

    public func storedAccount(id: Int64) throws(StoreError) -> StoredAccount? {
        try database.firstRow("SELECT \(StoreColumns.account) FROM accounts WHERE id = ?", .integer(id)) { $0.storedAccount() }
    }

    public func storedAccount(emailKey: String) throws(StoreError) -> StoredAccount? {
        try database.firstRow("SELECT \(StoreColumns.account) FROM accounts WHERE email_key = ?", .text(emailKey)) { $0.storedAccount() }
    }

    public func storedAccount(uid: String) throws(StoreError) -> StoredAccount? {
        try database.firstRow(Self.accountByUID, .text(uid)) { $0.storedAccount() }
    }

    /// Made once: every `accounts:lookup` runs it (interpolating it again was a string built per request).
    private static let accountByUID = "SELECT \(StoreColumns.account) FROM accounts WHERE uid = ?"

    public func accounts(afterID: Int64, limit: Int) throws(StoreError) -> [StoredAccount] {
        try database.allRows(
            "SELECT \(StoreColumns.account) FROM accounts WHERE id > ? ORDER BY id LIMIT ?", .integer(afterID), .integer(Int64(max(0, limit)))
        ) { $0.storedAccount() }
    }

    public func setPasswordHash(accountID: Int64, _ hash: String?) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET password_hash = ? WHERE id = ?")
            .bind(hash.storeValue, .integer(accountID)).runCountingChanges() > 0
    }

    public func setValidSince(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET valid_since = ? WHERE id = ?")
            .bind(.integer(time), .integer(accountID)).runCountingChanges() > 0
    }

    public func setEmail(accountID: Int64, _ email: String, emailKey: String) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET email = ?, email_key = ? WHERE id = ?")
            .bind(.text(email), .text(emailKey), .integer(accountID)).runCountingChanges() > 0
    }

    public func setName(accountID: Int64, _ displayName: String, nameKey: String) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET display_name = ?, name_key = ? WHERE id = ?")
            .bind(.text(displayName), .text(nameKey), .integer(accountID)).runCountingChanges() > 0
    }

    public func setCredentialsTrustedSince(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET credentials_trusted_since = ? WHERE id = ?")
            .bind(.integer(time), .integer(accountID)).runCountingChanges() > 0
    }

    public func setVerifiedAt(accountID: Int64, _ time: Int64?) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET verified_at = ? WHERE id = ?")
            .bind(time.storeValue, .integer(accountID)).runCountingChanges() > 0
    }

    public func setDisabledAt(accountID: Int64, _ time: Int64?) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET disabled_at = ? WHERE id = ?")
            .bind(time.storeValue, .integer(accountID)).runCountingChanges() > 0
    }

    public func setPhotoURL(accountID: Int64, _ url: String?) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET photo_url = ? WHERE id = ?")
            .bind(url.storeValue, .integer(accountID)).runCountingChanges() > 0
    }

    public func setLastLogin(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET last_login_at = ? WHERE id = ?")
            .bind(.integer(time), .integer(accountID)).runCountingChanges() > 0
    }

    public func setCustomClaims(accountID: Int64, _ claims: String?) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET custom_claims = ? WHERE id = ?")
            .bind(claims.storeValue, .integer(accountID)).runCountingChanges() > 0
    }

    public func setAnonymous(accountID: Int64, _ anonymous: Bool) throws(StoreError) -> Bool {
        try database.prepare("UPDATE accounts SET is_anonymous = ? WHERE id = ?")
            .bind(.integer(anonymous ? 1 : 0), .integer(accountID)).runCountingChanges() > 0
    }

    public func unusedAnonymousAccounts(before cutoff: Int64, limit: Int) throws(StoreError) -> [Int64] {
        try database.allRows(
            """
            SELECT a.id FROM accounts a
            WHERE a.is_anonymous = 1 AND a.created_at < ?1 AND coalesce(a.last_login_at, 0) < ?1
                AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.account_id = a.id AND r.last_used_at >= ?1)
            ORDER BY a.id LIMIT ?2
            """, .integer(cutoff), .integer(Int64(max(0, limit)))
        ) { $0.integer(0) }
    }

    public func deleteAccount(id: Int64) throws(StoreError) -> Bool {
        try database.prepare("DELETE FROM accounts WHERE id = ?").bind(.integer(id)).runCountingChanges() > 0
    }
}
