import GenkanHTTP

/// The `<option>`s of the language switcher, written once per page language when the renderer is
/// made.
///
/// With 49 languages the options are most of a page's header, and each is escaped and written
/// anew on every page that is not a cached blank form: an error, a refusal, a signed-in page. A
/// flood of refused sign-ins (429s) spent a quarter of the loops' time here, which starved the
/// hashing threads the real users were waiting for.
struct LanguageOptions: Sendable {
    private let rendered: [String: TrustedHTML]

    init(texts: PageTexts) {
        var rendered: [String: TrustedHTML] = [:]
        for locale in texts.locales {
            var writer = HTMLWriter(capacity: 64 * texts.locales.count)
            Self.write(selected: locale, texts: texts, into: &writer)
            rendered[locale] = TrustedHTML(writer)
        }
        self.rendered = rendered
    }

    /// The options with `locale` selected (each language named in itself, with `lang`, and `dir`
    /// where its direction differs from the page's).
    func write(selected locale: String, texts: PageTexts, into page: inout HTMLWriter) {
        if let options = rendered[locale] {
            page.markup(options)
        } else {
            Self.write(selected: locale, texts: texts, into: &page)
        }
    }

    private static func write(selected locale: String, texts: PageTexts, into page: inout HTMLWriter) {
        for candidate in texts.locales {
            var attributes = [HTMLAttribute("value", candidate), HTMLAttribute("lang", candidate)]
            if texts.direction(candidate) != texts.direction(locale) { attributes.append(HTMLAttribute("dir", texts.direction(candidate))) }
            if candidate == locale { attributes.append(HTMLAttribute("selected", nil)) }
            page.element("option", attributes, text: texts.languageName(candidate))
            page.newline()
        }
    }
}
