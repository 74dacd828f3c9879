import GenkanHTTP
import GenkanStore

extension PageRenderer {
    /// The signed-in devices: this one first, each other with its own "sign out", then "sign out
    /// everywhere else" when there is another.
    func sessions(_ sessions: [SessionSummary], locale: String, timeZone: String?, csrf: String, notice: String?) -> String {
        let title = texts.text(.sessionsTitle, locale)
        var main = HTMLWriter()
        heading(title, intro: texts.text(.sessionsIntro, locale), into: &main)
        self.notice(notice, into: &main)
        main.start("ul", [HTMLAttribute("class", "sessions")])
        main.newline()
        for session in sessions.sorted(by: { ($0.isCurrent ? 0 : 1, -$0.lastSeenAt) < ($1.isCurrent ? 0 : 1, -$1.lastSeenAt) }) {
            main.start("li")
            main.newline()
            main.element("p", [HTMLAttribute("class", "device")]) { line in
                switch session.kind {
                case .browser: line.text(BrowserName(userAgent: session.userAgent).text(texts, locale: locale))
                case .app(let method): line.text(texts.text(.sessionsApp, locale, ["method": signInMethodName(method, locale: locale)]))
                }
                if session.isCurrent {
                    line.text(" ")
                    // The parentheses are the language's own: "(This device)", "（このデバイス）".
                    line.element(
                        "span", [HTMLAttribute("class", "this-device")],
                        text: texts.text(.sessionsThisDeviceNote, locale, ["label": texts.text(.sessionsThisDevice, locale)]))
                }
            }
            main.newline()
            main.element("p", [HTMLAttribute("class", "when")]) { line in
                line.text(texts.text(.sessionsSignedIn, locale, ["date": DateText.format(session.createdAt, locale: locale, timeZone: timeZone)]))
                line.start("br")
                line.text(texts.text(.sessionsLastActive, locale, ["date": DateText.format(session.lastSeenAt, locale: locale, timeZone: timeZone)]))
            }
            main.newline()
            if !session.isCurrent {
                main.start("form", [HTMLAttribute("method", "post"), HTMLAttribute("action", SitePath.accountSessionsEnd.path)])
                hiddenInput("csrf", csrf, into: &main)
                hiddenInput("session", session.handle, into: &main)
                main.element(
                    "button", [HTMLAttribute("type", "submit"), HTMLAttribute("class", "secondary"),
                               HTMLAttribute("data-progress", texts.text(.progressWait, locale))],
                    text: texts.text(.sessionsSignOut, locale))
                main.end("form")
                main.newline()
            }
            main.end("li")
            main.newline()
        }
        main.end("ul")
        main.newline()
        if sessions.contains(where: { !$0.isCurrent }) {
            buttonForm(
                action: SitePath.accountSessionsEndOthers.path, class: "end-others-form", label: texts.text(.sessionsSignOutOthers, locale),
                locale: locale, csrf: csrf, into: &main)
        }
        main.element("p", [HTMLAttribute("class", "switch")]) { $0.element("a", [HTMLAttribute("href", SitePath.account.path)], text: texts.text(.accountBack, locale)) }
        main.newline()
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }
}

extension PageRenderer {
    /// How an app signed in, as the sign-in methods page names it: the password, or the provider
    /// (`google.com`, `apple.com`, `oidc.NAME`) by its brand.
    func signInMethodName(_ method: String, locale: String) -> String {
        switch method {
        case "password": return texts.text(.providersPassword, locale)
        case "google.com": return "Google"
        case "apple.com": return "Apple"
        default:
            let name = method.hasPrefix("oidc.") ? String(method.dropFirst(5)) : method
            return providers.first { $0.name == name }?.brandName ?? name
        }
    }
}
