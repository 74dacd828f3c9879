/// A session just started for an account (after a password reset or change).
public struct StartedSession: Sendable, Hashable {
    public let account: Account
    /// The session's token, for the browser's cookie (its only copy).
    public let token: String
    public let session: Session
}

extension Authenticator {
    /// Turns a recorded reset request into a code and a mail for the account with its address,
    /// if there is a live one, and deletes the request, in one transaction: a crash leaves either
    /// the request (processed again at the next start) or the code and its mail, never half.
    /// Nothing is written but the deletion for an address without an account (or a disabled
    /// one); the visitor was answered when the request was recorded, so this takes no time of
    /// theirs and tells nothing.
    ///
    /// - Parameter mail: builds the reset mail from the account, the token and the request's
    ///   locale (called inside the transaction that stores the code).
    /// - Returns: whether a mail was queued.
    public func processResetRequest(
        _ request: ResetRequest, in store: AccountStore,
        mail: (_ account: Account, _ token: String, _ locale: String) -> OutgoingMail?
    ) -> Result<Bool, AuthFailure> {
        do {
            return .success(
                try store.transaction { () throws(StoreError) -> Bool in
                    // Deleting first claims the request: a second worker that read the same pending
                    // list finds it gone and issues nothing (a second code would void the first link).
                    guard try store.deleteResetRequest(id: request.id) else { return false }
                    guard let account = try store.account(email: request.email)?.account, !account.isDisabled else { return false }
                    let issued = try store.issueCode(.resetPassword, accountID: account.id) { mail(account, $0, request.locale) }
                    return issued.mailID != nil
                })
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// Sets a new password with a reset code: uses up the code, stores the new hash, sets
    /// `valid_since`, marks the address verified, ends every session of the account, queues the optional notice and starts a
    /// session for this browser, in one transaction. The code is checked before hashing (a wrong
    /// code costs no Argon2id) and again inside the transaction.
    ///
    /// - Parameters:
    ///   - newPassword: already checked against the password policy.
    ///   - userAgent: the browser's `User-Agent`, kept with its new session.
    ///   - notice: builds a "your password was changed" mail for the account, or nil.
    /// - Returns: the account and its new session, or `.invalidActionCode` / `.expiredActionCode`.
    public func resetPassword(
        code: String, newPassword: String, in store: AccountStore, userAgent: String? = nil,
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
                // Identities linked while the address was unproven may be a stranger's who made
                // the account with this address first (a provider that does not verify
                // addresses): the mailbox's owner, proving it now, keeps none of them.
                if account.verifiedAt == nil { try store.unlinkEveryIdentity(accountID: account.id) }
                // The link came by mail to the account's address (a code is void once the address
                // changes): opening it proves the mailbox, as a verification link does.
                try store.markVerified(accountID: account.id)
                if let message = notice(account) { try store.enqueueMail(message, accountID: account.id) }
                let (token, session) = try store.createSession(accountID: account.id, userAgent: userAgent)
                let updated = try store.account(id: account.id) ?? account  // the row was just updated
                return .success(StartedSession(account: updated, token: token, session: session))
            }
        } catch {
            return .failure(.internalError(error))
        }
    }
}
