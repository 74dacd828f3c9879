/// The sessions of an account, as its owner manages them: list them, end one, end all but this one.
extension AccountStore {
    /// The account's live sessions (not expired, not idle too long, not older than `valid_since`,
    /// account not disabled), the most recently seen first.
    ///
    /// - Parameter currentToken: the caller's own session token, which marks its entry
    ///   `isCurrent`; nil marks none.
    public func sessions(accountID: Int64, currentToken: String? = nil) throws(StoreError) -> [SessionSummary] {
        let now = clock.now()
        let current = currentToken.map { Self.sessionKey(token: $0) }
        let statement = try database.prepare(
            """
            SELECT s.token_hash, s.created_at, s.authenticated_at, s.last_seen_at, s.expires_at, s.user_agent
            FROM sessions s JOIN accounts a ON a.id = s.account_id
            WHERE s.account_id = ? AND a.disabled_at IS NULL AND s.expires_at > ? AND s.last_seen_at > ?
                AND (a.valid_since IS NULL OR s.created_at >= a.valid_since)
            ORDER BY s.last_seen_at DESC, s.created_at DESC, s.token_hash
            """)
        defer { statement.reset() }
        try statement.bind(.integer(accountID), .integer(now), .integer(now - sessionPolicy.idleTimeout))
        var summaries: [SessionSummary] = []
        while try statement.step() {
            let key = statement.blob(0)
            summaries.append(
                SessionSummary(
                    handle: SessionSummary.handle(key: key), createdAt: statement.integer(1),
                    authenticatedAt: statement.integer(2), lastSeenAt: statement.integer(3),
                    expiresAt: statement.integer(4), userAgent: statement.optionalText(5), isCurrent: key == current))
        }
        return summaries
    }

    /// Ends the account's session with this handle (from `sessions(accountID:)`); a handle of
    /// another account's session, or a malformed one, ends nothing.
    ///
    /// - Returns: whether a session ended.
    @discardableResult
    public func endSession(accountID: Int64, handle: String) throws(StoreError) -> Bool {
        guard let prefix = SessionSummary.keyPrefix(handle: handle) else { return false }
        try database.prepare("DELETE FROM sessions WHERE account_id = ? AND substr(token_hash, 1, ?) = ?")
            .bind(.integer(accountID), .integer(Int64(prefix.count)), .blob(prefix)).run()
        return database.changes > 0
    }

    /// Ends every session of the account but the one with this token ("sign out everywhere
    /// else"); nothing when the token names no live session.
    ///
    /// - Returns: how many sessions ended.
    @discardableResult
    public func endOtherSessions(sessionToken: String) throws(StoreError) -> Int {
        try database.transaction { () throws(StoreError) -> Int in
            guard let current = try unexpiredSession(token: sessionToken), !current.account.isDisabled else { return 0 }
            try database.prepare("DELETE FROM sessions WHERE account_id = ? AND token_hash <> ?")
                .bind(.integer(current.account.id), .blob(current.key)).run()
            return database.changes
        }
    }
}
