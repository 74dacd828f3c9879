import GenkanHTTP
import GenkanJSON
import GenkanStore
import GenkanValidation

/// An error of the Firebase-compatible API: an HTTP status and Firebase's message, `CODE` or
/// `CODE : detail`, which both SDKs split at the first colon.
struct FirebaseError: Error, Sendable, Hashable {
    let status: Int
    let code: FirebaseErrorCode
    let detail: String?
    /// Seconds for `Retry-After`, when waiting helps (the database unreachable).
    var retryAfter: Int?

    init(_ code: FirebaseErrorCode, _ detail: String? = nil, status: Int = 400) {
        self.code = code
        self.detail = detail
        self.status = status
    }

    /// The `message` of the body: `EMAIL_EXISTS`, `WEAK_PASSWORD : Password should be at least 8 characters`.
    var message: String { detail.map { "\(code.rawValue) : \($0)" } ?? code.rawValue }

    /// The failure of a store operation: the one mapping from `AuthFailure` to Firebase's strings,
    /// a switch the compiler checks whenever the store gains a failure.
    init(failure: AuthFailure) {
        switch failure {
        case .emailAlreadyInUse: self.init(FirebaseErrorCode.emailExists)
        // With email-enumeration protection (always on), an unknown address and a wrong password
        // are one error, as the store already makes them.
        case .invalidCredential: self.init(FirebaseErrorCode.invalidLoginCredentials)
        case .userDisabled: self.init(FirebaseErrorCode.userDisabled)
        case .tooManyRequests: self.init(FirebaseErrorCode.tooManyAttempts)
        // The sign-in limits (handlers answer these through `FirebaseErrors`, which adds
        // `Retry-After` when waiting helps).
        case .throttled(.accountLocked): self = .accountLocked
        case .throttled: self.init(FirebaseErrorCode.tooManyAttempts)
        case .invalidActionCode: self.init(FirebaseErrorCode.invalidOOBCode)
        case .expiredActionCode: self.init(FirebaseErrorCode.expiredOOBCode)
        // The token named a session or grant that has ended: a token issued before `valid_since`.
        case .userTokenExpired: self.init(FirebaseErrorCode.tokenExpired)
        case .userNotFound: self.init(FirebaseErrorCode.userNotFound)
        case .internalError(let error): self.init(storeError: error)
        // accounts:signInWithIdp answers an address in use with `needConfirmation` instead.
        case .accountExistsWithDifferentCredential: self.init(FirebaseErrorCode.emailExists)
        case .credentialAlreadyInUse, .providerAlreadyLinked: self.init(FirebaseErrorCode.federatedUserIDAlreadyLinked)
        case .noSuchProvider: self.init(FirebaseErrorCode.invalidProviderID)
        case .userMismatch: self.init(FirebaseErrorCode.invalidIDToken)
        case .lastSignInMethod: self.init(FirebaseErrorCode.operationNotAllowed)
        case .missingEmail: self.init(FirebaseErrorCode.missingEmail)
        case .unverifiedEmail: self.init(FirebaseErrorCode.unverifiedEmail)
        case .requiresRecentLogin: self.init(FirebaseErrorCode.credentialTooOld)
        case .missingPassword: self.init(FirebaseErrorCode.missingPassword)
        // The API has no passkey ceremonies; these reach it only through a wiring mistake.
        case .passkeysUnavailable: self.init(FirebaseErrorCode.operationNotAllowed)
        case .passkeyNotFound, .passkeyChallengeInvalid, .passkeyRejected, .passkeyAlreadyRegistered:
            self.init(FirebaseErrorCode.invalidLoginCredentials)
        case .emailChangeNeedsVerification:
            self.init(FirebaseErrorCode.operationNotAllowed, "Please verify the new email before changing email.")
        case .emailMismatch: self.init(FirebaseErrorCode.invalidEmail, "The email provided does not match the sign-in email address.")
        case .uidAlreadyInUse: self.init(FirebaseErrorCode.duplicateLocalID)
        case .twoFactorUnavailable: self.init(FirebaseErrorCode.operationNotAllowed)
        case .twoFactorKeyMissing: self.init(FirebaseErrorCode.internalError, status: 500)
        case .unsupportedFirstFactor: self.init(FirebaseErrorCode.unsupportedFirstFactor)
        case .secondFactorAlreadyEnrolled: self.init(FirebaseErrorCode.secondFactorLimitExceeded)
        case .multiFactorInfoNotFound: self.init(FirebaseErrorCode.mfaEnrollmentNotFound)
        case .invalidVerificationCode, .verificationCodeReused: self.init(FirebaseErrorCode.invalidCode)
        case .invalidVerificationID: self.init(FirebaseErrorCode.invalidSessionInfo)
        case .sessionExpired: self.init(FirebaseErrorCode.sessionExpired)
        case .invalidMultiFactorSession: self.init(FirebaseErrorCode.invalidMFAPendingCredential)
        case .secondFactorRequired:
            self.init(FirebaseErrorCode.operationNotAllowed, "This account has a second factor: sign in with its password to be asked for it.")
        case .secondFactorLocked(let wait):
            self.init(FirebaseErrorCode.tooManyAttempts)
            retryAfter = wait
        case .refusedByHook(let code, let message):
            self.init(FirebaseErrorCode.blockingFunctionErrorResponse, Self.hookDetail(code: code, message: message))
        case .hookUnavailable:
            self.init(
                FirebaseErrorCode.blockingFunctionErrorResponse,
                Self.hookDetail(code: "UNAVAILABLE", message: "The blocking hook could not be asked; try again later."), status: 503)
        }
    }

    /// The detail of Firebase's answer when a blocking function refuses, the function's own
    /// error object after Firebase's words:
    /// `HTTP Cloud Function returned an error: {"error":{"message":"…","status":"PERMISSION_DENIED"}}`.
    /// The web SDK keeps the part after ` : ` as its error's message (`auth/internal-error`); the
    /// iOS SDK reads the JSON's `message` (`blockingCloudFunctionError`).
    static func hookDetail(code: String, message: String) -> String {
        let error = JSONValue.object([("error", .object([("message", .string(message)), ("status", .string(code))]))])
        return "HTTP Cloud Function returned an error: " + error.serialized()
    }

    /// A store failure: `UNAVAILABLE` (503, what Google's APIs answer when a backend cannot be
    /// reached, and what the SDKs retry) while the database cannot be reached, else
    /// `INTERNAL_ERROR` (500).
    init(storeError: any Error) {
        if (storeError as? StoreError)?.code == .unavailable {
            self.init(FirebaseErrorCode.unavailable, status: 503)
            retryAfter = StoreFailures.retryAfter
        } else {
            self.init(FirebaseErrorCode.internalError, status: 500)
        }
    }

    /// Firebase's error body:
    /// `{"error":{"code":400,"message":"EMAIL_EXISTS","errors":[{"message":"EMAIL_EXISTS","domain":"global","reason":"invalid"}]}}`,
    /// with Google's `status` for the errors that are not Identity Toolkit strings.
    var body: JSONValue {
        var error: JSONValue.Members = [
            ("code", .integer(status)),
            ("message", .string(message)),
            ("errors", .array([.object([("message", .string(message)), ("domain", .string("global")), ("reason", .string(reason))])])),
        ]
        if let googleStatus { error.append(("status", .string(googleStatus))) }
        return .object([("error", .object(error))])
    }

    private var reason: String {
        switch code {
        case .notFound: "notFound"
        case .internalError: "backendError"
        case .insufficientPermission: "forbidden"
        default: "invalid"
        }
    }

    private var googleStatus: String? {
        switch code {
        case .invalidArgument: "INVALID_ARGUMENT"
        case .notFound: "NOT_FOUND"
        case .insufficientPermission: "PERMISSION_DENIED"
        case .internalError: "INTERNAL"
        case .unavailable: "UNAVAILABLE"
        default: nil
        }
    }

    var response: HTTPResponse {
        Responses.json(status, body, headers: retryAfter.map { ["Retry-After": String($0)] } ?? [:])
    }

    // MARK: Errors with a detail

    /// A body or field Genkan cannot read.
    static func invalidArgument(_ detail: String) -> FirebaseError { FirebaseError(.invalidArgument, detail) }

    static let invalidJSON = invalidArgument("Invalid JSON payload received.")

    /// An account at its count of wrong passwords in a row (`SignInRefusal.accountLocked`): the
    /// string Firebase sends when it blocks an account after failed sign-ins, with a detail (the
    /// SDKs show it) that says the only way out is a new password, since waiting does not open it.
    static let accountLocked = FirebaseError(
        .tooManyAttempts,
        "Access to this account has been disabled due to many failed login attempts. You can restore it by resetting your password.")
}
