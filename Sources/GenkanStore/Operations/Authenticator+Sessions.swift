extension Authenticator {
    /// A browser's sign-in, whatever proved it (a password, a passkey, a provider, a link, a new
    /// password): in one transaction, the browser's previous session ends (a new id at every
    /// sign-in, against session fixation), a new session starts, and the sign-in is recorded on the
    /// account, as the API's `startTokens` records it. The one place a page's session is issued.
    ///
    /// - Parameter method: what proved it, for the `sign_in.succeeded` event: `password`,
    ///   `passkey`, `email_link`, a provider's name.
    /// - Returns: the account as it is now (its `valid_since` is what the browser's device cookie is
    ///   bound to), the session's token (its only copy, for the cookie) and the session.
    public static func startSession(
        for account: Account, replacing previous: String?, userAgent: String?, method: String = "password", in store: AccountStore
    ) -> Result<StartedSession, AuthFailure> {
        do {
            return try store.transaction { () throws(StoreError) -> Result<StartedSession, AuthFailure> in
                if let previous { try store.deleteSession(token: previous) }
                try store.recordLogin(accountID: account.id)
                let (token, session) = try store.createSession(accountID: account.id, userAgent: userAgent)
                try store.record(
                    .signInSucceeded, uid: account.uid,
                    details: EventDetails(method: method, session: AccountStore.sessionHandle(token: token)))
                return .success(StartedSession(account: try store.account(id: account.id) ?? account, token: token, session: session))
            }
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// Signs a browser out: its session ends, and the account gets a `session.signed_out` event,
    /// in one transaction. A token that names no session (already ended) changes nothing.
    public static func signOut(sessionToken: String, in store: AccountStore) -> Result<Void, AuthFailure> {
        do {
            return try store.transaction { () throws(StoreError) -> Result<Void, AuthFailure> in
                if let session = try store.unexpiredSession(token: sessionToken) {
                    try store.record(
                        .signedOut, uid: session.account.uid,
                        details: EventDetails(session: AccountStore.sessionHandle(token: sessionToken)))
                }
                try store.deleteSession(token: sessionToken)
                return .success(())
            }
        } catch {
            return .failure(.internalError(error))
        }
    }
}
