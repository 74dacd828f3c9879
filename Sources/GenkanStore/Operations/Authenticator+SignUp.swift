/// What a sign-up did.
public enum SignUpOutcome: Sendable, Hashable {
    /// A new account (with its verification mail queued when asked for).
    case created(Account)
    /// The address has an account already; with `privately`, its owner was sent a notice and the
    /// door must answer exactly as for `.created` (without `privately` this is a failure instead).
    case addressInUse(Account)
}

extension Authenticator {
    /// Creates an account with a password, and with `sendsVerification` a verification code and
    /// its mail, in the same transaction (all exist, or none).
    ///
    /// - Parameters:
    ///   - email: the normalized address; an address that differs from an existing one only by
    ///     case is in use.
    ///   - privately: do not reveal whether the address has an account (`--private-signup`): the
    ///     password is hashed first in every case, so both outcomes cost the same Argon2id work,
    ///     and an address in use gets `signUpAttempt` mailed to its owner (`.addressInUse`).
    ///     Otherwise an address in use is `.emailAlreadyInUse`, found before any hashing.
    ///
    /// The `beforeCreate` hook is asked before anything is hashed or written: a refusal
    /// (`.refusedByHook`, `.hookUnavailable`) leaves nothing; its changes are made with the account.
    ///
    /// - Returns: `.created`, or `.addressInUse` when `privately`; `.emailAlreadyInUse` otherwise.
    public func signUp(
        email: String, displayName: String, nameKey: String, password: String, locale: String = "en",
        sendsVerification: Bool = true, privately: Bool = false
    ) -> Result<SignUpOutcome, AuthFailure> {
        attempt { () throws(StoreError) in
            if !privately, try store.account(email: email) != nil { return .failure(.emailAlreadyInUse) }
            // Asked before the hashing and the transaction, and (privately) whether or not the
            // address has an account, so that the answer and its time tell nothing more.
            let uid = AccountStore.newUID()
            let changes: HookChanges
            switch try admit(.beforeCreate, method: "password", {
                newAccountSubject(uid: uid, email: email, displayName: displayName, providers: ["password"], method: "password")
            }) {
            case .failure(let failure): return .failure(failure)
            case .success(let allowed): changes = allowed
            }
            let hash = try hasher.hash(password)
            return try store.transaction { () throws(StoreError) -> Result<SignUpOutcome, AuthFailure> in
                if let owner = try store.account(email: email)?.account {
                    guard privately else { return .failure(.emailAlreadyInUse) }
                    if let notice = mail.signUpAttempt(to: owner, locale: locale) { try store.enqueueMail(notice, accountID: owner.id) }
                    return .success(.addressInUse(owner))
                }
                var account: Account
                do throws(StoreError) {
                    account = try store.createAccount(
                        NewAccount(email: email, displayName: displayName, nameKey: nameKey, passwordHash: hash), uid: uid)
                } catch where error.code == .constraint {
                    // Another sign-up with the same address committed first (a store whose
                    // transactions do not see each other's inserts before the unique index does).
                    return .failure(.emailAlreadyInUse)
                }
                try store.record(.accountCreated, uid: account.uid, details: EventDetails(method: "password"))
                account = try apply(changes, to: account)
                if sendsVerification && !account.isVerified {
                    _ = try store.issueCode(.verifyEmail, accountID: account.id) { mail.verification(to: account, code: $0, locale: locale) }
                }
                return .success(.created(account))
            }
        }
    }
}

extension Result where Success == SignUpOutcome, Failure == AuthFailure {
    /// The account a sign-up that is not private created.
    public var created: Result<Account, AuthFailure> {
        flatMap { outcome -> Result<Account, AuthFailure> in
            switch outcome {
            case .created(let account): return .success(account)
            case .addressInUse: return .failure(.emailAlreadyInUse)
            }
        }
    }
}
