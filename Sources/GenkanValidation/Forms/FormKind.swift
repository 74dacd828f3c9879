/// The forms of Genkan's site, each with its fields in the order a page shows them, and the
/// `data-form` name its page's script sends to the live validation.
///
/// A site detail, so `package`: an app validates a form through `ValidationViewModel`'s methods
/// named after it (`validateSignUp(name:email:password:confirmation:)`); the site reaches every
/// form by its kind.
package enum FormKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// E-mail and current password.
    case signIn = "sign-in"
    /// Display name, e-mail, new password and its confirmation.
    case signUp = "sign-up"
    /// The e-mail address to send a reset link to.
    case passwordResetRequest = "password-reset-request"
    /// The e-mail address to send a sign-in link to.
    case signInLinkRequest = "sign-in-link-request"
    /// A new password and its confirmation, reached from a reset link.
    case passwordReset = "password-reset"
    /// The current password, a new one and its confirmation.
    case passwordChange = "password-change"
    /// The current password and a confirmation that the account should go.
    case accountDeletion = "account-deletion"
    /// A new display name.
    case nameChange = "name-change"
    /// The current password and the new e-mail address.
    case emailChange = "email-change"
    /// The current password alone, before a sensitive change (connecting a sign-in method).
    case reauthentication = "reauthentication"
    /// A second factor's code alone: the second step of a sign-in, the first code of a new
    /// authenticator, a code before new recovery codes.
    case secondFactor = "second-factor"
    /// The current password and a second factor's code, before the second factor goes.
    case secondFactorRemoval = "second-factor-removal"

    /// The fields of the form, in page order.
    package var fields: [FormField] {
        switch self {
        case .signIn: [.email, .password]
        case .signUp: [.name, .email, .password, .passwordConfirmation]
        case .passwordResetRequest, .signInLinkRequest: [.email]
        case .passwordReset: [.newPassword, .passwordConfirmation]
        case .passwordChange: [.currentPassword, .newPassword, .passwordConfirmation]
        case .accountDeletion: [.currentPassword, .confirmation]
        case .nameChange: [.name]
        case .emailChange: [.currentPassword, .email]
        case .reauthentication: [.currentPassword]
        case .secondFactor: [.code]
        case .secondFactorRemoval: [.currentPassword, .code]
        }
    }

    /// Whether the form sets a password, so the password policy applies (rather than the
    /// sign-in check of presence and the hard cap).
    package var setsPassword: Bool {
        switch self {
        case .signUp, .passwordReset, .passwordChange: true
        case .signIn, .passwordResetRequest, .signInLinkRequest, .accountDeletion, .nameChange, .emailChange, .reauthentication,
            .secondFactor, .secondFactorRemoval:
            false
        }
    }
}
