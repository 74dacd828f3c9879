/// What signing in with a custom token did.
public struct CustomTokenSignIn: Sendable, Hashable {
    public let account: Account
    /// The uid had no account before: this sign-in made it (`isNewUser`).
    public let isNew: Bool
    public let authTime: Int64
    /// The refresh token (its only copy).
    public let refreshToken: String
}

extension Authenticator {
    /// Signs in as `uid`, which a backend holding the service account's key vouched for with a
    /// custom token (the door checked the token): the account with that uid, or a new one without
    /// an address when there is none, and its tokens, in one transaction. An anonymous account
    /// signed in to this way is anonymous no more (the backend has taken it over).
    ///
    /// - Parameters:
    ///   - uid: checked by `AccountStore.isValidUID`.
    ///   - claims: the token's developer claims (a JSON object the door checked), kept with the
    ///     refresh token so that every ID token of this sign-in carries them.
    /// A uid an account got from its row number when uids became strings (`Account.hasLegacyUID`:
    /// "1", "2"…) is the site's numbering, not the backend's: a custom token for "2" names the
    /// backend's user 2, not the person who signed up second on the site, and is refused
    /// (`.uidAlreadyInUse`) rather than signing one into the other's account. Such accounts are
    /// reached by their address, their providers, or the Admin API.
    ///
    /// - Returns: the sign-in, or `.userDisabled`, `.uidAlreadyInUse`. No blocking hook is asked,
    ///   as Firebase asks none for custom tokens.
    public func signIn(customUID uid: String, claims: String?) -> Result<CustomTokenSignIn, AuthFailure> {
        attempt { () throws(StoreError) in
            try store.transaction { () throws(StoreError) -> Result<CustomTokenSignIn, AuthFailure> in
                let account: Account
                var isNew = false
                if let existing = try store.account(uid: uid) {
                    if existing.hasLegacyUID { return .failure(.uidAlreadyInUse) }
                    if existing.isDisabled { return .failure(.userDisabled) }
                    if existing.isAnonymous { try store.keep(accountID: existing.id) }
                    account = try reread(existing)
                } else {
                    account = try store.createAddresslessAccount(uid: uid, anonymous: false)
                    try store.record(.accountCreated, uid: account.uid, details: EventDetails(method: "custom"))
                    isNew = true
                }
                // Firebase asks no blocking function for a custom token: the app's server vouched.
                return startTokens(for: account, signInProvider: "custom", claims: claims, secondFactorProven: true, admitted: HookChanges()).map {
                    started in
                    CustomTokenSignIn(account: started.account, isNew: isNew, authTime: started.authTime, refreshToken: started.refreshToken)
                }
            }
        }
    }
}
