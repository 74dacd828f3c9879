/// Every account of a database as an export carries it, read a page at a time over a connection
/// of its own, and what the stored password hashes are made with: `genkan users export` and
/// `genkan db check`. It only reads (outside GenkanStore a database is written through the
/// accounts core alone), so it can hand out what no door ever sees: the stored hashes, which an
/// export must carry for its users to sign in elsewhere with their passwords.
public final class AccountArchive {
    private let storage: any Storage

    /// Opens the database at `location` as it is, creating and migrating nothing.
    ///
    /// - Throws: `StoreError.Code.database` when it cannot be opened or its schema is not this
    ///   Genkan's (run `genkan db migrate` for an older one), `.schemaTooNew` for a newer one.
    public init(location: StoreLocation) throws(StoreError) {
        let storage = try location.openExisting()
        let version = try storage.schemaVersion()
        guard version <= Schema.currentVersion else {
            throw StoreError(.schemaTooNew, "\(location) has schema version \(version), newer than this Genkan's \(Schema.currentVersion)")
        }
        guard version == Schema.currentVersion else {
            throw StoreError(.database, "\(location) has schema version \(version), not this Genkan's \(Schema.currentVersion): run genkan db migrate")
        }
        self.storage = storage
    }

    /// Up to `limit` accounts whose id is above `afterID`, in id order, each with its identities
    /// and its stored password hash; empty after the last. Each page is one read transaction.
    public func accounts(afterID: Int64, limit: Int = 1000) throws(StoreError) -> [ArchivedAccount] {
        try storage.reading { () throws(StoreError) in
            var page: [ArchivedAccount] = []
            for stored in try storage.accounts(afterID: afterID, limit: limit) {
                page.append(ArchivedAccount(stored: stored, identities: try storage.identities(accountID: stored.account.id)))
            }
            return page
        }
    }

    /// How the stored password hashes are made, counted over every account.
    public func passwordHashCensus() throws(StoreError) -> PasswordHashCensus {
        var census = PasswordHashCensus()
        var after: Int64 = 0
        while true {
            let page = try storage.reading { () throws(StoreError) in try storage.accounts(afterID: after, limit: 5000) }
            guard let last = page.last else { return census }
            after = last.account.id
            for stored in page { census.count(stored.passwordHash) }
        }
    }
}

/// One account as `AccountArchive` reads it.
public struct ArchivedAccount: Sendable, Hashable {
    public let account: Account
    /// The stored text: an Argon2id PHC string, an imported hash's stored form
    /// (`ImportedPasswordHash.stored`), or nil for an account without a password.
    public let passwordHash: String?
    public let photoURL: String?
    public let lastLoginAt: Int64?
    public let identities: [ProviderIdentity]

    init(stored: StoredAccount, identities: [ProviderIdentity]) {
        account = stored.account
        passwordHash = stored.hasPassword ? stored.passwordHash : nil
        photoURL = stored.photoURL
        lastLoginAt = stored.lastLoginAt
        self.identities = identities
    }
}

/// The accounts counted by how their password hash is made.
public struct PasswordHashCensus: Sendable, Hashable {
    public var accounts = 0
    /// Accounts whose password signs in with Argon2id.
    public var argon2id = 0
    /// Accounts without a password (they sign in with a provider, a link, or after a reset).
    public var withoutPassword = 0
    /// Accounts still on an imported hash, by Firebase's name of its algorithm.
    public var imported: [String: Tally] = [:]
    /// Hashes of no kind Genkan reads: no password signs in to them.
    public var unreadable = 0

    /// Accounts on one algorithm, and how many of their hashes are weak (`ImportedHashScheme.isWeak`:
    /// a stolen copy is guessed at nearly a plain digest's rate).
    public struct Tally: Sendable, Hashable {
        public var accounts = 0
        public var weak = 0
    }

    public init() {}

    /// Accounts whose imported hash is weak.
    public var weak: Int { imported.values.reduce(0) { $0 + $1.weak } }

    mutating func count(_ hash: String?) {
        accounts += 1
        guard let hash, !hash.isEmpty else {
            withoutPassword += 1
            return
        }
        if hash.hasPrefix("$argon2id$") {
            argon2id += 1
        } else if let imported = ImportedPasswordHash(stored: hash) {
            self.imported[imported.scheme.algorithm.rawValue, default: Tally()].accounts += 1
            if imported.isWeak { self.imported[imported.scheme.algorithm.rawValue, default: Tally()].weak += 1 }
        } else {
            unreadable += 1
        }
    }
}
