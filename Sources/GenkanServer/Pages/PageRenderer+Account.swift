import GenkanHTTP
import GenkanStore

extension PageRenderer {
    /// The signed-in page: who is signed in and since when, whether the address is verified
    /// (with "send the link again" while it is not), a one-time notice, and the sign-out button.
    func account(_ account: Account, locale: String, timeZone: String?, csrf: String, notice: String? = nil) -> String {
        let title = texts.text(.accountTitle, locale)
        var main = HTMLWriter()
        heading(title, intro: texts.text(.accountSignedInAs, locale, ["email": account.email]), into: &main)
        self.notice(notice, into: &main)
        main.start("dl", [HTMLAttribute("class", "account")])
        main.newline()
        main.element("dt", text: texts.text(.displayNameLabel, locale))
        main.newline()
        // A name or an address keeps its own direction inside a page of the other (a Latin name
        // on an Arabic page, `123@example.com` on a Hebrew one): `<bdi>` and `dir=auto` make it an
        // isolate that takes the direction of its first strong letter (HTML §4.5.24, UAX #9), while
        // the cell keeps the page's alignment.
        main.element("dd", [HTMLAttribute("id", "account-name")]) { $0.element("bdi", text: account.displayName) }
        main.newline()
        main.element("dt", text: texts.text(.emailLabel, locale))
        main.newline()
        main.element("dd") { line in
            line.element("span", [HTMLAttribute("id", "account-email"), HTMLAttribute("dir", "auto")], text: account.email)
            line.text(" ")
            line.element(
                "span",
                [HTMLAttribute("id", "account-email-status"), HTMLAttribute("class", account.isVerified ? "status-verified" : "status-unverified")],
                text: texts.text(account.isVerified ? .accountEmailVerified : .accountEmailUnverified, locale))
        }
        main.newline()
        main.end("dl")
        main.newline()
        let since = DateText.format(account.createdAt, locale: locale, timeZone: timeZone, style: .date)
        main.element("p", [HTMLAttribute("class", "member-since")], text: texts.text(.accountMemberSince, locale, ["date": since]))
        main.newline()
        if !account.isVerified {
            // Say what the button is for: the link already sent, once more.
            main.element("p", [HTMLAttribute("class", "message")], text: texts.text(.verifyRequiredMessage, locale, ["email": account.email]))
            main.newline()
            buttonForm(
                action: SitePath.verifyEmailResend.path, class: "resend-form", label: texts.text(.verifyResend, locale), locale: locale, csrf: csrf,
                buttonClass: "secondary", into: &main)
        }
        main.element("h2", text: texts.text(.accountSettingsHeading, locale))
        main.newline()
        main.start("ul", [HTMLAttribute("class", "settings")])
        main.newline()
        var settings: [(PageKey, String)] = [
            (.accountChangeName, SitePath.accountName.path), (.accountChangePassword, SitePath.accountPassword.path),
            (.accountChangeEmail, SitePath.accountEmail.path), (.accountSessions, SitePath.accountSessions.path),
            (.activityTitle, SitePath.accountActivity.path), (.accountDelete, SitePath.accountDelete.path),
        ]
        if !providers.isEmpty { settings.insert((.accountProviders, SitePath.accountProviders.path), at: 3) }
        if passkeys { settings.insert((.passkeysTitle, SitePath.passkeys.path), at: providers.isEmpty ? 3 : 4) }
        if twoFactor { settings.insert((.twoFactorTitle, SitePath.twoFactor.path), at: settings.count - 2) }
        for (key, href) in settings {
            main.element("li") { $0.element("a", [HTMLAttribute("href", href)], text: texts.text(key, locale)) }
            main.newline()
        }
        main.end("ul")
        main.newline()
        buttonForm(action: SitePath.signOut.path, class: "signout-form", label: texts.text(.accountSignOut, locale), locale: locale, csrf: csrf, into: &main)
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }

    /// A form that is one button (sign out, send again): its token and its label.
    func buttonForm(
        action: String, class className: String, label: String, locale: String, csrf: String, buttonClass: String? = nil,
        into html: inout HTMLWriter
    ) {
        html.start("form", [HTMLAttribute("method", "post"), HTMLAttribute("action", action), HTMLAttribute("class", className)])
        html.newline()
        hiddenInput("csrf", csrf, into: &html)
        var attributes = [HTMLAttribute("type", "submit")]
        if let buttonClass { attributes.append(HTMLAttribute("class", buttonClass)) }
        attributes.append(HTMLAttribute("data-progress", texts.text(.progressWait, locale)))
        html.element("button", attributes, text: label)
        html.newline()
        html.end("form")
        html.newline()
    }
}
