import GenkanSQL

extension SQLStore {
    func insertAccount(_ row: AccountRow) throws(StoreError) -> Int64 {
        try atomic { () throws(StoreError) in
            try insertedID(
                """
                INSERT INTO accounts (
                    uid, email, email_key, display_name, name_key, password_hash, created_at, verified_at, is_anonymous, custom_claims)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """,
                [
                    .text(row.uid), row.email.storeValue, row.emailKey.storeValue, .text(row.displayName), .text(row.nameKey),
                    row.passwordHash.storeValue, .integer(row.createdAt), row.verifiedAt.storeValue,
                    .integer(row.isAnonymous ? 1 : 0), row.customClaims.storeValue,
                ])
        }
    }

    func account(id: Int64) throws(StoreError) -> Account? {
        try storedAccount(id: id)?.account
    }

    func storedAccount(id: Int64) throws(StoreError) -> StoredAccount? {
        try firstRow(Self.accountByID, .integer(id)) { $0.storedAccount() }
    }

    func storedAccount(emailKey: String) throws(StoreError) -> StoredAccount? {
        try firstRow(Self.accountByEmailKey, .text(emailKey)) { $0.storedAccount() }
    }

    func storedAccount(uid: String) throws(StoreError) -> StoredAccount? {
        try firstRow(Self.accountByUID, .text(uid)) { $0.storedAccount() }
    }

    /// Made once, as the hot queries are: interpolating the column list again was a string built
    /// per request (every `accounts:lookup` reads an account by uid).
    private static let accountByID = "SELECT \(StoreColumns.account) FROM accounts WHERE id = ?"
    private static let accountByEmailKey = "SELECT \(StoreColumns.account) FROM accounts WHERE email_key = ?"
    private static let accountByUID = "SELECT \(StoreColumns.account) FROM accounts WHERE uid = ?"

    func accounts(afterID: Int64, limit: Int) throws(StoreError) -> [StoredAccount] {
        try allRows(
            "SELECT \(StoreColumns.account) FROM accounts WHERE id > ? ORDER BY id LIMIT ?", .integer(afterID),
            .integer(Int64(max(0, limit)))
        ) { $0.storedAccount() }
    }

    func setPasswordHash(accountID: Int64, _ hash: String?) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET password_hash = ? WHERE id = ?", hash.storeValue, .integer(accountID)) > 0
    }

    func setValidSince(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET valid_since = ? WHERE id = ?", .integer(time), .integer(accountID)) > 0
    }

    func setEmail(accountID: Int64, _ email: String, emailKey: String) throws(StoreError) -> Bool {
        try atomic { () throws(StoreError) in
            try changes(
                "UPDATE accounts SET email = ?, email_key = ? WHERE id = ?", .text(email), .text(emailKey), .integer(accountID)) > 0
        }
    }

    func setName(accountID: Int64, _ displayName: String, nameKey: String) throws(StoreError) -> Bool {
        try changes(
            "UPDATE accounts SET display_name = ?, name_key = ? WHERE id = ?", .text(displayName), .text(nameKey), .integer(accountID)) > 0
    }

    func setCredentialsTrustedSince(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET credentials_trusted_since = ? WHERE id = ?", .integer(time), .integer(accountID)) > 0
    }

    func setAdminSince(accountID: Int64, _ time: Int64?) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET admin_since = ? WHERE id = ?", time.storeValue, .integer(accountID)) > 0
    }

    /// Few rows, read by the command line: no index.
    func administrators() throws(StoreError) -> [Account] {
        try allRows("SELECT \(StoreColumns.account) FROM accounts WHERE admin_since IS NOT NULL ORDER BY admin_since, id") { $0.account() }
    }

    func searchAccounts(_ search: AccountSearch) throws(StoreError) -> [StoredAccount] {
        var matches: [String] = []
        var values: [StoreValue] = []
        if let prefix = search.emailKeyPrefix {
            // The length written into the statement: a bound integer would be a bigint to
            // PostgreSQL, whose substr takes an integer.
            matches.append("substr(email_key, 1, \(prefix.unicodeScalars.count)) = ?")
            values.append(.text(prefix))
        }
        if let uid = search.uid {
            matches.append("uid = ?")
            values.append(.text(uid))
        }
        if let prefix = search.nameKeyPrefix {
            matches.append("substr(name_key, 1, \(prefix.unicodeScalars.count)) = ?")
            values.append(.text(prefix))
        }
        var conditions = matches.isEmpty ? [] : ["(" + matches.joined(separator: " OR ") + ")"]
        if let before = search.beforeID {
            conditions.append("id < ?")
            values.append(.integer(before))
        }
        values.append(.integer(Int64(max(0, search.limit))))
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        var rows: [StoredAccount] = []
        try connection.run("SELECT \(StoreColumns.account) FROM accounts\(filter) ORDER BY id DESC LIMIT ?", values) { row in
            rows.append(row.storedAccount())
            return true
        }
        return rows
    }

    func accountCounts() throws(StoreError) -> AccountCounts {
        try firstRow(
            """
            SELECT count(*), count(disabled_at), count(*) - count(verified_at), count(admin_since) FROM accounts
            """
        ) { row in
            AccountCounts(
                total: Int(row.integer(0)), disabled: Int(row.integer(1)), unverified: Int(row.integer(2)),
                administrators: Int(row.integer(3)))
        } ?? AccountCounts(total: 0, disabled: 0, unverified: 0, administrators: 0)
    }

    func setVerifiedAt(accountID: Int64, _ time: Int64?) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET verified_at = ? WHERE id = ?", time.storeValue, .integer(accountID)) > 0
    }

    func setDisabledAt(accountID: Int64, _ time: Int64?) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET disabled_at = ? WHERE id = ?", time.storeValue, .integer(accountID)) > 0
    }

    func setPhotoURL(accountID: Int64, _ url: String?) throws(StoreError) -> Bool {
        try atomic { () throws(StoreError) in
            try changes("UPDATE accounts SET photo_url = ? WHERE id = ?", url.storeValue, .integer(accountID)) > 0
        }
    }

    func setLastLogin(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET last_login_at = ? WHERE id = ?", .integer(time), .integer(accountID)) > 0
    }

    func setCustomClaims(accountID: Int64, _ claims: String?) throws(StoreError) -> Bool {
        try atomic { () throws(StoreError) in
            try changes("UPDATE accounts SET custom_claims = ? WHERE id = ?", claims.storeValue, .integer(accountID)) > 0
        }
    }

    func setAnonymous(accountID: Int64, _ anonymous: Bool) throws(StoreError) -> Bool {
        try changes("UPDATE accounts SET is_anonymous = ? WHERE id = ?", .integer(anonymous ? 1 : 0), .integer(accountID)) > 0
    }

    func unusedAnonymousAccounts(before cutoff: Int64, limit: Int) throws(StoreError) -> [Int64] {
        try allRows(
            """
            SELECT a.id FROM accounts a
            WHERE a.is_anonymous = 1 AND a.created_at < ?1 AND coalesce(a.last_login_at, 0) < ?1
                AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.account_id = a.id AND r.last_used_at >= ?1)
            ORDER BY a.id LIMIT ?2
            """, .integer(cutoff), .integer(Int64(max(0, limit)))
        ) { $0.integer(0) }
    }

    func deleteAccount(id: Int64) throws(StoreError) -> Bool {
        try changes("DELETE FROM accounts WHERE id = ?", .integer(id)) > 0
    }
}
