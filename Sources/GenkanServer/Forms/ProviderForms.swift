extension FormDescription {
    /// `/account/providers/NAME/connect` or `…/disconnect`: the current password before the browser
    /// goes to the provider to connect it, or before the provider is removed (no password field for
    /// an account without one: a recent sign-in counts instead).
    static func providerChange(_ change: LinkedProviders.Change, _ provider: ProviderButton, hasPassword: Bool) -> FormDescription {
        let connecting = change == .connect
        var form = FormDescription(
            .reauthentication, route: connecting ? .providerConnect : .providerDisconnect, parameters: [provider.name],
            title: connecting ? .providersConnect : .providersDisconnect,
            intro: connecting ? .providersConnectIntro : .providersDisconnectIntro,
            submit: connecting ? .providersConnect : .providersDisconnect, fields: hasPassword ? [currentPasswordField] : [],
            links: [Link(text: .providersTitle, to: .accountProviders)], binding: .session)
        form.subject = provider.brandName
        return form
    }
}
