extension SQLiteStore {
    public func insertIdentity(accountID: Int64, _ identity: ProviderIdentity) throws(StoreError) {
        try database.prepare(
            """
            INSERT INTO provider_identities (account_id, provider, issuer, subject, email, created_at, last_used_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .integer(accountID), .text(identity.provider), .text(identity.issuer), .text(identity.subject),
            identity.email.storeValue, .integer(identity.linkedAt), identity.lastUsedAt.storeValue
        ).run()
    }

    public func identities(accountID: Int64) throws(StoreError) -> [ProviderIdentity] {
        try database.allRows(Self.identitiesOfAccount, .integer(accountID)) { $0.identity() }
    }

    /// Made once: every `accounts:lookup` runs it.
    private static let identitiesOfAccount =
        "SELECT \(StoreColumns.identity) FROM provider_identities WHERE account_id = ? ORDER BY created_at, id"

    public func account(issuer: String, subject: String) throws(StoreError) -> Account? {
        try database.firstRow(
            """
            SELECT \(StoreColumns.accountOfA)
            FROM provider_identities i JOIN accounts a ON a.id = i.account_id WHERE i.issuer = ? AND i.subject = ?
            """, .text(issuer), .text(subject)
        ) { $0.account() }
    }

    public func setIdentityLastUsed(issuer: String, subject: String, _ time: Int64) throws(StoreError) {
        try database.prepare("UPDATE provider_identities SET last_used_at = ? WHERE issuer = ? AND subject = ?")
            .bind(.integer(time), .text(issuer), .text(subject)).run()
    }

    public func deleteIdentity(accountID: Int64, provider: String) throws(StoreError) -> Bool {
        try database.prepare("DELETE FROM provider_identities WHERE account_id = ? AND provider = ?")
            .bind(.integer(accountID), .text(provider)).runCountingChanges() > 0
    }

    public func deleteIdentities(accountID: Int64, linkedSince: Int64?) throws(StoreError) -> Int {
        try database.prepare("DELETE FROM provider_identities WHERE account_id = ? AND created_at >= ?")
            .bind(.integer(accountID), .integer(linkedSince ?? Int64.min)).runCountingChanges()
    }

    // MARK: Authorization requests

    public func insertAuthorization(stateKey: [UInt8], _ authorization: ProviderAuthorization, at time: Int64) throws(StoreError) {
        try database.prepare(
            """
            INSERT INTO provider_authorizations
                (state_hash, provider, binding_hash, account_id, nonce, code_verifier, return_to, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .blob(stateKey), .text(authorization.provider), .blob(authorization.bindingHash),
            authorization.accountID.storeValue, .text(authorization.nonce), .text(authorization.codeVerifier),
            authorization.returnTo.storeValue, .integer(time), .integer(authorization.expiresAt)
        ).run()
    }

    public func deleteExpiredAuthorizations(now: Int64) throws(StoreError) {
        try database.prepare("DELETE FROM provider_authorizations WHERE expires_at <= ?").bind(.integer(now)).run()
    }

    public func recordAuthorizationResponse(
        stateKey: [UInt8], provider: String, code: String, user: String?, now: Int64
    ) throws(StoreError) -> Bool {
        try database.prepare(
            """
            UPDATE provider_authorizations SET response_code = ?, response_user = ?
            WHERE state_hash = ? AND provider = ? AND expires_at > ? AND response_code IS NULL
            """
        ).bind(.text(code), user.storeValue, .blob(stateKey), .text(provider), .integer(now)).runCountingChanges() > 0
    }

    public func takeAuthorization(stateKey: [UInt8]) throws(StoreError) -> ProviderAuthorization? {
        try database.transaction { () throws(StoreError) -> ProviderAuthorization? in
            let select = try database.prepare(
                """
                SELECT provider, binding_hash, account_id, nonce, code_verifier, return_to, expires_at, response_code, response_user
                FROM provider_authorizations WHERE state_hash = ?
                """)
            guard try select.bind(.blob(stateKey)).step() else {
                select.reset()
                return nil
            }
            let found = ProviderAuthorization(
                provider: select.text(0), bindingHash: select.blob(1), accountID: select.optionalInteger(2), nonce: select.text(3),
                codeVerifier: select.text(4), returnTo: select.optionalText(5), expiresAt: select.integer(6),
                responseCode: select.optionalText(7), responseUser: select.optionalText(8))
            select.reset()
            guard try database.prepare("DELETE FROM provider_authorizations WHERE state_hash = ?").bind(.blob(stateKey))
                .runCountingChanges() == 1
            else { return nil }
            return found
        }
    }
}
