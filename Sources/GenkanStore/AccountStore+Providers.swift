extension AccountStore {
    // MARK: Authorization requests

    /// How long a browser may take at the provider before its request is void.
    public static let authorizationLifetime: Int64 = 600

    static func stateKey(_ state: String) -> [UInt8] { Secret.sha256(Array(state.utf8)) }

    /// Stores an authorization request under its state's hash, and deletes those past their
    /// expiry (so the table holds ten minutes of requests at most).
    func saveAuthorization(state: String, _ authorization: ProviderAuthorization) throws(StoreError) {
        let now = clock.now()
        try storage.deleteExpiredAuthorizations(now: now)
        try storage.insertAuthorization(stateKey: Self.stateKey(state), authorization, at: now)
    }

    /// Records what a provider posted (`response_mode=form_post`) with the request of `state`, for
    /// the browser's GET that follows: only once, only for `provider`, only before the expiry.
    ///
    /// - Returns: false when no such request is waiting (unknown, expired, another provider's, or
    ///   answered already); nothing is written then.
    func recordAuthorizationResponse(state: String, provider: String, code: String, user: String?) throws(StoreError) -> Bool {
        guard state.utf8.count <= 512 else { return false }
        return try storage.recordAuthorizationResponse(
            stateKey: Self.stateKey(state), provider: provider, code: code, user: user, now: clock.now())
    }

    /// Takes the request of `state` out of the table (a state works once, whatever happens next)
    /// and returns it unless it has expired.
    func takeAuthorization(state: String) throws(StoreError) -> ProviderAuthorization? {
        guard state.utf8.count <= 512 else { return nil }
        guard let found = try storage.takeAuthorization(stateKey: Self.stateKey(state)) else { return nil }
        return clock.now() < found.expiresAt ? found : nil
    }

    // MARK: Identities

    /// The identities linked to an account, in the order they were linked, and whether it has a
    /// password.
    func providerIdentities(accountID: Int64) throws(StoreError) -> (identities: [ProviderIdentity], hasPassword: Bool) {
        let identities = try storage.identities(accountID: accountID)
        return (identities, try storage.storedAccount(id: accountID)?.hasPassword ?? false)
    }

    /// The account an identity is linked to.
    func account(issuer: String, subject: String) throws(StoreError) -> Account? {
        try storage.account(issuer: issuer, subject: subject)
    }

    /// Links an identity to an account.
    ///
    /// - Throws: `StoreError.Code.constraint` when the identity is linked already (to any
    ///   account) or the account has an identity of that issuer.
    func linkIdentity(_ profile: ProviderProfile, accountID: Int64) throws(StoreError) {
        let now = clock.now()
        try storage.insertIdentity(
            accountID: accountID,
            ProviderIdentity(
                provider: profile.provider, issuer: profile.issuer, subject: profile.subject, email: profile.email, linkedAt: now,
                lastUsedAt: now))
    }

    func touchIdentity(issuer: String, subject: String) throws(StoreError) {
        try storage.setIdentityLastUsed(issuer: issuer, subject: subject, clock.now())
    }

    /// Deletes the account's identity at `provider`; false when it has none.
    func unlinkIdentity(accountID: Int64, provider: String) throws(StoreError) -> Bool {
        try storage.deleteIdentity(accountID: accountID, provider: provider)
    }

    /// Deletes every identity of an account.
    func unlinkEveryIdentity(accountID: Int64) throws(StoreError) {
        try storage.deleteIdentities(accountID: accountID, linkedSince: nil)
    }

    /// A new account without a password, its address verified now when the provider says so.
    func createPasswordlessAccount(_ profile: ProviderProfile, email: String, uid: String? = nil) throws(StoreError) -> Account {
        try createAccount(
            NewAccount(email: email, displayName: profile.displayName, nameKey: profile.nameKey, passwordHash: nil),
            verified: profile.emailVerified, uid: uid)
    }
}
