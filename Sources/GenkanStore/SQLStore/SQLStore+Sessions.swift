import GenkanSQL

extension SQLStore {
    func insertSession(_ row: SessionRow) throws(StoreError) {
        let session = row.session
        try changes(
            """
            INSERT INTO sessions (token_hash, account_id, created_at, authenticated_at, last_seen_at, expires_at, user_agent)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            .blob(row.key), .integer(session.accountID), .integer(session.createdAt), .integer(session.authenticatedAt),
            .integer(session.lastSeenAt), .integer(session.expiresAt), session.userAgent.storeValue)
    }

    func session(key: [UInt8]) throws(StoreError) -> (row: SessionRow, account: StoredAccount)? {
        try firstRow(Self.sessionWithAccount, .blob(key)) { ($0.session(), $0.storedAccount(from: 7)) }
    }

    /// Made once: every signed-in page runs it.
    private static let sessionWithAccount = """
        SELECT \(StoreColumns.session), \(StoreColumns.accountOfA)
        FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ?
        """

    func setSessionLastSeen(key: [UInt8], _ time: Int64) throws(StoreError) {
        try changes("UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?", .integer(time), .blob(key))
    }

    func setSessionAuthenticated(key: [UInt8], _ time: Int64) throws(StoreError) -> Bool {
        try changes("UPDATE sessions SET authenticated_at = ? WHERE token_hash = ?", .integer(time), .blob(key)) > 0
    }

    func deleteSession(key: [UInt8]) throws(StoreError) {
        try changes("DELETE FROM sessions WHERE token_hash = ?", .blob(key))
    }

    func deleteSessions(accountID: Int64, keeping: [UInt8]?) throws(StoreError) -> Int {
        guard let keeping else { return try changes("DELETE FROM sessions WHERE account_id = ?", .integer(accountID)) }
        return try changes("DELETE FROM sessions WHERE account_id = ? AND token_hash <> ?", .integer(accountID), .blob(keeping))
    }

    /// `substr` and `length` of a blob count bytes in both dialects.
    func deleteSessions(accountID: Int64, keyPrefix: [UInt8]) throws(StoreError) -> Int {
        guard !keyPrefix.isEmpty else { return 0 }
        return try changes(
            "DELETE FROM sessions WHERE account_id = ?1 AND substr(token_hash, 1, length(?2)) = ?2", .integer(accountID), .blob(keyPrefix))
    }

    func liveSessions(accountID: Int64, now: Int64, idleBefore: Int64) throws(StoreError) -> [SessionRow] {
        try allRows(
            """
            SELECT \(StoreColumns.session)
            FROM sessions s JOIN accounts a ON a.id = s.account_id
            WHERE s.account_id = ? AND a.disabled_at IS NULL AND s.expires_at > ? AND s.last_seen_at > ?
                AND (a.valid_since IS NULL OR s.created_at >= a.valid_since)
            ORDER BY s.last_seen_at DESC, s.created_at DESC, s.token_hash
            """, .integer(accountID), .integer(now), .integer(idleBefore)
        ) { $0.session() }
    }

    func deleteExpiredSessions(now: Int64, idleBefore: Int64) throws(StoreError) -> Int {
        try changes(
            """
            DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?
                OR created_at < (SELECT valid_since FROM accounts WHERE accounts.id = sessions.account_id)
            """, .integer(now), .integer(idleBefore))
    }

    func sessionCount(accountID: Int64) throws(StoreError) -> Int {
        Int(try firstRow("SELECT count(*) FROM sessions WHERE account_id = ?", .integer(accountID)) { $0.integer(0) } ?? 0)
    }

    // MARK: Refresh tokens

    func insertRefreshToken(_ row: RefreshTokenRow) throws(StoreError) {
        try changes(
            """
            INSERT INTO refresh_tokens (token_hash, account_id, created_at, auth_time, sign_in_provider, last_used_at, claims)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            .blob(row.key), .integer(row.accountID), .integer(row.createdAt), .integer(row.authTime), .text(row.signInProvider),
            .integer(row.lastUsedAt), row.claims.storeValue)
    }

    func refreshToken(key: [UInt8]) throws(StoreError) -> (row: RefreshTokenRow, account: Account)? {
        try firstRow(
            """
            SELECT \(StoreColumns.refreshToken), \(StoreColumns.accountOfA)
            FROM refresh_tokens r JOIN accounts a ON a.id = r.account_id WHERE r.token_hash = ?
            """, .blob(key)
        ) { ($0.refreshToken(), $0.account(from: 7)) }
    }

    func setRefreshTokenLastUsed(key: [UInt8], _ time: Int64) throws(StoreError) {
        try changes("UPDATE refresh_tokens SET last_used_at = ? WHERE token_hash = ?", .integer(time), .blob(key))
    }

    func deleteRefreshToken(key: [UInt8]) throws(StoreError) -> Bool {
        try changes("DELETE FROM refresh_tokens WHERE token_hash = ?", .blob(key)) > 0
    }

    func deleteRefreshTokens(accountID: Int64) throws(StoreError) -> Int {
        try changes("DELETE FROM refresh_tokens WHERE account_id = ?", .integer(accountID))
    }

    func deleteRefreshTokens(accountID: Int64, keyPrefix: [UInt8]) throws(StoreError) -> Int {
        guard !keyPrefix.isEmpty else { return 0 }
        return try changes(
            "DELETE FROM refresh_tokens WHERE account_id = ?1 AND substr(token_hash, 1, length(?2)) = ?2", .integer(accountID),
            .blob(keyPrefix))
    }

    func refreshTokens(accountID: Int64, since: Int64?) throws(StoreError) -> [RefreshTokenRow] {
        try allRows(
            """
            SELECT \(StoreColumns.refreshToken) FROM refresh_tokens r
            WHERE r.account_id = ? AND r.created_at >= ? ORDER BY r.last_used_at DESC, r.created_at DESC, r.token_hash
            """, .integer(accountID), .integer(since ?? Int64.min)
        ) { $0.refreshToken() }
    }
}
