import GenkanErrorCodes
import GenkanWebAuthn

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
    /// The change needs a proof of the password made a few minutes ago at most.
    case requiresRecentLogin
    /// The account has a password and none was given.
    case missingPassword
    /// Unlinking would leave the account without a way to sign in (no password, no other provider).
    case lastSignInMethod
    /// The provider gave no e-mail address, which an account needs.
    case missingEmail
    /// The provider did not verify the address, and a new account needs a verified one (with
    /// `--private-signup`, where an address in use is told only to its proven owner).
    case unverifiedEmail
    /// Passkeys cannot be used on this site (its base URL's host is not a domain), or not through
    /// this door.
    case passkeysUnavailable
    /// The response names no passkey of this site, or none of this account: unknown, or removed.
    case passkeyNotFound
    /// The challenge the response answers is unknown, used, expired, or was issued to another
    /// browser, session or ceremony.
    case passkeyChallengeInvalid
    /// The verification refused the response, for this reason; `account` is the account whose
    /// passkey the response named, when it named one (for the security log: a counter that went
    /// backwards on a device-bound passkey is `.counterNotIncreased`).
    case passkeyRejected(WebAuthnFailure.Reason, account: Account?)
    /// The authenticator made a credential that is registered already, to this account or another.
    case passkeyAlreadyRegistered
    /// The account has an address and the change would replace it without a link to the new one
    /// (Genkan changes an address only through the link mailed to it).
    case emailChangeNeedsVerification
    /// A sign-in link was used with another address than the one it was sent to.
    case emailMismatch
    /// An administrator asked for a uid another account has.
    case uidAlreadyInUse
    /// This server has no key to seal second-factor secrets with.
    case twoFactorUnavailable
    /// A sealed TOTP secret names a key this server's key file lacks, or was changed: the operator's
    /// problem (the log names the key id), never taken for a wrong code.
    case twoFactorKeyMissing
    /// An anonymous account cannot add a second factor.
    case unsupportedFirstFactor
    /// The account has a second factor already (Genkan keeps one per account).
    case secondFactorAlreadyEnrolled
    /// The account has no second factor (by that id).
    case multiFactorInfoNotFound
    /// A wrong authenticator code, or a recovery code that is not an unused one of the account.
    case invalidVerificationCode
    /// The authenticator code of a step already used: a code works once.
    case verificationCodeReused
    /// The enrolment under way is unknown, or another account's.
    case invalidVerificationID
    /// The enrolment under way has expired.
    case sessionExpired
    /// The sign-in's second step is unknown, used, expired, another browser's, or ended by wrong codes.
    case invalidMultiFactorSession
    /// The account has a second factor and this door started a sign-in without asking for it:
    /// no session and no token are issued (the door that can ask for it goes through
    /// `Authenticator.startSignIn` or `startTokenSignIn`).
    case secondFactorRequired
    /// Too many codes were checked for the account lately; the next may be checked after `retryAfter` seconds.
    case secondFactorLocked(retryAfter: Int)
    /// The operator's blocking hook refused this sign-up or sign-in; `code` and `message` are the
    /// hook's own (the API passes them on as Firebase does; a page shows its own "not allowed").
    case refusedByHook(code: String, message: String)
    /// The blocking hook could not be asked and the server fails closed (`--hooks-fail closed`):
    /// nothing was created or issued; trying again later may work.
    case hookUnavailable
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
        case .requiresRecentLogin: .requiresRecentLogin
        case .missingPassword: .missingPassword
        case .lastSignInMethod: .operationNotAllowed
        case .missingEmail: .missingEmail
        case .unverifiedEmail: .unverifiedEmail
        case .passkeysUnavailable: .operationNotAllowed
        case .passkeyNotFound, .passkeyRejected: .invalidCredential
        case .passkeyChallengeInvalid: .sessionExpired
        case .passkeyAlreadyRegistered: .credentialAlreadyInUse
        case .emailChangeNeedsVerification: .operationNotAllowed
        case .emailMismatch: .invalidEmail
        case .uidAlreadyInUse: .credentialAlreadyInUse
        case .twoFactorUnavailable: .operationNotAllowed
        case .twoFactorKeyMissing: .internalError
        case .unsupportedFirstFactor: .unsupportedFirstFactor
        case .secondFactorAlreadyEnrolled: .secondFactorAlreadyEnrolled
        case .multiFactorInfoNotFound: .multiFactorInfoNotFound
        case .invalidVerificationCode, .verificationCodeReused: .invalidVerificationCode
        case .invalidVerificationID: .invalidVerificationID
        case .sessionExpired: .sessionExpired
        case .invalidMultiFactorSession: .invalidMultiFactorSession
        case .secondFactorLocked: .tooManyRequests
        case .secondFactorRequired: .secondFactorRequired
        case .refusedByHook, .hookUnavailable: .blockingCloudFunctionError
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
