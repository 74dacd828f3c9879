extension Authenticator {
    /// Deletes the requester's account, in one transaction: the account, its sessions and tokens,
    /// codes, identities, unsent mail and the password-reset requests for its address
    /// (`AccountStore.deleteAccount(id:)`), then the goodbye mail to the address it had. The address
    /// can sign up again afterwards; a session of the account on another device is gone at its
    /// next look-up.
    ///
    /// The door has checked what it must first: a page the current password, the API a recent
    /// sign-in.
    ///
    /// - Returns: the account as it was, or `.userTokenExpired`, `.userNotFound`, `.userDisabled`
    ///   (an administrator deletes a disabled account too).
    public func deleteAccount(_ requester: Requester, locale: String = "en") -> Result<Account, AuthFailure> {
        acting(as: requester) { (resolved) throws(StoreError) -> Result<Account, AuthFailure> in
            let account = resolved.account
            guard let deleted = try store.deleteAccount(id: account.id) else { return .failure(.userNotFound) }
            try store.record(.accountDeleted, uid: deleted.uid, actor: requester.actor)
            // Not about an account any more: nothing would delete it, and nothing should. An
            // administrator tells the person themselves (as Firebase's Admin SDKs send nothing).
            if !requester.isAdministrative, let goodbye = mail.goodbye(to: deleted, locale: locale) {
                try store.enqueueMail(goodbye)
            }
            return .success(deleted)
        }
    }
}
