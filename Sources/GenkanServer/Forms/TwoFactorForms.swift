import GenkanValidation

extension FieldDescription {
    /// A second factor's code: six digits, or a recovery code (the same field takes either).
    static let secondFactorCode = FieldDescription(
        .code, .oneTimeCode, label: .codeLabel, hint: .text(.codeHint), autocomplete: "one-time-code")
    /// The first code of a new authenticator: there are no recovery codes yet (the intro says what to type).
    static let firstCode = FieldDescription(.code, .oneTimeCode, label: .codeLabel, autocomplete: "one-time-code")
}

extension FormDescription {
    /// The hidden field that names the enrolment under way (its token, the secret's only name).
    static let enrollmentField = "enrollment"

    /// `/signin/two-factor`: the second step of a sign-in, one field for the code.
    static let secondStep = FormDescription(
        .secondFactor, route: .signInSecondStep, title: .twoFactorTitle, intro: .secondStepIntro, submit: .signInSubmit,
        fields: [.secondFactorCode],
        links: [Link(text: .backToSignIn, to: .signIn)])

    /// `/account/two-factor/set-up`: proving the owner (the current password, or a passkey; an
    /// account without a password proves itself by a sign-in of the last five minutes) before a
    /// new secret is made.
    static func twoFactorSetUp(hasPassword: Bool) -> FormDescription {
        offeringPasskeyProof(FormDescription(
            .reauthentication, route: .twoFactorSetUp, title: .twoFactorTitle, intro: .twoFactorIntro, submit: .twoFactorSetUp,
            fields: hasPassword ? [currentPasswordField] : [],
            links: [backToAccount], binding: .session))
    }

    /// `/account/two-factor/enable`: the first code of the new authenticator; the QR code and the
    /// key go above it (`PageRenderer.enrollment`), the enrolment's token in a hidden field.
    static let twoFactorEnable = FormDescription(
        .secondFactor, route: .twoFactorEnable, title: .twoFactorTitle, intro: .twoFactorScan, submit: .twoFactorEnable,
        fields: [.firstCode],
        links: [backToAccount], binding: .session, carries: [enrollmentField])

    /// `/account/two-factor/recovery-codes`: a current code before the codes are made anew.
    static let recoveryCodesRenewal = FormDescription(
        .secondFactor, route: .twoFactorRecoveryCodes, title: .recoveryCodesNew, intro: .recoveryCodesNewIntro, submit: .recoveryCodesNew,
        fields: [.secondFactorCode],
        links: [Link(text: .twoFactorTitle, to: .twoFactor)], binding: .session)

    /// `/account/two-factor/remove`: the current password (or a passkey) and a code.
    static func twoFactorRemoval(hasPassword: Bool) -> FormDescription {
        offeringPasskeyProof(FormDescription(
            .secondFactorRemoval, route: .twoFactorRemove, title: .twoFactorRemove, intro: .twoFactorRemoveIntro,
            submit: .twoFactorRemoveSubmit,
            fields: hasPassword ? [currentPasswordField, .secondFactorCode] : [.secondFactorCode],
            links: [Link(text: .twoFactorTitle, to: .twoFactor)], binding: .session))
    }
}
