private import CICU

/// What CLDR knows about a language, through ICU (`uldn_localeDisplayName`, `uloc_isRightToLeft`,
/// root collation).
package enum LanguageData {
    /// The language of `tag` named in itself, as a list of languages shows it ("Deutsch",
    /// "简体中文", "Português (Brasil)"); nil when ICU has no name for it.
    package static func autonym(of tag: String) -> String? {
        let name = icuString("") { _, _, dest, capacity in GenkanICU_languageAutonym(tag, dest, capacity) }
        // ICU echoes the locale's own ID when it knows no name ("xx", "zh_Hant"): not a name.
        guard let name, !name.isEmpty, name.lowercased() != tag.lowercased(), name.lowercased() != tag.replacingUnderscores.lowercased()
        else { return nil }
        return name
    }

    /// Whether the language of `tag` is written right to left (Arabic, Hebrew, Persian, Urdu…).
    package static func isRightToLeft(_ tag: String) -> Bool {
        GenkanICU_isRightToLeft(tag) == 1
    }

    /// Whether `a` sorts before `b` in CLDR's root collation order (Latin, then Greek, Cyrillic,
    /// Hebrew, Arabic, the Indic scripts, Thai, Hangul, Han…), code point order breaking ties.
    package static func precedesInRootOrder(_ a: String, _ b: String) -> Bool {
        CollationOrder.root.precedes(a, b)
    }
}

private extension String {
    var replacingUnderscores: String { String(map { $0 == "-" ? "_" : $0 }) }
}
