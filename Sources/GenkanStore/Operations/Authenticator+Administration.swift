import GenkanJSON

/// What an administrator sets on an account (the Admin SDKs' `createUser` and `updateUser`): each
/// field nil leaves the value as it is.
public struct AccountChanges: Sendable, Hashable {
    /// A new normalized address (changed without a link: the administrator vouches for it).
    public var email: String?
    public var emailVerified: Bool?
    /// The new display name and its key; `("", "")` removes the name.
    public var name: (displayName: String, nameKey: String)?
    /// `.some(nil)` removes the photo.
    public var photoURL: String??
    /// A new password, already checked against the policy (hashed by the operation).
    public var password: String?
    public var disabled: Bool?
    /// The developer claims of every ID token from now on (a JSON object the door checked);
    /// `.some(nil)` removes them.
    public var customClaims: String??
    /// Tokens and sessions issued before this time (seconds) are void (`revokeRefreshTokens`):
    /// refresh tokens answer `TOKEN_EXPIRED`, ID tokens fail a check for revocation. The account
    /// stays enabled.
    public var validSince: Int64?
    /// The uid of a new account (the Admin SDKs' `createUser({uid})`); nil for a random one.
    public var uid: String?

    public init() {}

    public static func == (a: AccountChanges, b: AccountChanges) -> Bool {
        a.email == b.email && a.emailVerified == b.emailVerified && a.name?.displayName == b.name?.displayName
            && a.name?.nameKey == b.name?.nameKey && a.photoURL == b.photoURL && a.password == b.password && a.disabled == b.disabled
            && a.customClaims == b.customClaims && a.validSince == b.validSince && a.uid == b.uid
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(email)
        hasher.combine(name?.displayName)
        hasher.combine(password)
    }
}

extension Authenticator {
    /// Creates an account as an administrator asks (no verification mail, any state), in one
    /// transaction: every field is set, or the account does not exist.
    ///
    /// - Parameter changes: `password` nil makes an account no password signs in to; `email` nil
    ///   one without an address (the Admin SDKs' `createUser()` with no fields).
    /// - Returns: the account with what the API reports, or `.emailAlreadyInUse`,
    ///   `.uidAlreadyInUse`.
    public func createAccount(_ changes: AccountChanges) -> Result<AccountProfile, AuthFailure> {
        attempt { () throws(StoreError) in
            let hash = try changes.password.map { password throws(StoreError) in try hasher.hash(password) }
            return try store.transaction { () throws(StoreError) -> Result<AccountProfile, AuthFailure> in
                if let email = changes.email, try store.account(email: email) != nil { return .failure(.emailAlreadyInUse) }
                if let uid = changes.uid, try store.account(uid: uid) != nil { return .failure(.uidAlreadyInUse) }
                let name = changes.name ?? ("", "")
                var account: Account
                do throws(StoreError) {
                    if let email = changes.email {
                        account = try store.createAccount(
                            NewAccount(email: email, displayName: name.displayName, nameKey: name.nameKey, passwordHash: hash),
                            verified: changes.emailVerified ?? false, uid: changes.uid)
                    } else {
                        account = try store.createAddresslessAccount(uid: changes.uid, anonymous: false)
                        if let hash { try store.storage.setPasswordHash(accountID: account.id, hash) }
                        if changes.name != nil { _ = try store.setName(accountID: account.id, displayName: name.displayName, nameKey: name.nameKey) }
                        account = try reread(account)
                    }
                } catch where error.code == .constraint {
                    // Another connection took the address or the uid since the checks above.
                    if let uid = changes.uid, try store.account(uid: uid) != nil { return .failure(.uidAlreadyInUse) }
                    return .failure(.emailAlreadyInUse)
                }
                try store.record(.accountCreated, uid: account.uid, actor: .system)
                var rest = changes
                rest.email = nil
                rest.password = nil
                rest.name = nil
                rest.emailVerified = nil
                rest.uid = nil
                return try apply(rest, to: account, actor: .system)
            }
        }
    }

    /// Changes an account as an administrator asks, in one transaction: all the changes, or none
    /// (an address another account has is `.emailAlreadyInUse` and changes nothing else). A new
    /// password ends every session and token as a change by the owner does; disabling ends them
    /// too. Nothing is mailed: the administrator tells the person.
    ///
    /// - Returns: the account with what the API reports, or `.userNotFound`, `.emailAlreadyInUse`.
    public func administer(accountID: Int64, _ changes: AccountChanges) -> Result<AccountProfile, AuthFailure> {
        administering(.administrator(accountID: accountID), changes)
    }

    /// `administer` for `requester` (`.administrator` or `.console`), whose actor its events name.
    func administering(_ requester: Requester, _ changes: AccountChanges) -> Result<AccountProfile, AuthFailure> {
        attempt { () throws(StoreError) in
            let hash = try changes.password.map { password throws(StoreError) in try hasher.hash(password) }
            return acting(as: requester) { (resolved) throws(StoreError) -> Result<AccountProfile, AuthFailure> in
                let account = resolved.account
                // Every check before the first write: a refused change writes nothing.
                if let email = changes.email, let owner = try store.account(email: email)?.account, owner.id != account.id {
                    return .failure(.emailAlreadyInUse)
                }
                if let hash {
                    try store.replacePassword(accountID: account.id, passwordHash: hash)
                    try store.record(.passwordChanged, uid: account.uid, actor: requester.actor)
                }
                var rest = changes
                rest.password = nil
                return try apply(rest, to: account, actor: requester.actor)
            }
        }
    }

    /// Applies every change but the password inside the caller's transaction, which has checked
    /// that another account does not have `changes.email` (the unique key is the backstop: its
    /// violation rolls the whole transaction back).
    private func apply(_ changes: AccountChanges, to account: Account, actor: EventActor) throws(StoreError)
        -> Result<AccountProfile, AuthFailure>
    {
        let id = account.id
        if let email = changes.email, email != account.email {
            try store.setEmail(accountID: id, to: email, verified: changes.emailVerified ?? false)
            try store.keep(accountID: id)
        }
        if let verified = changes.emailVerified { try store.setVerified(accountID: id, verified) }
        if let disabled = changes.disabled { try store.setDisabled(accountID: id, disabled) }
        if let name = changes.name { _ = try store.setName(accountID: id, displayName: name.displayName, nameKey: name.nameKey) }
        if let photo = changes.photoURL { try store.setPhotoURL(accountID: id, photo) }
        if let claims = changes.customClaims { try store.setCustomClaims(accountID: id, claims) }
        // Revoking ends nothing else: the refresh tokens stay, so that each answers `TOKEN_EXPIRED`
        // when presented, and sessions older than it are refused at their next look-up.
        if let validSince = changes.validSince { try store.storage.setValidSince(accountID: id, validSince) }
        guard let profile = try store.profile(id: id) else { return .failure(.userNotFound) }
        try recordAdministration(changes, before: account, actor: actor)
        return .success(profile)
    }
}

extension Authenticator {
    /// The events of an administrator's changes, by `actor` (the system for the API's
    /// administrative credential, the administrator for the console): each state that changed, and
    /// one `account.profile_changed` for the rest.
    private func recordAdministration(_ changes: AccountChanges, before account: Account, actor: EventActor) throws(StoreError) {
        let uid = account.uid
        if let disabled = changes.disabled, disabled != account.isDisabled {
            try store.record(disabled ? .accountDisabled : .accountEnabled, uid: uid, actor: actor)
        }
        if let claims = changes.customClaims, claims != account.customClaims {
            let names = claims.flatMap { JSONReader.value($0)?.members?.map(\.name) } ?? []
            try store.record(.claimsChanged, uid: uid, actor: actor, details: EventDetails(claims: names))
        }
        if let email = changes.email, email != account.email {
            try store.record(.profileChanged, uid: uid, actor: actor, details: EventDetails(method: "email"))
        }
        if changes.validSince != nil { try store.record(.sessionsEnded, uid: uid, actor: actor) }
        if changes.emailVerified == true && !account.isVerified { try store.record(.emailVerified, uid: uid, actor: actor) }
    }
}

extension Authenticator {
    /// A code for the administrator to send themselves (the Admin SDKs' `generate…Link`): a password
    /// reset, a verification, or a change to `newEmail`, for the account with `email`; nothing is
    /// mailed.
    ///
    /// - Returns: the account and the code, or `.userNotFound`, `.emailAlreadyInUse` (another
    ///   account has `newEmail`).
    public func issueLink(
        _ purpose: ActionCodePurpose, email: String, newEmail: String? = nil
    ) -> Result<(account: Account, code: IssuedCode), AuthFailure> {
        attempt { () throws(StoreError) in
            try store.transaction { () throws(StoreError) -> Result<(account: Account, code: IssuedCode), AuthFailure> in
                guard let account = try store.account(email: email)?.account else { return .failure(.userNotFound) }
                if let newEmail, let owner = try store.account(email: newEmail)?.account, owner.id != account.id {
                    return .failure(.emailAlreadyInUse)
                }
                let carried = purpose.carriesOwnAddress ? (newEmail ?? account.email) : nil
                return .success((account, try store.issueCode(purpose, accountID: account.id, email: carried)))
            }
        }
    }
}

extension Authenticator {
    /// The emulator's "delete all accounts": every account with everything about it.
    ///
    /// - Returns: how many accounts there were.
    @discardableResult
    public func deleteAllAccounts() throws(StoreError) -> Int {
        try store.deleteAllAccounts()
    }
}
