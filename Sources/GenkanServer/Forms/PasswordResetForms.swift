extension FormDescription {
    /// `/password/forgot`: the address to send a reset link to.
    static let passwordResetRequest = FormDescription(
        .passwordResetRequest, route: .passwordForgot, title: .forgotTitle, intro: .forgotIntro, submit: .forgotSubmit,
        fields: [.email],
        links: [Link(text: .backToSignIn, to: .signIn)])

    /// `/password/reset`: a new password and its confirmation, reached from the link in the mail;
    /// the form carries the link's code.
    static let passwordReset = FormDescription(
        .passwordReset, route: .passwordReset, title: .resetTitle, submit: .resetSubmit,
        fields: [.newPassword, .passwordConfirmation],
        carries: [codeField])

    /// The hidden field (and query parameter) that holds a link's one-time code.
    static let codeField = "code"
}

extension FormDescription {
    /// `/signin/link`: the address to send a sign-in link to ("send me a sign-in link").
    static let signInLinkRequest = FormDescription(
        .signInLinkRequest, route: .signInLink, title: .signInLinkTitle, intro: .signInLinkIntro, submit: .signInLinkSubmit,
        fields: [.email],
        links: [Link(text: .backToSignIn, to: .signIn)])
}
