/// Every catalog key the site's mails use, declared once (like `PageKey`, and checked by the
/// linter through `allKeys` with it).
public enum MailKey: String, CaseIterable, Sendable {
    case greeting = "mail.greeting"
    /// The greeting of a mail to an account without a name (or to an address with no account).
    case greetingUnnamed = "mail.greeting-unnamed"
    case footer = "mail.footer"
    /// The footer of a mail to an address without an account (a sign-in link an app asked for).
    case footerRequest = "mail.footer-request"
    case linkFallback = "mail.link-fallback"
    case expiryHours = "mail.link.expiry-hours"
    case expiryDays = "mail.link.expiry-days"
    case singleUse = "mail.link.single-use"

    case verifySubject = "mail.verify.subject"
    case verifyIntro = "mail.verify.intro"
    case verifyAction = "mail.verify.action"
    case verifyIgnore = "mail.verify.ignore"

    case resetSubject = "mail.reset.subject"
    case resetIntro = "mail.reset.intro"
    case resetAction = "mail.reset.action"
    case resetIgnore = "mail.reset.ignore"

    case passwordChangedSubject = "mail.password-changed.subject"
    case passwordChangedNotYou = "mail.password-changed.not-you"
    case passwordChangedAction = "mail.password-changed.action"

    case passwordChangedBodyKept = "mail.password-changed.body-kept"

    case emailChangeSubject = "mail.email-change.subject"
    case emailChangeIntro = "mail.email-change.intro"
    case emailChangeAction = "mail.email-change.action"
    case emailChangeIgnore = "mail.email-change.ignore"

    case emailChangedSubject = "mail.email-changed.subject"
    case emailChangedBody = "mail.email-changed.body"
    case emailChangedNotYou = "mail.email-changed.not-you"
    case emailChangedAction = "mail.email-changed.action"

    case goodbyeSubject = "mail.goodbye.subject"
    case goodbyeBody = "mail.goodbye.body"
    case goodbyeAgain = "mail.goodbye.again"

    case signUpAttemptSubject = "mail.signup-attempt.subject"
    case signUpAttemptBody = "mail.signup-attempt.body"
    case signUpAttemptIfYou = "mail.signup-attempt.if-you"
    case signUpAttemptSignInAction = "mail.signup-attempt.signin-action"
    case signUpAttemptResetAction = "mail.signup-attempt.reset-action"
    case signUpAttemptIgnore = "mail.signup-attempt.ignore"

    case emailChangeAttemptSubject = "mail.email-change-attempt.subject"
    case emailChangeAttemptBody = "mail.email-change-attempt.body"

    case signInMethodConnectedSubject = "mail.sign-in-method.connected.subject"
    case signInMethodConnectedBody = "mail.sign-in-method.connected.body"
    case signInMethodRemovedSubject = "mail.sign-in-method.removed.subject"
    case signInMethodRemovedBody = "mail.sign-in-method.removed.body"
    case signInMethodNotYou = "mail.sign-in-method.not-you"
    case signInMethodReviewAction = "mail.sign-in-method.review-action"

    case passkeyAddedSubject = "mail.passkey.added.subject"
    case passkeyAddedBody = "mail.passkey.added.body"
    case passkeyRemovedSubject = "mail.passkey.removed.subject"
    case passkeyRemovedBody = "mail.passkey.removed.body"
    case passkeyReviewAction = "mail.passkey.review-action"
    case passwordRemovedSubject = "mail.password-removed.subject"
    case passwordRemovedBody = "mail.password-removed.body"
    case signInLinkSubject = "mail.sign-in-link.subject"
    case signInLinkIntro = "mail.sign-in-link.intro"
    case signInLinkAction = "mail.sign-in-link.action"
    case signInLinkIgnore = "mail.sign-in-link.ignore"

    case twoFactorAddedSubject = "mail.two-factor.added.subject"
    case twoFactorAddedBody = "mail.two-factor.added.body"
    case twoFactorRemovedSubject = "mail.two-factor.removed.subject"
    case twoFactorRemovedBody = "mail.two-factor.removed.body"
    case recoveryCodesSubject = "mail.two-factor.recovery-codes.subject"
    case recoveryCodesBody = "mail.two-factor.recovery-codes.body"
    case codesGuessedSubject = "mail.two-factor.codes-guessed.subject"
    case codesGuessedBody = "mail.two-factor.codes-guessed.body"
    case twoFactorReviewAction = "mail.two-factor.review-action"

    /// Every key, for the linter and the catalog coverage test.
    public static var allKeys: Set<String> { Set(allCases.map(\.rawValue)) }
}
