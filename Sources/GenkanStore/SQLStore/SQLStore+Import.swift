import GenkanSQL

/// An import's rows, many to a statement: a look-up of 100 keys at once, an insert of 100 accounts
/// at once, so that a batch of 1,000 users takes a few dozen statements rather than thousands of
/// round trips. Each statement has a fixed number of parameters (short lists are padded by repeating
/// their first key, and the last insert of a batch is its own size), so the prepared statements
/// stay few.
extension SQLStore {
    /// Keys a look-up takes at once.
    static let importChunk = 100

    func importTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.transaction(.bulk, body)
    }

    func beginImport() throws(StoreError) {
        if let setup = dialect.importSetup { try connection.run(setup, []) { _ in true } }
    }

    func endImport() throws(StoreError) {
        if let teardown = dialect.importTeardown { try connection.run(teardown, []) { _ in true } }
    }

    func existingUIDs(_ uids: [String]) throws(StoreError) -> Set<String> {
        try existing(uids, column: "uid")
    }

    func existingEmailKeys(_ keys: [String]) throws(StoreError) -> Set<String> {
        try existing(keys, column: "email_key")
    }

    func existingIdentities(_ identities: [IdentityKey]) throws(StoreError) -> Set<IdentityKey> {
        var found = Set<IdentityKey>()
        var start = 0
        while start < identities.count {
            let chunk = Array(identities[start..<min(start + Self.importChunk, identities.count)])
            start += chunk.count
            let padded = chunk + Array(repeating: chunk[0], count: Self.importChunk - chunk.count)
            let pairs = Array(repeating: "(issuer = ? AND subject = ?)", count: padded.count).joined(separator: " OR ")
            try connection.run(
                "SELECT issuer, subject FROM provider_identities WHERE \(pairs)", padded.flatMap { [StoreValue.text($0.issuer), .text($0.subject)] }
            ) { row in
                found.insert(IdentityKey(issuer: row.text(0), subject: row.text(1)))
                return true
            }
        }
        return found
    }

    private func existing(_ keys: [String], column: String) throws(StoreError) -> Set<String> {
        var found = Set<String>()
        var start = 0
        while start < keys.count {
            let chunk = Array(keys[start..<min(start + Self.importChunk, keys.count)])
            start += chunk.count
            let padded = chunk + Array(repeating: chunk[0], count: Self.importChunk - chunk.count)
            try connection.run(
                "SELECT \(column) FROM accounts WHERE \(column) IN (\(Self.placeholders(padded.count)))", padded.map { .text($0) }
            ) { row in
                found.insert(row.text(0))
                return true
            }
        }
        return found
    }

    func insertImportedAccounts(_ accounts: [ImportedAccountRow]) throws(StoreError) -> [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(accounts.count)
        var start = 0
        while start < accounts.count {
            let chunk = accounts[start..<min(start + Self.importChunk, accounts.count)]
            start += chunk.count
            var byUID: [String: Int64] = [:]
            try connection.run(
                """
                INSERT INTO accounts (
                    uid, email, email_key, display_name, name_key, password_hash, created_at, verified_at, disabled_at,
                    photo_url, last_login_at, custom_claims, credentials_trusted_since, is_anonymous)
                VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: chunk.count).joined(separator: ", "))
                RETURNING id, uid
                """,
                chunk.flatMap { row -> [StoreValue] in
                    let account = row.account
                    return [
                        .text(account.uid), account.email.storeValue, account.emailKey.storeValue, .text(account.displayName),
                        .text(account.nameKey), account.passwordHash.storeValue, .integer(account.createdAt),
                        account.verifiedAt.storeValue, row.disabledAt.storeValue, row.photoURL.storeValue, row.lastLoginAt.storeValue,
                        account.customClaims.storeValue, row.credentialsTrustedSince.storeValue, .integer(account.isAnonymous ? 1 : 0),
                    ]
                }
            ) { row in
                // RETURNING's order is not promised: the uid says which account got which id.
                byUID[row.text(1)] = row.integer(0)
                return true
            }
            var identities: [StoreValue] = []
            var identityCount = 0
            for row in chunk {
                guard let id = byUID[row.account.uid] else {
                    throw StoreError(.database, "\(connection.location) returned no id for an imported account")
                }
                ids.append(id)
                for identity in row.identities {
                    identities += [
                        .integer(id), .text(identity.provider), .text(identity.issuer), .text(identity.subject), identity.email.storeValue,
                        .integer(identity.linkedAt), identity.lastUsedAt.storeValue,
                    ]
                    identityCount += 1
                }
            }
            if identityCount > 0 {
                try connection.run(
                    """
                    INSERT INTO provider_identities (account_id, provider, issuer, subject, email, created_at, last_used_at)
                    VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: identityCount).joined(separator: ", "))
                    """, identities
                ) { _ in true }
            }
        }
        return ids
    }

    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
