private import CICU

/// A CLDR plural category.
package enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    package static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// CLDR plural rules and number formatting through ICU (`uplrules_select`, `unumf_formatInt`).
package enum CLDR {
    /// The cardinal plural category of `number` in the language of `locale` (a BCP 47 tag).
    package static func pluralCategory(of number: Int, locale: String) -> PluralCategory {
        let keyword = icuASCII { GenkanICU_pluralCategory(locale, Double(number), $0, $1) }
        return keyword.flatMap(PluralCategory.init(rawValue:)) ?? .other
    }

    /// The cardinal plural categories the language of `locale` distinguishes, in CLDR order.
    package static func pluralCategories(locale: String) -> [PluralCategory] {
        let list = icuASCII { GenkanICU_pluralCategories(locale, $0, $1) } ?? "other"
        return list.split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) }
    }

    /// `value` with the digits and grouping of `locale` ("12,345", "12 345", "١٢٬٣٤٥").
    package static func format(_ value: Int, locale: String) -> String {
        icuString("") { _, _, dest, capacity in
            GenkanICU_formatInteger(locale, Int64(value), dest, capacity)
        } ?? String(value)
    }

    /// A BCP 47 tag with its likely subtags added ("zh-TW" → "zh-Hant-TW"), or nil when the tag
    /// cannot be parsed.
    package static func maximize(languageTag: String) -> String? {
        icuASCII { GenkanICU_maximizeLanguageTag(languageTag, $0, $1) }
    }

    /// The locale CLDR's parent locales name for `languageTag` when it is not the tag without its
    /// last subtag (`es-MX` → `es-419`, `pt-AO` → `pt-PT`, `zh-MO` → `zh-Hant-HK`, `en-AU` →
    /// `en-001`), or nil (`fr-CA`, `de-AT`, `en-US`).
    package static func parent(languageTag: String) -> String? {
        icuASCII { GenkanICU_parentLanguageTag(languageTag, $0, $1) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
