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
            .unsupportedFirstFactor, .secondFactorAlreadyEnrolled, .multiFactorInfoNotFound, .invalidVerificationID, .sessionExpired, .invalidMultiFactorSession, .secondFactorLocked, .secondFactorRequired,
            .refusedByHook, .hookUnavailable:
            nil
        }
    }
}

extension PageTexts {
    /// The message for an operation's failure: its error's, except a blocking hook's refusal and
    /// its absence, which have the site's own sentences (never the hook's text, which is for
    /// the API's clients).
    func message(for failure: AuthFailure, locale: String) -> String {
        switch failure {
        case .refusedByHook: text(.signInHookRefused, locale)
        case .hookUnavailable: text(.signInHookUnavailable, locale)
        default: message(for: failure.code, locale: locale)
        }
    }
}
