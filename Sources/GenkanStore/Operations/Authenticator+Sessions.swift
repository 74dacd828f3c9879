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
    ///
    /// An account with a second factor gets no session unless `secondFactorProven` (its second
    /// step succeeded, or the first factor counts as two): `.secondFactorRequired`, whichever door
    /// forgot to ask. The `beforeSignIn` hook is asked before the transaction: a refusal
    /// (`.refusedByHook`, `.hookUnavailable`) issues nothing; its changes are applied with the
    /// session.
    public func startSession(
        for account: Account, replacing previous: String?, userAgent: String?, method: String = "password", secondFactorProven: Bool = false
    ) -> Result<StartedSession, AuthFailure> {
        startSession(
            for: account, replacing: previous, userAgent: userAgent, method: method, secondFactorProven: secondFactorProven, admitted: nil)
    }

    /// `startSession`, with the `beforeSignIn` hook's answer when the caller asked it already
    /// (before the transaction it runs this in); nil asks it now, before this transaction.
    func startSession(
        for account: Account, replacing previous: String?, userAgent: String?, method: String, secondFactorProven: Bool,
        admitted: HookChanges?
    ) -> Result<StartedSession, AuthFailure> {
        attempt { () throws(StoreError) in
            // Asked only when a session would follow: not for an account whose second step is due
            // (read here only when a hook is to be asked; the transaction reads it again).
            if admitted == nil, hooksAsk(.beforeSignIn), !secondFactorProven, try store.hasSecondFactor(accountID: account.id) {
                return .failure(.secondFactorRequired)
            }
            let changes: HookChanges
            switch try admit(.beforeSignIn, already: admitted, refusedUID: account.uid, method: method, { () throws(StoreError) in
                try hookSubject(.beforeSignIn, account, method: method)
            }) {
            case .failure(let failure): return .failure(failure)
            case .success(let allowed): changes = allowed
            }
            return try store.transaction { () throws(StoreError) -> Result<StartedSession, AuthFailure> in
                if !secondFactorProven, try store.hasSecondFactor(accountID: account.id) { return .failure(.secondFactorRequired) }
                // A hook may disable the account as it answers (committed, and no session).
                let current = try apply(changes, to: account)
                if current.isDisabled { return .failure(.userDisabled) }
                if let previous { try store.deleteSession(token: previous) }
                try store.recordLogin(accountID: account.id)
                let (token, session) = try store.createSession(accountID: account.id, userAgent: userAgent)
                try store.record(
                    .signInSucceeded, uid: account.uid,
                    details: EventDetails(method: method, session: AccountStore.sessionHandle(token: token)))
                return .success(StartedSession(account: try store.account(id: account.id) ?? current, token: token, session: session))
            }
        }
    }
}

extension Authenticator {
    /// The live session of a browser's cookie and its account, its last activity recorded; nil
    /// when it expired, sat idle too long, predates a password change, or its account is disabled
    /// (`AccountStore.session(token:)`): what every signed-in page asks first.
    public func session(token: String) throws(StoreError) -> (session: Session, account: Account)? {
        try store.session(token: token)
    }

    /// Sign-out: the browser's session ends (the cookie is the door's to delete) and the account
    /// gets a `session.signed_out` event, in one transaction; nothing when it has ended already.
    public func signOut(sessionToken: String) throws(StoreError) {
        try store.transaction { () throws(StoreError) in
            if let session = try store.unexpiredSession(token: sessionToken) {
                try store.record(
                    .signedOut, uid: session.account.uid,
                    details: EventDetails(session: AccountStore.sessionHandle(token: sessionToken)))
            }
            try store.deleteSession(token: sessionToken)
        }
    }

    /// The account's browsers and apps, newest activity first, the one of `currentToken` marked.
    public func sessions(accountID: Int64, currentToken: String?) throws(StoreError) -> [SessionSummary] {
        try store.sessions(accountID: accountID, currentToken: currentToken)
    }

    /// Ends the account's browser or app that the session list names by `handle`; nothing for a
    /// handle of another account.
    ///
    /// - Returns: whether something ended.
    @discardableResult
    public func endSession(accountID: Int64, handle: String) throws(StoreError) -> Bool {
        try store.endSession(accountID: accountID, handle: handle)
    }

    /// "This wasn't me": every session of the account, `sessionToken`'s too, and every app end,
    /// in one transaction (a `session.ended` with the others' count, then `session.signed_out`).
    ///
    /// - Returns: how many others ended.
    @discardableResult
    public func signOutEverywhere(sessionToken: String) throws(StoreError) -> Int {
        try store.transaction { () throws(StoreError) -> Int in
            let others = try store.endOtherSessions(sessionToken: sessionToken)
            try signOut(sessionToken: sessionToken)
            return others
        }
    }

    /// "Sign out everywhere else": every session of the account but `sessionToken`'s, and every
    /// app, ends.
    ///
    /// - Returns: how many ended.
    @discardableResult
    public func endOtherSessions(sessionToken: String) throws(StoreError) -> Int {
        try store.endOtherSessions(sessionToken: sessionToken)
    }
}
