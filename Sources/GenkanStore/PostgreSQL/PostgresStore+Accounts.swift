extension PostgresStore {
    public func insertAccount(_ row: AccountRow) throws(StoreError) -> Int64 {
        try insertedID(atomicRows(
            """
            INSERT INTO accounts (email, email_key, display_name, name_key, password_hash, created_at, verified_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
            """,
            .text(row.email), .text(row.emailKey), .text(row.displayName), .text(row.nameKey), row.passwordHash.postgresValue,
            .integer(row.createdAt), row.verifiedAt.postgresValue))
    }

    public func account(id: Int64) throws(StoreError) -> Account? {
        try storedAccount(id: id)?.account
    }

    public func storedAccount(id: Int64) throws(StoreError) -> StoredAccount? {
        try rows("SELECT \(Self.accountColumns) FROM accounts WHERE id = $1", .integer(id)).first.map { readStoredAccount($0) }
    }

    public func storedAccount(emailKey: String) throws(StoreError) -> StoredAccount? {
        try rows("SELECT \(Self.accountColumns) FROM accounts WHERE email_key = $1", .text(emailKey)).first.map { readStoredAccount($0) }
    }

    public func accounts(afterID: Int64, limit: Int) throws(StoreError) -> [StoredAccount] {
        try rows("SELECT \(Self.accountColumns) FROM accounts WHERE id > $1 ORDER BY id LIMIT $2", .integer(afterID), .integer(Int64(max(0, limit))))
            .rows.map { readStoredAccount($0) }
    }

    public func setPasswordHash(accountID: Int64, _ hash: String?) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET password_hash = $1 WHERE id = $2", hash.postgresValue, .integer(accountID)) > 0
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

    public func setVerifiedAt(accountID: Int64, _ time: Int64?) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET verified_at = $1 WHERE id = $2", time.postgresValue, .integer(accountID)) > 0
    }

    public func setDisabledAt(accountID: Int64, _ time: Int64?) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET disabled_at = $1 WHERE id = $2", time.postgresValue, .integer(accountID)) > 0
    }

    public func setPhotoURL(accountID: Int64, _ url: String?) throws(StoreError) -> Bool {
        try atomicRows("UPDATE accounts SET photo_url = $1 WHERE id = $2", url.postgresValue, .integer(accountID)).changes > 0
    }

    public func setLastLogin(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET last_login_at = $1 WHERE id = $2", .integer(time), .integer(accountID)) > 0
    }

    public func deleteAccount(id: Int64) throws(StoreError) -> Bool {
        try changes("DELETE FROM accounts WHERE id = $1", .integer(id)) > 0
    }
}
