/// A session just started for an account (after a password reset or change).
public struct StartedSession: Sendable, Hashable {
    public let account: Account
    /// The session's token, for the browser's cookie (its only copy).
    public let token: String
    public let session: Session
}

extension Authenticator {
    /// Turns a recorded reset request (or sign-in link request) into a code and a mail for the
    /// account with its address, if there is a live one, and deletes the request, in one transaction: a crash leaves either
    /// the request (processed again at the next start) or the code and its mail, never half.
    /// Nothing is written but the deletion for an address without an account (or a disabled
    /// one); the visitor was answered when the request was recorded, so this takes no time of
    /// theirs and tells nothing.
    ///
    /// - Returns: whether a mail was queued.
    public func processResetRequest(_ request: ResetRequest, in store: AccountStore) -> Result<Bool, AuthFailure> {
        attempt { () throws(StoreError) in
            .success(
                try store.transaction { () throws(StoreError) -> Bool in
                    // Deleting first claims the request: a second worker that read the same pending
                    // list finds it gone and issues nothing (a second code would void the first link).
                    guard try store.deleteResetRequest(id: request.id) else { return false }
                    guard let account = try store.account(email: request.email)?.account, !account.isDisabled else { return false }
                    switch request.kind {
                    case .resetPassword:
                        let issued = try store.issueCode(.resetPassword, accountID: account.id) { token in
                            mail.passwordReset(to: account, code: token, locale: request.locale)
                        }
                        return issued.mailID != nil
                    case .signIn:
                        let issued = try store.issueSignInCode(
                            email: account.email,
                            mail: { token in
                                mail.signInLink(to: account.email, owner: account, code: token, continuation: nil, locale: request.locale)
                            })
                        return issued.mailID != nil
                    }
                })
        }
    }

    /// Sets a new password with a reset code, whichever door the code came through, in one
    /// transaction: uses up the code, stores the new hash, sets `valid_since` (every session, ID
    /// token and refresh token of the account ends), removes the provider identities linked since
    /// the address was last proven (they may be a stranger's who had the account's password or made
    /// the account with this address first), marks the address proven now (the link came by mail to
    /// it), mails the notice, and issues what `renewal` asks for. The code is checked before
    /// hashing (a wrong code costs no Argon2id) and again inside the transaction.
    ///
    /// - Parameters:
    ///   - newPassword: already checked against the password policy.
    ///   - renewal: a session for the browser that used the page, nothing for an API client (it
    ///     signs in again with the new password).
    /// - Returns: the account and what was issued, or `.invalidActionCode` / `.expiredActionCode`.
    public func resetPassword(
        code: String, newPassword: String, locale: String = "en", renewal: CredentialRenewal, in store: AccountStore
    ) -> Result<Renewed, AuthFailure> {
        attempt { () throws(StoreError) in
            if case .failure(let failure) = try store.inspectCode(code, purpose: .resetPassword) {
                return .failure(AuthFailure(failure))
            }
            let hash = try hasher.hash(newPassword)
            return try store.transaction { () throws(StoreError) -> Result<Renewed, AuthFailure> in
                let account: Account
                switch try store.consumeCode(code, purpose: .resetPassword) {
                case .failure(let failure): return .failure(AuthFailure(failure))
                case .success(let consumed): account = consumed.account
                }
                try store.replacePassword(accountID: account.id, passwordHash: hash)
                try store.addressProven(account)
                let updated = try reread(account, in: store)
                if let notice = mail.passwordChanged(to: updated, locale: locale) { try store.enqueueMail(notice, accountID: account.id) }
                return .success(Renewed(account: updated, credentials: try renew(renewal, for: updated, in: store)))
            }
        }
    }
}

extension AccountStore {
    /// The mailbox of the account's address has just been proven (a reset link, an undo link):
    /// the provider identities linked since it was last proven end — all of them when it never
    /// was — and the address counts as proven now.
    func addressProven(_ account: Account) throws(StoreError) {
        try storage.deleteIdentities(accountID: account.id, linkedSince: account.verifiedAt)
        try storage.setVerifiedAt(accountID: account.id, clock.now())
    }
}
