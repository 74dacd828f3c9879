import GenkanValidation

/// One field of a form as a page shows it: what it holds, its label and hint, and the
/// `autocomplete` token password managers rely on (HTML Living Standard §4.10.18.7.1).
struct FieldDescription: Sendable {
    /// What the field holds, which decides how it is rendered and whether it is kept.
    enum Input: Sendable, Equatable {
        /// Plain text, written back after an error so the user need not type it again.
        case text
        /// A password the user already has. Never written into HTML.
        case currentSecret
        /// A password being chosen, with the policy's checklist under it. Never written into HTML.
        case newSecret
        /// The new password typed again. Never written into HTML.
        case confirmation
        /// A box to tick that confirms an irreversible step; never ticked in advance.
        case checkbox
        /// A second factor's code: shown as typed (it is read off a phone), never written back
        /// after an error (it is spent or wrong either way, and a recovery code is a secret).
        case oneTimeCode

        /// Whether the value is a secret: a secret is never written into a page, whatever the
        /// field is called.
        var isSecret: Bool { self == .currentSecret || self == .newSecret || self == .confirmation }

        /// Whether what was entered is shown again after an error (text only: a secret never,
        /// a confirmation box is ticked again on purpose).
        var isKept: Bool { self == .text }
    }

    /// The hint under the label.
    enum Hint: Sendable {
        case text(PageKey)
        /// A text with the password policy's minimum length as its parameter.
        case minimumPasswordLength(PageKey)
    }

    let field: FormField
    let input: Input
    let label: PageKey
    let hint: Hint?
    let autocomplete: String

    init(_ field: FormField, _ input: Input, label: PageKey, hint: Hint? = nil, autocomplete: String) {
        self.field = field
        self.input = input
        self.label = label
        self.hint = hint
        self.autocomplete = autocomplete
    }

    /// The element id and the form field name (they are the same, so labels and error links work).
    var id: String { field.rawValue }

    /// The input's `dir`: an address, a password or a code reads left to right in every language
    /// (in a right-to-left page a half-typed `taro@` would otherwise show as `@taro`), and a name
    /// takes the direction of its first letter (`auto`). Nil for a checkbox.
    var direction: String? {
        switch input {
        case .checkbox: nil
        case .currentSecret, .newSecret, .confirmation, .oneTimeCode: "ltr"
        case .text: field == .email ? "ltr" : "auto"
        }
    }
}

extension FieldDescription {
    /// An e-mail address, the account's or one for it (sign-in, sign-up, the link requests).
    static let email = FieldDescription(.email, .text, label: .emailLabel, hint: .text(.emailHint), autocomplete: "email")
    /// A display name under the nickname rules (sign-up, the name's settings page).
    static let displayName = FieldDescription(
        .name, .text, label: .displayNameLabel, hint: .text(.displayNameHint), autocomplete: "nickname")
    /// The password replacing the account's (a reset, a change), with the policy's checklist.
    static let newPassword = FieldDescription(
        .newPassword, .newSecret, label: .newPasswordLabel, hint: .minimumPasswordLength(.newPasswordHint), autocomplete: "new-password")
    /// A new password typed again (after `newPassword`, or the sign-up form's password).
    static let passwordConfirmation = FieldDescription(
        .passwordConfirmation, .confirmation, label: .passwordConfirmationLabel, hint: .text(.passwordConfirmationHint),
        autocomplete: "new-password")
}
