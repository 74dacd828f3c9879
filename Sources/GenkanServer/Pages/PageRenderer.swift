import GenkanHTTP
import GenkanValidation

/// Renders Genkan's pages as HTML that works without JavaScript: labelled fields with their rules
/// as attributes, errors next to fields and in a summary that takes focus, and a language
/// switcher. Rendering runs on the event loop; it only reads immutable data.
struct PageRenderer: Sendable {
    let texts: PageTexts
    let rules: ValidationViewModel
    /// The stylesheet's and the script's URLs, with their versions (cached for a year).
    let stylesheet: String
    let script: String
    /// The passkey script's URL (`public/js/passkeys.js`), on pages of a site where passkeys work.
    let passkeyScript: String
    /// The configured OpenID providers' buttons, in order (none when there are none).
    let providers: [ProviderButton]
    /// Whether passkeys work on this site (its base URL's host is a domain): the pages then carry
    /// the passkey buttons, and otherwise leave every one of them out.
    let passkeys: Bool
    /// Whether second factors can be added here (the server has a key file): the account page
    /// then links to `/account/two-factor`.
    let twoFactor: Bool
    private let languageOptions: LanguageOptions

    init(
        texts: PageTexts, rules: ValidationViewModel, files: StaticFiles?, providers: [ProviderButton] = [], passkeys: Bool = false,
        twoFactor: Bool = false
    ) {
        self.texts = texts
        languageOptions = LanguageOptions(texts: texts)
        self.rules = rules
        self.providers = providers
        self.passkeys = passkeys
        self.twoFactor = twoFactor
        let url = { (path: String) in files?.versionedURL(path) ?? path }
        stylesheet = url("/css/genkan.css")
        script = url("/js/genkan.js")
        passkeyScript = url("/js/passkeys.js")
    }

    /// A whole page: the head, the site header with the language switcher, and `main`. `keeping`
    /// is what the page's address carries besides the language (where to return, a link's code),
    /// which switching the language keeps.
    func page(locale: String, title: String, main: TrustedHTML, keeping: [(name: String, value: String)] = []) -> String {
        var page = HTMLWriter(capacity: main.markup.utf8.count + 6144)
        page.markup(TrustedHTML(constant: "<!doctype html>\n"))
        page.start("html", [HTMLAttribute("lang", locale), HTMLAttribute("dir", texts.direction(locale))])
        page.newline()
        page.start("head")
        page.newline()
        page.start("meta", [HTMLAttribute("charset", "utf-8")])
        page.newline()
        page.start("meta", [HTMLAttribute("name", "viewport"), HTMLAttribute("content", "width=device-width, initial-scale=1")])
        page.newline()
        page.title(title + " · " + texts.text(.siteName, locale))
        page.newline()
        page.start("link", [HTMLAttribute("rel", "stylesheet"), HTMLAttribute("href", stylesheet)])
        page.newline()
        page.start("script", [HTMLAttribute("src", script), HTMLAttribute("defer", nil)])
        page.end("script")
        page.newline()
        if passkeys {
            page.start("script", [HTMLAttribute("src", passkeyScript), HTMLAttribute("defer", nil)])
            page.end("script")
            page.newline()
        }
        page.end("head")
        page.newline()
        page.start("body")
        page.newline()
        header(locale: locale, keeping: keeping, into: &page)
        page.start("main", [HTMLAttribute("id", "main")])
        page.newline()
        page.markup(main)
        page.end("main")
        page.newline()
        return page.endingDocument()
    }

    /// The brand and the language switcher: a GET form whose `<select name="lang">` names every
    /// language in itself, with a button, so it works without JavaScript and reloads the same
    /// address in the chosen language (the choice is then remembered in the `lang` cookie).
    private func header(locale: String, keeping: [(name: String, value: String)], into page: inout HTMLWriter) {
        page.start("header", [HTMLAttribute("class", "site-header")])
        page.newline()
        page.element("a", [HTMLAttribute("class", "brand"), HTMLAttribute("href", "/")], text: texts.text(.siteName, locale))
        page.newline()
        // No `action`: a GET form goes to the page's own address with its query replaced.
        page.start("form", [HTMLAttribute("class", "languages"), HTMLAttribute("method", "get")])
        page.newline()
        page.element("label", [HTMLAttribute("for", "language")], text: texts.text(.languageLabel, locale))
        page.newline()
        page.start("select", [HTMLAttribute("id", "language"), HTMLAttribute("name", "lang"), HTMLAttribute("autocomplete", "off")])
        page.newline()
        languageOptions.write(selected: locale, texts: texts, into: &page)
        page.end("select")
        page.newline()
        for (name, value) in keeping where name != "lang" { hiddenInput(name, value, into: &page) }
        page.element(
            "button", [HTMLAttribute("type", "submit"), HTMLAttribute("class", "secondary")], text: texts.text(.languageSubmit, locale))
        page.newline()
        page.end("form")
        page.newline()
        page.end("header")
        page.newline()
    }

    /// `<h1>` and, if given, an intro paragraph: how every page's main part begins.
    func heading(_ title: String, intro: String? = nil, into main: inout HTMLWriter) {
        main.element("h1", text: title)
        main.newline()
        if let intro {
            main.element("p", [HTMLAttribute("class", "intro")], text: intro)
            main.newline()
        }
    }
}
