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
        return try storage.liveSessions(accountID: accountID, now: now, idleBefore: now - sessionPolicy.idleTimeout).map { row in
            let session = row.session
            return SessionSummary(
                handle: SessionSummary.handle(key: row.key), createdAt: session.createdAt, authenticatedAt: session.authenticatedAt,
                lastSeenAt: session.lastSeenAt, expiresAt: session.expiresAt, userAgent: session.userAgent,
                isCurrent: row.key == current)
        }
    }

    /// Ends the account's session with this handle (from `sessions(accountID:)`); a handle of
    /// another account's session, or a malformed one, ends nothing.
    ///
    /// - Returns: whether a session ended.
    @discardableResult
    public func endSession(accountID: Int64, handle: String) throws(StoreError) -> Bool {
        guard let prefix = SessionSummary.keyPrefix(handle: handle) else { return false }
        return try storage.deleteSessions(accountID: accountID, keyPrefix: prefix) > 0
    }

    /// Ends every session of the account but the one with this token ("sign out everywhere
    /// else"); nothing when the token names no live session.
    ///
    /// - Returns: how many sessions ended.
    @discardableResult
    public func endOtherSessions(sessionToken: String) throws(StoreError) -> Int {
        try transaction { () throws(StoreError) -> Int in
            guard let current = try unexpiredSession(token: sessionToken), !current.account.isDisabled else { return 0 }
            return try storage.deleteSessions(accountID: current.account.id, keeping: current.key)
        }
    }
}
