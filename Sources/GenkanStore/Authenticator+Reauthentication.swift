extension Authenticator {
    /// Checks the password of a signed-in session's account again before a sensitive change, with
    /// the same Argon2id verification as sign-in, and records the time in the session
    /// (`authenticated_at`).
    ///
    /// A wrong password writes nothing. A disabled account is reported only after its password
    /// was right; a hash made with older parameters is replaced.
    ///
    /// - Returns: the account, or `.invalidCredential` (wrong password), `.userDisabled`, or
    ///   `.userTokenExpired` (the token names no live session).
    public func reauthenticate(sessionToken: String, password: String, in store: AccountStore) -> Result<Account, AuthFailure> {
        do {
            switch try provePassword(sessionToken: sessionToken, password: password, in: store, rehash: true) {
            case .failure(let failure): return .failure(failure)
            case .success(let proven):
                guard try store.refreshAuthentication(token: sessionToken) else { return .failure(.userTokenExpired) }
                return .success(proven.account)
            }
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// The session behind `sessionToken` when `password` is its account's, checked as sign-in
    /// checks it; writes nothing but a rehash (when `rehash` is set and the hash's parameters are
    /// older than the hasher's).
    func provePassword(
        sessionToken: String, password: String, in store: AccountStore, rehash: Bool
    ) throws(StoreError) -> Result<AccountStore.StoredSession, AuthFailure> {
        guard let found = try store.unexpiredSession(token: sessionToken) else { return .failure(.userTokenExpired) }
        // An account without a password has none to prove (a reset gives it one).
        guard !found.passwordHash.isEmpty, hasher.verify(password, against: found.passwordHash) else {
            return .failure(.invalidCredential)
        }
        if found.account.isDisabled { return .failure(.userDisabled) }
        if rehash, hasher.needsRehash(found.passwordHash) {
            try store.updatePasswordHash(accountID: found.account.id, to: try hasher.hash(password))
        }
        return .success(found)
    }

    /// The session behind `sessionToken` again, inside the transaction that acts on it: it may have
    /// ended while the password was being hashed or checked (another device changed the password,
    /// the account was deleted or disabled).
    func sessionStillLive(
        _ sessionToken: String, of proven: AccountStore.StoredSession, in store: AccountStore
    ) throws(StoreError) -> Result<AccountStore.StoredSession, AuthFailure> {
        guard let current = try store.unexpiredSession(token: sessionToken), current.account.id == proven.account.id else {
            return .failure(.userTokenExpired)
        }
        if current.account.isDisabled { return .failure(.userDisabled) }
        return .success(current)
    }
}
