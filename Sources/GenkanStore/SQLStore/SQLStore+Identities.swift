import GenkanSQL

extension SQLStore {
    func insertIdentity(accountID: Int64, _ identity: ProviderIdentity) throws(StoreError) {
        try atomic { () throws(StoreError) in
            try changes(
                """
                INSERT INTO provider_identities (account_id, provider, issuer, subject, email, created_at, last_used_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                .integer(accountID), .text(identity.provider), .text(identity.issuer), .text(identity.subject),
                identity.email.storeValue, .integer(identity.linkedAt), identity.lastUsedAt.storeValue)
        }
    }

    func identities(accountID: Int64) throws(StoreError) -> [ProviderIdentity] {
        try allRows(Self.identitiesOfAccount, .integer(accountID)) { $0.identity() }
    }

    /// Made once: every `accounts:lookup` runs it.
    private static let identitiesOfAccount =
        "SELECT \(StoreColumns.identity) FROM provider_identities WHERE account_id = ? ORDER BY created_at, id"

    func account(issuer: String, subject: String) throws(StoreError) -> Account? {
        try firstRow(
            """
            SELECT \(StoreColumns.accountOfA)
            FROM provider_identities i JOIN accounts a ON a.id = i.account_id WHERE i.issuer = ? AND i.subject = ?
            """, .text(issuer), .text(subject)
        ) { $0.account() }
    }

    func setIdentityLastUsed(issuer: String, subject: String, _ time: Int64) throws(StoreError) {
        try changes(
            "UPDATE provider_identities SET last_used_at = ? WHERE issuer = ? AND subject = ?", .integer(time), .text(issuer), .text(subject))
    }

    func deleteIdentity(accountID: Int64, provider: String) throws(StoreError) -> Bool {
        try changes("DELETE FROM provider_identities WHERE account_id = ? AND provider = ?", .integer(accountID), .text(provider)) > 0
    }

    func deleteIdentities(accountID: Int64, linkedSince: Int64?) throws(StoreError) -> Int {
        try changes(
            "DELETE FROM provider_identities WHERE account_id = ? AND created_at >= ?", .integer(accountID), .integer(linkedSince ?? Int64.min))
    }

    // MARK: Authorization requests

    func insertAuthorization(stateKey: [UInt8], _ authorization: ProviderAuthorization, at time: Int64) throws(StoreError) {
        try changes(
            """
            INSERT INTO provider_authorizations
                (state_hash, provider, binding_hash, account_id, nonce, code_verifier, return_to, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            .blob(stateKey), .text(authorization.provider), .blob(authorization.bindingHash), authorization.accountID.storeValue,
            .text(authorization.nonce), .text(authorization.codeVerifier), authorization.returnTo.storeValue, .integer(time),
            .integer(authorization.expiresAt))
    }

    func deleteExpiredAuthorizations(now: Int64) throws(StoreError) {
        try changes("DELETE FROM provider_authorizations WHERE expires_at <= ?", .integer(now))
    }

    func recordAuthorizationResponse(
        stateKey: [UInt8], provider: String, code: String, user: String?, now: Int64
    ) throws(StoreError) -> Bool {
        try changes(
            """
            UPDATE provider_authorizations SET response_code = ?, response_user = ?
            WHERE state_hash = ? AND provider = ? AND expires_at > ? AND response_code IS NULL
            """, .text(code), user.storeValue, .blob(stateKey), .text(provider), .integer(now)) > 0
    }

    /// One statement deletes and returns the request: of two callers, the second deletes nothing.
    func takeAuthorization(stateKey: [UInt8]) throws(StoreError) -> ProviderAuthorization? {
        try allRows(
            "DELETE FROM provider_authorizations WHERE state_hash = ? RETURNING \(StoreColumns.authorization)", .blob(stateKey)
        ) { $0.authorization() }.first
    }
}
