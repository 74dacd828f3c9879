extension Authenticator {
    /// Deletes a signed-in account: checks the password (as `reauthenticate` does), then in one
    /// transaction deletes the account, its sessions, its codes, its unsent mail and the
    /// password-reset requests for its address (`AccountStore.deleteAccount(id:)`), and queues the
    /// goodbye mail to the address it had. The address can sign up again afterwards; a session of
    /// the account on another device is gone at its next look-up.
    ///
    /// - Parameter goodbye: builds the goodbye mail from the account as it was, or nil.
    /// - Returns: the account as it was, or `.invalidCredential` (wrong password: nothing changes),
    ///   `.userDisabled`, `.userTokenExpired`.
    public func deleteAccount(
        sessionToken: String, currentPassword: String, in store: AccountStore,
        goodbye: (_ account: Account) -> OutgoingMail? = { _ in nil }
    ) -> Result<Account, AuthFailure> {
        do {
            let proven: AccountStore.StoredSession
            switch try provePassword(sessionToken: sessionToken, password: currentPassword, in: store, rehash: false) {
            case .failure(let failure): return .failure(failure)
            case .success(let session): proven = session
            }
            return try store.transaction { () throws(StoreError) -> Result<Account, AuthFailure> in
                if case .failure(let failure) = try sessionStillLive(sessionToken, of: proven, in: store) {
                    return .failure(failure)
                }
                guard let deleted = try store.deleteAccount(id: proven.account.id) else { return .failure(.userTokenExpired) }
                // Not about an account any more: nothing would delete it, and nothing should.
                if let message = goodbye(deleted) { try store.enqueueMail(message) }
                return .success(deleted)
            }
        } catch {
            return .failure(.internalError(error))
        }
    }
}
