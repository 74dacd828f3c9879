/// Every catalog key the site's pages use, declared once. Pages look texts up only through these
/// cases, and `genkan catalog lint` checks the catalog against `PageKey.allKeys`, so a key a page
/// uses and the catalog lacks is a lint error rather than a raw key on a page.
public enum PageKey: String, CaseIterable, Sendable {
    // MARK: Layout
    case siteName = "ui.site.name"
    case languageLabel = "ui.language.label"
    case errorsSummary = "ui.errors.summary"
    case progressWait = "ui.progress.wait"

    // MARK: Sign-in and sign-up
    case signInTitle = "ui.signin.title"
    case signInIntro = "ui.signin.intro"
    case signInSubmit = "ui.signin.submit"
    case signInSignUpPrompt = "ui.signin.signup-prompt"
    case signInSignUpLink = "ui.signin.signup-link"
    case signUpTitle = "ui.signup.title"
    case signUpSubmit = "ui.signup.submit"
    case signUpSignInPrompt = "ui.signup.signin-prompt"
    case signUpSignInLink = "ui.signup.signin-link"

    // MARK: Fields
    case displayNameLabel = "ui.field.display-name.label"
    case displayNameHint = "ui.field.display-name.hint"
    case emailLabel = "ui.field.email.label"
    case emailHint = "ui.field.email.hint"
    case passwordLabel = "ui.field.password.label"
    case passwordHint = "ui.field.password.hint"
    case passwordConfirmationLabel = "ui.field.password-confirmation.label"
    case passwordConfirmationHint = "ui.field.password-confirmation.hint"
    case currentPasswordLabel = "ui.field.current-password.label"
    case currentPasswordHint = "ui.field.current-password.hint"
    case newPasswordLabel = "ui.field.new-password.label"
    case newPasswordHint = "ui.field.new-password.hint"
    case passwordShow = "ui.password.show"
    case passwordHide = "ui.password.hide"
    case checklistHeading = "ui.password.checklist.heading"
    case requirementMinimumLength = "auth.password-requirement.minimum-length"

    // MARK: Account
    case accountTitle = "ui.account.title"
    case accountSignOut = "ui.account.signout"
    case accountSignedInAs = "ui.account.signed-in-as"
    case accountMemberSince = "ui.account.member-since"
    case accountEmailVerified = "ui.account.email-verified"
    case accountEmailUnverified = "ui.account.email-unverified"
    case noticePasswordChanged = "ui.notice.password-changed"

    // MARK: Password reset
    case signInForgotLink = "ui.signin.forgot-link"
    case forgotTitle = "ui.forgot.title"
    case forgotIntro = "ui.forgot.intro"
    case forgotSubmit = "ui.forgot.submit"
    case forgotSentTitle = "ui.forgot.sent.title"
    case forgotSentMessage = "ui.forgot.sent.message"
    case mailDelayHint = "ui.mail.delay-hint"
    case resetTitle = "ui.reset.title"
    case resetIntro = "ui.reset.intro"
    case resetSubmit = "ui.reset.submit"
    case linkInvalidTitle = "ui.link.invalid.title"
    case linkRequestNewReset = "ui.link.request-new-reset"
    case linkSignInForNewVerification = "ui.link.signin-for-new-verification"

    // MARK: E-mail verification
    case verifyTitle = "ui.verify.title"
    case verifyIntro = "ui.verify.intro"
    case verifySubmit = "ui.verify.submit"
    case verifyDoneTitle = "ui.verify.done.title"
    case verifyDoneMessage = "ui.verify.done.message"
    case verifyAlreadyMessage = "ui.verify.already.message"
    case verifyContinue = "ui.verify.continue"
    case verifyRequiredTitle = "ui.verify.required.title"
    case verifyRequiredMessage = "ui.verify.required.message"
    case verifyResend = "ui.verify.resend"
    case verifyResent = "ui.verify.resent"
    case signUpCheckEmailTitle = "ui.signup.check-email.title"
    case signUpCheckEmailMessage = "ui.signup.check-email.message"

    // MARK: Errors
    case backToSignIn = "ui.error.back-to-signin"
    case error400Title = "ui.error.400.title"
    case error400Message = "ui.error.400.message"
    case error403Title = "ui.error.403.title"
    case error403Message = "ui.error.403.message"
    case error404Title = "ui.error.404.title"
    case error404Message = "ui.error.404.message"
    case error405Title = "ui.error.405.title"
    case error405Message = "ui.error.405.message"
    case error408Title = "ui.error.408.title"
    case error408Message = "ui.error.408.message"
    case error413Title = "ui.error.413.title"
    case error413Message = "ui.error.413.message"
    case error429Title = "ui.error.429.title"
    case error429Message = "ui.error.429.message"
    case error431Title = "ui.error.431.title"
    case error431Message = "ui.error.431.message"
    case error500Title = "ui.error.500.title"
    case error500Message = "ui.error.500.message"
    case error503Title = "ui.error.503.title"
    case error503Message = "ui.error.503.message"

    /// Every key, for the linter and the catalog coverage test.
    public static var allKeys: Set<String> { Set(allCases.map(\.rawValue)) }
}
