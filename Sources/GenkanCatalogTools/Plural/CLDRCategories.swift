import GenkanUnicode

/// The CLDR plural categories of a locale's language, from ICU, as names.
enum CLDRCategories {
    static func names(_ locale: String) -> [String] {
        CLDR.pluralCategories(locale: locale).map(\.rawValue)
    }
}
