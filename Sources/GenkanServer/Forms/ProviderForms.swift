extension FormDescription {
    /// `/account/providers/NAME/connect`: the current password before the browser goes to the
    /// provider to connect it (none for an account without a password: a recent sign-in counts).
    static func providerConnect(_ provider: ProviderButton, hasPassword: Bool) -> FormDescription {
        var form = FormDescription(
            .reauthentication, path: LinkedProviders.path + "/" + provider.name + "/connect", title: .providersConnect,
            intro: .providersConnectIntro, submit: .providersConnect, fields: hasPassword ? [currentPasswordField] : [],
            links: [Link(prompt: nil, text: .providersTitle, href: LinkedProviders.path)], binding: .session)
        form.subject = provider.brandName
        return form
    }

    /// `/account/providers/NAME/disconnect`: the current password before the provider is removed.
    static func providerDisconnect(_ provider: ProviderButton, hasPassword: Bool) -> FormDescription {
        var form = FormDescription(
            .reauthentication, path: LinkedProviders.path + "/" + provider.name + "/disconnect", title: .providersDisconnect,
            intro: .providersDisconnectIntro, submit: .providersDisconnect, fields: hasPassword ? [currentPasswordField] : [],
            links: [Link(prompt: nil, text: .providersTitle, href: LinkedProviders.path)], binding: .session)
        form.subject = provider.brandName
        return form
    }
}
