import GenkanWebAuthn

/// The accounts core on one connection: every account operation, written once over the
/// connection's `AccountStore`: sign-up and sign-in (Argon2id, the same work for unknown addresses
/// as for wrong passwords, rehashing when parameters change), password reset and change, address
/// verification and change, names, deletion, providers, sessions and tokens. The doors — the
/// pages, the Firebase-compatible API, its admin endpoints — prove who is asking (`Requester`) and
/// call these; what an operation writes, revokes and mails is decided here, so two doors cannot
/// disagree about it.
///
/// What a worker job gets: each worker thread owns one, made over its own connection with the
/// `Settings` every thread shares, so a job reaches the accounts through operations and named
/// reads, never through the store.
///
/// Values passed in are already validated and normalized (GenkanValidation's job). Every
/// operation returns `Result<_, AuthFailure>`; a store failure is `.internalError`.
public final class Authenticator {
    /// The connection the operations read and write through: one thread's at a time.
    let store: AccountStore
    /// The hasher, the mails and the passkey verifier, shared by every connection's core.
    public let settings: Settings

    public var hasher: PasswordHasher { settings.hasher }
    /// The mails operations send.
    public var mail: any AccountMail { settings.mail }
    /// Checks passkey ceremonies for the site's relying party; nil where passkeys cannot work (a
    /// base URL whose host is an IP address), and the passkey operations then refuse.
    public var passkeys: WebAuthnVerifier? { settings.passkeys }
    /// Seals and opens TOTP secrets; nil where the server has no key file, and the second-factor
    /// operations then refuse (`.twoFactorUnavailable`).
    public var twoFactorKeys: TwoFactorKeys? { settings.twoFactorKeys }

    public init(store: AccountStore, settings: Settings) {
        self.store = store
        self.settings = settings
    }

    /// A core with settings of its own (one connection: a tool, a test).
    public convenience init(
        store: AccountStore, hasher: PasswordHasher = .owaspMinimum, mail: any AccountMail = NoAccountMail(),
        passkeys: WebAuthnVerifier? = nil, twoFactorKeys: TwoFactorKeys? = nil, hooks: (any AccountHooks)? = nil
    ) throws(StoreError) {
        self.init(
            store: store, settings: try Settings(hasher: hasher, mail: mail, passkeys: passkeys, twoFactorKeys: twoFactorKeys, hooks: hooks))
    }

    /// Checks an e-mail address and password.
    ///
    /// An unknown address and a wrong password both give `.invalidCredential` after the same
    /// Argon2id work; a disabled account is reported only after its password was right. A failure
    /// for an existing account is an event (`sign_in.failed`, or `sign_in.refused` when disabled);
    /// success is recorded where the session or tokens are issued.
    public func signIn(email: String, password: String) -> Result<Account, AuthFailure> {
        do {
            // An account without a password (made through a provider) costs the same work.
            let found = try store.account(email: email)
            guard let stored = found, !stored.passwordHash.isEmpty else {
                _ = hasher.verify(password, against: settings.dummyHash)
                if let account = found?.account {
                    try store.record(.signInFailed, uid: account.uid, details: EventDetails(method: "password", reason: "no-password"))
                }
                return .failure(.invalidCredential)
            }
            guard passwordMatches(password, stored.passwordHash) else {
                try store.record(.signInFailed, uid: stored.account.uid, details: EventDetails(method: "password", reason: "wrong-password"))
                return .failure(.invalidCredential)
            }
            if stored.account.isDisabled {
                try store.record(.signInRefused, uid: stored.account.uid, details: EventDetails(method: "password", reason: "account-disabled"))
                return .failure(.userDisabled)
            }
            try rehashIfOlder(stored.passwordHash, of: password, accountID: stored.account.id)
            return .success(stored.account)
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// Whether `password` is the one `stored` was made from: an Argon2id PHC string through
    /// libsodium, or a hash an import brought (`ImportedPasswordHash`). A wrong password for an
    /// imported hash then pays for the dummy Argon2id verification too, so that it costs at least
    /// what a wrong password or an unknown address costs (a right one pays for the Argon2id hash
    /// that replaces it, in `rehashIfOlder`): a weak imported hash, checked in microseconds, does
    /// not tell by its speed which addresses have accounts.
    func passwordMatches(_ password: String, _ stored: String) -> Bool {
        guard !stored.hasPrefix("$argon2"), let imported = ImportedPasswordHash(stored: stored) else {
            return hasher.verify(password, against: stored)
        }
        if imported.verify(password) { return true }
        _ = hasher.verify(password, against: settings.dummyHash)
        return false
    }

    /// Replaces `hash`, which `password` was just verified against, with one made with the current
    /// parameters, if it is older (an imported hash always is) — and only if it is still the stored hash: a password change that
    /// committed while this one was hashing must not be overwritten with the old password.
    func rehashIfOlder(_ hash: String, of password: String, accountID: Int64) throws(StoreError) {
        guard hasher.needsRehash(hash) else { return }
        let rehashed = try hasher.hash(password)
        try store.transaction { () throws(StoreError) in
            guard try store.storage.storedAccount(id: accountID)?.passwordHash == hash else { return }
            try store.updatePasswordHash(accountID: accountID, to: rehashed)
        }
    }

    /// Runs `body` and turns a store error it throws into `.internalError`.
    func attempt<T>(_ body: () throws(StoreError) -> Result<T, AuthFailure>) -> Result<T, AuthFailure> {
        do { return try body() } catch { return .failure(.internalError(error)) }
    }
}
