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
    public func processResetRequest(_ request: ResetRequest) -> Result<Bool, AuthFailure> {
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
    /// transaction: uses up the code, stores the new hash, and, as the owner of the address has
    /// taken the account in hand (`AccountStore.ownerTookOver`), ends every session, ID token and
    /// refresh token and removes every provider identity and passkey added since the account's ways
    /// in were last the owner's (they may be a stranger's who had the password, or made the account
    /// with this address first); then mails the notice and issues what `renewal` asks for. The code
    /// is checked before hashing (a wrong code costs no Argon2id) and again inside the transaction.
    ///
    /// - Parameters:
    ///   - newPassword: already checked against the password policy.
    ///   - renewal: a session for the browser that used the page, nothing for an API client (it
    ///     signs in again with the new password).
    /// - Returns: the account and what was issued, or `.invalidActionCode` / `.expiredActionCode`.
    public func resetPassword(
        code: String, newPassword: String, locale: String = "en", renewal: CredentialRenewal
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
                try store.ownerTookOver(account)
                try store.record(.passwordReset, uid: account.uid)
                let updated = try reread(account)
                if let notice = mail.passwordChanged(to: updated, locale: locale) { try store.enqueueMail(notice, accountID: account.id) }
                // A reset keeps the second factor, and the browser it would sign in has not passed
                // it: no session then; the owner signs in, and is asked for a code.
                let effective = try store.hasSecondFactor(accountID: account.id) && renewal != .tokens ? CredentialRenewal.none : renewal
                return .success(Renewed(account: updated, credentials: try renew(effective, for: updated)))
            }
        }
    }
}

extension Authenticator {
    /// A request for a mailed link (a reset, or the sign-in page's "send me a link"), recorded
    /// durably whatever the address: the door answers once it has committed, the same for an
    /// address with an account and one without, and `processResetRequest` makes the code and the
    /// mail afterwards (`AccountStore.recordResetRequest`).
    @discardableResult
    public func recordResetRequest(email: String, locale: String, kind: ResetRequest.Kind = .resetPassword) throws(StoreError) -> Int64 {
        try store.recordResetRequest(email: email, locale: locale, kind: kind)
    }

    /// The requests not processed yet, oldest first: for `processResetRequest`, after each request
    /// and at start for any a crash left behind.
    public func pendingResetRequests(limit: Int = 100) throws(StoreError) -> [ResetRequest] {
        try store.pendingResetRequests(limit: limit)
    }
}
