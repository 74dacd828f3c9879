extension AccountStore {
    /// The owner of the account's address has just taken the account in hand through a link mailed
    /// there (a password reset, the first sign-in link, the undo of an address change): every way in
    /// that was added since the account's ways in were last known to be the owner's — all of them
    /// when they never were, or when `removingEverything` — ends. Provider identities and passkeys
    /// added after `credentials_trusted_since` are removed; every session, ID token and refresh
    /// token ends (`valid_since`, which the device cookies are bound to as well); the address counts
    /// as proven, and the ways in as the owner's from now on. The password is the caller's: a reset
    /// replaces it, a first sign-in link removes it.
    ///
    /// Why "added since", not everything: what was on the account at the last such moment was left
    /// there by the owner, who has proven the mailbox since; what came later may be an intruder's
    /// (after a stolen password) as much as the owner's, and nothing tells them apart.
    func ownerTookOver(_ account: Account, removingEverything: Bool = false) throws(StoreError) {
        let now = clock.now()
        let trusted = removingEverything ? nil : try storage.storedAccount(id: account.id)?.credentialsTrustedSince
        // Strictly after the line: what the moment itself made (a provider identity of an account
        // made by the provider's verified address) stays.
        try storage.deleteIdentities(accountID: account.id, linkedSince: trusted.map { $0 + 1 })
        for passkey in try storage.passkeys(accountID: account.id) where trusted.map({ passkey.createdAt > $0 }) ?? true {
            _ = try storage.deletePasskey(accountID: account.id, id: passkey.id)
        }
        try endEverySession(accountID: account.id)
        try storage.setVerifiedAt(accountID: account.id, now)
        try storage.setCredentialsTrustedSince(accountID: account.id, now)
    }
}
