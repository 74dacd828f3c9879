import GenkanUnicode

/// What a page needs to know about a language besides its messages: its name in itself and the
/// direction it is written in. Both come from CLDR through ICU, so a language added to the
/// catalog needs no table here.
///
/// ```swift
/// LanguageFacts.autonym("de")          // "Deutsch"
/// LanguageFacts.isRightToLeft("he")    // true
/// ```
public enum LanguageFacts {
    /// The language of `locale` (BCP 47) named in itself, as a list of languages shows it
    /// ("日本語", "简体中文", "Português (Brasil)", "Polski"); the tag itself when CLDR has no name.
    public static func autonym(_ locale: String) -> String {
        LanguageData.autonym(of: locale) ?? locale
    }

    /// Whether `locale` is written right to left: Arabic, Hebrew, Persian and Urdu among Genkan's
    /// languages (CLDR's script direction of the locale's likely script).
    public static func isRightToLeft(_ locale: String) -> Bool {
        LanguageData.isRightToLeft(locale)
    }

    /// `locales` ordered by their autonyms in CLDR's root collation, as language pickers list
    /// them: Latin-script names alphabetically, then Greek, Cyrillic, Hebrew, Arabic, the
    /// scripts of India, Thai, Hangul and Han.
    public static func orderedByAutonym(_ locales: [String]) -> [String] {
        locales.map { ($0, autonym($0)) }
            .sorted { LanguageData.precedesInRootOrder($0.1, $1.1) }
            .map(\.0)
    }
}
