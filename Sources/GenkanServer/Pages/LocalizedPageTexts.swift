import GenkanLocalization
import GenkanValidation

/// `PageTexts` from GenkanLocalization: the String Catalog through `AuthErrorModel`, locale
/// negotiation through its `LocaleNegotiator`.
public struct LocalizedPageTexts: PageTexts {
    public let model: AuthErrorModel
    public let locales: [String]

    /// The catalog's locales, listed in the order of `LanguageNames` where it knows them.
    public init(model: AuthErrorModel = AuthErrorModel()) {
        self.model = model
        let preferred = ["en", "ja", "zh-Hans", "zh-Hant", "ko", "de", "fr", "es", "pt-BR", "it", "ru", "ar"]
        locales = preferred.filter(model.locales.contains) + model.locales.filter { !preferred.contains($0) }.sorted()
    }

    public func locale(acceptLanguage: String) -> String {
        model.negotiator.bestLocale(acceptLanguage: acceptLanguage)
    }

    public func supportedLocale(_ tag: String) -> String? {
        guard tag.utf8.count <= 35, LocaleNegotiator.isLanguageTag(tag) else { return nil }
        return locales.contains(tag) ? tag : model.negotiator.match(tag)
    }

    public func text(_ key: String, locale: String, _ parameters: IssueParameters) -> String {
        model.text(key, locale: locale, parameters)
    }

    public func message(for issue: ValidationIssue, locale: String) -> String {
        model.message(for: issue, locale: locale)
    }

    public func message(forAuthCode code: String, locale: String) -> String {
        model.message(for: AuthErrorCode(rawValue: code) ?? .internalError, locale: locale)
    }

    public func languageName(_ locale: String) -> String {
        LanguageNames.autonyms[locale] ?? locale
    }
}
