import GenkanHTTP
import GenkanQRCode
import GenkanStore

/// What `/account/two-factor` shows of an account that has a second factor.
struct TwoFactorStatus: Sendable {
    let factor: SecondFactor
    let recoveryCodesLeft: Int
}

extension PageRenderer {
    // MARK: Adding an authenticator

    /// Above the first code's form: the `otpauth://` URI as a QR code (drawn on the server, inline
    /// SVG: no script, no image request, nothing under `img-src`), and the key as text in groups of
    /// four for an app that cannot scan, read left to right in every language.
    func enrollment(_ totp: TOTP, account: Account, locale: String) -> TrustedHTML {
        var html = HTMLWriter(capacity: 16_384)
        let uri = totp.uri(issuer: texts.text(.siteName, locale), account: account.email)
        html.start("div", [HTMLAttribute("class", "totp-enrollment")])
        html.newline()
        if let code = try? QRCode(encoding: uri) {
            let side = String(code.side)
            html.start("svg", [
                HTMLAttribute("xmlns", "http://www.w3.org/2000/svg"), HTMLAttribute("class", "totp-qr"),
                HTMLAttribute("viewBox", "0 0 \(side) \(side)"), HTMLAttribute("width", String(code.side * 6)),
                HTMLAttribute("height", String(code.side * 6)), HTMLAttribute("shape-rendering", "crispEdges"),
                HTMLAttribute("role", "img"), HTMLAttribute("aria-label", texts.text(.twoFactorQRLabel, locale)),
            ])
            // Dark on light whatever the page's colours: a camera needs the contrast.
            html.element("path", [HTMLAttribute("fill", "#ffffff"), HTMLAttribute("d", "M0 0h\(side)v\(side)h-\(side)z")]) { _ in }
            html.element("path", [HTMLAttribute("fill", "#000000"), HTMLAttribute("d", code.darkModules)]) { _ in }
            html.end("svg")
            html.newline()
        }
        html.start("p", [HTMLAttribute("class", "totp-key")])
        html.element("span", [HTMLAttribute("id", "totp-key-label")], text: texts.text(.twoFactorKeyLabel, locale))
        html.text(" ")
        html.element(
            "code",
            [HTMLAttribute("data-totp-secret", nil), HTMLAttribute("dir", "ltr"), HTMLAttribute("aria-labelledby", "totp-key-label")],
            text: Self.grouped(Base32.encode(totp.secret)))
        html.end("p")
        html.newline()
        html.end("div")
        html.newline()
        return TrustedHTML(html)
    }

    /// `text` in groups of four separated by spaces (apps ignore the spaces when typed).
    static func grouped(_ text: String) -> String {
        var groups: [Substring] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            groups.append(rest.prefix(4))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: " ")
    }

    // MARK: Recovery codes

    /// The ten recovery codes, shown once (after the authenticator was added, or a new set made):
    /// a list a screen reader reads code by code, a download of the same as a text file (a `data:`
    /// link: the server keeps no copy to send later), and "copy" for the page's script to show.
    func recoveryCodes(_ codes: [String], account: Account, locale: String, notice: String?) -> String {
        let title = texts.text(.recoveryCodesTitle, locale)
        var main = HTMLWriter(capacity: 4096)
        heading(title, intro: texts.text(.recoveryCodesIntro, locale), into: &main)
        self.notice(notice, into: &main)
        main.start("ol", [HTMLAttribute("class", "recovery-codes"), HTMLAttribute("id", "recovery-codes"), HTMLAttribute("dir", "ltr")])
        main.newline()
        for code in codes {
            main.element("li") { $0.element("code", [HTMLAttribute("data-recovery-code", nil)], text: code) }
            main.newline()
        }
        main.end("ol")
        main.newline()
        let file = ([title + " · " + texts.text(.siteName, locale), account.email, ""] + codes).joined(separator: "\r\n") + "\r\n"
        main.start("p", [HTMLAttribute("class", "recovery-code-actions")])
        main.element(
            "a",
            [
                HTMLAttribute("class", "button secondary"), HTMLAttribute("id", "recovery-codes-download"),
                HTMLAttribute("href", "data:text/plain;charset=utf-8," + FormData.percentEncoded(file)),
                HTMLAttribute("download", "recovery-codes.txt"),
            ], text: texts.text(.recoveryCodesDownload, locale))
        main.text(" ")
        // Shown by the script, which can reach the clipboard; without it the list is there to select.
        main.element(
            "button",
            [
                HTMLAttribute("type", "button"), HTMLAttribute("class", "secondary"), HTMLAttribute("id", "recovery-codes-copy"),
                HTMLAttribute("data-copy", "recovery-codes"), HTMLAttribute("data-copied-label", texts.text(.recoveryCodesCopied, locale)),
                HTMLAttribute("hidden", nil),
            ], text: texts.text(.recoveryCodesCopy, locale))
        main.end("p")
        main.newline()
        main.element("p", [HTMLAttribute("class", "switch")]) {
            $0.element("a", [HTMLAttribute("href", SitePath.twoFactor.path), HTMLAttribute("id", "recovery-codes-done")],
                text: texts.text(.recoveryCodesDone, locale))
        }
        main.newline()
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }

    // MARK: The settings page of an account with a second factor

    /// Since when the second factor has been on, how many recovery codes are left, and the ways on:
    /// a new set of codes, turning it off.
    func twoFactor(_ status: TwoFactorStatus, locale: String, timeZone: String?, notice: String?) -> String {
        let title = texts.text(.twoFactorTitle, locale)
        var main = HTMLWriter(capacity: 2048)
        let since = DateText.format(status.factor.enrolledAt, locale: locale, timeZone: timeZone, style: .date)
        heading(title, intro: texts.text(.twoFactorOn, locale, ["date": since]), into: &main)
        self.notice(notice, into: &main)
        main.element(
            "p", [HTMLAttribute("id", "recovery-codes-left")],
            text: texts.text(.twoFactorCodesLeft, locale, ["count": String(status.recoveryCodesLeft)]))
        main.newline()
        main.start("ul", [HTMLAttribute("class", "settings")])
        main.newline()
        for (key, path) in [(PageKey.recoveryCodesNew, SitePath.twoFactorRecoveryCodes), (.twoFactorRemove, .twoFactorRemove)] {
            main.element("li") { $0.element("a", [HTMLAttribute("href", path.path)], text: texts.text(key, locale)) }
            main.newline()
        }
        main.end("ul")
        main.newline()
        main.element("p", [HTMLAttribute("class", "switch")]) {
            $0.element("a", [HTMLAttribute("href", SitePath.account.path)], text: texts.text(.accountBack, locale))
        }
        main.newline()
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }
}
