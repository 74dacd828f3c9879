extension AccountStore {
    /// The key a session is stored under: SHA-256 of its token, so a copy of the database does
    /// not hold usable tokens.
    public static func sessionKey(token: String) -> [UInt8] {
        Secret.sha256(Array(token.utf8))
    }

    /// Starts a session for `accountID` that has just proved the password, and returns its token
    /// (256 random bits, base64url).
    public func createSession(accountID: Int64) throws(StoreError) -> (token: String, session: Session) {
        let token = Secret.token()
        let now = clock.now()
        let session = Session(
            accountID: accountID, createdAt: now, authenticatedAt: now, lastSeenAt: now,
            expiresAt: now + sessionPolicy.lifetime)
        try database.prepare(
            """
            INSERT INTO sessions (token_hash, account_id, created_at, authenticated_at, last_seen_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .blob(Self.sessionKey(token: token)), .integer(accountID), .integer(now), .integer(now), .integer(now),
            .integer(session.expiresAt)
        ).run()
        return (token, session)
    }

    /// The live session with this token and its account, updating its last-seen time; nil (and
    /// the session deleted) when it has expired, been idle too long, was created before the
    /// account's `valid_since` (a password reset), or its account is disabled.
    public func session(token: String) throws(StoreError) -> (session: Session, account: Account)? {
        guard token.utf8.count <= 256 else { return nil }
        let key = Self.sessionKey(token: token)
        let now = clock.now()
        let statement = try database.prepare(
            """
            SELECT s.account_id, s.created_at, s.authenticated_at, s.last_seen_at, s.expires_at,
                   a.id, a.email, a.display_name, a.name_key, a.created_at, a.verified_at, a.disabled_at, a.valid_since
            FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ?
            """)
        guard try statement.bind(.blob(key)).step() else { return nil }
        let session = Session(
            accountID: statement.integer(0), createdAt: statement.integer(1), authenticatedAt: statement.integer(2),
            lastSeenAt: statement.integer(3), expiresAt: statement.integer(4))
        let account = readAccount(statement, from: 5)
        statement.reset()
        let revoked = account.validSince.map { session.createdAt < $0 } ?? false
        if now >= session.expiresAt || now - session.lastSeenAt >= sessionPolicy.idleTimeout || account.isDisabled
            || revoked
        {
            try deleteSession(key: key)
            return nil
        }
        if now - session.lastSeenAt >= sessionPolicy.touchInterval {
            try database.prepare("UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?")
                .bind(.integer(now), .blob(key)).run()
            return (
                Session(
                    accountID: session.accountID, createdAt: session.createdAt, authenticatedAt: session.authenticatedAt,
                    lastSeenAt: now, expiresAt: session.expiresAt),
                account
            )
        }
        return (session, account)
    }

    /// Records that the holder of this session has just proved the password again (before a
    /// sensitive change); false when there is no such session.
    @discardableResult
    public func refreshAuthentication(token: String) throws(StoreError) -> Bool {
        guard token.utf8.count <= 256 else { return false }
        try database.prepare("UPDATE sessions SET authenticated_at = ? WHERE token_hash = ?")
            .bind(.integer(clock.now()), .blob(Self.sessionKey(token: token))).run()
        return database.changes > 0
    }

    /// Ends the session with this token (signing out); a missing session is not an error.
    public func deleteSession(token: String) throws(StoreError) {
        try deleteSession(key: Self.sessionKey(token: token))
    }

    private func deleteSession(key: [UInt8]) throws(StoreError) {
        try database.prepare("DELETE FROM sessions WHERE token_hash = ?").bind(.blob(key)).run()
    }

    func deleteSessions(accountID: Int64) throws(StoreError) {
        try database.prepare("DELETE FROM sessions WHERE account_id = ?").bind(.integer(accountID)).run()
    }

    /// Deletes every expired, idle or revoked session; returns how many.
    @discardableResult
    public func deleteExpiredSessions() throws(StoreError) -> Int {
        let now = clock.now()
        try database.prepare(
            """
            DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?
                OR created_at < (SELECT valid_since FROM accounts WHERE accounts.id = sessions.account_id)
            """
        ).bind(.integer(now), .integer(now - sessionPolicy.idleTimeout)).run()
        return database.changes
    }

    /// The number of sessions of an account (for tests and administration).
    public func sessionCount(accountID: Int64) throws(StoreError) -> Int {
        let statement = try database.prepare("SELECT count(*) FROM sessions WHERE account_id = ?")
        defer { statement.reset() }
        _ = try statement.bind(.integer(accountID)).step()
        return Int(statement.integer(0))
    }
}
