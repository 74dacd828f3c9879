extension PostgresStore {
    public func insertSession(_ row: SessionRow) throws(StoreError) {
        let session = row.session
        _ = try rows(
            """
            INSERT INTO sessions (token_hash, account_id, created_at, authenticated_at, last_seen_at, expires_at, user_agent)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            """,
            .blob(row.key), .integer(session.accountID), .integer(session.createdAt), .integer(session.authenticatedAt),
            .integer(session.lastSeenAt), .integer(session.expiresAt), session.userAgent.storeValue)
    }

    public func session(key: [UInt8]) throws(StoreError) -> (row: SessionRow, account: StoredAccount)? {
        try rows(
            """
            SELECT \(StoreColumns.session), \(StoreColumns.accountOfA)
            FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = $1
            """, .blob(key)
        ).first.map { ($0.session(), $0.storedAccount(from: 7)) }
    }

    public func setSessionLastSeen(key: [UInt8], _ time: Int64) throws(StoreError) {
        try changes("UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2", .integer(time), .blob(key))
    }

    public func setSessionAuthenticated(key: [UInt8], _ time: Int64) throws(StoreError) -> Bool {
        try changes("UPDATE sessions SET authenticated_at = $1 WHERE token_hash = $2", .integer(time), .blob(key)) > 0
    }

    public func deleteSession(key: [UInt8]) throws(StoreError) {
        try changes("DELETE FROM sessions WHERE token_hash = $1", .blob(key))
    }

    public func deleteSessions(accountID: Int64, keeping: [UInt8]?) throws(StoreError) -> Int {
        guard let keeping else { return try changes("DELETE FROM sessions WHERE account_id = $1", .integer(accountID)) }
        return try changes("DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2", .integer(accountID), .blob(keeping))
    }

    public func deleteSessions(accountID: Int64, keyPrefix: [UInt8]) throws(StoreError) -> Int {
        guard !keyPrefix.isEmpty else { return 0 }
        return try changes(
            "DELETE FROM sessions WHERE account_id = $1 AND substring(token_hash FROM 1 FOR octet_length($2)) = $2", .integer(accountID),
            .blob(keyPrefix))
    }

    public func liveSessions(accountID: Int64, now: Int64, idleBefore: Int64) throws(StoreError) -> [SessionRow] {
        try rows(
            """
            SELECT \(StoreColumns.session)
            FROM sessions s JOIN accounts a ON a.id = s.account_id
            WHERE s.account_id = $1 AND a.disabled_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $3
                AND (a.valid_since IS NULL OR s.created_at >= a.valid_since)
            ORDER BY s.last_seen_at DESC, s.created_at DESC, s.token_hash
            """, .integer(accountID), .integer(now), .integer(idleBefore)
        ).rows.map { $0.session() }
    }

    public func deleteExpiredSessions(now: Int64, idleBefore: Int64) throws(StoreError) -> Int {
        try changes(
            """
            DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $2
                OR created_at < (SELECT valid_since FROM accounts WHERE accounts.id = sessions.account_id)
            """, .integer(now), .integer(idleBefore))
    }

    public func sessionCount(accountID: Int64) throws(StoreError) -> Int {
        Int(try rows("SELECT count(*) FROM sessions WHERE account_id = $1", .integer(accountID)).first?.integer(0) ?? 0)
    }

    // MARK: Refresh tokens

    public func insertRefreshToken(_ row: RefreshTokenRow) throws(StoreError) {
        _ = try rows(
            """
            INSERT INTO refresh_tokens (token_hash, account_id, created_at, auth_time, sign_in_provider, last_used_at, claims)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            """,
            .blob(row.key), .integer(row.accountID), .integer(row.createdAt), .integer(row.authTime), .text(row.signInProvider),
            .integer(row.lastUsedAt), row.claims.storeValue)
    }

    public func refreshToken(key: [UInt8]) throws(StoreError) -> (row: RefreshTokenRow, account: Account)? {
        try rows(
            """
            SELECT \(StoreColumns.refreshToken), \(StoreColumns.accountOfA)
            FROM refresh_tokens r JOIN accounts a ON a.id = r.account_id WHERE r.token_hash = $1
            """, .blob(key)
        ).first.map { ($0.refreshToken(), $0.account(from: 7)) }
    }

    public func setRefreshTokenLastUsed(key: [UInt8], _ time: Int64) throws(StoreError) {
        try changes("UPDATE refresh_tokens SET last_used_at = $1 WHERE token_hash = $2", .integer(time), .blob(key))
    }

    public func deleteRefreshToken(key: [UInt8]) throws(StoreError) -> Bool {
        try changes("DELETE FROM refresh_tokens WHERE token_hash = $1", .blob(key)) > 0
    }

    public func deleteRefreshTokens(accountID: Int64) throws(StoreError) -> Int {
        try changes("DELETE FROM refresh_tokens WHERE account_id = $1", .integer(accountID))
    }

    public func deleteRefreshTokens(accountID: Int64, keyPrefix: [UInt8]) throws(StoreError) -> Int {
        guard !keyPrefix.isEmpty else { return 0 }
        return try changes(
            "DELETE FROM refresh_tokens WHERE account_id = $1 AND substring(token_hash FROM 1 FOR octet_length($2)) = $2",
            .integer(accountID), .blob(keyPrefix))
    }

    public func refreshTokens(accountID: Int64, since: Int64?) throws(StoreError) -> [RefreshTokenRow] {
        try rows(
            """
            SELECT \(StoreColumns.refreshToken) FROM refresh_tokens r
            WHERE r.account_id = $1 AND r.created_at >= $2 ORDER BY r.last_used_at DESC, r.created_at DESC, r.token_hash
            """, .integer(accountID), .integer(since ?? Int64.min)
        ).rows.map { $0.refreshToken() }
    }
}
