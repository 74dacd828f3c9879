import GenkanHTTP
import GenkanOIDC

/// A configured OpenID provider as its button shows it: the brand's own wording where there is
/// one ("Sign in with Google", "Appleでサインイン"), else "Sign in with NAME".
struct ProviderButton: Sendable {
    let name: String
    let preset: ProviderPreset
    /// The name a generic provider's button shows.
    let displayName: String

    init(_ configuration: OIDCProviderConfiguration) {
        name = configuration.name
        preset = configuration.preset
        displayName = configuration.displayName
    }

    /// The button's text on the sign-in or the sign-up page.
    func label(_ texts: PageTexts, signingUp: Bool, locale: String) -> String {
        switch (preset, signingUp) {
        case (.google, false): texts.text(.providerGoogleSignIn, locale)
        case (.google, true): texts.text(.providerGoogleSignUp, locale)
        case (.apple, false): texts.text(.providerAppleSignIn, locale)
        case (.apple, true): texts.text(.providerAppleSignUp, locale)
        case (.generic, false): texts.text(.providerSignIn, locale, ["provider": displayName])
        case (.generic, true): texts.text(.providerSignUp, locale, ["provider": displayName])
        }
    }

    /// What the settings page calls it ("Google", "Apple", the display name).
    var brandName: String {
        switch preset {
        case .google: "Google"
        case .apple: "Apple"
        case .generic: displayName
        }
    }
}

extension PageRenderer {
    /// The providers' buttons under a sign-in or sign-up form: plain links (`GET /signin/NAME`),
    /// which work without JavaScript, in a labelled group; the return path goes along.
    func providerButtons(signingUp: Bool, returnTo: LocalPath?, locale: String, into html: inout HTMLWriter) {
        guard !providers.isEmpty else { return }
        html.start("section", [HTMLAttribute("class", "providers"), HTMLAttribute("aria-labelledby", "providers-heading")])
        html.newline()
        html.element("h2", [HTMLAttribute("id", "providers-heading"), HTMLAttribute("class", "providers-heading")], text: texts.text(.providersHeading, locale))
        html.newline()
        html.start("ul", [HTMLAttribute("class", "provider-list")])
        html.newline()
        for provider in providers {
            var href = SitePath.providerSignIn.filled(provider.name)
            if let returnTo { href += "?" + FormDescription.returnField + "=" + FormData.percentEncoded(returnTo.value) }
            html.element("li") { item in
                item.element(
                    "a", [HTMLAttribute("class", "provider-button provider-\(provider.preset.rawValue)"), HTMLAttribute("href", href)],
                    text: provider.label(texts, signingUp: signingUp, locale: locale))
            }
            html.newline()
        }
        html.end("ul")
        html.newline()
        html.end("section")
        html.newline()
    }
}
