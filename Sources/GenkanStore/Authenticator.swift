import GenkanLocalization

/// Why an account operation did not succeed; each case is a Firebase Authentication error
/// (`code`), which every client of the store localizes the same way.
public enum AuthFailure: Error, Sendable, Hashable {
    case emailAlreadyInUse
    /// Unknown e-mail address or wrong password; deliberately one case (no account enumeration).
    case invalidCredential
    /// The password was right but the account is disabled.
    case userDisabled
    case tooManyRequests
    /// The sign-in limits refused to check the password (`SignInThrottle`).
    case throttled(SignInRefusal)
    /// A one-time code that is unknown, used, replaced or no longer fits its account.
    case invalidActionCode
    /// A one-time code past its expiry.
    case expiredActionCode
    /// The session the operation was asked for is no longer live (it expired, was signed out, was
    /// ended by a password change or an address recovery, or its account was deleted): sign in
    /// again.
    case userTokenExpired
    /// No account has this id (it was deleted).
    case userNotFound
    /// A provider's address belongs to an account that this identity is not linked to: sign in
    /// the way used before, then link the provider in the settings (no silent merge).
    case accountExistsWithDifferentCredential
    /// The identity is linked to another account.
    case credentialAlreadyInUse
    /// The account has an identity of this provider already.
    case providerAlreadyLinked
    /// The account has no identity of this provider.
    case noSuchProvider
    /// The callback completed for another account than the one that asked to link.
    case userMismatch
    /// Unlinking would leave the account without a way to sign in (no password, no other provider).
    case lastSignInMethod
    /// The provider gave no e-mail address, which an account needs.
    case missingEmail
    /// The provider did not verify the address, and a new account needs a verified one (with
    /// `--private-signup`, where an address in use is told only to its proven owner).
    case unverifiedEmail
    /// The store failed; the detail is for the operator's log.
    case internalError(StoreError)

    /// The Firebase Authentication error: the one mapping from the store's failures to codes,
    /// a switch the compiler checks whenever a case is added.
    public var code: AuthErrorCode {
        switch self {
        case .emailAlreadyInUse: .emailAlreadyInUse
        case .invalidCredential: .invalidCredential
        case .userDisabled: .userDisabled
        case .tooManyRequests, .throttled: .tooManyRequests
        case .invalidActionCode: .invalidActionCode
        case .expiredActionCode: .expiredActionCode
        case .userTokenExpired: .userTokenExpired
        case .userNotFound: .userNotFound
        case .accountExistsWithDifferentCredential: .accountExistsWithDifferentCredential
        case .credentialAlreadyInUse: .credentialAlreadyInUse
        case .providerAlreadyLinked: .providerAlreadyLinked
        case .noSuchProvider: .noSuchProvider
        case .userMismatch: .userMismatch
        case .lastSignInMethod: .operationNotAllowed
        case .missingEmail: .missingEmail
        case .unverifiedEmail: .unverifiedEmail
        case .internalError: .internalError
        }
    }

    /// The failure of an operation that needed a one-time code.
    public init(_ failure: ActionCodeFailure) {
        switch failure {
        case .invalid: self = .invalidActionCode
        case .expired: self = .expiredActionCode
        }
    }
}

/// Sign-up and sign-in over an `AccountStore`: Argon2id hashing, the same work for unknown
/// e-mail addresses as for wrong passwords, and rehashing when parameters change.
///
/// Values passed in are already validated and normalized (GenkanValidation's job).
public struct Authenticator: Sendable {
    public let hasher: PasswordHasher
    /// A hash of a random password with the current parameters, verified against when there is
    /// no account, so that an unknown address costs what a wrong password costs.
    private let dummyHash: String

    public init(hasher: PasswordHasher = .owaspMinimum) throws(StoreError) {
        self.hasher = hasher
        dummyHash = try hasher.hash(Secret.token())
    }

    /// Creates an account, and with `verificationMail` a verification code and the mail that
    /// carries it, in the same transaction as the account (all three exist, or none).
    ///
    /// - Parameters:
    ///   - email: the normalized address; an address that differs from an existing one only by
    ///     case is in use.
    ///   - verificationMail: builds the mail from the new account and the code's token (called
    ///     inside the transaction; keep it quick).
    public func signUp(
        email: String, displayName: String, nameKey: String, password: String, in store: AccountStore,
        verificationMail: ((_ account: Account, _ token: String) -> OutgoingMail?)? = nil
    ) -> Result<Account, AuthFailure> {
        do {
            if try store.account(email: email) != nil { return .failure(.emailAlreadyInUse) }
            let hash = try hasher.hash(password)
            return try store.transaction { () throws(StoreError) -> Result<Account, AuthFailure> in
                let account: Account
                do throws(StoreError) {
                    account = try store.createAccount(
                        NewAccount(email: email, displayName: displayName, nameKey: nameKey, passwordHash: hash))
                } catch where error.code == .constraint {
                    // Another sign-up with the same address committed first.
                    return .failure(.emailAlreadyInUse)
                }
                if let verificationMail {
                    _ = try store.issueCode(.verifyEmail, accountID: account.id) { verificationMail(account, $0) }
                }
                return .success(account)
            }
        } catch {
            return .failure(.internalError(error))
        }
    }

    /// Checks an e-mail address and password.
    ///
    /// An unknown address and a wrong password both give `.invalidCredential` after the same
    /// Argon2id work; a disabled account is reported only after its password was right.
    public func signIn(email: String, password: String, in store: AccountStore) -> Result<Account, AuthFailure> {
        do {
            // An account without a password (made through a provider) costs the same work.
            guard let stored = try store.account(email: email), !stored.passwordHash.isEmpty else {
                _ = hasher.verify(password, against: dummyHash)
                return .failure(.invalidCredential)
            }
            guard hasher.verify(password, against: stored.passwordHash) else {
                return .failure(.invalidCredential)
            }
            if stored.account.isDisabled { return .failure(.userDisabled) }
            if hasher.needsRehash(stored.passwordHash) {
                try store.updatePasswordHash(accountID: stored.account.id, to: try hasher.hash(password))
            }
            return .success(stored.account)
        } catch {
            return .failure(.internalError(error))
        }
    }
}
