extension Authenticator {
    /// What a private sign-up did; the page shows the same "check your e-mail" for both, and the
    /// caller must not tell the visitor which.
    public enum PrivateSignUp: Sendable, Hashable {
        /// A new account, with its verification code and mail queued.
        case created(Account)
        /// The address already has an account; its owner was sent a notice, if one was made.
        case addressInUse(Account)
    }

    /// Sign-up that does not reveal whether an address has an account: the password is hashed
    /// first in every case, so both outcomes cost the same Argon2id work, then either the account
    /// is created with its verification mail, or the existing account's owner gets `attemptMail`.
    ///
    /// - Parameters:
    ///   - verificationMail: builds the verification mail from the new account and the code.
    ///   - attemptMail: builds the notice to the owner of an address already in use.
    public func signUpPrivately(
        email: String, displayName: String, nameKey: String, password: String, in store: AccountStore,
        verificationMail: (_ account: Account, _ token: String) -> OutgoingMail?,
        attemptMail: (_ owner: Account) -> OutgoingMail?
    ) -> Result<PrivateSignUp, AuthFailure> {
        do {
            let hash = try hasher.hash(password)
            return try store.transaction { () throws(StoreError) -> Result<PrivateSignUp, AuthFailure> in
                if let owner = try store.account(email: email)?.account {
                    if let notice = attemptMail(owner) { try store.enqueueMail(notice, accountID: owner.id) }
                    return .success(.addressInUse(owner))
                }
                let account = try store.createAccount(
                    NewAccount(email: email, displayName: displayName, nameKey: nameKey, passwordHash: hash))
                _ = try store.issueCode(.verifyEmail, accountID: account.id) { verificationMail(account, $0) }
                return .success(.created(account))
            }
        } catch where error.code == .constraint {
            // Another sign-up with the same address committed between the look-up and the insert:
            // the address is in use now, and the answer is the same page anyway.
            return .failure(.emailAlreadyInUse)
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// A new verification code and mail for an account whose address is not verified yet (the
    /// "send again" button); nothing for a verified or unknown account.
    public func resendVerification(
        accountID: Int64, in store: AccountStore, mail: (_ account: Account, _ token: String) -> OutgoingMail?
    ) -> Result<Bool, AuthFailure> {
        do {
            guard let account = try store.account(id: accountID), !account.isVerified, !account.isDisabled else {
                return .success(false)
            }
            _ = try store.issueCode(.verifyEmail, accountID: account.id) { mail(account, $0) }
            return .success(true)
        } catch {
            return .failure(.internalError(error))
        }
    }
}
