import GenkanHTTP
import GenkanStore

extension PageRenderer {
    /// The sign-in methods page: the password (set, or a way to set one), then each configured
    /// provider, connected (as which address) with "disconnect", or not with "connect"; both lead
    /// to a page that asks for the current password.
    func providers(_ identities: [ProviderIdentity], hasPassword: Bool, locale: String, notice: String?) -> String {
        let title = texts.text(.providersTitle, locale)
        var main = HTMLWriter()
        heading(title, intro: texts.text(.providersIntro, locale), into: &main)
        self.notice(notice, into: &main)
        main.start("ul", [HTMLAttribute("class", "sign-in-methods")])
        main.newline()
        main.start("li", [HTMLAttribute("id", "method-password")])
        main.element("h2", text: texts.text(.providersPassword, locale))
        main.element("p", [HTMLAttribute("class", "method-status")], text: texts.text(hasPassword ? .providersPasswordSet : .providersPasswordNotSet, locale))
        if !hasPassword {
            main.linkLine(texts.text(.providersSetPassword, locale), href: SitePath.passwordForgot.path)
        }
        main.end("li")
        main.newline()
        let ways = identities.count + (hasPassword ? 1 : 0)
        for provider in providers {
            let brand = provider.brandName
            main.start("li", [HTMLAttribute("id", "method-" + provider.name)])
            main.element("h2", text: brand)
            if let identity = identities.first(where: { $0.provider == provider.name }) {
                let status = identity.email.map { texts.text(.providersConnectedAs, locale, ["email": $0]) } ?? ""
                if !status.isEmpty { main.element("p", [HTMLAttribute("class", "method-status")], text: status) }
                if ways > 1 {
                    main.linkLine(
                        texts.text(.providersDisconnect, locale, ["provider": brand]), href: SitePath.providerDisconnect.filled(provider.name),
                        linkClass: "button secondary")
                } else {
                    main.element("p", [HTMLAttribute("class", "hint")], text: texts.text(.providersLastMethod, locale))
                }
            } else {
                main.element("p", [HTMLAttribute("class", "method-status")], text: texts.text(.providersNotConnected, locale))
                main.linkLine(
                    texts.text(.providersConnect, locale, ["provider": brand]), href: SitePath.providerConnect.filled(provider.name),
                    linkClass: "provider-button provider-\(provider.preset.rawValue)")
            }
            main.end("li")
            main.newline()
        }
        main.end("ul")
        main.newline()
        main.linkLine(texts.text(.accountBack, locale), href: SitePath.account.path)
        main.newline()
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }
}
