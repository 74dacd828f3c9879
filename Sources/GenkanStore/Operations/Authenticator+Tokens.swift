/// Credentials of the Firebase-compatible API: a refresh token and a sign-in time, issued after the
/// same password check as the pages'.
extension Authenticator {
    /// Checks an e-mail address and password as `signIn` does, and on success records the sign-in
    /// and issues a refresh token, in one transaction.
    ///
    /// - Returns: the account, the time of this sign-in and the refresh token.
    public func signInForToken(
        email: String, password: String
    ) -> Result<StartedTokens, AuthFailure> {
        signIn(email: email, password: password).flatMap { startTokens(for: $0) }
    }

    /// Records a sign-in now and issues a refresh token for it (after sign-up or sign-in), once
    /// the `beforeSignIn` hook allowed it (asked before the transaction; its session claims are
    /// kept with the refresh token, so every ID token of this sign-in carries them).
    ///
    /// Committed without waiting for the disk (`AccountStore.withoutWaitingForDisk`): a power loss
    /// right after can lose this refresh token and the sign-in time, never anything else, and the
    /// client then signs in again. Waiting would keep a hashing thread idle for the length of an
    /// `fsync` at every sign-in. (A hook's changes to the account wait for the disk.)
    ///
    /// - Parameter claims: a custom token's developer claims, kept with the refresh token.
    ///   An account with a second factor gets no tokens unless `secondFactorProven` (its second
    ///   step succeeded, the requester already holds tokens, or the sign-in is a custom token's:
    ///   the app's server vouched for it): `.secondFactorRequired`.
    public func startTokens(
        for account: Account, signInProvider: String = "password", claims: String? = nil,
        secondFactorProven: Bool = false
    ) -> Result<StartedTokens, AuthFailure> {
        startTokens(for: account, signInProvider: signInProvider, claims: claims, secondFactorProven: secondFactorProven, admitted: nil)
    }

    /// New tokens for a requester that holds the account's tokens already (a second factor
    /// enrolled or removed, an e-mail link's address added): the same sign-in going on, not a new
    /// one, so no blocking hook is asked (Firebase asks none there either).
    public func continueTokens(for account: Account, signInProvider: String) -> Result<StartedTokens, AuthFailure> {
        startTokens(for: account, signInProvider: signInProvider, claims: nil, secondFactorProven: true, admitted: HookChanges())
    }

    /// `startTokens`, with the `beforeSignIn` hook's answer when the caller asked it already (or,
    /// for a door Firebase does not ask — a custom token, an e-mail and password linked to a
    /// signed-in account —, an empty one); nil asks it now.
    func startTokens(
        for account: Account, signInProvider: String, claims: String?, secondFactorProven: Bool, admitted: HookChanges?
    ) -> Result<StartedTokens, AuthFailure> {
        attempt { () throws(StoreError) in
            if !secondFactorProven, try store.hasSecondFactor(accountID: account.id) { return .failure(.secondFactorRequired) }
            let changes: HookChanges
            switch try admit(.beforeSignIn, already: admitted, refusedUID: account.uid, method: signInProvider, { () throws(StoreError) in
                try hookSubject(.beforeSignIn, account, method: signInProvider)
            }) {
            case .failure(let failure): return .failure(failure)
            case .success(let allowed): changes = allowed
            }
            let kept = changes.sessionClaims ?? claims
            let issue = { [self] () throws(StoreError) -> Result<StartedTokens, AuthFailure> in
                let current = try apply(changes, to: account)
                if current.isDisabled { return .failure(.userDisabled) }
                let now = store.clock.now()
                try store.recordLogin(accountID: account.id)
                let token = try store.createRefreshToken(
                    accountID: account.id, authTime: now, signInProvider: signInProvider, claims: kept)
                try store.record(.signInSucceeded, uid: account.uid, details: EventDetails(method: signInProvider))
                return .success((current, now, token, kept))
            }
            return changes.changesAccount ? try store.transaction(issue) : try store.withoutWaitingForDisk(issue)
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
