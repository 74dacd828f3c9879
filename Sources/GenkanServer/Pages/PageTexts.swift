import GenkanLocalization
import GenkanValidation

/// Every text a page shows, from the String Catalog through `AuthErrorModel`: UI strings by
/// `PageKey`, validation issues, Firebase errors, and the locale negotiation that picks the
/// language.
struct PageTexts: Sendable {
    let model: AuthErrorModel
    /// The shipped locales, in the order the language switcher lists them.
    let locales: [String]

    /// The catalog's locales, listed in the order of `LanguageNames` where it knows them.
    init(model: AuthErrorModel) {
        self.model = model
        let preferred = LanguageNames.switcherOrder
        locales = preferred.filter(model.locales.contains) + model.locales.filter { !preferred.contains($0) }.sorted()
    }

    /// The best shipped locale for an `Accept-Language` header (RFC 9110 §12.5.4).
    func locale(acceptLanguage: String) -> String {
        model.negotiator.bestLocale(acceptLanguage: acceptLanguage)
    }

    /// The shipped locale a tag names (`ja-JP` → `ja`), or nil.
    func supportedLocale(_ tag: String) -> String? {
        guard tag.utf8.count <= 35, LocaleNegotiator.isLanguageTag(tag) else { return nil }
        return locales.contains(tag) ? tag : model.negotiator.match(tag)
    }

    /// The plain text of a UI string, with its parameters in order.
    func text(_ key: PageKey, _ locale: String, _ parameters: IssueParameters = [:]) -> String {
        model.text(key.rawValue, locale: locale, parameters)
    }

    /// The message for a validation issue, as plain text.
    func message(for issue: ValidationIssue, locale: String) -> String {
        model.message(for: issue, locale: locale)
    }

    /// The message for a Firebase Authentication error, as plain text.
    func message(for code: AuthErrorCode, locale: String) -> String {
        model.message(for: code, locale: locale)
    }

    /// The language's name in itself, for the switcher (`日本語`).
    func languageName(_ locale: String) -> String {
        LanguageNames.autonyms[locale] ?? locale
    }
}
