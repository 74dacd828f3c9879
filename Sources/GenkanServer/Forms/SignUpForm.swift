extension FormDescription {
    /// `/signup`: display name, e-mail address, a new password under the policy, and its confirmation.
    static let signUp = {
        var form = FormDescription(
        .signUp, route: .signUp, title: .signUpTitle, submit: .signUpSubmit,
        fields: [
            FieldDescription(.name, .text, label: .displayNameLabel, hint: .text(.displayNameHint), autocomplete: "nickname"),
            FieldDescription(.email, .text, label: .emailLabel, hint: .text(.emailHint), autocomplete: "email"),
            FieldDescription(
                .password, .newSecret, label: .passwordLabel, hint: .minimumPasswordLength(.passwordHint),
                autocomplete: "new-password"),
            FieldDescription(
                .passwordConfirmation, .confirmation, label: .passwordConfirmationLabel,
                hint: .text(.passwordConfirmationHint), autocomplete: "new-password"),
        ],
        links: [Link(prompt: .signUpSignInPrompt, text: .signUpSignInLink, to: .signIn)])
        form.offersProviders = true
        return form
    }()
}
