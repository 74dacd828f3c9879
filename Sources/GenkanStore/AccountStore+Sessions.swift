extension AccountStore {
    /// The key a session is stored under: SHA-256 of its token, so a copy of the database does
    /// not hold usable tokens.
    public static func sessionKey(token: String) -> [UInt8] {
        Secret.sha256(Array(token.utf8))
    }

    /// The session's handle (`SessionSummary.handle`), which names it in events and pages without
    /// letting anyone resume it.
    public static func sessionHandle(token: String) -> String {
        SessionSummary.handle(key: sessionKey(token: token))
    }

    /// The longest `User-Agent` a session keeps, in UTF-8 bytes; longer ones are cut.
    public static let maximumUserAgentLength = 512

    /// Starts a session for `accountID` that has just proved the password, and returns its token
    /// (256 random bits, base64url).
    ///
    /// - Parameter userAgent: the browser's `User-Agent`, shown in the list of the account's
    ///   sessions; cut to `maximumUserAgentLength` bytes at a character boundary, nil when empty.
    func createSession(
        accountID: Int64, userAgent: String? = nil
    ) throws(StoreError) -> (token: String, session: Session) {
        let token = Secret.token()
        let now = clock.now()
        let session = Session(
            accountID: accountID, createdAt: now, authenticatedAt: now, lastSeenAt: now,
            expiresAt: now + sessionPolicy.lifetime, userAgent: Self.storedUserAgent(userAgent))
        try storage.insertSession(SessionRow(key: Self.sessionKey(token: token), session: session))
        return (token, session)
    }

    /// `userAgent` without surrounding white space, cut to `maximumUserAgentLength` UTF-8 bytes
    /// without splitting a character; nil when nothing is left.
    static func storedUserAgent(_ userAgent: String?) -> String? {
        userAgent?.trimmed(cutTo: maximumUserAgentLength) { $0.utf8.count }
    }

    /// The live session with this token and its account, updating its last-seen time; nil (and
    /// the session deleted) when it has expired, been idle too long, was created before the
    /// account's `valid_since` (a password reset or change), or its account is disabled. A session
    /// of a deleted account is gone with its account.
    func session(token: String) throws(StoreError) -> (session: Session, account: Account)? {
        guard let found = try unexpiredSession(token: token) else { return nil }
        if found.account.isDisabled {
            try deleteSession(key: found.key)
            return nil
        }
        let session = found.session
        let now = clock.now()
        if now - session.lastSeenAt >= sessionPolicy.touchInterval {
            try storage.setSessionLastSeen(key: found.key, now)
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
        guard let (row, stored) = try storage.session(key: key) else { return nil }
        let found = StoredSession(key: key, session: row.session, account: stored.account, passwordHash: stored.passwordHash ?? "")
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
    func refreshAuthentication(token: String) throws(StoreError) -> Bool {
        guard token.utf8.count <= 256 else { return false }
        return try storage.setSessionAuthenticated(key: Self.sessionKey(token: token), clock.now())
    }

    /// Ends the session with this token (signing out); a missing session is not an error.
    func deleteSession(token: String) throws(StoreError) {
        try deleteSession(key: Self.sessionKey(token: token))
    }

    func deleteSession(key: [UInt8]) throws(StoreError) {
        try storage.deleteSession(key: key)
    }

    /// Deletes every expired, idle or revoked session; returns how many.
    @discardableResult
    func deleteExpiredSessions() throws(StoreError) -> Int {
        let now = clock.now()
        return try storage.deleteExpiredSessions(now: now, idleBefore: now - sessionPolicy.idleTimeout)
    }

    /// The number of sessions of an account (for tests and administration).
    func sessionCount(accountID: Int64) throws(StoreError) -> Int {
        try storage.sessionCount(accountID: accountID)
    }
}
