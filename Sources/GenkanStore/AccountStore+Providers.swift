extension AccountStore {
    // MARK: Authorization requests

    /// How long a browser may take at the provider before its request is void.
    public static let authorizationLifetime: Int64 = 600

    static func stateKey(_ state: String) -> [UInt8] { Secret.sha256(Array(state.utf8)) }

    /// Stores an authorization request under its state's hash, and deletes those past their
    /// expiry (so the table holds ten minutes of requests at most).
    public func saveAuthorization(state: String, _ authorization: ProviderAuthorization) throws(StoreError) {
        let now = clock.now()
        try database.prepare("DELETE FROM provider_authorizations WHERE expires_at <= ?").bind(.integer(now)).run()
        try database.prepare(
            """
            INSERT INTO provider_authorizations
                (state_hash, provider, binding_hash, account_id, nonce, code_verifier, return_to, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .blob(Self.stateKey(state)), .text(authorization.provider), .blob(authorization.bindingHash),
            authorization.accountID.map { .integer($0) } ?? .null, .text(authorization.nonce), .text(authorization.codeVerifier),
            authorization.returnTo.map { .text($0) } ?? .null, .integer(now), .integer(authorization.expiresAt)
        ).run()
    }

    /// Records what a provider posted (`response_mode=form_post`) with the request of `state`, for
    /// the browser's GET that follows: only once, only for `provider`, only before the expiry.
    ///
    /// - Returns: false when no such request is waiting (unknown, expired, another provider's, or
    ///   answered already); nothing is written then.
    public func recordAuthorizationResponse(state: String, provider: String, code: String, user: String?) throws(StoreError) -> Bool {
        guard state.utf8.count <= 512 else { return false }
        try database.prepare(
            """
            UPDATE provider_authorizations SET response_code = ?, response_user = ?
            WHERE state_hash = ? AND provider = ? AND expires_at > ? AND response_code IS NULL
            """
        ).bind(.text(code), user.map { .text($0) } ?? .null, .blob(Self.stateKey(state)), .text(provider), .integer(clock.now()))
            .run()
        return database.changes > 0
    }

    /// Takes the request of `state` out of the table (a state works once, whatever happens next)
    /// and returns it unless it has expired.
    public func takeAuthorization(state: String) throws(StoreError) -> ProviderAuthorization? {
        guard state.utf8.count <= 512 else { return nil }
        return try database.transaction { () throws(StoreError) -> ProviderAuthorization? in
            let key = Self.stateKey(state)
            let select = try database.prepare(
                """
                SELECT provider, binding_hash, account_id, nonce, code_verifier, return_to, expires_at, response_code, response_user
                FROM provider_authorizations WHERE state_hash = ?
                """)
            guard try select.bind(.blob(key)).step() else {
                select.reset()
                return nil
            }
            let found = ProviderAuthorization(
                provider: select.text(0), bindingHash: select.blob(1), accountID: select.optionalInteger(2), nonce: select.text(3),
                codeVerifier: select.text(4), returnTo: select.optionalText(5), expiresAt: select.integer(6),
                responseCode: select.optionalText(7), responseUser: select.optionalText(8))
            select.reset()
            try database.prepare("DELETE FROM provider_authorizations WHERE state_hash = ?").bind(.blob(key)).run()
            return clock.now() < found.expiresAt ? found : nil
        }
    }

    // MARK: Identities

    static let identityColumns = "provider, issuer, subject, email, created_at, last_used_at"

    func readIdentity(_ row: SQLiteStatement, from first: Int32 = 0) -> ProviderIdentity {
        ProviderIdentity(
            provider: row.text(first), issuer: row.text(first + 1), subject: row.text(first + 2), email: row.optionalText(first + 3),
            linkedAt: row.integer(first + 4), lastUsedAt: row.optionalInteger(first + 5))
    }

    /// The identities linked to an account, in the order they were linked, and whether it has a
    /// password.
    public func providerIdentities(accountID: Int64) throws(StoreError) -> (identities: [ProviderIdentity], hasPassword: Bool) {
        let statement = try database.prepare(
            "SELECT \(Self.identityColumns) FROM provider_identities WHERE account_id = ? ORDER BY created_at, id")
        defer { statement.reset() }
        _ = try statement.bind(.integer(accountID))
        var identities: [ProviderIdentity] = []
        while try statement.step() { identities.append(readIdentity(statement)) }
        statement.reset()
        let hasPassword =
            try database.prepare("SELECT password_hash IS NOT NULL FROM accounts WHERE id = ?").bind(.integer(accountID)).stepInteger()
            == 1
        return (identities, hasPassword)
    }

    /// The account an identity is linked to.
    public func account(issuer: String, subject: String) throws(StoreError) -> Account? {
        let statement = try database.prepare(
            """
            SELECT a.id, a.email, a.display_name, a.name_key, a.created_at, a.verified_at, a.disabled_at, a.valid_since
            FROM provider_identities i JOIN accounts a ON a.id = i.account_id WHERE i.issuer = ? AND i.subject = ?
            """)
        defer { statement.reset() }
        guard try statement.bind(.text(issuer), .text(subject)).step() else { return nil }
        return readAccount(statement)
    }

    /// Links an identity to an account.
    ///
    /// - Throws: `StoreError.Code.constraint` when the identity is linked already (to any
    ///   account) or the account has an identity of that issuer.
    func linkIdentity(_ profile: ProviderProfile, accountID: Int64) throws(StoreError) {
        let now = clock.now()
        try database.prepare(
            """
            INSERT INTO provider_identities (account_id, provider, issuer, subject, email, created_at, last_used_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """
        ).bind(
            .integer(accountID), .text(profile.provider), .text(profile.issuer), .text(profile.subject),
            profile.email.map { .text($0) } ?? .null, .integer(now), .integer(now)
        ).run()
    }

    func touchIdentity(issuer: String, subject: String) throws(StoreError) {
        try database.prepare("UPDATE provider_identities SET last_used_at = ? WHERE issuer = ? AND subject = ?")
            .bind(.integer(clock.now()), .text(issuer), .text(subject)).run()
    }

    /// Deletes the account's identity at `provider`; false when it has none.
    func unlinkIdentity(accountID: Int64, provider: String) throws(StoreError) -> Bool {
        try database.prepare("DELETE FROM provider_identities WHERE account_id = ? AND provider = ?")
            .bind(.integer(accountID), .text(provider)).run()
        return database.changes > 0
    }

    /// Deletes every identity of an account.
    func unlinkEveryIdentity(accountID: Int64) throws(StoreError) {
        try database.prepare("DELETE FROM provider_identities WHERE account_id = ?").bind(.integer(accountID)).run()
    }

    /// A new account without a password, its address verified now when `verified`.
    func createPasswordlessAccount(_ profile: ProviderProfile, email: String) throws(StoreError) -> Account {
        let now = clock.now()
        try database.prepare(
            """
            INSERT INTO accounts (email, email_key, display_name, name_key, password_hash, created_at, verified_at)
            VALUES (?, ?, ?, ?, NULL, ?, ?)
            """
        ).bind(
            .text(email), .text(Self.emailKey(email)), .text(profile.displayName), .text(profile.nameKey), .integer(now),
            profile.emailVerified ? .integer(now) : .null
        ).run()
        return Account(
            id: database.lastInsertedRowID, email: email, displayName: profile.displayName, nameKey: profile.nameKey,
            createdAt: now, verifiedAt: profile.emailVerified ? now : nil, disabledAt: nil, validSince: nil)
    }
}

extension SQLiteStatement {
    /// The first column of the first row as an integer, nil without a row; resets the statement.
    fileprivate func stepInteger() throws(StoreError) -> Int64? {
        defer { reset() }
        return try step() ? integer(0) : nil
    }
}
