extension PostgresStore {
    public func insertIdentity(accountID: Int64, _ identity: ProviderIdentity) throws(StoreError) {
        _ = try atomicRows(
            """
            INSERT INTO provider_identities (account_id, provider, issuer, subject, email, created_at, last_used_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            """,
            .integer(accountID), .text(identity.provider), .text(identity.issuer), .text(identity.subject), identity.email.storeValue,
            .integer(identity.linkedAt), identity.lastUsedAt.storeValue)
    }

    public func identities(accountID: Int64) throws(StoreError) -> [ProviderIdentity] {
        try rows(
            """
            SELECT \(StoreColumns.identity) FROM provider_identities WHERE account_id = $1 ORDER BY created_at, id
            """, .integer(accountID)
        ).rows.map { $0.identity() }
    }

    public func account(issuer: String, subject: String) throws(StoreError) -> Account? {
        try rows(
            """
            SELECT \(StoreColumns.accountOfA)
            FROM provider_identities i JOIN accounts a ON a.id = i.account_id WHERE i.issuer = $1 AND i.subject = $2
            """, .text(issuer), .text(subject)
        ).first.map { $0.account() }
    }

    public func setIdentityLastUsed(issuer: String, subject: String, _ time: Int64) throws(StoreError) {
        try changes(
            "UPDATE provider_identities SET last_used_at = $1 WHERE issuer = $2 AND subject = $3", .integer(time), .text(issuer), .text(subject))
    }

    public func deleteIdentity(accountID: Int64, provider: String) throws(StoreError) -> Bool {
        try changes("DELETE FROM provider_identities WHERE account_id = $1 AND provider = $2", .integer(accountID), .text(provider)) > 0
    }

    public func deleteIdentities(accountID: Int64, linkedSince: Int64?) throws(StoreError) -> Int {
        try changes(
            "DELETE FROM provider_identities WHERE account_id = $1 AND created_at >= $2", .integer(accountID),
            .integer(linkedSince ?? Int64.min))
    }

    // MARK: Authorization requests

    public func insertAuthorization(stateKey: [UInt8], _ authorization: ProviderAuthorization, at time: Int64) throws(StoreError) {
        _ = try rows(
            """
            INSERT INTO provider_authorizations
                (state_hash, provider, binding_hash, account_id, nonce, code_verifier, return_to, created_at, expires_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            """,
            .blob(stateKey), .text(authorization.provider), .blob(authorization.bindingHash), authorization.accountID.storeValue,
            .text(authorization.nonce), .text(authorization.codeVerifier), authorization.returnTo.storeValue, .integer(time),
            .integer(authorization.expiresAt))
    }

    public func deleteExpiredAuthorizations(now: Int64) throws(StoreError) {
        try changes("DELETE FROM provider_authorizations WHERE expires_at <= $1", .integer(now))
    }

    public func recordAuthorizationResponse(
        stateKey: [UInt8], provider: String, code: String, user: String?, now: Int64
    ) throws(StoreError) -> Bool {
        try changes(
            """
            UPDATE provider_authorizations SET response_code = $1, response_user = $2
            WHERE state_hash = $3 AND provider = $4 AND expires_at > $5 AND response_code IS NULL
            """, .text(code), user.storeValue, .blob(stateKey), .text(provider), .integer(now)) > 0
    }

    /// One statement deletes and returns the request: of two callers, the second deletes nothing.
    public func takeAuthorization(stateKey: [UInt8]) throws(StoreError) -> ProviderAuthorization? {
        try rows(
            """
            DELETE FROM provider_authorizations WHERE state_hash = $1
            RETURNING provider, binding_hash, account_id, nonce, code_verifier, return_to, expires_at, response_code, response_user
            """, .blob(stateKey)
        ).first.map {
            ProviderAuthorization(
                provider: $0.text(0), bindingHash: $0.blob(1), accountID: $0.optionalInteger(2), nonce: $0.text(3),
                codeVerifier: $0.text(4), returnTo: $0.optionalText(5), expiresAt: $0.integer(6), responseCode: $0.optionalText(7),
                responseUser: $0.optionalText(8))
        }
    }
}
