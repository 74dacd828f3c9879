import GenkanLocalization
import GenkanValidation

/// Every text a page or a mail shows, from the String Catalog through `AuthErrorModel`: UI
/// strings by `PageKey`, validation issues, Firebase errors, and the locale negotiation that picks
/// the language. This is where catalog texts get their arguments, so this is where text arguments
/// become bidirectional isolates (`BidiIsolation`): an address or a name keeps its own direction
/// inside a sentence of another, on every page and in every mail.
struct PageTexts: Sendable {
    let model: AuthErrorModel
    /// The shipped locales, which are the catalog's, in the order the language switcher lists
    /// them: by their names in themselves (`LanguageFacts.orderedByAutonym`).
    let locales: [String]
    private let autonyms: [String: String]
    private let rightToLeft: Set<String>

    /// The catalog's locales with what the switcher and `<html dir>` need, read from CLDR once.
    init(model: AuthErrorModel) {
        var model = model
        model.isolatesArguments = true
        self.model = model
        locales = LanguageFacts.orderedByAutonym(model.locales)
        autonyms = Dictionary(uniqueKeysWithValues: model.locales.map { ($0, LanguageFacts.autonym($0)) })
        rightToLeft = Set(model.locales.filter(LanguageFacts.isRightToLeft))
    }

    /// The best shipped locale for an `Accept-Language` header (RFC 9110 §12.5.4).
    func locale(acceptLanguage: String) -> String {
        model.negotiator.bestLocale(acceptLanguage: acceptLanguage)
    }

    /// The shipped locale a tag names (`ja-JP` → `ja`, `iw` → `he`), or nil.
    func supportedLocale(_ tag: String) -> String? {
        guard tag.utf8.count <= 35, LocaleNegotiator.isLanguageTag(tag) else { return nil }
        return locales.contains(tag) ? tag : model.negotiator.match(tag)
    }

    /// The plain text of a UI string, with its parameters in order (text parameters isolated).
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
        autonyms[locale] ?? LanguageFacts.autonym(locale)
    }

    /// `rtl` for a language written right to left (ar, fa, he, ur), else `ltr`: `<html dir>`.
    func direction(_ locale: String) -> String {
        rightToLeft.contains(locale) ? "rtl" : "ltr"
    }
}
