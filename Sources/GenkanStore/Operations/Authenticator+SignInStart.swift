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
    public static func startSignIn(
        for account: Account, firstFactor: String, countsAsTwoFactors: Bool = false, replacing previous: String?, binding: String,
        userAgent: String?, returnTo: String?, in store: AccountStore
    ) -> Result<SignInStart, AuthFailure> {
        do {
            if !countsAsTwoFactors, try store.hasSecondFactor(accountID: account.id) {
                let token = try store.transaction { () throws(StoreError) in
                    try beginSecondStep(for: account, firstFactor: firstFactor, binding: binding, returnTo: returnTo, in: store)
                }
                return .success(.secondStep(token: token, account: account))
            }
        } catch {
            return .failure(.internalError(error))
        }
        return startSession(for: account, replacing: previous, userAgent: userAgent, in: store).map { .signedIn($0) }
    }
}
