import GenkanJSON

/// The operator's blocking hooks (`AccountHooks`), asked by the core and never by a door: every
/// account creation asks `beforeCreate` before its transaction opens, every session and token asks
/// `beforeSignIn` before the transaction that issues it, so a page, the Firebase API and every
/// provider cannot disagree about what a hook decides.
///
/// A refusal writes nothing but its `sign_in.refused` event (`reason: blocking_hook`, or
/// `blocking_hook_unavailable` when the server fails closed) on an account that exists; a creation
/// that was refused made no account, so it has no account's event (the server's security line
/// says it). An operation that must create or sign in inside one transaction asks first, from
/// what it read before opening it, and hands the answer in (`admitted`); if the transaction finds
/// otherwise (another request changed the account meanwhile) it fails closed rather than asking
/// with the transaction open.
extension Authenticator {
    /// Whether a hook is configured for `moment`.
    func hooksAsk(_ moment: HookMoment) -> Bool {
        settings.hooks?.asks(moment) ?? false
    }

    /// The hook's answer for the subject `subject` makes, or `already` when it was asked before
    /// (or a door that Firebase does not ask passes an empty one). Never asks inside a
    /// transaction: there it fails closed.
    ///
    /// - Parameter refusedUID: the existing account a refusal is recorded on; nil before creation.
    func admit(
        _ moment: HookMoment, already: HookChanges? = nil, refusedUID: String? = nil, method: String,
        _ subject: () throws(StoreError) -> HookSubject
    ) throws(StoreError) -> Result<HookChanges, AuthFailure> {
        if let already { return .success(already) }
        guard let hooks = settings.hooks, hooks.asks(moment) else { return .success(HookChanges()) }
        // A plan read before the transaction that no longer holds: never keep locks while a hook thinks.
        if store.storage.isInTransaction { return .failure(.hookUnavailable) }
        let verdict = hooks.ask(try subject())
        switch verdict {
        case .allowed(let changes):
            return .success(changes)
        case .refused(let code, let message):
            if let refusedUID {
                try store.record(.signInRefused, uid: refusedUID, details: EventDetails(method: method, reason: "blocking_hook"))
            }
            return .failure(.refusedByHook(code: code, message: message))
        case .unavailable:
            if let refusedUID {
                try store.record(
                    .signInRefused, uid: refusedUID, details: EventDetails(method: method, reason: "blocking_hook_unavailable"))
            }
            return .failure(.hookUnavailable)
        }
    }

    /// What a hook is told about an existing account, now.
    func hookSubject(_ moment: HookMoment, _ account: Account, method: String) throws(StoreError) -> HookSubject {
        let profile = try store.profile(id: account.id)
        let providers = (profile?.hasPassword == true ? ["password"] : []) + (profile?.identities.map(\.provider) ?? [])
        return HookSubject(
            moment: moment, uid: account.uid, email: account.hasEmail ? account.email : nil, emailVerified: account.isVerified,
            displayName: account.displayName, photoURL: profile?.photoURL, disabled: account.isDisabled, customClaims: account.customClaims,
            providers: providers, createdAt: account.createdAt, lastSignInAt: profile?.lastLoginAt, signInMethod: method, origin: store.origin)
    }

    /// What a hook is told about an account about to be made with `uid`.
    func newAccountSubject(
        uid: String, email: String?, emailVerified: Bool = false, displayName: String = "", photoURL: String? = nil,
        providers: [String], method: String
    ) -> HookSubject {
        HookSubject(
            moment: .beforeCreate, uid: uid, email: email, emailVerified: emailVerified, displayName: displayName, photoURL: photoURL,
            disabled: false, customClaims: nil, providers: providers, createdAt: nil, lastSignInAt: nil, signInMethod: method,
            origin: store.origin)
    }

    /// Asks `beforeCreate` about a new account, then (for an operation that also signs it in)
    /// `beforeSignIn` about it as the first answer left it: both before anything is written.
    func admitNewAccount(
        _ subject: HookSubject, signsIn: Bool
    ) throws(StoreError) -> Result<(creation: HookChanges, signIn: HookChanges), AuthFailure> {
        let creation: HookChanges
        switch try admit(.beforeCreate, method: subject.signInMethod, { subject }) {
        case .failure(let failure): return .failure(failure)
        case .success(let changes): creation = changes
        }
        guard signsIn else { return .success((creation, HookChanges())) }
        var next = subject.applying(creation)
        next.moment = .beforeSignIn
        next.createdAt = store.clock.now()
        return try admit(.beforeSignIn, method: subject.signInMethod, { next }).map { (creation, $0) }
    }

    /// Applies what a hook's yes changes on the account, inside the caller's transaction, with an
    /// event by the system for each state that changed.
    ///
    /// - Returns: the account as it is now.
    func apply(_ changes: HookChanges, to account: Account) throws(StoreError) -> Account {
        guard changes.changesAccount else { return account }
        let id = account.id
        if let verified = changes.emailVerified, account.hasEmail, verified != account.isVerified {
            try store.setVerified(accountID: id, verified)
            if verified { try store.record(.emailVerified, uid: account.uid, actor: .system) }
        }
        if let disabled = changes.disabled, disabled != account.isDisabled {
            try store.setDisabled(accountID: id, disabled)
            try store.record(disabled ? .accountDisabled : .accountEnabled, uid: account.uid, actor: .system)
        }
        if let name = changes.displayName { _ = try store.setName(accountID: id, displayName: name, nameKey: changes.nameKey ?? "") }
        if let photo = changes.photoURL { _ = try store.setPhotoURL(accountID: id, photo.isEmpty ? nil : photo) }
        if let claims = changes.customClaims, claims != account.customClaims {
            _ = try store.setCustomClaims(accountID: id, claims)
            let names = claims.flatMap { JSONReader.value($0)?.members?.map(\.name) } ?? []
            try store.record(.claimsChanged, uid: account.uid, actor: .system, details: EventDetails(claims: names))
        }
        return try reread(account)
    }
}

extension HookSubject {
    /// The subject as an allowing answer's changes leave it.
    func applying(_ changes: HookChanges) -> HookSubject {
        var subject = self
        if let verified = changes.emailVerified { subject.emailVerified = verified }
        if let disabled = changes.disabled { subject.disabled = disabled }
        if let name = changes.displayName { subject.displayName = name }
        if let photo = changes.photoURL { subject.photoURL = photo.isEmpty ? nil : photo }
        if let claims = changes.customClaims { subject.customClaims = claims }
        return subject
    }
}
