import GenkanHTTP

extension FormDescription {
    /// `/signin`: e-mail address and current password.
    static let signIn = {
        var form = FormDescription(
        .signIn, route: .signIn, title: .signInTitle, intro: .signInIntro, submit: .signInSubmit,
        fields: [
            .email,
            FieldDescription(.password, .currentSecret, label: .passwordLabel, autocomplete: "current-password"),
        ],
        links: [
            Link(text: .signInForgotLink, to: .passwordForgot),
            Link(text: .signInLinkOption, to: .signInLink),
            Link(prompt: .signInSignUpPrompt, text: .signInSignUpLink, to: .signUp),
        ], carries: [returnField])
        form.offersProviders = true
        form.offersPasskeySignIn = true
        return form
    }()

    /// The hidden field of the sign-in form that says where to go afterwards (a `LocalPath`).
    static let returnField = "return"
}
