extension Authenticator {
    /// A browser's sign-in, whatever proved it (a password, a passkey, a provider, a link, a new
    /// password): in one transaction, the browser's previous session ends (a new id at every
    /// sign-in, against session fixation), a new session starts, and the sign-in is recorded on the
    /// account, as the API's `startTokens` records it. The one place a page's session is issued.
    ///
    /// - Returns: the account as it is now (its `valid_since` is what the browser's device cookie is
    ///   bound to), the session's token (its only copy, for the cookie) and the session.
    ///
    /// An account with a second factor gets no session unless `secondFactorProven` (its second
    /// step succeeded, or the first factor counts as two): `.secondFactorRequired`, whichever door
    /// forgot to ask.
    public static func startSession(
        for account: Account, replacing previous: String?, userAgent: String?, secondFactorProven: Bool = false, in store: AccountStore
    ) -> Result<StartedSession, AuthFailure> {
        do {
            return try store.transaction { () throws(StoreError) -> Result<StartedSession, AuthFailure> in
                if !secondFactorProven, try store.hasSecondFactor(accountID: account.id) { return .failure(.secondFactorRequired) }
                if let previous { try store.deleteSession(token: previous) }
                try store.recordLogin(accountID: account.id)
                let (token, session) = try store.createSession(accountID: account.id, userAgent: userAgent)
                return .success(StartedSession(account: try store.account(id: account.id) ?? account, token: token, session: session))
            }
        } catch {
            return .failure(.internalError(error))
        }
    }
}
