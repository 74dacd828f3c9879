/// What using a sign-in link did.
public struct EmailLinkSignIn: Sendable, Hashable {
    public let account: Account
    /// The address had no account: this sign-in made it (`isNewUser`).
    public let isNew: Bool
}

extension Authenticator {
    /// Issues a sign-in link for `email` and mails it (the API's `sendOobCode` with `EMAIL_SIGNIN`),
    /// whether or not the address has an account: using the link makes the account, so the answer
    /// is the same for every address and tells nothing. With `mails` false nothing is mailed and
    /// the caller sends the code itself (the Admin SDKs' `generateSignInWithEmailLink`).
    ///
    /// The site's own "send me a sign-in link" goes through `recordResetRequest(kind: .signIn)`
    /// instead, which mails only an existing account, as the forgot-password page does.
    ///
    /// - Parameter link: the link that carries a token, for the emulator's list of codes (the
    ///   store records it in emulator mode).
    public func sendSignInLink(
        email: String, continuation: SignInLinkContinuation?, locale: String = "en", mails: Bool = true,
        link: (_ token: String) -> String? = { _ in nil }
    ) -> Result<IssuedSignInCode, AuthFailure> {
        attempt { () throws(StoreError) in
            try store.transaction { () throws(StoreError) -> Result<IssuedSignInCode, AuthFailure> in
                let owner = try store.account(email: email)?.account
                return .success(
                    try store.issueSignInCode(email: email, link: link) { token in
                        mails ? mail.signInLink(to: email, owner: owner, code: token, continuation: continuation, locale: locale) : nil
                    })
            }
        }
    }

    /// The address a usable sign-in code signs in as, without using it (a page's GET).
    public func inspectSignInLink(code: String) -> Result<SignInCode, AuthFailure> {
        attempt { () throws(StoreError) in try store.inspectSignInCode(code).mapError(AuthFailure.init) }
    }

    /// Uses a sign-in code, in one transaction: signs in to the account of the code's address, or
    /// makes it (verified, without a password), or, for a `requester` (an app's signed-in user
    /// linking the link's credential), gives the requester's account that address. The address is
    /// proven by the link: it is marked verified, and the first time the owner comes in this way
    /// (the account's ways in were never known to be theirs), whatever a stranger who made the
    /// account with this address may have set ends — the password, the provider identities and
    /// passkeys, every session and token — as a password reset ends them (`ownerTookOver`).
    ///
    /// Nothing is used up when the answer is a failure (a disabled account, a mismatch, a
    /// `beforeCreate` hook's refusal for an address without an account). The door then starts the
    /// session or tokens, which asks `beforeSignIn`.
    ///
    /// - Parameters:
    ///   - email: the address the app says the link was sent to (Firebase asks for it, so that a
    ///     forwarded link is useless without it); nil on the site, whose page shows the address.
    ///   - signedInAt: the requester's sign-in time (linking needs a recent one unless anonymous).
    /// - Returns: the account and whether it is new, or `.invalidActionCode`, `.expiredActionCode`,
    ///   `.emailMismatch`, `.userDisabled`, and for linking `.emailAlreadyInUse`,
    ///   `.emailChangeNeedsVerification`, `.requiresRecentLogin` and the requester's failures.
    public func signIn(
        withLinkCode code: String, email: String?, linking requester: Requester? = nil, signedInAt: Int64 = 0
    ) -> Result<EmailLinkSignIn, AuthFailure> {
        attempt { () throws(StoreError) in
            // A link for an address without an account makes one: asked before the transaction,
            // from what the store says now (the transaction fails closed if that changed).
            var creation: (uid: String, changes: HookChanges)?
            if requester == nil, hooksAsk(.beforeCreate), case .success(let pending) = try store.inspectSignInCode(code),
                email.map({ AccountStore.emailKey($0) == AccountStore.emailKey(pending.email) }) ?? true,
                try store.account(email: pending.email) == nil
            {
                let uid = AccountStore.newUID()
                switch try admit(.beforeCreate, method: "emailLink", {
                    newAccountSubject(uid: uid, email: pending.email, emailVerified: true, providers: [], method: "emailLink")
                }) {
                case .failure(let failure): return .failure(failure)
                case .success(let changes): creation = (uid, changes)
                }
            }
            return try store.transaction { () throws(StoreError) -> Result<EmailLinkSignIn, AuthFailure> in
                let found: SignInCode
                switch try store.inspectSignInCode(code) {
                case .failure(let failure): return .failure(AuthFailure(failure))
                case .success(let code): found = code
                }
                if let email, AccountStore.emailKey(email) != AccountStore.emailKey(found.email) { return .failure(.emailMismatch) }
                let owner = try store.account(email: found.email)?.account
                if let requester {
                    let linked: Account
                    switch try resolve(requester) {
                    case .failure(let failure): return .failure(failure)
                    case .success(let resolved): linked = resolved.account
                    }
                    if let failure = try checkLinking(email: found.email, to: linked, signedInAt: signedInAt) {
                        return .failure(failure)
                    }
                    guard case .success = try store.consumeSignInCode(code) else { return .failure(.invalidActionCode) }
                    if linked.hasEmail {
                        try store.markVerified(accountID: linked.id)
                    } else {
                        try store.setEmail(accountID: linked.id, to: found.email, verified: true)
                    }
                    try store.keep(accountID: linked.id)
                    return .success(EmailLinkSignIn(account: try reread(linked), isNew: false))
                }
                if let owner {
                    if owner.isDisabled { return .failure(.userDisabled) }
                    guard case .success = try store.consumeSignInCode(code) else { return .failure(.invalidActionCode) }
                    // The first time the address's owner comes in through its mailbox, whatever was
                    // on the account before was not known to be theirs (a click on a verification
                    // link, from any browser, proves nothing about who set the password).
                    if try store.storage.storedAccount(id: owner.id)?.credentialsTrustedSince == nil {
                        try store.storage.setPasswordHash(accountID: owner.id, nil)
                        try store.ownerTookOver(owner)
                    }
                    return .success(EmailLinkSignIn(account: try reread(owner), isNew: false))
                }
                if creation == nil, hooksAsk(.beforeCreate) { return .failure(.hookUnavailable) }
                guard case .success = try store.consumeSignInCode(code) else { return .failure(.invalidActionCode) }
                // A sign-up of the address committed meanwhile makes this throw: the transaction
                // rolls back and the code stays unused.
                var account = try store.createAccount(
                    NewAccount(email: found.email, displayName: "", nameKey: "", passwordHash: nil), verified: true, uid: creation?.uid)
                // Made by the address's owner, through its mailbox: trusted from the start.
                try store.storage.setCredentialsTrustedSince(accountID: account.id, account.createdAt)
                try store.record(.accountCreated, uid: account.uid, details: EventDetails(method: "email_link"))
                if let changes = creation?.changes { account = try apply(changes, to: account) }
                return .success(EmailLinkSignIn(account: account, isNew: true))
            }
        }
    }
}
