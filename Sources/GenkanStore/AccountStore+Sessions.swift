extension AccountStore {
    /// The key a session is stored under: SHA-256 of its token, so a copy of the database does
    /// not hold usable tokens.
    public static func sessionKey(token: String) -> [UInt8] {
        Secret.sha256(Array(token.utf8))
    }

    /// The longest `User-Agent` a session keeps, in UTF-8 bytes; longer ones are cut.
    public static let maximumUserAgentLength = 512

    /// Starts a session for `accountID` that has just proved the password, and returns its token
    /// (256 random bits, base64url).
    ///
    /// - Parameter userAgent: the browser's `User-Agent`, shown in the list of the account's
    ///   sessions; cut to `maximumUserAgentLength` bytes at a character boundary, nil when empty.
    public func createSession(
        accountID: Int64, userAgent: String? = nil
    ) throws(StoreError) -> (token: String, session: Session) {
        let token = Secret.token()
        let now = clock.now()
        let session = Session(
            accountID: accountID, createdAt: now, authenticatedAt: now, lastSeenAt: now,
            expiresAt: now + sessionPolicy.lifetime, userAgent: Self.storedUserAgent(userAgent))
        try database.prepare(
            """
            INSERT INTO sessions (token_hash, account_id, created_at, authenticated_at, last_seen_at, expires_at, user_agent)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .blob(Self.sessionKey(token: token)), .integer(accountID), .integer(now), .integer(now), .integer(now),
            .integer(session.expiresAt), session.userAgent.map { .text($0) } ?? .null
        ).run()
        return (token, session)
    }

    /// `userAgent` without surrounding white space, cut to `maximumUserAgentLength` UTF-8 bytes
    /// without splitting a character; nil when nothing is left.
    static func storedUserAgent(_ userAgent: String?) -> String? {
        guard let userAgent, let last = userAgent.lastIndex(where: { !$0.isWhitespace }) else { return nil }
        let trimmed = userAgent[...last].drop(while: \.isWhitespace)
        if trimmed.utf8.count <= maximumUserAgentLength { return String(trimmed) }
        var kept = ""
        var length = 0
        for character in trimmed {
            length += character.utf8.count
            if length > maximumUserAgentLength { break }
            kept.append(character)
        }
        return kept.isEmpty ? nil : kept
    }

    /// The live session with this token and its account, updating its last-seen time; nil (and
    /// the session deleted) when it has expired, been idle too long, was created before the
    /// account's `valid_since` (a password reset or change), or its account is disabled. A session
    /// of a deleted account is gone with its account.
    public func session(token: String) throws(StoreError) -> (session: Session, account: Account)? {
        guard let found = try unexpiredSession(token: token) else { return nil }
        if found.account.isDisabled {
            try deleteSession(key: found.key)
            return nil
        }
        let session = found.session
        let now = clock.now()
        if now - session.lastSeenAt >= sessionPolicy.touchInterval {
            try database.prepare("UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?")
                .bind(.integer(now), .blob(found.key)).run()
            return (
                Session(
                    accountID: session.accountID, createdAt: session.createdAt, authenticatedAt: session.authenticatedAt,
                    lastSeenAt: now, expiresAt: session.expiresAt, userAgent: session.userAgent),
                found.account
            )
        }
        return (session, found.account)
    }

    /// A session as stored, with its account and the account's password hash.
    struct StoredSession {
        let key: [UInt8]
        let session: Session
        let account: Account
        let passwordHash: String
    }

    /// The session with this token unless it has expired, been idle too long or was created before
    /// the account's `valid_since` (such a session is deleted); its account may be disabled. Its
    /// last-seen time is not updated (a re-authentication that fails must change nothing).
    func unexpiredSession(token: String) throws(StoreError) -> StoredSession? {
        guard token.utf8.count <= 256 else { return nil }
        let key = Self.sessionKey(token: token)
        let now = clock.now()
        let statement = try database.prepare(
            """
            SELECT s.account_id, s.created_at, s.authenticated_at, s.last_seen_at, s.expires_at, s.user_agent,
                   a.id, a.email, a.display_name, a.name_key, a.created_at, a.verified_at, a.disabled_at, a.valid_since,
                   a.password_hash
            FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ?
            """)
        guard try statement.bind(.blob(key)).step() else { return nil }
        let found = StoredSession(
            key: key,
            session: Session(
                accountID: statement.integer(0), createdAt: statement.integer(1), authenticatedAt: statement.integer(2),
                lastSeenAt: statement.integer(3), expiresAt: statement.integer(4), userAgent: statement.optionalText(5)),
            account: readAccount(statement, from: 6), passwordHash: statement.text(14))
        statement.reset()
        let session = found.session
        let revoked = found.account.validSince.map { session.createdAt < $0 } ?? false
        if now >= session.expiresAt || now - session.lastSeenAt >= sessionPolicy.idleTimeout || revoked {
            try deleteSession(key: key)
            return nil
        }
        return found
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

    func deleteSession(key: [UInt8]) throws(StoreError) {
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
