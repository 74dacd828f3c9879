/// How a sign-in whose first factor was right goes on.
public enum SignInStart: Sendable {
    /// Signed in: the account has no second factor, or the first factor counted as two.
    case signedIn(StartedSession)
    /// The account has a second factor: the browser holds `token` (a cookie bound to its
    /// pre-session) until it types a code; no session exists yet.
    case secondStep(token: String, account: Account)
}

extension Authenticator {
    /// Every browser sign-in after its first factor: straight to a session for an account without
    /// a second factor (and for a passkey with user verification, `countsAsTwoFactors`, which
    /// is two already), otherwise a pending second step bound to `binding`. A remembered device
    /// does not skip it.
    public func startSignIn(
        for account: Account, firstFactor: String, countsAsTwoFactors: Bool = false, replacing previous: String?, binding: String,
        userAgent: String?, returnTo: String?
    ) -> Result<SignInStart, AuthFailure> {
        startSignIn(
            for: account, firstFactor: firstFactor, countsAsTwoFactors: countsAsTwoFactors, replacing: previous, binding: binding,
            userAgent: userAgent, returnTo: returnTo, admitted: nil)
    }

    /// `startSignIn`, with the `beforeSignIn` hook's answer when the caller asked it already.
    func startSignIn(
        for account: Account, firstFactor: String, countsAsTwoFactors: Bool = false, replacing previous: String?, binding: String,
        userAgent: String?, returnTo: String?, admitted: HookChanges?
    ) -> Result<SignInStart, AuthFailure> {
        do {
            if !countsAsTwoFactors, try store.hasSecondFactor(accountID: account.id) {
                let token = try store.transaction { () throws(StoreError) in
                    try beginSecondStep(for: account, firstFactor: firstFactor, binding: binding, returnTo: returnTo)
                }
                return .success(.secondStep(token: token, account: account))
            }
        } catch {
            return .failure(.internalError(error))
        }
        // No factor, or a first factor that counts as two: decided above.
        return startSession(
            for: account, replacing: previous, userAgent: userAgent, method: firstFactor, secondFactorProven: true, admitted: admitted
        ).map { .signedIn($0) }
    }
}

/// How an API sign-in whose first factor was right goes on.
public enum TokenSignInStart: Sendable {
    /// Tokens: the account has no second factor.
    /// `claims`: the developer claims kept with the refresh token, which its ID tokens carry.
    case tokens(account: Account, authTime: Int64, refreshToken: String, claims: String?)
    /// The client must finish the second step with `token` (the API's `mfaPendingCredential`)
    /// and a code of `factor`; nothing is issued yet.
    case secondStep(token: String, account: Account, factor: SecondFactor)
}

extension Authenticator {
    /// Every API sign-in after its first factor (`signInProvider`, as its tokens record it):
    /// tokens for an account without a second factor, otherwise a pending second step that no
    /// browser holds (its token is the only thing that names it).
    public func startTokenSignIn(
        for account: Account, signInProvider: String
    ) -> Result<TokenSignInStart, AuthFailure> {
        do {
            if let factor = try store.storage.secondFactor(accountID: account.id) {
                let token = try store.transaction { () throws(StoreError) in
                    try beginSecondStep(for: account, firstFactor: signInProvider, binding: nil, returnTo: nil)
                }
                return .success(.secondStep(token: token, account: account, factor: factor))
            }
        } catch {
            return .failure(.internalError(error))
        }
        return startTokens(for: account, signInProvider: signInProvider, secondFactorProven: true).map {
            .tokens(account: $0.account, authTime: $0.authTime, refreshToken: $0.refreshToken, claims: $0.claims)
        }
    }
}

extension Authenticator {
    /// A provider's sign-in on the site, as `signIn(with:…)` makes it (the account found or made
    /// in the same transaction), going on as every browser sign-in does (`startSignIn`): a session,
    /// or the second step for an account that has a second factor.
    public func startSignIn(
        with profile: ProviderProfile, replacing previous: String?, binding: String, userAgent: String?, returnTo: String?,
        requireVerifiedEmail: Bool = false, locale: String = "en"
    ) -> Result<(isNew: Bool, start: SignInStart), AuthFailure> {
        attempt { () throws(StoreError) in
            let admitted: ProviderAdmission
            switch try admitProvider(profile, requireVerifiedEmail: requireVerifiedEmail, signsIn: true) {
            case .failure(let failure): return .failure(failure)
            case .success(let answers): admitted = answers
            }
            return try store.allOrNothing({ () throws(StoreError) -> Result<(isNew: Bool, start: SignInStart), AuthFailure> in
                identify(profile, requireVerifiedEmail: requireVerifiedEmail, locale: locale, creation: admitted.creation).flatMap { found in
                    startSignIn(
                        for: found.account, firstFactor: profile.provider, replacing: previous, binding: binding, userAgent: userAgent,
                        returnTo: returnTo, admitted: admitted.signIn
                    ).map { (found.isNew, $0) }
                }
            })
        }
    }
}
