/// Every path of the site's pages and of its own JSON calls, each written here once. The
/// Firebase API's paths are Google's and stay with it (`FirebaseAPI`).
extension SitePath {
    // MARK: Signing in and up

    static let signIn = SitePath("/signin")
    static let signUp = SitePath("/signup")
    static let signOut = SitePath("/signout")
    static let signInLink = SitePath("/signin/link")
    static let signInLinkConfirm = SitePath("/signin/link/confirm")
    static let providerSignIn = SitePath("/signin/{provider}")
    static let providerCallback = SitePath("/signin/{provider}/callback")
    static let signInSecondStep = SitePath("/signin/two-factor")
    static let passwordForgot = SitePath("/password/forgot")
    static let passwordReset = SitePath("/password/reset")
    static let verifyEmail = SitePath("/verify-email")
    static let verifyEmailResend = SitePath("/verify-email/resend")
    static let verifyEmailRequired = SitePath("/verify-email/required")

    // MARK: The account

    static let account = SitePath("/account")
    static let accountName = SitePath("/account/name")
    static let accountPassword = SitePath("/account/password")
    static let accountEmail = SitePath("/account/email")
    static let accountEmailConfirm = SitePath("/account/email/confirm")
    static let accountEmailRecover = SitePath("/account/email/recover")
    static let accountDelete = SitePath("/account/delete")
    static let accountSessions = SitePath("/account/sessions")
    static let accountSessionsEnd = SitePath("/account/sessions/end")
    static let accountSessionsEndOthers = SitePath("/account/sessions/end-others")
    static let accountActivity = SitePath("/account/activity")
    static let accountActivityNotMe = SitePath("/account/activity/not-me")
    static let accountProviders = SitePath("/account/providers")
    static let providerConnect = SitePath("/account/providers/{provider}/connect")
    static let providerDisconnect = SitePath("/account/providers/{provider}/disconnect")
    static let passkeys = SitePath("/account/passkeys")
    static let passkeyAddConfirm = SitePath("/account/passkeys/confirm")
    static let passkeyRename = SitePath("/account/passkeys/{id}/rename")
    static let passkeyRemove = SitePath("/account/passkeys/{id}/remove")
    static let passwordRemove = SitePath("/account/password/remove")
    static let twoFactor = SitePath("/account/two-factor")
    static let twoFactorSetUp = SitePath("/account/two-factor/set-up")
    static let twoFactorEnable = SitePath("/account/two-factor/enable")
    static let twoFactorRecoveryCodes = SitePath("/account/two-factor/recovery-codes")
    static let twoFactorRemove = SitePath("/account/two-factor/remove")

    // MARK: The admin console (404 to anyone but an administrator)

    static let admin = SitePath("/admin")
    static let adminUsers = SitePath("/admin/users")
    static let adminUser = SitePath("/admin/users/{uid}")
    static let adminUserAction = SitePath("/admin/users/{uid}/{action}")
    static let adminEvents = SitePath("/admin/events")
    static let adminReauthenticate = SitePath("/admin/reauthenticate")

    // MARK: The pages' scripts' calls (JSON refusals: `JSONErrors` presents the whole prefix)

    static let apiPrefix = "/api"
    static let liveValidation = SitePath("/api/validate")
    static let passkeyRegistrationOptions = SitePath("/api/passkeys/register/options")
    static let passkeyRegistration = SitePath("/api/passkeys/register")
    static let passkeyReauthenticationOptions = SitePath("/api/passkeys/reauthenticate/options")
    static let passkeySignInOptions = SitePath("/api/passkeys/sign-in/options")
    static let passkeySignIn = SitePath("/api/passkeys/sign-in")
}
