/// A session just started for an account (after a password reset).
public struct StartedSession: Sendable, Hashable {
    public let account: Account
    /// The session's token, for the browser's cookie (its only copy).
    public let token: String
    public let session: Session
}

extension Authenticator {
    /// Sends a password-reset code to the account with this address, if there is one.
    ///
    /// The answer is the same whether or not the address has an account (nor whether it is
    /// disabled): success, with a code and a mail only for a live account. An unknown address does
    /// the same hashing-free work (a token and its digest) and writes nothing. Writing takes a
    /// commit that not writing does not, so the caller must not let its answer wait for this call
    /// (answer the page first, then run it) if response times must not tell.
    ///
    /// - Parameter mail: builds the reset mail from the account and the token (called inside the
    ///   transaction that stores the code).
    public func requestPasswordReset(
        email: String, in store: AccountStore, mail: (_ account: Account, _ token: String) -> OutgoingMail?
    ) -> Result<Void, AuthFailure> {
        do {
            guard let account = try store.account(email: email)?.account, !account.isDisabled else {
                _ = AccountStore.codeKey(token: Secret.token())
                return .success(())
            }
            _ = try store.issueCode(.resetPassword, accountID: account.id) { mail(account, $0) }
            return .success(())
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// Sets a new password with a reset code: uses up the code, stores the new hash, sets
    /// `valid_since`, ends every session of the account, queues the optional notice and starts a
    /// session for this browser, in one transaction. The code is checked before hashing (a wrong
    /// code costs no Argon2id) and again inside the transaction.
    ///
    /// - Parameters:
    ///   - newPassword: already checked against the password policy.
    ///   - notice: builds a "your password was changed" mail for the account, or nil.
    /// - Returns: the account and its new session, or `.invalidActionCode` / `.expiredActionCode`.
    public func resetPassword(
        code: String, newPassword: String, in store: AccountStore,
        notice: (_ account: Account) -> OutgoingMail? = { _ in nil }
    ) -> Result<StartedSession, AuthFailure> {
        do {
            if case .failure(let failure) = try store.inspectCode(code, purpose: .resetPassword) {
                return .failure(AuthFailure(failure))
            }
            let hash = try hasher.hash(newPassword)
            return try store.transaction { () throws(StoreError) -> Result<StartedSession, AuthFailure> in
                let account: Account
                switch try store.consumeCode(code, purpose: .resetPassword) {
                case .failure(let failure): return .failure(AuthFailure(failure))
                case .success(let consumed): account = consumed.account
                }
                try store.replacePassword(accountID: account.id, passwordHash: hash)
                if let message = notice(account) { try store.enqueueMail(message) }
                let (token, session) = try store.createSession(accountID: account.id)
                let updated = try store.account(id: account.id) ?? account  // the row was just updated
                return .success(StartedSession(account: updated, token: token, session: session))
            }
        } catch {
            return .failure(.internalError(error))
        }
    }
}
