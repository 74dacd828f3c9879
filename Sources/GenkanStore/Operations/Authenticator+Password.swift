extension Authenticator {
    /// Changes the password of the requester's account: hashes the new one outside any
    /// transaction, then in one transaction checks the requester again, replaces the hash, sets
    /// `valid_since` (every session, ID token and refresh token ends, the requester's too, and so
    /// does a pending address change), issues what `renewal` asks for and mails the notice.
    ///
    /// The door has checked what it must first: a page the current password (`provePassword`), the
    /// API a recent sign-in.
    ///
    /// - Parameter newPassword: already checked against the password policy.
    /// - Returns: the account and what was issued, or `.userTokenExpired` (the session ended, the
    ///   token was revoked, before or while the new password was hashed), `.userNotFound`,
    ///   `.userDisabled`.
    public func changePassword(
        _ requester: Requester, newPassword: String, locale: String = "en", renewal: CredentialRenewal
    ) -> Result<Renewed, AuthFailure> {
        attempt { () throws(StoreError) in
            let hash = try hasher.hash(newPassword)
            return acting(as: requester) { (resolved) throws(StoreError) -> Result<Renewed, AuthFailure> in
                let account = resolved.account
                let hadPassword = try store.storage.storedAccount(id: account.id)?.hasPassword ?? false
                try store.replacePassword(accountID: account.id, passwordHash: hash)
                try store.record(.passwordChanged, uid: account.uid, actor: requester.actor)
                let updated = try reread(account)
                let credentials = try renew(renewal, for: updated)
                try mailPasswordNotice(to: updated, added: !hadPassword, locale: locale)
                return .success(Renewed(account: updated, credentials: credentials))
            }
        }
    }

    /// Gives the account a new display name.
    ///
    /// - Parameters:
    ///   - displayName: already normalized by GenkanValidation's name rules.
    ///   - nameKey: its comparison key, as sign-up stores it.
    /// - Returns: the renamed account, or `.userNotFound`, `.userDisabled`, `.userTokenExpired`.
    public func rename(_ requester: Requester, displayName: String, nameKey: String) -> Result<Account, AuthFailure> {
        acting(as: requester) { (resolved) throws(StoreError) -> Result<Account, AuthFailure> in
            let account = resolved.account
            guard try store.setName(accountID: account.id, displayName: displayName, nameKey: nameKey) else {
                return .failure(.userNotFound)
            }
            return .success(try reread(account))
        }
    }
}
