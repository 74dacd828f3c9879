/// The named reads the doors show: an account, its profile, its ways in, a code's details. Reads
/// only; what changes an account is an operation.
extension Authenticator {
    public func account(id: Int64) throws(StoreError) -> Account? {
        try store.account(id: id)
    }

    public func account(uid: String) throws(StoreError) -> Account? {
        try store.account(uid: uid)
    }

    /// The account with this address (any spelling of it), without its password hash.
    public func account(email: String) throws(StoreError) -> Account? {
        try store.account(email: email)?.account
    }

    /// The account with what the Firebase API shows beside it (photo, last sign-in, identities…).
    public func profile(id: Int64) throws(StoreError) -> AccountProfile? {
        try store.profile(id: id)
    }

    public func profile(uid: String) throws(StoreError) -> AccountProfile? {
        try store.profile(uid: uid)
    }

    public func profile(email: String) throws(StoreError) -> AccountProfile? {
        try store.profile(email: email)
    }

    /// Profiles in id order after `afterID` (the admin API's pages).
    public func profiles(afterID: Int64, limit: Int) throws(StoreError) -> [AccountProfile] {
        try store.profiles(afterID: afterID, limit: limit)
    }

    /// How the account can sign in: a password, which providers, how many passkeys.
    public func signInMethods(accountID: Int64) throws(StoreError) -> SignInMethods {
        try store.signInMethods(accountID: accountID)
    }

    /// The account's provider identities, and whether it has a password.
    public func providerIdentities(accountID: Int64) throws(StoreError) -> (identities: [ProviderIdentity], hasPassword: Bool) {
        try store.providerIdentities(accountID: accountID)
    }

    public func passkeys(accountID: Int64) throws(StoreError) -> [Passkey] {
        try store.passkeys(accountID: accountID)
    }

    /// What a mailed code is for and whose it is, without using it: `.invalid` for one unknown,
    /// used, replaced or of another purpose, `.expired` past its expiry.
    public func inspectCode(_ code: String, purpose: ActionCodePurpose) throws(StoreError) -> Result<ActionCode, ActionCodeFailure> {
        try store.inspectCode(code, purpose: purpose)
    }

    /// A code's details whatever its purpose (the API's `resetPassword` without a new password,
    /// `checkActionCode`).
    public func lookUpCode(_ code: String) throws(StoreError) -> Result<ActionCode, ActionCodeFailure> {
        try store.lookUpCode(code)
    }

    /// The codes sent, newest first, as the Firebase Auth emulator lists them (recorded in
    /// emulator mode only).
    public func emulatorCodes() throws(StoreError) -> [EmulatorCode] {
        try store.emulatorCodes()
    }
}

/// The second factor's named reads.
extension Authenticator {
    /// Whether the account has a second factor.
    public func hasSecondFactor(accountID: Int64) throws(StoreError) -> Bool {
        try store.hasSecondFactor(accountID: accountID)
    }

    /// The account's second factor and how many recovery codes it has left (the settings page).
    public func secondFactorSummary(accountID: Int64) throws(StoreError) -> (factor: SecondFactor, recoveryCodesLeft: Int)? {
        try store.secondFactorSummary(accountID: accountID)
    }

    /// The account's second factor, if it has one (the API's `mfaInfo`).
    public func secondFactor(accountID: Int64) throws(StoreError) -> SecondFactor? {
        try store.storage.secondFactor(accountID: accountID)
    }

    /// The second factors of a list of accounts (a page of `profiles(afterID:limit:)`), by
    /// account id, read at once rather than one account at a time.
    public func secondFactors(of profiles: [AccountProfile]) throws(StoreError) -> [Int64: SecondFactor] {
        let ids = profiles.map(\.account.id)
        guard let first = ids.min(), let last = ids.max() else { return [:] }
        let wanted = Set(ids)
        var found: [Int64: SecondFactor] = [:]
        for factor in try store.storage.secondFactors(accountIDs: first...last) where wanted.contains(factor.accountID) {
            found[factor.accountID] = factor
        }
        return found
    }
}
