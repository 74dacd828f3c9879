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
    /// The configured OpenID providers' buttons, in order (none when there are none).
    let providers: [ProviderButton]

    init(texts: PageTexts, rules: ValidationViewModel, files: StaticFiles?, providers: [ProviderButton] = []) {
        self.texts = texts
        self.rules = rules
        self.providers = providers
        stylesheet = files?.versionedURL("/css/genkan.css") ?? "/css/genkan.css"
        script = files?.versionedURL("/js/genkan.js") ?? "/js/genkan.js"
    }

    /// A whole page: the head, the site header with the language switcher, and `main`.
    func page(locale: String, title: String, main: TrustedHTML) -> String {
        var page = HTMLWriter(capacity: main.markup.utf8.count + 2048)
        page.markup(TrustedHTML(constant: "<!doctype html>\n"))
        page.start("html", [HTMLAttribute("lang", locale), HTMLAttribute("dir", LanguageNames.direction(of: locale))])
        page.newline()
        page.start("head")
        page.newline()
        page.start("meta", [HTMLAttribute("charset", "utf-8")])
        page.newline()
        page.start("meta", [HTMLAttribute("name", "viewport"), HTMLAttribute("content", "width=device-width, initial-scale=1")])
        page.newline()
        page.element("title", text: title + " · " + texts.text(.siteName, locale))
        page.newline()
        page.start("link", [HTMLAttribute("rel", "stylesheet"), HTMLAttribute("href", stylesheet)])
        page.newline()
        page.start("script", [HTMLAttribute("src", script), HTMLAttribute("defer", nil)])
        page.end("script")
        page.newline()
        page.end("head")
        page.newline()
        page.start("body")
        page.newline()
        header(locale: locale, into: &page)
        page.start("main", [HTMLAttribute("id", "main")])
        page.newline()
        page.markup(main)
        page.end("main")
        page.newline()
        page.end("body")
        page.newline()
        page.end("html")
        page.newline()
        return page.html
    }

    /// The brand and the language switcher, each language named in itself.
    private func header(locale: String, into page: inout HTMLWriter) {
        page.start("header", [HTMLAttribute("class", "site-header")])
        page.newline()
        page.element("a", [HTMLAttribute("class", "brand"), HTMLAttribute("href", "/")], text: texts.text(.siteName, locale))
        page.newline()
        page.start("nav", [HTMLAttribute("class", "languages"), HTMLAttribute("aria-label", texts.text(.languageLabel, locale))])
        page.newline()
        page.start("ul")
        page.newline()
        for candidate in texts.locales {
            var attributes = [
                HTMLAttribute("href", "?lang=" + candidate), HTMLAttribute("hreflang", candidate), HTMLAttribute("lang", candidate),
            ]
            if candidate == locale { attributes.append(HTMLAttribute("aria-current", "true")) }
            page.start("li")
            page.element("a", attributes, text: texts.languageName(candidate))
            page.end("li")
            page.newline()
        }
        page.end("ul")
        page.newline()
        page.end("nav")
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
