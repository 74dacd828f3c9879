extension FormDescription {
    /// `/signin`: e-mail address and current password.
    static let signIn = {
        var form = FormDescription(
        .signIn, path: "/signin", title: .signInTitle, intro: .signInIntro, submit: .signInSubmit,
        fields: [
            FieldDescription(.email, .text, label: .emailLabel, hint: .text(.emailHint), autocomplete: "email"),
            FieldDescription(.password, .currentSecret, label: .passwordLabel, autocomplete: "current-password"),
        ],
        links: [
            Link(prompt: nil, text: .signInForgotLink, href: "/password/forgot"),
            Link(prompt: nil, text: .signInLinkOption, href: "/signin/link"),
            Link(prompt: .signInSignUpPrompt, text: .signInSignUpLink, href: "/signup"),
        ], carries: [returnField])
        form.offersProviders = true
        form.offersPasskeySignIn = true
        return form
    }()

    /// The hidden field of the sign-in form that says where to go afterwards (a `LocalPath`).
    static let returnField = "return"
}
