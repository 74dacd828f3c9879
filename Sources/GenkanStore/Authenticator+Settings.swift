extension Authenticator {
    /// Gives the account a new display name.
    ///
    /// - Parameters:
    ///   - displayName: already normalized by GenkanValidation's name rules.
    ///   - nameKey: its comparison key, as sign-up stores it.
    /// - Returns: the renamed account, or `.userNotFound` (deleted) or `.userDisabled`.
    public func rename(
        accountID: Int64, displayName: String, nameKey: String, in store: AccountStore
    ) -> Result<Account, AuthFailure> {
        do {
            return try store.transaction { () throws(StoreError) -> Result<Account, AuthFailure> in
                guard let account = try store.account(id: accountID) else { return .failure(.userNotFound) }
                if account.isDisabled { return .failure(.userDisabled) }
                guard try store.setName(accountID: accountID, displayName: displayName, nameKey: nameKey),
                    let renamed = try store.account(id: accountID)
                else { return .failure(.userNotFound) }
                return .success(renamed)
            }
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// Changes the password of a signed-in account: checks the current one (as `reauthenticate`
    /// does), hashes the new one outside any transaction, then in one transaction replaces the
    /// hash, sets `valid_since` (every session of the account ends, this one too, and so does a
    /// pending address change), starts a new session for this browser (with its `User-Agent`) and
    /// queues the notice.
    ///
    /// - Parameters:
    ///   - newPassword: already checked against the password policy.
    ///   - notice: builds a "your password was changed" mail for the account, or nil.
    /// - Returns: the account and the browser's new session, or `.invalidCredential` (wrong current
    ///   password: nothing changes), `.userDisabled`, or `.userTokenExpired` (the session had
    ///   ended, before or while the new password was hashed).
    public func changePassword(
        sessionToken: String, currentPassword: String, newPassword: String, in store: AccountStore,
        notice: (_ account: Account) -> OutgoingMail? = { _ in nil }
    ) -> Result<StartedSession, AuthFailure> {
        do {
            let proven: AccountStore.StoredSession
            switch try provePassword(sessionToken: sessionToken, password: currentPassword, in: store, rehash: false) {
            case .failure(let failure): return .failure(failure)
            case .success(let session): proven = session
            }
            let hash = try hasher.hash(newPassword)
            return try store.transaction { () throws(StoreError) -> Result<StartedSession, AuthFailure> in
                let current: AccountStore.StoredSession
                switch try sessionStillLive(sessionToken, of: proven, in: store) {
                case .failure(let failure): return .failure(failure)
                case .success(let session): current = session
                }
                let accountID = current.account.id
                try store.replacePassword(accountID: accountID, passwordHash: hash)
                let (token, session) = try store.createSession(accountID: accountID, userAgent: current.session.userAgent)
                let account = try store.account(id: accountID) ?? current.account
                if let message = notice(account) { try store.enqueueMail(message, accountID: accountID) }
                return .success(StartedSession(account: account, token: token, session: session))
            }
        } catch {
            return .failure(.internalError(error))
        }
    }
}
