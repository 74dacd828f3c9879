extension Authenticator {
    /// A browser's sign-in, whatever proved it (a password, a passkey, a provider, a link, a new
    /// password): in one transaction, the browser's previous session ends (a new id at every
    /// sign-in, against session fixation), a new session starts, and the sign-in is recorded on the
    /// account, as the API's `startTokens` records it. The one place a page's session is issued.
    ///
    /// - Returns: the account as it is now (its `valid_since` is what the browser's device cookie is
    ///   bound to), the session's token (its only copy, for the cookie) and the session.
    public func startSession(
        for account: Account, replacing previous: String?, userAgent: String?
    ) -> Result<StartedSession, AuthFailure> {
        do {
            return try store.transaction { () throws(StoreError) -> Result<StartedSession, AuthFailure> in
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
