import Foundation

extension AuthErrorModel {
    /// The message for a Firebase Authentication error in `locale`, and the unexpected-error
    /// message (`auth/internal-error`: "Something went wrong. Please try again." in Genkan's
    /// catalog) for `nil` and for any other error: the seed app's function, for every Firebase
    /// error instead of its six.
    ///
    /// A Firebase error is an `NSError` in `FIRAuthErrorDomain` as the iOS SDK raises it (code
    /// 17007, or `FIRAuthErrorUserInfoNameKey`), an `AuthError` or `AuthErrorCode`, or an error
    /// whose description is a spelling Genkan reads: `auth/email-already-in-use`, `EMAIL_EXISTS`,
    /// `WEAK_PASSWORD : Password should be at least 6 characters`, a REST error body, a web or
    /// Android SDK message. A URL-loading error is not one (Firebase reports a failed connection as
    /// `networkError`, 17020, which has its own message), nor is an error nobody can read.
    ///
    /// ```swift
    /// AuthErrorModel(locale: "ja").setErrorMessage(NSError(domain: "FIRAuthErrorDomain", code: 17007))
    /// // "このメールアドレスはすでに別のアカウントで使用されています。"
    /// ```
    public func setErrorMessage(_ error: (any Error)?) -> String {
        guard let error, let firebaseError = Self.firebaseError(error, platform: platform) else {
            return message(for: .internalError, locale: locale)
        }
        return localize(firebaseError, locale: locale).text
    }

    /// What `error` says as a Firebase Authentication error; nil when it is none.
    static func firebaseError(_ error: any Error, platform: AuthErrorPlatform) -> AuthError? {
        if !(error is AuthError || error is AuthErrorCode), (error as NSError).domain == NSURLErrorDomain { return nil }
        let parsed = AuthError(error, platform: platform)
        return parsed.isRecognized ? parsed : nil
    }
}
