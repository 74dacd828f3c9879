/// The sessions of an account, as its owner manages them: list them, end one, end all but this one.
/// An app signed in through the Firebase-compatible API is a session too (its refresh token).
extension AccountStore {
    /// The account's live browser sessions (not expired, not idle too long, not older than
    /// `valid_since`, account not disabled), the most recently seen first, then its live refresh
    /// tokens, the most recently used first.
    ///
    /// - Parameter currentToken: the caller's own session token, which marks its entry
    ///   `isCurrent`; nil marks none.
    func sessions(accountID: Int64, currentToken: String? = nil) throws(StoreError) -> [SessionSummary] {
        let now = clock.now()
        let current = currentToken.map { Self.sessionKey(token: $0) }
        let browsers = try storage.liveSessions(accountID: accountID, now: now, idleBefore: now - sessionPolicy.idleTimeout).map { row in
            let session = row.session
            return SessionSummary(
                handle: SessionSummary.handle(key: row.key), createdAt: session.createdAt, authenticatedAt: session.authenticatedAt,
                lastSeenAt: session.lastSeenAt, expiresAt: session.expiresAt, userAgent: session.userAgent,
                isCurrent: row.key == current, kind: .browser)
        }
        guard let account = try storage.account(id: accountID), !account.isDisabled else { return browsers }
        let apps = try storage.refreshTokens(accountID: accountID, since: account.validSince).map { row in
            SessionSummary(
                handle: SessionSummary.handle(key: row.key), createdAt: row.createdAt, authenticatedAt: row.authTime,
                lastSeenAt: row.lastUsedAt, expiresAt: Int64.max, userAgent: nil, isCurrent: false,
                kind: .app(signInProvider: row.signInProvider))
        }
        return browsers + apps
    }

    /// Ends the account's session or app with this handle (from `sessions(accountID:)`); a handle
    /// of another account's session, or a malformed one, ends nothing.
    ///
    /// - Returns: whether something ended.
    @discardableResult
    func endSession(accountID: Int64, handle: String) throws(StoreError) -> Bool {
        guard let prefix = SessionSummary.keyPrefix(handle: handle) else { return false }
        return try transaction { () throws(StoreError) -> Bool in
            let sessions = try storage.deleteSessions(accountID: accountID, keyPrefix: prefix)
            let apps = try storage.deleteRefreshTokens(accountID: accountID, keyPrefix: prefix)
            guard sessions + apps > 0 else { return false }
            if let account = try storage.account(id: accountID) {
                try record(.sessionsEnded, uid: account.uid, details: EventDetails(session: SessionSummary.handle(key: prefix), count: sessions + apps))
            }
            return true
        }
    }

    /// Ends every session of the account but the one with this token, and every app signed in
    /// through the API ("sign out everywhere else"); nothing when the token names no live session.
    ///
    /// - Returns: how many sessions and apps ended.
    @discardableResult
    func endOtherSessions(sessionToken: String) throws(StoreError) -> Int {
        try transaction { () throws(StoreError) -> Int in
            guard let current = try unexpiredSession(token: sessionToken), !current.account.isDisabled else { return 0 }
            let id = current.account.id
            let sessions = try storage.deleteSessions(accountID: id, keeping: current.key)
            let apps = try storage.refreshTokens(accountID: id, since: current.account.validSince).count
            try storage.deleteRefreshTokens(accountID: id)
            if sessions + apps > 0 { try record(.sessionsEnded, uid: current.account.uid, details: EventDetails(count: sessions + apps)) }
            return sessions + apps
        }
    }
}
