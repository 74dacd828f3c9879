extension FormDescription {
    /// `/signup`: display name, e-mail address, a new password under the policy, and its confirmation.
    static let signUp = {
        var form = FormDescription(
        .signUp, route: .signUp, title: .signUpTitle, submit: .signUpSubmit,
        fields: [
            .displayName,
            .email,
            FieldDescription(
                .password, .newSecret, label: .passwordLabel, hint: .minimumPasswordLength(.passwordHint),
                autocomplete: "new-password"),
            .passwordConfirmation,
        ],
        links: [Link(prompt: .signUpSignInPrompt, text: .signUpSignInLink, to: .signIn)])
        form.offersProviders = true
        return form
    }()
}
