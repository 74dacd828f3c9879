extension FormDescription {
    /// The confirmation pages of the passkeys page: the current password (none for an account
    /// without one: a sign-in of the last five minutes counts instead), or one of the account's
    /// passkeys in its place.
    private static func passkeyConfirmation(path: String, title: PageKey, intro: PageKey, submit: PageKey, hasPassword: Bool)
        -> FormDescription
    {
        var form = FormDescription(
            .reauthentication, path: path, title: title, intro: intro, submit: submit,
            fields: hasPassword ? [currentPasswordField] : [],
            links: [Link(prompt: nil, text: .passkeysTitle, href: PasskeySettings.path)], binding: .session)
        form.offersPasskeyProof = true
        return form
    }

    /// `/account/passkeys/confirm`: proving the owner again before adding a passkey, when the
    /// session's last proof is older than five minutes.
    static func passkeyAddConfirmation(hasPassword: Bool) -> FormDescription {
        passkeyConfirmation(
            path: PasskeySettings.confirmPath, title: .passkeysAdd, intro: .passkeysConfirmIntro, submit: .passkeysConfirmSubmit,
            hasPassword: hasPassword)
    }

    /// `/account/passkeys/ID/remove`: the passkey's name in the title, then the proof.
    static func passkeyRemoval(id: Int64, name: String, hasPassword: Bool) -> FormDescription {
        var form = passkeyConfirmation(
            path: PasskeySettings.path + "/" + String(id) + "/remove", title: .passkeysRemoveTitle, intro: .passkeysRemoveIntro,
            submit: .passkeysRemove, hasPassword: hasPassword)
        form.subject = name
        return form
    }

    /// `/account/password/remove`: the current password, once more, before it goes.
    static let passwordRemoval = passkeyConfirmation(
        path: PasskeySettings.passwordRemovalPath, title: .passkeysPasswordRemove, intro: .passkeysPasswordRemoveIntro,
        submit: .passkeysPasswordRemove, hasPassword: true)
}
