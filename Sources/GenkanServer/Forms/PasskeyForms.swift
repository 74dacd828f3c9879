extension FormDescription {
    /// The confirmation pages of the passkeys page: the current password (none for an account
    /// without one: a sign-in of the last five minutes counts instead), or one of the account's
    /// passkeys in its place.
    private static func passkeyConfirmation(
        _ route: SitePath, parameters: [String] = [], title: PageKey, intro: PageKey, submit: PageKey, hasPassword: Bool)
        -> FormDescription
    {
        var form = FormDescription(
            .reauthentication, route: route, parameters: parameters, title: title, intro: intro, submit: submit,
            fields: hasPassword ? [currentPasswordField] : [],
            links: [Link(text: .passkeysTitle, to: .passkeys)], binding: .session)
        form.offersPasskeyProof = true
        return form
    }

    /// `/account/passkeys/confirm`: proving the owner again before adding a passkey, when the
    /// session's last proof is older than five minutes.
    static func passkeyAddConfirmation(hasPassword: Bool) -> FormDescription {
        passkeyConfirmation(
            .passkeyAddConfirm, title: .passkeysAdd, intro: .passkeysConfirmIntro, submit: .passkeysConfirmSubmit,
            hasPassword: hasPassword)
    }

    /// `/account/passkeys/ID/remove`: the passkey's name in the title, then the proof.
    static func passkeyRemoval(id: Int64, name: String, hasPassword: Bool) -> FormDescription {
        var form = passkeyConfirmation(
            .passkeyRemove, parameters: [String(id)], title: .passkeysRemoveTitle, intro: .passkeysRemoveIntro,
            submit: .passkeysRemove, hasPassword: hasPassword)
        form.subject = name
        return form
    }

    /// `/account/password/remove`: the current password, once more, before it goes.
    static let passwordRemoval = passkeyConfirmation(
        .passwordRemove, title: .passkeysPasswordRemove, intro: .passkeysPasswordRemoveIntro,
        submit: .passkeysPasswordRemove, hasPassword: true)
}
