/// Tokens just issued for a sign-in: the account, the sign-in's time, the refresh token (its
/// only copy) and the developer claims kept with it (a custom token's, or a blocking hook's session
/// claims), which its ID tokens carry.
public typealias StartedTokens = (account: Account, authTime: Int64, refreshToken: String, claims: String?)

extension Authenticator {
    /// Makes an anonymous account (no address, no password, no name) and its first tokens, in one
    /// transaction: an app's guest, who may link a sign-in method later and keep the account.
    public func signUpAnonymously() -> Result<StartedTokens, AuthFailure> {
        attempt { () throws(StoreError) in
            // Both hooks before anything is written: a refused guest leaves no account behind.
            let uid = AccountStore.newUID()
            let admitted: (creation: HookChanges, signIn: HookChanges)
            switch try admitNewAccount(newAccountSubject(uid: uid, email: nil, providers: [], method: "anonymous"), signsIn: true) {
            case .failure(let failure): return .failure(failure)
            case .success(let both): admitted = both
            }
            return try store.allOrNothing { () throws(StoreError) -> Result<StartedTokens, AuthFailure> in
                var account = try store.createAddresslessAccount(uid: uid, anonymous: true)
                try store.record(.accountCreated, uid: account.uid, details: EventDetails(method: "anonymous"))
                account = try apply(admitted.creation, to: account)
                return startTokens(
                    for: account, signInProvider: "anonymous", claims: nil, secondFactorProven: false, admitted: admitted.signIn)
            }
        }
    }

    /// Gives the requester's account an address and a password (an SDK's `linkWithCredential` with
    /// an e-mail credential): the same account and uid, a sign-in method more, and new tokens. The
    /// password is hashed before the transaction.
    ///
    /// An account with an address may only add a password for that address (an address changes
    /// through the link mailed to it); one with a password has it linked already. An account that
    /// is not anonymous needs a recent sign-in (`signedInAt`, the ID token's `auth_time`), as every
    /// change that adds a way in does; a guest has nothing to protect yet.
    ///
    /// - Parameters:
    ///   - email: the normalized address; another account's is `.emailAlreadyInUse`.
    ///   - password: already checked against the password policy.
    /// - Returns: the account and its new tokens, or `.providerAlreadyLinked`,
    ///   `.emailChangeNeedsVerification`, `.emailAlreadyInUse`, `.requiresRecentLogin`, and the
    ///   requester's failures.
    public func linkPassword(
        _ requester: Requester, email: String, password: String, signedInAt: Int64, locale: String = "en"
    ) -> Result<StartedTokens, AuthFailure> {
        attempt { () throws(StoreError) in
            let hash = try hasher.hash(password)
            return acting(as: requester) { (resolved) throws(StoreError) -> Result<StartedTokens, AuthFailure> in
                let account = resolved.account
                if try store.storage.storedAccount(id: account.id)?.hasPassword == true { return .failure(.providerAlreadyLinked) }
                if let failure = try checkLinking(email: email, to: account, signedInAt: signedInAt) { return .failure(failure) }
                if !account.hasEmail {
                    do throws(StoreError) {
                        try store.setEmail(accountID: account.id, to: email, verified: false)
                    } catch where error.code == .constraint {
                        return .failure(.emailAlreadyInUse)
                    }
                }
                try store.storage.setPasswordHash(accountID: account.id, hash)
                try store.storage.clearFailedSignIns(accountID: account.id)
                try store.keep(accountID: account.id)
                let updated = try reread(account)
                // A new way into an account that has an address: its owner hears of it (a guest
                // getting its first address and password is signing up, not being joined).
                if account.hasEmail { try mailPasswordNotice(to: updated, added: true, locale: locale) }
                // Firebase asks no blocking function when an e-mail and password are linked.
                return startTokens(
                    for: updated, signInProvider: "password", claims: nil, secondFactorProven: false, admitted: HookChanges())
            }
        }
    }

    /// Why `email` cannot become (or stay) the address of `account` as a sign-in method is linked,
    /// or nil: a recent sign-in unless the account is anonymous, no other account with the
    /// address, and no other address on the account.
    func checkLinking(email: String?, to account: Account, signedInAt: Int64) throws(StoreError) -> AuthFailure? {
        if !account.isAnonymous, store.clock.now() - signedInAt > Self.recentAuthentication { return .requiresRecentLogin }
        guard let email else { return nil }
        if let owner = try store.account(email: email)?.account, owner.id != account.id { return .emailAlreadyInUse }
        if account.hasEmail, AccountStore.emailKey(account.email) != AccountStore.emailKey(email) { return .emailChangeNeedsVerification }
        return nil
    }

    /// Deletes the anonymous accounts unused for `lifetime` seconds (`--anonymous-lifetime`).
    public func deleteUnusedAnonymousAccounts(unusedFor lifetime: Int64) -> Result<Int, AuthFailure> {
        attempt { () throws(StoreError) in .success(try store.deleteUnusedAnonymousAccounts(unusedFor: lifetime)) }
    }
}
