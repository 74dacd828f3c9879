/// Each shipped language's name in itself, for the language switcher. These are facts about
/// the languages (CLDR's autonyms), the same on every page, so they are not catalog messages.
enum LanguageNames {
    static let autonyms: [String: String] = [
        "en": "English", "ja": "日本語", "zh-Hans": "简体中文", "zh-Hant": "繁體中文", "ko": "한국어",
        "de": "Deutsch", "fr": "Français", "es": "Español", "pt-BR": "Português (Brasil)", "it": "Italiano",
        "ru": "Русский", "ar": "العربية",
    ]

    /// The order of the language switcher: English, then the languages of East Asia, Europe and
    /// the rest, as the catalog's locales were added.
    static let switcherOrder = ["en", "ja", "zh-Hans", "zh-Hant", "ko", "de", "fr", "es", "pt-BR", "it", "ru", "ar"]

    /// Languages written right to left (CLDR `characterOrder`).
    static let rightToLeft: Set<String> = ["ar", "he", "fa", "ur"]

    static func direction(of locale: String) -> String {
        let language = locale.split(separator: "-").first.map(String.init) ?? locale
        return rightToLeft.contains(language) ? "rtl" : "ltr"
    }
}
