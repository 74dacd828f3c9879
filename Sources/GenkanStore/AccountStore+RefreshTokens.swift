/// Refresh tokens of the Firebase-compatible API: opaque 256-bit random values, stored as their
/// SHA-256 like sessions, that die with the account's `valid_since` (a password reset or change,
/// an address recovery), its deletion, or when it is disabled.
extension AccountStore {
    /// What a live refresh token stands for.
    public struct RefreshGrant: Sendable, Hashable {
        public let account: Account
        /// When the holder proved the password (the ID tokens' `auth_time`).
        public let authTime: Int64
        public let signInProvider: String
    }

    /// Issues a refresh token for an account that has just proved its password at `authTime`.
    ///
    /// - Returns: the token (its only copy).
    public func createRefreshToken(accountID: Int64, authTime: Int64, signInProvider: String = "password") throws(StoreError) -> String {
        let token = Secret.token()
        let now = clock.now()
        try database.prepare(
            """
            INSERT INTO refresh_tokens (token_hash, account_id, created_at, auth_time, sign_in_provider, last_used_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .blob(Self.sessionKey(token: token)), .integer(accountID), .integer(now), .integer(authTime),
            .text(signInProvider), .integer(now)
        ).run()
        return token
    }

    /// The grant behind a refresh token, or nil when it is unknown or void; a token older than its
    /// account's `valid_since` is deleted. The account may be disabled (the caller says so).
    public func refreshGrant(token: String) throws(StoreError) -> RefreshGrant? {
        guard token.utf8.count == 43 else { return nil }
        let key = Self.sessionKey(token: token)
        let statement = try database.prepare(
            """
            SELECT r.created_at, r.auth_time, r.sign_in_provider,
                   a.id, a.email, a.display_name, a.name_key, a.created_at, a.verified_at, a.disabled_at, a.valid_since
            FROM refresh_tokens r JOIN accounts a ON a.id = r.account_id WHERE r.token_hash = ?
            """)
        guard try statement.bind(.blob(key)).step() else {
            statement.reset()
            return nil
        }
        let createdAt = statement.integer(0)
        let grant = RefreshGrant(account: readAccount(statement, from: 3), authTime: statement.integer(1), signInProvider: statement.text(2))
        statement.reset()
        if let validSince = grant.account.validSince, createdAt < validSince {
            try database.prepare("DELETE FROM refresh_tokens WHERE token_hash = ?").bind(.blob(key)).run()
            return nil
        }
        try database.prepare("UPDATE refresh_tokens SET last_used_at = ? WHERE token_hash = ?")
            .bind(.integer(clock.now()), .blob(key)).run()
        return grant
    }

    /// Deletes every refresh token of an account (its deletion; `valid_since` voids them anyway).
    func deleteRefreshTokens(accountID: Int64) throws(StoreError) {
        try database.prepare("DELETE FROM refresh_tokens WHERE account_id = ?").bind(.integer(accountID)).run()
    }

    /// How many refresh tokens an account has (tests).
    public func refreshTokenCount(accountID: Int64) throws(StoreError) -> Int {
        let statement = try database.prepare("SELECT count(*) FROM refresh_tokens WHERE account_id = ?")
        defer { statement.reset() }
        _ = try statement.bind(.integer(accountID)).step()
        return Int(statement.integer(0))
    }
}
