/// Accounts: one row per account, found by id, by its API id (`uid`, unique) or by the comparison
/// key of its address (`AccountStore.emailKey`), which is unique among accounts that have one.
public protocol AccountStorage: AnyObject {
    /// Stores a new account and returns its id. Ids are never reused, not even after a deletion.
    ///
    /// - Throws: `StoreError.Code.constraint` when another account has the same `emailKey` or
    ///   `uid`, when `uid` is empty or longer than 128 characters (code points), or when the
    ///   custom claims are longer than `AccountStore.maximumClaimsLength` bytes; nothing is written
    ///   then.
    func insertAccount(_ account: AccountRow) throws(StoreError) -> Int64

    /// The account with this id.
    func account(id: Int64) throws(StoreError) -> Account?

    /// The account with this id and what only the store's own operations read (its password hash).
    func storedAccount(id: Int64) throws(StoreError) -> StoredAccount?

    /// The account whose address has this comparison key, and its password hash.
    func storedAccount(emailKey: String) throws(StoreError) -> StoredAccount?

    /// The account with this API id (compared exactly, code point for code point).
    func storedAccount(uid: String) throws(StoreError) -> StoredAccount?

    /// Up to `limit` accounts whose id is above `afterID`, in id order.
    func accounts(afterID: Int64, limit: Int) throws(StoreError) -> [StoredAccount]

    /// Each setter changes one column of the account with `id` and returns false when there is no
    /// such account.
    @discardableResult func setPasswordHash(accountID: Int64, _ hash: String?) throws(StoreError) -> Bool
    @discardableResult func setValidSince(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool
    /// - Throws: `StoreError.Code.constraint` when another account has `emailKey`; nothing changes.
    @discardableResult func setEmail(accountID: Int64, _ email: String, emailKey: String) throws(StoreError) -> Bool
    @discardableResult func setName(accountID: Int64, _ displayName: String, nameKey: String) throws(StoreError) -> Bool
    @discardableResult func setVerifiedAt(accountID: Int64, _ time: Int64?) throws(StoreError) -> Bool
    @discardableResult func setCredentialsTrustedSince(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool
    @discardableResult func setDisabledAt(accountID: Int64, _ time: Int64?) throws(StoreError) -> Bool
    /// - Throws: `StoreError.Code.constraint` for a URL over `AccountStore.maximumPhotoURLLength` bytes.
    @discardableResult func setPhotoURL(accountID: Int64, _ url: String?) throws(StoreError) -> Bool
    @discardableResult func setLastLogin(accountID: Int64, _ time: Int64) throws(StoreError) -> Bool
    /// - Throws: `StoreError.Code.constraint` for claims over `AccountStore.maximumClaimsLength` bytes.
    @discardableResult func setCustomClaims(accountID: Int64, _ claims: String?) throws(StoreError) -> Bool
    @discardableResult func setAnonymous(accountID: Int64, _ anonymous: Bool) throws(StoreError) -> Bool
    /// Since when the account is an administrator; nil takes the role away.
    @discardableResult func setAdminSince(accountID: Int64, _ time: Int64?) throws(StoreError) -> Bool

    /// The administrators, oldest grant first.
    func administrators() throws(StoreError) -> [Account]

    /// The accounts the console's search finds, newest (highest id) first. A prefix is compared
    /// character by character (`substr`), whatever the database's collation: a scan, which an
    /// administrator's occasional search can afford.
    func searchAccounts(_ search: AccountSearch) throws(StoreError) -> [StoredAccount]

    /// How many accounts there are: all, disabled, with an unverified address, administrators.
    func accountCounts() throws(StoreError) -> AccountCounts

    /// Up to `limit` ids of anonymous accounts, in id order, that nothing used at or after
    /// `cutoff`: created before it, no sign-in (`lastLoginAt`) at or after it, and no refresh token
    /// of theirs used (`lastUsedAt`) at or after it.
    func unusedAnonymousAccounts(before cutoff: Int64, limit: Int) throws(StoreError) -> [Int64]

    /// Deletes the account row. Rows that name the account (sessions, tokens, codes, mail,
    /// identities) are deleted by `AccountStore.deleteAccount(id:)` first; whatever still names it
    /// goes with it.
    ///
    /// - Returns: whether there was such an account.
    func deleteAccount(id: Int64) throws(StoreError) -> Bool
}

/// What a new account row holds.
public struct AccountRow: Sendable, Hashable {
    /// The API id: 1 to 128 characters, unique.
    public var uid: String
    /// Nil (with `emailKey`) for an account without an address.
    public var email: String?
    public var emailKey: String?
    public var displayName: String
    public var nameKey: String
    /// Nil for an account that signs in only through a provider (until a reset sets one).
    public var passwordHash: String?
    public var createdAt: Int64
    public var verifiedAt: Int64?
    public var isAnonymous: Bool
    public var customClaims: String?

    public init(
        uid: String, email: String?, emailKey: String?, displayName: String, nameKey: String, passwordHash: String?,
        createdAt: Int64, verifiedAt: Int64? = nil, isAnonymous: Bool = false, customClaims: String? = nil
    ) {
        self.uid = uid
        self.email = email
        self.emailKey = emailKey
        self.displayName = displayName
        self.nameKey = nameKey
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.verifiedAt = verifiedAt
        self.isAnonymous = isAnonymous
        self.customClaims = customClaims
    }
}

/// An account as the store's operations read it: with its password hash (which never leaves
/// GenkanStore's operations), what the Firebase-compatible API reports, and its key.
public struct StoredAccount: Sendable, Hashable {
    public let account: Account
    /// Nil (or not a PHC string) when no password can sign in.
    public let passwordHash: String?
    public let photoURL: String?
    public let lastLoginAt: Int64?
    /// Nil for an account that lost its key to an older one when keys were introduced: no look-up
    /// by address reaches it.
    public let emailKey: String?
    /// Since when every way to sign in that the account has was put there by the owner of its
    /// address: the last moment that owner took the account in hand through a link mailed to it (a
    /// password reset, the first sign-in link, an undo of an address change), or its creation by a
    /// link. Nil when that never happened: then nothing on the account is known to be the owner's.
    /// `AccountStore.ownerTookOver` sets it.
    public let credentialsTrustedSince: Int64?

    public init(
        account: Account, passwordHash: String?, photoURL: String?, lastLoginAt: Int64?, emailKey: String?,
        credentialsTrustedSince: Int64? = nil
    ) {
        self.account = account
        self.passwordHash = passwordHash
        self.photoURL = photoURL
        self.lastLoginAt = lastLoginAt
        self.emailKey = emailKey
        self.credentialsTrustedSince = credentialsTrustedSince
    }

    /// Whether a password can sign in to the account.
    public var hasPassword: Bool { passwordHash.map { $0.hasPrefix("$") } ?? false }

    /// What the API reports, without the identities (`AccountStore.profile(id:)` adds them).
    public var profile: AccountProfile {
        AccountProfile(account: account, photoURL: photoURL, lastLoginAt: lastLoginAt, hasPassword: hasPassword)
    }
}
