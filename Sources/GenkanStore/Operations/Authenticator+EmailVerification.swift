/// Where an account stands after a verification link was opened or submitted.
public enum EmailVerification: Sendable, Hashable {
    /// The code is good and the address not yet verified (what a GET shows before the button).
    case pending(Account)
    /// The address has just been verified with this code.
    case verified(Account)
    /// The address was already verified (a second click, a newer link): a friendly page, not an
    /// error.
    case alreadyVerified(Account)
}

extension Authenticator {
    /// What a verification link's code would do, without using it up (for the GET that shows the
    /// button: mail scanners open links).
    public func inspectEmailVerification(code: String) -> Result<EmailVerification, AuthFailure> {
        do {
            switch try verificationState(code: code) {
            case .usable(let actionCode): return .success(.pending(actionCode.account))
            case .alreadyVerified(let account): return .success(.alreadyVerified(account))
            case .failed(let failure): return .failure(AuthFailure(failure))
            }
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// Verifies the address with a verification code, using the code up. Idempotent: a code of an
    /// account whose address is already verified (the same code again included) answers
    /// `.alreadyVerified`, while it is not past its expiry or swept.
    public func verifyEmail(code: String) -> Result<EmailVerification, AuthFailure> {
        do {
            return try store.transaction { () throws(StoreError) -> Result<EmailVerification, AuthFailure> in
                switch try verificationState(code: code) {
                case .alreadyVerified(let account): return .success(.alreadyVerified(account))
                case .failed(let failure): return .failure(AuthFailure(failure))
                case .usable:
                    guard case .success(let consumed) = try store.consumeCode(code, purpose: .verifyEmail) else {
                        return .failure(.invalidActionCode)
                    }
                    try store.markVerified(accountID: consumed.account.id)
                    try store.record(.emailVerified, uid: consumed.account.uid)
                    return .success(.verified(try store.account(id: consumed.account.id) ?? consumed.account))
                }
            }
        } catch {
            return .failure(.internalError(error))
        }
    }

    private enum VerificationState {
        case usable(ActionCode)
        case alreadyVerified(Account)
        case failed(ActionCodeFailure)
    }

    /// A verification code of a live account whose address is verified (and unchanged since the
    /// code was sent) answers "already verified" whether or not the code was used; otherwise the
    /// code's own verdict.
    private func verificationState(code: String) throws(StoreError) -> VerificationState {
        let stored = try store.storedCode(token: code)
        if let stored, stored.purpose == .verifyEmail, stored.account.isVerified, !stored.account.isDisabled,
            stored.addressIsCurrent
        {
            return .alreadyVerified(stored.account)
        }
        switch store.evaluate(stored, purpose: .verifyEmail) {
        case .success(let actionCode): return .usable(actionCode)
        case .failure(let failure): return .failed(failure)
        }
    }

    /// A new verification code and its mail for the requester's account (the "send again" button,
    /// the API's `VERIFY_EMAIL`); a newer code ends the older one.
    ///
    /// - Parameter evenIfVerified: send it to an address already verified too (the API does, as
    ///   Firebase does); otherwise nothing is sent for one.
    /// - Returns: the account and whether a mail was queued; or `.userTokenExpired`,
    ///   `.userNotFound`, `.userDisabled`.
    public func sendVerification(
        _ requester: Requester, locale: String = "en", evenIfVerified: Bool = false
    ) -> Result<(account: Account, sent: Bool), AuthFailure> {
        acting(as: requester) { (resolved) throws(StoreError) -> Result<(account: Account, sent: Bool), AuthFailure> in
            let account = resolved.account
            if account.isVerified && !evenIfVerified { return .success((account, false)) }
            let issued = try store.issueCode(.verifyEmail, accountID: account.id) { token in
                mail.verification(to: account, code: token, locale: locale)
            }
            return .success((account, issued.mailID != nil))
        }
    }
}
