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
        /// The custom token's developer claims, for the ID tokens refreshed from it.
        public let claims: String?
    }

    /// What presenting a refresh token finds.
    public enum RefreshOutcome: Sendable, Hashable {
        case granted(RefreshGrant)
        /// The token was issued before its account's `valid_since` (revoked, or a password change
        /// since): Firebase's `TOKEN_EXPIRED`. The token is deleted.
        case revoked
        /// No such token (never issued, deleted with its account or by a sign-out).
        case unknown
    }

    /// The longest developer claims kept, in UTF-8 bytes (Firebase's limit for custom claims).
    public static let maximumClaimsLength = 1000

    /// Issues a refresh token for an account that has just proved who it is at `authTime`.
    ///
    /// - Parameter claims: a custom token's developer claims (a JSON object), for every ID token
    ///   refreshed from this one.
    /// - Returns: the token (its only copy).
    func createRefreshToken(
        accountID: Int64, authTime: Int64, signInProvider: String = "password", claims: String? = nil
    ) throws(StoreError) -> String {
        let token = Secret.token()
        let now = clock.now()
        try storage.insertRefreshToken(
            RefreshTokenRow(
                key: Self.sessionKey(token: token), accountID: accountID, createdAt: now, authTime: authTime,
                signInProvider: signInProvider, lastUsedAt: now, claims: claims))
        return token
    }

    /// The grant behind a refresh token, or nil when it is unknown or void (`refresh(token:)`).
    func refreshGrant(token: String) throws(StoreError) -> RefreshGrant? {
        if case .granted(let grant) = try refresh(token: token) { grant } else { nil }
    }

    /// What a refresh token stands for now: its grant (recording its use), `.revoked` for a token
    /// older than its account's `valid_since` (deleted now), or `.unknown`. The account may be
    /// disabled (the caller says so: a disabled account's tokens answer that, whatever their age).
    func refresh(token: String) throws(StoreError) -> RefreshOutcome {
        guard token.utf8.count == 43 else { return .unknown }
        let key = Self.sessionKey(token: token)
        guard let (row, account) = try storage.refreshToken(key: key) else { return .unknown }
        if !account.isDisabled, let validSince = account.validSince, row.createdAt < validSince {
            try storage.deleteRefreshToken(key: key)
            return .revoked
        }
        try storage.setRefreshTokenLastUsed(key: key, clock.now())
        return .granted(RefreshGrant(account: account, authTime: row.authTime, signInProvider: row.signInProvider, claims: row.claims))
    }

    /// How many refresh tokens an account has (tests).
    func refreshTokenCount(accountID: Int64) throws(StoreError) -> Int {
        try storage.refreshTokens(accountID: accountID, since: nil).count
    }
}
