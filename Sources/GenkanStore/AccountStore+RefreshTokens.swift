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
        try storage.insertRefreshToken(
            RefreshTokenRow(
                key: Self.sessionKey(token: token), accountID: accountID, createdAt: now, authTime: authTime,
                signInProvider: signInProvider, lastUsedAt: now))
        return token
    }

    /// The grant behind a refresh token, or nil when it is unknown or void; a token older than its
    /// account's `valid_since` is deleted. The account may be disabled (the caller says so: a
    /// disabled account's tokens answer that, whatever their age).
    public func refreshGrant(token: String) throws(StoreError) -> RefreshGrant? {
        guard token.utf8.count == 43 else { return nil }
        let key = Self.sessionKey(token: token)
        guard let (row, account) = try storage.refreshToken(key: key) else { return nil }
        if !account.isDisabled, let validSince = account.validSince, row.createdAt < validSince {
            try storage.deleteRefreshToken(key: key)
            return nil
        }
        try storage.setRefreshTokenLastUsed(key: key, clock.now())
        return RefreshGrant(account: account, authTime: row.authTime, signInProvider: row.signInProvider)
    }

    /// How many refresh tokens an account has (tests).
    public func refreshTokenCount(accountID: Int64) throws(StoreError) -> Int {
        try storage.refreshTokens(accountID: accountID, since: nil).count
    }
}
