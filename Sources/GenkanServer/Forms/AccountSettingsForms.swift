extension FormDescription {
    /// The way back from every settings page.
    static let backToAccount = Link(text: .accountBack, to: .account)

    /// The current password on a sensitive form: the sign-in check again (re-authentication).
    static let currentPasswordField = FieldDescription(
        .currentPassword, .currentSecret, label: .currentPasswordLabel, hint: .text(.reauthHint), autocomplete: "current-password")

    /// `/account/name`: a new display name under the sign-up form's rules.
    static let nameChange = FormDescription(
        .nameChange, route: .accountName, title: .nameTitle, submit: .nameSubmit,
        fields: [.displayName],
        links: [backToAccount], binding: .session)

    /// `/account/password`: the current password, a new one under the policy, its confirmation.
    static let passwordChange = offeringPasskeyProof(FormDescription(
        .passwordChange, route: .accountPassword, title: .passwordChangeTitle, intro: .passwordChangeIntro,
        submit: .passwordChangeSubmit,
        fields: [currentPasswordField, .newPassword, .passwordConfirmation],
        links: [backToAccount], binding: .session))

    /// `/account/email`: the current password and the new address (a link goes to it).
    static let emailChange = offeringPasskeyProof(FormDescription(
        .emailChange, route: .accountEmail, title: .emailChangeTitle, intro: .emailChangeIntro, submit: .emailChangeSubmit,
        fields: [
            currentPasswordField,
            FieldDescription(.email, .text, label: .newEmailLabel, hint: .text(.emailHint), autocomplete: "email"),
        ],
        links: [backToAccount], binding: .session))

    /// `/account/delete`: what goes, the current password and a box to tick (the seeds' 退会).
    static let accountDeletion = offeringPasskeyProof(FormDescription(
        .accountDeletion, route: .accountDelete, title: .deleteTitle, intro: .deleteExplanation, submit: .deleteSubmit,
        fields: [
            currentPasswordField,
            FieldDescription(.confirmation, .checkbox, label: .deleteConfirmLabel, autocomplete: "off"),
        ],
        links: [backToAccount], binding: .session))
}

extension FormDescription {
    /// `form` with "use a passkey instead" beside its current password, for accounts that have one.
    static func offeringPasskeyProof(_ form: FormDescription) -> FormDescription {
        var form = form
        form.offersPasskeyProof = true
        return form
    }
}
