/// The hooks' answers for a provider's sign-in, asked before its transaction: the new account's
/// uid and `beforeCreate` answer, and the `beforeSignIn` answer; nil for what was not asked.
struct ProviderAdmission {
    var creation: (uid: String, changes: HookChanges)? = nil
    var signIn: HookChanges? = nil
}

/// The outcome of signing in with a provider.
public struct ProviderSignInOutcome: Sendable, Hashable {
    public let account: Account
    /// The account was made by this sign-in.
    public let isNew: Bool
    /// Its session's token, for the browser's cookie.
    public let token: String
}

extension Authenticator {
    /// Signs in with a verified provider identity, in one transaction: the account the identity
    /// is linked to, or, for an identity seen for the first time whose address no account has,
    /// a new account without a password (its address verified when the provider says so, else a
    /// verification mail), with a new session either way.
    ///
    /// An address that belongs to an account is never merged with the identity, whatever the
    /// provider says: `.accountExistsWithDifferentCredential` (sign in as before, then link from
    /// the settings). The session starts as every browser's does (`startSession`: the previous one
    /// ends, the sign-in is recorded).
    ///
    /// - Parameters:
    ///   - previous: the browser's session before this sign-in, if any.
    ///   - requireVerifiedEmail: only a verified address may make an account (`--private-signup`:
    ///     the answer "this address has an account" goes only to its proven owner).
    ///   - locale: the language of the verification mail a new account whose address the provider
    ///     did not verify is sent.
    public func signIn(
        with profile: ProviderProfile, replacing previous: String? = nil, userAgent: String?,
        requireVerifiedEmail: Bool = false, locale: String = "en"
    ) -> Result<ProviderSignInOutcome, AuthFailure> {
        attempt { () throws(StoreError) in
            let admitted: ProviderAdmission
            switch try admitProvider(profile, requireVerifiedEmail: requireVerifiedEmail, signsIn: true) {
            case .failure(let failure): return .failure(failure)
            case .success(let answers): admitted = answers
            }
            return try store.allOrNothing({ () throws(StoreError) -> Result<ProviderSignInOutcome, AuthFailure> in
                identify(profile, requireVerifiedEmail: requireVerifiedEmail, locale: locale, creation: admitted.creation).flatMap { found in
                    startSession(
                        for: found.account, replacing: previous, userAgent: userAgent, method: profile.provider, secondFactorProven: false,
                        admitted: admitted.signIn
                    ).map { started in
                        ProviderSignInOutcome(account: started.account, isNew: found.isNew, token: started.token)
                    }
                }
            })
        }
    }

    /// The account of a verified provider identity, made now if this is its first sign-in, as
    /// `signIn(with:…)` finds or makes it, without starting a session: the Firebase-compatible
    /// API's `accounts:signInWithIdp` issues its own tokens. A new account is made only after the
    /// `beforeCreate` hook allowed it.
    public func identify(
        _ profile: ProviderProfile, requireVerifiedEmail: Bool = false, locale: String = "en"
    ) -> Result<(account: Account, isNew: Bool), AuthFailure> {
        attempt { () throws(StoreError) in
            switch try admitProvider(profile, requireVerifiedEmail: requireVerifiedEmail, signsIn: false) {
            case .failure(let failure): return .failure(failure)
            case .success(let admitted):
                return identify(profile, requireVerifiedEmail: requireVerifiedEmail, locale: locale, creation: admitted.creation)
            }
        }
    }

    /// `identify`, with the uid and the `beforeCreate` hook's answer for an account it may make
    /// (asked before its transaction by `admitProvider`).
    func identify(
        _ profile: ProviderProfile, requireVerifiedEmail: Bool, locale: String, creation: (uid: String, changes: HookChanges)?
    ) -> Result<(account: Account, isNew: Bool), AuthFailure> {
        do {
            return try store.transaction { () throws(StoreError) -> Result<(account: Account, isNew: Bool), AuthFailure> in
                if let linked = try store.account(issuer: profile.issuer, subject: profile.subject) {
                    if linked.isDisabled { return .failure(.userDisabled) }
                    try store.touchIdentity(issuer: profile.issuer, subject: profile.subject)
                    return .success((linked, false))
                }
                guard let email = profile.email else { return .failure(.missingEmail) }
                if requireVerifiedEmail && !profile.emailVerified { return .failure(.unverifiedEmail) }
                if try store.account(email: email) != nil { return .failure(.accountExistsWithDifferentCredential) }
                // What was read before the hook was asked no longer holds: fail closed.
                if creation == nil, hooksAsk(.beforeCreate) { return .failure(.hookUnavailable) }
                var account: Account
                do throws(StoreError) {
                    account = try store.createPasswordlessAccount(profile, email: email, uid: creation?.uid)
                    try store.linkIdentity(profile, accountID: account.id)
                } catch where error.code == .constraint {
                    // Another sign-up or sign-in for the address or identity committed first.
                    return .failure(.accountExistsWithDifferentCredential)
                }
                if profile.emailVerified {
                    // The provider vouches that whoever holds this identity holds the address: the
                    // account was made by the address's owner, and its identity is theirs.
                    try store.storage.setCredentialsTrustedSince(accountID: account.id, store.clock.now())
                } else {
                    _ = try store.issueCode(.verifyEmail, accountID: account.id) { mail.verification(to: account, code: $0, locale: locale) }
                }
                try store.record(.accountCreated, uid: account.uid, details: EventDetails(method: profile.provider, provider: profile.provider))
                if let changes = creation?.changes { account = try apply(changes, to: account) }
                return .success((account, true))
            }
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// Asks the hooks a provider's sign-in needs, from what the store says before its transaction:
    /// `beforeCreate` (with the uid the account will get) when the identity is new and its address
    /// free, and with `signsIn`, `beforeSignIn` when a session or tokens would follow (not for an
    /// account whose second step is due, a disabled one, or a sign-in that fails anyway).
    func admitProvider(
        _ profile: ProviderProfile, requireVerifiedEmail: Bool, signsIn: Bool
    ) throws(StoreError) -> Result<ProviderAdmission, AuthFailure> {
        if let linked = try store.account(issuer: profile.issuer, subject: profile.subject) {
            guard signsIn, !linked.isDisabled, try !store.hasSecondFactor(accountID: linked.id) else { return .success(ProviderAdmission()) }
            return try admit(.beforeSignIn, refusedUID: linked.uid, method: profile.provider, { () throws(StoreError) in
                try hookSubject(.beforeSignIn, linked, method: profile.provider)
            }).map { ProviderAdmission(creation: nil, signIn: $0) }
        }
        guard let email = profile.email, profile.emailVerified || !requireVerifiedEmail, try store.account(email: email) == nil else {
            return .success(ProviderAdmission())
        }
        let uid = AccountStore.newUID()
        let subject = newAccountSubject(
            uid: uid, email: email, emailVerified: profile.emailVerified, displayName: profile.displayName, providers: [profile.provider],
            method: profile.provider)
        return try admitNewAccount(subject, signsIn: signsIn).map {
            ProviderAdmission(creation: (uid, $0.creation), signIn: signsIn ? $0.signIn : nil)
        }
    }

    /// How long before linking a provider the account's password must have been proved, in
    /// seconds (the Firebase-compatible API's window for sensitive changes).
    public static let recentAuthentication: Int64 = 300

    /// Links a verified provider identity to the signed-in account behind `sessionToken`, which
    /// must be `accountID` (the account that started linking) and must have proved the account's
    /// password within `recentAuthentication` (the page asks for it before sending the browser to
    /// the provider), and mails the account's address a notice.
    ///
    /// - Returns: the identity, or `.credentialAlreadyInUse` (linked to another account),
    ///   `.providerAlreadyLinked` (this account has one of this provider), `.userMismatch`,
    ///   `.requiresRecentLogin`, `.userTokenExpired`, `.userDisabled`.
    public func link(
        _ profile: ProviderProfile, toAccount accountID: Int64, sessionToken: String, locale: String = "en"
    ) -> Result<ProviderIdentity, AuthFailure> {
        acting(as: .session(token: sessionToken)) { (resolved) throws(StoreError) -> Result<ProviderIdentity, AuthFailure> in
            let account = resolved.account
            guard account.id == accountID else { return .failure(.userMismatch) }
            guard let session = resolved.session?.session,
                store.clock.now() - session.authenticatedAt <= Self.recentAuthentication
            else { return .failure(.requiresRecentLogin) }
            if let owner = try store.account(issuer: profile.issuer, subject: profile.subject) {
                return .failure(owner.id == accountID ? .providerAlreadyLinked : .credentialAlreadyInUse)
            }
            let existing = try store.providerIdentities(accountID: accountID).identities
            if existing.contains(where: { $0.provider == profile.provider || $0.issuer == profile.issuer }) {
                return .failure(.providerAlreadyLinked)
            }
            do throws(StoreError) {
                try store.linkIdentity(profile, accountID: accountID)
            } catch where error.code == .constraint {
                return .failure(.credentialAlreadyInUse)
            }
            guard let linked = try store.providerIdentities(accountID: accountID).identities.first(where: { $0.issuer == profile.issuer })
            else { return .failure(.noSuchProvider) }
            try store.record(.providerLinked, uid: account.uid, details: EventDetails(provider: profile.provider))
            if let notice = mail.signInMethodChanged(to: account, provider: profile.provider, connected: true, locale: locale) {
                try store.enqueueMail(notice, accountID: account.id)
            }
            return .success(linked)
        }
    }

    /// Links a verified provider identity to the requester's account (the API's `signInWithIdp`
    /// with the user's ID token, an SDK's `linkWithCredential`): the same account and uid, a way in
    /// more. An account without an address takes the provider's (verified when the provider says
    /// so); an account that is not anonymous needs a recent sign-in (`signedInAt`), and its address
    /// is mailed a notice.
    ///
    /// - Returns: the account, or `.credentialAlreadyInUse` (the identity is another account's),
    ///   `.providerAlreadyLinked`, `.emailAlreadyInUse` (the provider's address is another
    ///   account's), `.requiresRecentLogin`, and the requester's failures.
    public func link(
        _ profile: ProviderProfile, _ requester: Requester, signedInAt: Int64, locale: String = "en"
    ) -> Result<Account, AuthFailure> {
        acting(as: requester) { (resolved) throws(StoreError) -> Result<Account, AuthFailure> in
            let account = resolved.account
            if let owner = try store.account(issuer: profile.issuer, subject: profile.subject) {
                return .failure(owner.id == account.id ? .providerAlreadyLinked : .credentialAlreadyInUse)
            }
            let existing = try store.providerIdentities(accountID: account.id).identities
            if existing.contains(where: { $0.provider == profile.provider || $0.issuer == profile.issuer }) {
                return .failure(.providerAlreadyLinked)
            }
            // The provider's address becomes the account's only when it has none; a different one
            // is not an error (the identity is linked, the account keeps its address).
            let adopted = account.hasEmail ? nil : profile.email
            if let failure = try checkLinking(email: adopted, to: account, signedInAt: signedInAt) { return .failure(failure) }
            if let email = profile.email, let owner = try store.account(email: email)?.account, owner.id != account.id {
                return .failure(.emailAlreadyInUse)
            }
            do throws(StoreError) {
                try store.linkIdentity(profile, accountID: account.id)
            } catch where error.code == .constraint {
                return .failure(.credentialAlreadyInUse)
            }
            if let adopted { try store.setEmail(accountID: account.id, to: adopted, verified: profile.emailVerified) }
            try store.keep(accountID: account.id)
            try store.record(.providerLinked, uid: account.uid, actor: requester.actor, details: EventDetails(provider: profile.provider))
            if account.hasEmail, let notice = mail.signInMethodChanged(to: account, provider: profile.provider, connected: true, locale: locale) {
                try store.enqueueMail(notice, accountID: account.id)
            }
            return .success(try reread(account))
        }
    }

    /// Unlinks the requester's identity at `provider`, unless it is the account's last way to sign
    /// in (no password, no other identity, no passkey): `.lastSignInMethod`; mails the account's address a
    /// notice. The page checks the current password first.
    public func unlink(provider: String, _ requester: Requester, locale: String = "en") -> Result<Void, AuthFailure> {
        acting(as: requester) { (resolved) throws(StoreError) -> Result<Void, AuthFailure> in
            let account = resolved.account
            let methods = try store.signInMethods(accountID: account.id)
            guard methods.identities.contains(where: { $0.provider == provider }) else { return .failure(.noSuchProvider) }
            guard methods.count > 1 else { return .failure(.lastSignInMethod) }
            _ = try store.unlinkIdentity(accountID: account.id, provider: provider)
            try store.record(.providerUnlinked, uid: account.uid, actor: requester.actor, details: EventDetails(provider: provider))
            if let notice = mail.signInMethodChanged(to: account, provider: provider, connected: false, locale: locale) {
                try store.enqueueMail(notice, accountID: account.id)
            }
            return .success(())
        }
    }
}
