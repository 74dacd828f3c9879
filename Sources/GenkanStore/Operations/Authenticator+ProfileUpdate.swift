/// What one update of an account's profile asks for (the Firebase API's `accounts:update` with an
/// ID token): each member nil leaves that part as it is.
public struct ProfileUpdate: Sendable {
    /// A new display name and its comparison key (both empty to remove it), already through the
    /// name rules.
    public var name: (displayName: String, nameKey: String)?
    /// A new photo URL; `.some(nil)` removes it.
    public var photoURL: String??
    /// A new password, already checked against the password policy.
    public var newPassword: String?
    /// Sign-in methods to remove: `password`, or a provider's identity by the provider's name
    /// (`google`).
    public var removedMethods: [String] = []

    public init() {}
}

extension Authenticator {
    /// Updates the requester's profile in one transaction, all of it or nothing: the name, the photo
    /// URL, the sign-in methods removed (`password`, or a provider's identity; never the last way
    /// in: `.lastSignInMethod`), and a new password (hashed before the transaction; every session
    /// and token ends and what `renewal` asks for is issued, as `changePassword` does). Each change
    /// of a way in mails its notice; a password on an account that had none is a new way in, and its
    /// notice says so.
    ///
    /// - Parameters:
    ///   - signedInAt: the requester's sign-in time: removing the password needs a recent one, as
    ///     setting one does (the door checks that for a new password before hashing).
    /// - Returns: the account and what was issued, or `.noSuchProvider`, `.lastSignInMethod`,
    ///   `.requiresRecentLogin`, and the requester's failures.
    public func updateProfile(
        _ requester: Requester, _ update: ProfileUpdate, signedInAt: Int64, locale: String = "en", renewal: CredentialRenewal
    ) -> Result<Renewed, AuthFailure> {
        attempt { () throws(StoreError) in
            let hash = try update.newPassword.map { password throws(StoreError) in try hasher.hash(password) }
            return try store.allOrNothing({ () throws(StoreError) -> Result<Renewed, AuthFailure> in
                let account: Account
                switch try resolve(requester) {
                case .failure(let failure): return .failure(failure)
                case .success(let resolved): account = resolved.account
                }
                if let name = update.name {
                    guard try store.setName(accountID: account.id, displayName: name.displayName, nameKey: name.nameKey) else {
                        return .failure(.userNotFound)
                    }
                }
                if let photo = update.photoURL { _ = try store.setPhotoURL(accountID: account.id, photo) }
                for method in update.removedMethods {
                    if let failure = try removeMethod(method, of: account, signedInAt: signedInAt, locale: locale) {
                        return .failure(failure)
                    }
                }
                var credentials = IssuedCredentials.none
                if let hash {
                    let hadPassword = try store.storage.storedAccount(id: account.id)?.hasPassword ?? false
                    try store.replacePassword(accountID: account.id, passwordHash: hash)
                    let updated = try reread(account)
                    credentials = try renew(renewal, for: updated)
                    try mailPasswordNotice(to: updated, added: !hadPassword, locale: locale)
                }
                return .success(Renewed(account: try reread(account), credentials: credentials))
            })
        }
    }

    /// Removes one sign-in method inside the caller's transaction; the failure, or nil.
    private func removeMethod(
        _ method: String, of account: Account, signedInAt: Int64, locale: String
    ) throws(StoreError) -> AuthFailure? {
        let methods = try store.signInMethods(accountID: account.id)
        if method == "password" {
            guard methods.hasPassword else { return .noSuchProvider }
            guard store.clock.now() - signedInAt <= Self.recentAuthentication else { return .requiresRecentLogin }
            guard methods.count > 1 else { return .lastSignInMethod }
            _ = try store.storage.setPasswordHash(accountID: account.id, nil)
            if let notice = mail.passwordRemoved(to: account, locale: locale) { try store.enqueueMail(notice, accountID: account.id) }
            return nil
        }
        let provider = method
        guard methods.identities.contains(where: { $0.provider == provider }) else { return .noSuchProvider }
        guard methods.count > 1 else { return .lastSignInMethod }
        _ = try store.unlinkIdentity(accountID: account.id, provider: provider)
        if let notice = mail.signInMethodChanged(to: account, provider: provider, connected: false, locale: locale) {
            try store.enqueueMail(notice, accountID: account.id)
        }
        return nil
    }

    /// The notice of a new password: "changed", or, for an account that had none, "a way to sign
    /// in was added" (a stranger holding a session could otherwise add one unnoticed).
    func mailPasswordNotice(to account: Account, added: Bool, locale: String) throws(StoreError) {
        let notice =
            added
            ? mail.signInMethodChanged(to: account, provider: "password", connected: true, locale: locale)
            : mail.passwordChanged(to: account, locale: locale)
        if let notice { try store.enqueueMail(notice, accountID: account.id) }
    }
}

extension AccountStore {
    /// Runs `body` in one transaction that commits only when it succeeds: a failure it returns
    /// undoes what it wrote before it decided (a profile update whose third change is refused
    /// leaves the first two unmade).
    func allOrNothing<T, F: Error>(_ body: () throws(StoreError) -> Result<T, F>) throws(StoreError) -> Result<T, F> {
        var failure: F?
        do {
            return try transaction { () throws(StoreError) -> Result<T, F> in
                failure = nil
                let result = try body()
                if case .failure(let refused) = result {
                    failure = refused
                    throw StoreError(.database, "rolled back: the operation was refused")
                }
                return result
            }
        } catch {
            if let failure { return .failure(failure) }
            throw error
        }
    }
}
