import GenkanStore
import GenkanValidation

extension AuthFailure {
    /// The field a failure's message belongs next to on a form, when it is about one.
    var field: FormField? {
        switch self {
        case .emailAlreadyInUse: .email
        case .missingPassword: .currentPassword
        case .invalidVerificationCode, .verificationCodeReused: .code
        case .invalidCredential, .userDisabled, .tooManyRequests, .throttled, .invalidActionCode, .expiredActionCode, .userTokenExpired,
            .userNotFound, .internalError, .accountExistsWithDifferentCredential, .credentialAlreadyInUse, .providerAlreadyLinked,
            .noSuchProvider, .userMismatch, .requiresRecentLogin, .lastSignInMethod, .missingEmail, .unverifiedEmail,
            .emailChangeNeedsVerification, .emailMismatch, .uidAlreadyInUse, .passkeysUnavailable, .passkeyNotFound,
            .passkeyChallengeInvalid, .passkeyRejected, .passkeyAlreadyRegistered, .twoFactorUnavailable, .twoFactorKeyMissing,
            .unsupportedFirstFactor, .secondFactorAlreadyEnrolled, .multiFactorInfoNotFound, .invalidVerificationID, .sessionExpired, .invalidMultiFactorSession, .secondFactorLocked, .secondFactorRequired:
            nil
        }
    }
}
