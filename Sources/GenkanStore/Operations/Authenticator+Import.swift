/// What an import did with one account.
public enum ImportOutcome: Sendable, Hashable {
    case imported
    /// An account with this uid exists: left as it is (a second run of the same import).
    case uidExists
    /// Another account has this address (case aside).
    case emailExists
    /// Another account has one of these identities.
    case identityExists
}

/// What an import's source gives next (`Authenticator.importAccounts(writing:from:outcomes:)`).
public enum ImportBatch: Sendable {
    /// The next accounts, in order.
    case accounts([ImportedAccount])
    /// The source has ended well: what was imported is committed.
    case end
    /// The source failed (a malformed file): nothing it gave is kept.
    case abandon
}

extension Authenticator {
    /// Imports accounts another system made (a Firebase export, `accounts:batchCreate`), in one
    /// transaction: each account whose uid, address and identities are all free is written with
    /// everything it brings, its password hash as it came (nothing is hashed here; the first right
    /// password replaces an imported hash with Argon2id); the others are left out, their outcome
    /// saying why. An account is never overwritten, and an address or identity never moves: the
    /// first account in the database, or earlier in `accounts`, keeps it.
    ///
    /// - Parameter writing: false for a dry run: the same look-ups and outcomes, in a read, with
    ///   nothing written.
    /// - Returns: one outcome per account, in order; `.internalError` (nothing written) when the
    ///   store fails.
    public func importAccounts(_ accounts: [ImportedAccount], writing: Bool = true) -> Result<[ImportOutcome], AuthFailure> {
        let store = self.store
        return attempt { () throws(StoreError) in
            let now = store.clock.now()
            let body = { () throws(StoreError) -> [ImportOutcome] in
                try store.storage.beginImport()
                return try Self.importBatch(accounts, into: store, now: now, writing: writing)
            }
            defer { try? store.storage.endImport() }
            return .success(writing ? try store.transaction(body) : try store.storage.reading(body))
        }
    }

    /// Imports the batches `next` gives, in order, all in one transaction, committed when `next`
    /// says `.end` and rolled back when it says `.abandon`: a file found malformed half-way, or a
    /// store that fails, leaves the database as it was, while the file is read (on another thread)
    /// as its first users are written. `outcomes` is told each batch's outcomes once it is written.
    ///
    /// A server writing to the same SQLite file waits for the whole import (about 4 s for 100,000
    /// users, `docs/architecture/performance.md`); PostgreSQL's other writers do not wait, except for
    /// an address or uid the import is writing (`ImportStorage.importTransaction`).
    ///
    /// - Returns: true when committed; false when abandoned (nothing written); `.internalError`
    ///   (nothing written) when the store fails.
    public func importAccounts(
        writing: Bool = true, from next: () -> ImportBatch, outcomes: ([ImportOutcome]) -> Void
    ) -> Result<Bool, AuthFailure> {
        let store = self.store
        return attempt { () throws(StoreError) in
            let now = store.clock.now()
            var started = false, abandoned = false
            let body = { () throws(StoreError) -> Bool in
                // The batches are gone once given: the transaction must not run twice (`bulk` is
                // not run again; this says so if that ever changes).
                guard !started else { throw StoreError(.database, "the import's transaction was interrupted; run the import again") }
                started = true
                try store.storage.beginImport()
                while true {
                    switch next() {
                    case .accounts(let accounts):
                        outcomes(try Self.importBatch(accounts, into: store, now: now, writing: writing))
                    case .end:
                        return true
                    case .abandon:
                        abandoned = true
                        throw StoreError(.database, "the import was abandoned")  // rolls the transaction back
                    }
                }
            }
            defer { try? store.storage.endImport() }
            do throws(StoreError) {
                return .success(writing ? try store.storage.importTransaction(body) : try store.storage.reading(body))
            } catch where abandoned {
                return .success(false)
            }
        }
    }

    /// One batch of an import, inside the caller's transaction (or read, for a dry run).
    private static func importBatch(
        _ accounts: [ImportedAccount], into store: AccountStore, now: Int64, writing: Bool
    ) throws(StoreError) -> [ImportOutcome] {
        let storage = store.storage
        let keys = accounts.map { $0.email.map(AccountStore.emailKey) }
        let identities = accounts.flatMap { account in account.identities.map { IdentityKey(issuer: $0.issuer, subject: $0.subject) } }
        var takenUIDs = try storage.existingUIDs(accounts.map(\.uid))
        var takenKeys = try storage.existingEmailKeys(keys.compactMap { $0 })
        var takenIdentities = identities.isEmpty ? [] : try storage.existingIdentities(identities)
        var outcomes: [ImportOutcome] = []
        var rows: [ImportedAccountRow] = []
        outcomes.reserveCapacity(accounts.count)
        for (account, key) in zip(accounts, keys) {
            let mine = account.identities.map { IdentityKey(issuer: $0.issuer, subject: $0.subject) }
            if takenUIDs.contains(account.uid) {
                outcomes.append(.uidExists)
            } else if let key, takenKeys.contains(key) {
                outcomes.append(.emailExists)
            } else if mine.contains(where: takenIdentities.contains) {
                outcomes.append(.identityExists)
            } else {
                takenUIDs.insert(account.uid)
                if let key { takenKeys.insert(key) }
                takenIdentities.formUnion(mine)
                rows.append(Self.row(account, emailKey: key, now: now))
                outcomes.append(.imported)
            }
        }
        if writing {
            _ = try storage.insertImportedAccounts(rows)
            try store.recordEach(.accountCreated, uids: rows.map(\.account.uid), actor: .system, details: EventDetails(method: "import"))
        }
        return outcomes
    }

    private static func row(_ account: ImportedAccount, emailKey: String?, now: Int64) -> ImportedAccountRow {
        let created = account.createdAt ?? now
        let verified = account.emailVerified && account.email != nil
        return ImportedAccountRow(
            account: AccountRow(
                uid: account.uid, email: account.email, emailKey: emailKey, displayName: account.displayName, nameKey: account.nameKey,
                passwordHash: account.storedPassword, createdAt: created, verifiedAt: verified ? now : nil,
                // Anonymous only with nothing to sign in with: an address, password or identity
                // would make it an account like any other.
                isAnonymous: account.anonymous && account.email == nil && account.password == nil && account.identities.isEmpty,
                customClaims: account.customClaims),
            photoURL: account.photoURL, lastLoginAt: account.lastSignInAt, disabledAt: account.disabled ? now : nil,
            // An address the other system verified: what it brings with it (its password, its
            // identities) counts as the owner's, so a reset or a first sign-in link keeps it.
            credentialsTrustedSince: verified ? now : nil,
            identities: account.identities.map {
                ProviderIdentity(provider: $0.provider, issuer: $0.issuer, subject: $0.subject, email: $0.email, linkedAt: created, lastUsedAt: nil)
            })
    }
}
