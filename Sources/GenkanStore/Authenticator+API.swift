/// Operations of the Firebase-compatible API, which acts for an account named by a verified ID
/// token (whose recent sign-in the server checks) rather than for a browser session.
extension Authenticator {
    /// Sets a new password for an account: hashes it outside any transaction, then in one
    /// transaction replaces the hash, sets `valid_since` (every session, ID token and refresh token
    /// of the account ends) and queues the notice.
    ///
    /// - Parameter newPassword: already checked against the password policy.
    /// - Returns: the account, or `.userNotFound` (deleted meanwhile) or `.userDisabled`.
    public func setPassword(
        accountID: Int64, newPassword: String, in store: AccountStore,
        notice: (_ account: Account) -> OutgoingMail? = { _ in nil }
    ) -> Result<Account, AuthFailure> {
        do {
            let hash = try hasher.hash(newPassword)
            return try store.transaction { () throws(StoreError) -> Result<Account, AuthFailure> in
                guard let account = try store.account(id: accountID) else { return .failure(.userNotFound) }
                if account.isDisabled { return .failure(.userDisabled) }
                try store.replacePassword(accountID: accountID, passwordHash: hash)
                let updated = try store.account(id: accountID) ?? account
                if let message = notice(updated) { try store.enqueueMail(message, accountID: accountID) }
                return .success(updated)
            }
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// Sets a new password with a reset code, as `resetPassword(code:newPassword:in:userAgent:notice:)`
    /// does, without starting a browser session: the API's client signs in again with the new
    /// password.
    ///
    /// - Returns: the account, or `.invalidActionCode` / `.expiredActionCode`.
    public func setPassword(
        code: String, newPassword: String, in store: AccountStore,
        notice: (_ account: Account) -> OutgoingMail? = { _ in nil }
    ) -> Result<Account, AuthFailure> {
        do {
            if case .failure(let failure) = try store.inspectCode(code, purpose: .resetPassword) {
                return .failure(AuthFailure(failure))
            }
            let hash = try hasher.hash(newPassword)
            return try store.transaction { () throws(StoreError) -> Result<Account, AuthFailure> in
                let account: Account
                switch try store.consumeCode(code, purpose: .resetPassword) {
                case .failure(let failure): return .failure(AuthFailure(failure))
                case .success(let consumed): account = consumed.account
                }
                try store.replacePassword(accountID: account.id, passwordHash: hash)
                try store.markVerified(accountID: account.id)
                let updated = try store.account(id: account.id) ?? account
                if let message = notice(updated) { try store.enqueueMail(message, accountID: account.id) }
                return .success(updated)
            }
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// Checks an e-mail address and password as `signIn` does, and on success records the sign-in
    /// and issues a refresh token, in one transaction.
    ///
    /// - Returns: the account, the time of this sign-in and the refresh token.
    public func signInForToken(
        email: String, password: String, in store: AccountStore
    ) -> Result<(account: Account, authTime: Int64, refreshToken: String), AuthFailure> {
        switch signIn(email: email, password: password, in: store) {
        case .failure(let failure): return .failure(failure)
        case .success(let account): return Self.startTokens(for: account, in: store)
        }
    }

    /// Records a sign-in now and issues a refresh token for it (after sign-up or sign-in).
    ///
    /// Committed without waiting for the disk (`AccountStore.withoutWaitingForDisk`): a power loss
    /// right after can lose this refresh token and the sign-in time, never anything else, and the
    /// client then signs in again. Waiting would keep a hashing thread idle for the length of an
    /// `fsync` at every sign-in.
    public static func startTokens(
        for account: Account, in store: AccountStore, signInProvider: String = "password"
    ) -> Result<(account: Account, authTime: Int64, refreshToken: String), AuthFailure> {
        do {
            return try store.withoutWaitingForDisk { () throws(StoreError) in try store.transaction { () throws(StoreError) in
                let now = store.clock.now()
                try store.recordLogin(accountID: account.id)
                let token = try store.createRefreshToken(accountID: account.id, authTime: now, signInProvider: signInProvider)
                return .success((account, now, token))
            } }
        } catch {
            return .failure(.internalError(error))
        }
    }
}

extension AccountStore {
    /// The live code behind `token` whatever its purpose, without using it (the API's
    /// `resetPassword` without a new password, and `update` with a code alone, learn its purpose).
    public func lookUpCode(_ token: String) throws(StoreError) -> Result<ActionCode, ActionCodeFailure> {
        let stored = try storedCode(token: token)
        guard let purpose = stored?.purpose else { return .failure(.invalid) }
        return evaluate(stored, purpose: purpose)
    }

    /// Moves an account to `email` (normalized) as an administrator asks, verified or not; false
    /// (nothing written) when another account has the address, case aside.
    public func changeEmail(accountID: Int64, to email: String, verified: Bool) throws(StoreError) -> Bool {
        do {
            return try transaction { () throws(StoreError) -> Bool in
                try storage.setEmail(accountID: accountID, email, emailKey: Self.emailKey(email))
                try storage.setVerifiedAt(accountID: accountID, verified ? clock.now() : nil)
                return true
            }
        } catch where error.code == .constraint {
            return false
        }
    }
}

extension Authenticator {
    /// Asks to move an account to `newEmail`, as `requestEmailChange(sessionToken:…)` does for a
    /// page: issues a `change-email` code carrying the new address and queues `mail` to it.
    ///
    /// - Returns: `.sent`, `.addressInUse` or `.unchanged`; or `.userNotFound`, `.userDisabled`.
    public func requestEmailChange(
        accountID: Int64, newEmail: String, in store: AccountStore,
        mail: (_ account: Account, _ token: String, _ newEmail: String) -> OutgoingMail?
    ) -> Result<EmailChangeRequest, AuthFailure> {
        do {
            return try store.transaction { () throws(StoreError) -> Result<EmailChangeRequest, AuthFailure> in
                guard let account = try store.account(id: accountID) else { return .failure(.userNotFound) }
                if account.isDisabled { return .failure(.userDisabled) }
                if AccountStore.emailKey(newEmail) == AccountStore.emailKey(account.email) { return .success(.unchanged) }
                if let owner = try store.account(email: newEmail)?.account, owner.id != account.id { return .success(.addressInUse) }
                _ = try store.issueCode(.changeEmail, accountID: account.id, email: newEmail) { mail(account, $0, newEmail) }
                return .success(.sent)
            }
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// Deletes an account and everything about it (`AccountStore.deleteAccount(id:)`) and queues the
    /// goodbye mail, in one transaction.
    ///
    /// - Returns: the account as it was, or `.userNotFound`.
    public func deleteAccount(
        id: Int64, in store: AccountStore, goodbye: (_ account: Account) -> OutgoingMail? = { _ in nil }
    ) -> Result<Account, AuthFailure> {
        do {
            return try store.transaction { () throws(StoreError) -> Result<Account, AuthFailure> in
                guard let deleted = try store.deleteAccount(id: id) else { return .failure(.userNotFound) }
                if let message = goodbye(deleted) { try store.enqueueMail(message) }
                return .success(deleted)
            }
        } catch {
            return .failure(.internalError(error))
        }
    }
}
