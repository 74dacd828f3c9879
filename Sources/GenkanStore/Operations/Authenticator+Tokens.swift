/// Credentials of the Firebase-compatible API: a refresh token and a sign-in time, issued after the
/// same password check as the pages'.
extension Authenticator {
    /// Checks an e-mail address and password as `signIn` does, and on success records the sign-in
    /// and issues a refresh token, in one transaction.
    ///
    /// - Returns: the account, the time of this sign-in and the refresh token.
    public func signInForToken(
        email: String, password: String
    ) -> Result<(account: Account, authTime: Int64, refreshToken: String), AuthFailure> {
        signIn(email: email, password: password).flatMap { startTokens(for: $0) }
    }

    /// Records a sign-in now and issues a refresh token for it (after sign-up or sign-in).
    ///
    /// Committed without waiting for the disk (`AccountStore.withoutWaitingForDisk`): a power loss
    /// right after can lose this refresh token and the sign-in time, never anything else, and the
    /// client then signs in again. Waiting would keep a hashing thread idle for the length of an
    /// `fsync` at every sign-in.
    ///
    /// - Parameter claims: a custom token's developer claims, kept with the refresh token.
    ///   An account with a second factor gets no tokens unless `secondFactorProven` (its second
    ///   step succeeded, the requester already holds tokens, or the sign-in is a custom token's:
    ///   the app's server vouched for it): `.secondFactorRequired`.
    public func startTokens(
        for account: Account, signInProvider: String = "password", claims: String? = nil,
        secondFactorProven: Bool = false
    ) -> Result<(account: Account, authTime: Int64, refreshToken: String), AuthFailure> {
        do {
            if !secondFactorProven, try store.hasSecondFactor(accountID: account.id) { return .failure(.secondFactorRequired) }
            return try store.withoutWaitingForDisk { () throws(StoreError) in
                let now = store.clock.now()
                try store.recordLogin(accountID: account.id)
                let token = try store.createRefreshToken(
                    accountID: account.id, authTime: now, signInProvider: signInProvider, claims: claims)
                try store.record(.signInSucceeded, uid: account.uid, details: EventDetails(method: signInProvider))
                return .success((account, now, token))
            }
        } catch {
            return .failure(.internalError(error))
        }
    }
}

extension Authenticator {
    /// Secure Token's exchange: what a refresh token stands for now, its use recorded; a token
    /// older than its account's `valid_since` is deleted and answers `.revoked`
    /// (`AccountStore.refresh(token:)`).
    public func refresh(refreshToken: String) throws(StoreError) -> AccountStore.RefreshOutcome {
        try store.refresh(token: refreshToken)
    }
}
