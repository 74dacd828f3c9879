/// Accounts an import brings, a batch at a time: what is already taken, and the new rows, written
/// with as few statements as the database allows (an import of 100,000 users must not take 100,000
/// round trips). The operation (`Authenticator.importAccounts`) decides which accounts to write.
public protocol ImportStorage: AnyObject {
    /// Runs `body`, an import of many batches, in one write transaction that the database does not
    /// run again and that does not make the server's transactions lose serialization conflicts
    /// (`SQLTransaction.bulk`: PostgreSQL READ COMMITTED). A key another connection takes between
    /// the import's look-up and its insert fails the whole transaction (`StoreError.Code.constraint`).
    func importTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T

    /// Readies the current transaction for an import's look-ups and inserts (a database whose
    /// planner would otherwise keep plans made for smaller tables is told not to).
    func beginImport() throws(StoreError)

    /// Undoes what `beginImport` set beyond the transaction (a larger page cache), after the
    /// import's transaction ended, whichever way.
    func endImport() throws(StoreError)

    /// Which of `uids` an account has.
    func existingUIDs(_ uids: [String]) throws(StoreError) -> Set<String>

    /// Which of these address comparison keys an account has.
    func existingEmailKeys(_ keys: [String]) throws(StoreError) -> Set<String>

    /// Which of these identities (issuer and subject) an account has.
    func existingIdentities(_ identities: [IdentityKey]) throws(StoreError) -> Set<IdentityKey>

    /// Stores new accounts, each with its identities, and returns their ids in order. Ids are
    /// never reused. Inside the caller's transaction; the caller checked that no uid, address key
    /// or identity is taken.
    ///
    /// - Throws: `StoreError.Code.constraint` when one is taken after all (another connection took
    ///   it since): the caller's transaction then fails whole.
    func insertImportedAccounts(_ accounts: [ImportedAccountRow]) throws(StoreError) -> [Int64]
}

/// An identity's key: its provider's issuer and its subject there.
public struct IdentityKey: Sendable, Hashable {
    public let issuer: String
    public let subject: String

    public init(issuer: String, subject: String) {
        self.issuer = issuer
        self.subject = subject
    }
}

/// What an imported account's rows hold.
public struct ImportedAccountRow: Sendable, Hashable {
    public var account: AccountRow
    public var photoURL: String?
    public var lastLoginAt: Int64?
    public var disabledAt: Int64?
    /// `StoredAccount.credentialsTrustedSince`.
    public var credentialsTrustedSince: Int64?
    public var identities: [ProviderIdentity]

    public init(
        account: AccountRow, photoURL: String?, lastLoginAt: Int64?, disabledAt: Int64?, credentialsTrustedSince: Int64?,
        identities: [ProviderIdentity]
    ) {
        self.account = account
        self.photoURL = photoURL
        self.lastLoginAt = lastLoginAt
        self.disabledAt = disabledAt
        self.credentialsTrustedSince = credentialsTrustedSince
        self.identities = identities
    }
}
