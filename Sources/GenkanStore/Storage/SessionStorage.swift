/// Browser sessions, stored under the SHA-256 of their token (`AccountStore.sessionKey`): a copy of
/// the database holds no usable token.
public protocol SessionStorage: AnyObject {
    func insertSession(_ session: SessionRow) throws(StoreError)

    /// The session stored under `key` with its account, whatever its age (the caller decides).
    func session(key: [UInt8]) throws(StoreError) -> (row: SessionRow, account: StoredAccount)?

    func setSessionLastSeen(key: [UInt8], _ time: Int64) throws(StoreError)

    /// - Returns: false when there is no such session.
    func setSessionAuthenticated(key: [UInt8], _ time: Int64) throws(StoreError) -> Bool

    func deleteSession(key: [UInt8]) throws(StoreError)

    /// Deletes the account's sessions, all of them or all but the one under `keeping`.
    ///
    /// - Returns: how many were deleted.
    @discardableResult func deleteSessions(accountID: Int64, keeping: [UInt8]?) throws(StoreError) -> Int

    /// Deletes the account's session whose key starts with `keyPrefix` (a handle of the list of
    /// devices names one by its first bytes).
    ///
    /// - Returns: how many were deleted (0 or 1 in practice).
    func deleteSessions(accountID: Int64, keyPrefix: [UInt8]) throws(StoreError) -> Int

    /// The account's sessions that are live by these limits (expiry after `now`, last seen after
    /// `idleBefore`, created at or after the account's `validSince`, account not disabled), the most
    /// recently seen first, then the most recently created, then by key.
    func liveSessions(accountID: Int64, now: Int64, idleBefore: Int64) throws(StoreError) -> [SessionRow]

    /// Deletes every session expired at `now`, last seen at or before `idleBefore`, or created
    /// before its account's `validSince`.
    ///
    /// - Returns: how many were deleted.
    func deleteExpiredSessions(now: Int64, idleBefore: Int64) throws(StoreError) -> Int

    /// How many sessions the account has, live or not (tests, operators).
    func sessionCount(accountID: Int64) throws(StoreError) -> Int
}

/// A session as stored.
public struct SessionRow: Sendable, Hashable {
    /// SHA-256 of the token.
    public let key: [UInt8]
    public let session: Session

    public init(key: [UInt8], session: Session) {
        self.key = key
        self.session = session
    }
}

/// Refresh tokens of the Firebase-compatible API, stored under the SHA-256 of the token like
/// sessions.
public protocol RefreshTokenStorage: AnyObject {
    /// - Throws: `StoreError.Code.constraint` for claims over `AccountStore.maximumClaimsLength`
    ///   bytes, or when there is no account `accountID`.
    func insertRefreshToken(_ token: RefreshTokenRow) throws(StoreError)

    /// The token stored under `key` with its account, whatever its age.
    func refreshToken(key: [UInt8]) throws(StoreError) -> (row: RefreshTokenRow, account: Account)?

    func setRefreshTokenLastUsed(key: [UInt8], _ time: Int64) throws(StoreError)

    /// - Returns: whether there was such a token.
    @discardableResult func deleteRefreshToken(key: [UInt8]) throws(StoreError) -> Bool

    /// - Returns: how many were deleted.
    @discardableResult func deleteRefreshTokens(accountID: Int64) throws(StoreError) -> Int

    /// Deletes the account's refresh token whose key starts with `keyPrefix` (a handle of the list
    /// of devices).
    ///
    /// - Returns: how many were deleted (0 or 1 in practice).
    func deleteRefreshTokens(accountID: Int64, keyPrefix: [UInt8]) throws(StoreError) -> Int

    /// The account's refresh tokens created at or after `since` (the account's `validSince`), the
    /// most recently used first.
    func refreshTokens(accountID: Int64, since: Int64?) throws(StoreError) -> [RefreshTokenRow]
}

/// A refresh token as stored.
public struct RefreshTokenRow: Sendable, Hashable {
    /// SHA-256 of the token.
    public let key: [UInt8]
    public let accountID: Int64
    public let createdAt: Int64
    /// When the holder proved the password (the ID tokens' `auth_time`).
    public let authTime: Int64
    public let signInProvider: String
    public let lastUsedAt: Int64
    /// The developer claims of the custom token this sign-in used (a JSON object), which every ID
    /// token refreshed from it carries; nil for other sign-ins.
    public let claims: String?

    public init(
        key: [UInt8], accountID: Int64, createdAt: Int64, authTime: Int64, signInProvider: String, lastUsedAt: Int64,
        claims: String? = nil
    ) {
        self.key = key
        self.accountID = accountID
        self.createdAt = createdAt
        self.authTime = authTime
        self.signInProvider = signInProvider
        self.lastUsedAt = lastUsedAt
        self.claims = claims
    }
}
