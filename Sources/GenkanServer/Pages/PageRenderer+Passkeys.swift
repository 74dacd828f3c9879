import GenkanHTTP
import GenkanStore
import GenkanWebAuthn

/// What the passkeys page shows besides the list.
struct PasskeyListState: Sendable {
    var hasPassword = false
    /// How many ways in the account has (the password, providers, passkeys): a passkey or the
    /// password may go only while another remains.
    var methodCount = 0
    var notice: String?
    /// A problem to show above the list (a rename that had no name).
    var error: String?
}

extension PageRenderer {
    // MARK: Pieces of other pages

    /// Under the sign-in form: "sign in with a passkey", hidden until the script finds WebAuthn
    /// (without JavaScript, or in a browser without passkeys, the button never shows), and the
    /// region the script writes errors into.
    func passkeySignIn(returnTo: LocalPath?, csrf: String, locale: String, into main: inout HTMLWriter) {
        var attributes = [
            HTMLAttribute("type", "button"), HTMLAttribute("class", "secondary passkey-button"),
            HTMLAttribute("data-passkey-action", "sign-in"), HTMLAttribute("data-csrf", csrf), HTMLAttribute("hidden", nil),
        ]
        if let returnTo { attributes.append(HTMLAttribute("data-return", returnTo.value)) }
        main.start("div", [HTMLAttribute("class", "passkey-sign-in")])
        main.newline()
        main.element("button", attributes, text: texts.text(.signInPasskey, locale))
        main.newline()
        main.end("div")
        main.newline()
        passkeyStatus(locale: locale, signingIn: true, into: &main)
    }

    /// Inside a sensitive form: the field the script fills with a passkey's answer, and "confirm
    /// with a passkey" (hidden until the script finds WebAuthn), which stands in for the password.
    func passkeyProofButton(locale: String, into main: inout HTMLWriter) {
        hiddenInput("passkey", "", into: &main)
        main.element(
            "button",
            [
                HTMLAttribute("type", "button"), HTMLAttribute("class", "secondary passkey-button"),
                HTMLAttribute("data-passkey-action", "reauthenticate"), HTMLAttribute("hidden", nil),
            ], text: texts.text(.passkeysConfirmWithPasskey, locale))
        main.newline()
    }

    /// The live region the script reports passkey problems in, with each message in the page's
    /// language (the browser's own message is never shown).
    func passkeyStatus(locale: String, signingIn: Bool, into main: inout HTMLWriter) {
        main.element(
            "div",
            [
                HTMLAttribute("class", "passkey-status"), HTMLAttribute("id", "passkey-status"), HTMLAttribute("role", "alert"),
                HTMLAttribute("aria-live", "assertive"),
                HTMLAttribute("data-error-cancelled", texts.text(signingIn ? .passkeyErrorSignInCancelled : .passkeyErrorCancelled, locale)),
                HTMLAttribute("data-error-exists", texts.text(.passkeyErrorExists, locale)),
                HTMLAttribute("data-error-failed", texts.text(.passkeyErrorFailed, locale)),
            ], text: "")
        main.newline()
    }

    // MARK: The passkeys page

    /// `/account/passkeys`: each passkey with its name (and a form to change it), the kind of
    /// authenticator when its AAGUID tells, whether it is synced or on one device, when it was
    /// added and last used, and "remove" (unless it is the last way in); then "add a passkey"
    /// and, for an account that has a password and a passkey, "remove the password".
    func passkeys(_ list: [Passkey], state: PasskeyListState, csrf: String, locale: String, timeZone: String?) -> String {
        let title = texts.text(.passkeysTitle, locale)
        var main = HTMLWriter()
        heading(title, intro: texts.text(.passkeysIntro, locale), into: &main)
        self.notice(state.notice, into: &main)
        if let error = state.error { errorSummary([PageError(field: nil, message: error)], locale: locale, into: &main) }
        if list.isEmpty {
            main.element("p", [HTMLAttribute("class", "passkeys-empty")], text: texts.text(.passkeysEmpty, locale))
            main.newline()
        } else {
            main.start("ul", [HTMLAttribute("class", "passkeys")])
            main.newline()
            for passkey in list { item(passkey, state: state, csrf: csrf, locale: locale, timeZone: timeZone, into: &main) }
            main.end("ul")
            main.newline()
        }
        if self.passkeys {
            main.start("div", [HTMLAttribute("class", "passkey-register")])
            main.newline()
            main.start("div", [HTMLAttribute("class", "field"), HTMLAttribute("hidden", nil), HTMLAttribute("data-passkey-name", nil)])
            main.element("label", [HTMLAttribute("for", "passkey-name")], text: texts.text(.passkeysNameLabel, locale))
            main.start("input", [
                HTMLAttribute("id", "passkey-name"), HTMLAttribute("name", "name"), HTMLAttribute("type", "text"), HTMLAttribute("dir", "auto"),
                HTMLAttribute("maxlength", String(AccountStore.maximumPasskeyNameLength)), HTMLAttribute("autocomplete", "off"),
            ])
            main.end("div")
            main.newline()
            main.element(
                "button",
                [
                    HTMLAttribute("type", "button"), HTMLAttribute("class", "primary passkey-button"),
                    HTMLAttribute("data-passkey-action", "register"), HTMLAttribute("data-csrf", csrf), HTMLAttribute("hidden", nil),
                ], text: texts.text(.passkeysAdd, locale))
            main.newline()
            main.end("div")
            main.newline()
            passkeyStatus(locale: locale, signingIn: false, into: &main)
        }
        if state.hasPassword && !list.isEmpty {
            main.element("h2", text: texts.text(.providersPassword, locale))
            main.newline()
            main.element("p", text: texts.text(.passkeysPasswordIntro, locale))
            main.newline()
            main.linkLine(texts.text(.passkeysPasswordRemove, locale), href: SitePath.passwordRemove.path, linkClass: "button secondary")
            main.newline()
        }
        main.element("p", [HTMLAttribute("class", "switch")]) { $0.element("a", [HTMLAttribute("href", SitePath.account.path)], text: texts.text(.accountBack, locale)) }
        main.newline()
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }

    private func item(_ passkey: Passkey, state: PasskeyListState, csrf: String, locale: String, timeZone: String?, into main: inout HTMLWriter) {
        let id = String(passkey.id)
        main.start("li", [HTMLAttribute("class", "passkey"), HTMLAttribute("id", "passkey-" + id)])
        main.newline()
        // The name is the user's own text, in any direction: an isolate, aligned as the page is.
        main.element("h2", [HTMLAttribute("class", "passkey-name")]) { $0.element("bdi", text: passkey.name) }
        main.newline()
        var facts: [String] = []
        if let model = AAGUID(bytes: passkey.aaguid).authenticator {
            // "iCloud Keychain (password manager)" with the language's own parentheses
            // (full-width in Chinese and Japanese); the model's name is isolated like any value.
            facts.append(texts.text(.passkeysModelKind, locale, ["model": model.name, "kind": texts.text(kindKey(model.kind), locale)]))
        }
        facts.append(texts.text(passkey.isDeviceBound ? .passkeysDeviceBound : .passkeysSynced, locale))
        main.element("p", [HTMLAttribute("class", "passkey-kind")], text: facts.joined(separator: " · "))
        main.newline()
        main.element("p", [HTMLAttribute("class", "when")]) { line in
            line.text(texts.text(.passkeysCreated, locale, ["date": DateText.format(passkey.createdAt, locale: locale, timeZone: timeZone)]))
            line.start("br")
            if let used = passkey.lastUsedAt {
                line.text(texts.text(.passkeysLastUsed, locale, ["date": DateText.format(used, locale: locale, timeZone: timeZone)]))
            } else {
                line.text(texts.text(.passkeysNeverUsed, locale))
            }
        }
        main.newline()
        main.start("form", [
            HTMLAttribute("method", "post"), HTMLAttribute("action", SitePath.passkeyRename.filled(id)),
            HTMLAttribute("class", "passkey-rename"),
        ])
        main.newline()
        hiddenInput("csrf", csrf, into: &main)
        main.element("label", [HTMLAttribute("for", "name-" + id)], text: texts.text(.passkeysNameLabel, locale))
        main.start("input", [
            HTMLAttribute("id", "name-" + id), HTMLAttribute("name", "name"), HTMLAttribute("type", "text"), HTMLAttribute("dir", "auto"),
            HTMLAttribute("value", passkey.name), HTMLAttribute("required", nil),
            HTMLAttribute("maxlength", String(AccountStore.maximumPasskeyNameLength)), HTMLAttribute("autocomplete", "off"),
        ])
        main.element(
            "button",
            [HTMLAttribute("type", "submit"), HTMLAttribute("class", "secondary"), HTMLAttribute("data-passkey-action", "rename")],
            text: texts.text(.passkeysRename, locale))
        main.newline()
        main.end("form")
        main.newline()
        if state.methodCount > 1 {
            // The confirmation page asks for the current password (or another passkey), then posts.
            main.start("form", [HTMLAttribute("method", "get"), HTMLAttribute("action", SitePath.passkeyRemove.filled(id))])
            main.element(
                "button",
                [HTMLAttribute("type", "submit"), HTMLAttribute("class", "secondary"), HTMLAttribute("data-passkey-action", "remove")],
                text: texts.text(.passkeysRemove, locale))
            main.end("form")
        } else {
            main.element("p", [HTMLAttribute("class", "hint")], text: texts.text(.passkeysLastMethod, locale))
        }
        main.newline()
        main.end("li")
        main.newline()
    }

    private func kindKey(_ kind: AuthenticatorModel.Kind) -> PageKey {
        switch kind {
        case .passwordManager: .passkeysKindPasswordManager
        case .platform: .passkeysKindPlatform
        case .securityKey: .passkeysKindSecurityKey
        }
    }
}
