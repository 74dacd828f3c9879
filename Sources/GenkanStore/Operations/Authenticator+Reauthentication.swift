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
    public func reauthenticate(sessionToken: String, password: String) -> Result<Account, AuthFailure> {
        proving(sessionToken: sessionToken, password: password) { requester in
            attempt { () throws(StoreError) in
                guard try store.refreshAuthentication(token: sessionToken) else { return .failure(.userTokenExpired) }
                return try store.account(id: requester.accountID).map { .success($0) } ?? .failure(.userTokenExpired)
            }
        }
    }

    /// The page's door to a sensitive operation: checks that `password` is the password of the
    /// account signed in with `sessionToken` (as sign-in checks it: a wrong password writes
    /// nothing; a disabled account is reported only after a right password; an older hash is
    /// replaced), then runs `operation` for that session.
    ///
    /// - Returns: `operation`'s result, or `.invalidCredential`, `.userDisabled`, `.userTokenExpired`.
    public func proving<T>(
        sessionToken: String, password: String,
        _ operation: (_ requester: ProvenSession) -> Result<T, AuthFailure>
    ) -> Result<T, AuthFailure> {
        let proven: AccountStore.StoredSession
        do {
            guard let found = try store.unexpiredSession(token: sessionToken) else { return .failure(.userTokenExpired) }
            // An account without a password has none to prove (a reset gives it one).
            guard !found.passwordHash.isEmpty, passwordMatches(password, found.passwordHash) else {
                return .failure(.invalidCredential)
            }
            if found.account.isDisabled { return .failure(.userDisabled) }
            try rehashIfOlder(found.passwordHash, of: password, accountID: found.account.id)
            proven = found
        } catch {
            return .failure(.internalError(error))
        }
        return operation(ProvenSession(token: sessionToken, accountID: proven.account.id))
    }
}

extension Authenticator {
    /// A proof just made (`proving`) counts as the session's re-authentication from now on
    /// (`authenticated_at`): what the console asks for before its actions.
    public func recordReauthentication(_ proven: ProvenSession) -> Result<Void, AuthFailure> {
        attempt { () throws(StoreError) in
            try store.refreshAuthentication(token: proven.token) ? .success(()) : .failure(.userTokenExpired)
        }
    }
}

/// A session whose holder has just proved the account's password.
public struct ProvenSession: Sendable, Hashable {
    public let token: String
    public let accountID: Int64

    /// The requester an operation checks again inside its transaction.
    public var requester: Requester { .session(token: token) }
}

extension Authenticator {
    /// Confirms that the holder of a session is the account's owner before a sensitive change made
    /// in a browser (connecting or removing a sign-in method): the current password when the
    /// account has one (checked as `reauthenticate` checks it, recorded in the session), else a
    /// sign-in within `recentAuthentication` (an account that signs in only through a provider
    /// proves itself by signing in again).
    ///
    /// - Returns: the account, or `.missingPassword`, `.invalidCredential`, `.requiresRecentLogin`,
    ///   `.userDisabled`, `.userTokenExpired`.
    public func confirmOwner(sessionToken: String, password: String) -> Result<Account, AuthFailure> {
        attempt { () throws(StoreError) in
            guard let found = try store.unexpiredSession(token: sessionToken) else { return .failure(.userTokenExpired) }
            if found.passwordHash.hasPrefix("$") {
                if password.isEmpty { return .failure(.missingPassword) }
                return reauthenticate(sessionToken: sessionToken, password: password)
            }
            if found.account.isDisabled { return .failure(.userDisabled) }
            guard store.clock.now() - found.session.authenticatedAt <= Self.recentAuthentication else {
                return .failure(.requiresRecentLogin)
            }
            return .success(found.account)
        }
    }
}
