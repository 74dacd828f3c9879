/// One-time codes (stored under the SHA-256 of the token) and password-reset requests waiting to
/// be turned into codes.
public protocol CodeStorage: AnyObject {
    /// Stores a code; returns its row id, which orders codes by issue.
    ///
    /// - Throws: `StoreError.Code.constraint` when there is no account `accountID`.
    @discardableResult func insertCode(_ code: CodeRow) throws(StoreError) -> Int64

    /// The code stored under `key` with its account.
    func code(key: [UInt8]) throws(StoreError) -> (row: CodeRow, account: Account)?

    /// Marks the code used at `time` unless it already was.
    ///
    /// - Returns: false when it was used already (or is gone): exactly one caller gets true.
    func consumeCode(key: [UInt8], at time: Int64) throws(StoreError) -> Bool

    /// Deletes the account's unused codes of `purpose`, or only those issued after the code with
    /// row id `issuedAfter`.
    func deleteUnusedCodes(accountID: Int64, purpose: ActionCodePurpose, issuedAfter: Int64?) throws(StoreError)

    /// Deletes every code of the account, used or not.
    func deleteCodes(accountID: Int64) throws(StoreError)

    /// Deletes codes whose expiry is at or before `now`, sign-in codes among them; returns how many.
    func deleteExpiredCodes(now: Int64) throws(StoreError) -> Int

    /// Records a request for a mail to an address (a reset link, a sign-in link); returns its id
    /// (which orders requests).
    func insertResetRequest(email: String, emailKey: String, locale: String, kind: ResetRequest.Kind, at time: Int64)
        throws(StoreError) -> Int64

    /// Up to `limit` requests, oldest first.
    func resetRequests(limit: Int) throws(StoreError) -> [ResetRequest]

    /// - Returns: false when it was deleted already (by another server or thread that took it).
    func deleteResetRequest(id: Int64) throws(StoreError) -> Bool

    /// Deletes the requests for this comparison key; returns how many.
    @discardableResult func deleteResetRequests(emailKey: String) throws(StoreError) -> Int

    // MARK: Sign-in codes

    /// Stores a code that signs in to (or makes) the account of an address; returns its row id.
    /// Unlike the other codes it names an address, not an account: a new address gets its account
    /// when the code is used.
    @discardableResult func insertSignInCode(_ code: SignInCodeRow) throws(StoreError) -> Int64

    /// The sign-in code stored under `key`.
    func signInCode(key: [UInt8]) throws(StoreError) -> SignInCodeRow?

    /// Marks the sign-in code used at `time` unless it already was.
    ///
    /// - Returns: false when it was used already (or is gone): exactly one caller gets true.
    func consumeSignInCode(key: [UInt8], at time: Int64) throws(StoreError) -> Bool

    /// Deletes the sign-in codes for this comparison key, the used ones too when `unusedOnly` is
    /// false; returns how many.
    @discardableResult func deleteSignInCodes(emailKey: String, unusedOnly: Bool) throws(StoreError) -> Int
}

/// A sign-in code as stored.
public struct SignInCodeRow: Sendable, Hashable {
    /// The order of issue (0 before it is stored).
    public let id: Int64
    /// SHA-256 of the token.
    public let key: [UInt8]
    /// The normalized address it was sent to, and its comparison key.
    public let email: String
    public let emailKey: String
    public let createdAt: Int64
    public let expiresAt: Int64
    public let consumedAt: Int64?

    public init(
        id: Int64 = 0, key: [UInt8], email: String, emailKey: String, createdAt: Int64, expiresAt: Int64, consumedAt: Int64? = nil
    ) {
        self.id = id
        self.key = key
        self.email = email
        self.emailKey = emailKey
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.consumedAt = consumedAt
    }
}

/// A one-time code as stored.
public struct CodeRow: Sendable, Hashable {
    /// The order of issue (0 before it is stored).
    public let id: Int64
    /// SHA-256 of the token.
    public let key: [UInt8]
    public let accountID: Int64
    /// Nil for a purpose this version does not know (a newer Genkan wrote it).
    public let purpose: ActionCodePurpose?
    public let email: String
    public let createdAt: Int64
    public let expiresAt: Int64
    public let consumedAt: Int64?

    public init(
        id: Int64 = 0, key: [UInt8], accountID: Int64, purpose: ActionCodePurpose?, email: String, createdAt: Int64,
        expiresAt: Int64, consumedAt: Int64? = nil
    ) {
        self.id = id
        self.key = key
        self.accountID = accountID
        self.purpose = purpose
        self.email = email
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.consumedAt = consumedAt
    }
}
