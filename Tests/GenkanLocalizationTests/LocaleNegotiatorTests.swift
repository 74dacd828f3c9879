import Testing
@testable import GenkanLocalization

private let shipped = ["en", "ja", "zh-Hans", "zh-Hant", "ko", "de", "fr", "es", "pt-BR", "it", "ru", "ar"]
private let negotiator = LocaleNegotiator(available: shipped)

@Test(arguments: [
    // Plain and regional tags.
    ("ja", "ja"), ("ja-JP", "ja"), ("JA-jp", "ja"), ("en-GB", "en"), ("de-CH", "de"), ("fr-CA", "fr"),
    ("es-419", "es"), ("ar-EG", "ar"), ("ko-KR", "ko"), ("ru-RU", "ru"), ("it-IT", "it"),
    // Chinese by script, written or inferred from the region.
    ("zh", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"),
    ("zh-MO", "zh-Hant"), ("zh-Hant", "zh-Hant"), ("zh-Hans-HK", "zh-Hans"), ("zh-Hant-CN", "zh-Hant"), ("zh_TW", "zh-Hant"),
    // Portuguese of any region goes to the one shipped.
    ("pt", "pt-BR"), ("pt-PT", "pt-BR"), ("pt-BR", "pt-BR"), ("pt-AO", "pt-BR"),
    // POSIX locale names.
    ("ja_JP.UTF-8", "ja"), ("de_DE@euro", "de"),
])
func oneTagMatches(_ tag: String, _ expected: String) {
    #expect(negotiator.match(tag) == expected)
    #expect(negotiator.bestLocale(acceptLanguage: tag) == expected)
}

@Test(arguments: ["sv", "nl-NL", "x-klingon", "i-default", "", "*", "??", "en--US", "123", "a", String(repeating: "a", count: 100)])
func unmatchedTagsMatchNothing(_ tag: String) {
    #expect(negotiator.match(tag) == nil)
    #expect(negotiator.bestLocale(preferred: [tag]) == "en")
}

@Test(arguments: [
    ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "fr"),
    ("sv-SE,sv;q=0.9,ja;q=0.8,en;q=0.7", "ja"),
    ("en;q=0.5, ja", "ja"),
    ("de;q=0.5, ko;q=0.5", "de"),
    ("zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7", "zh-Hant"),
    ("ja;q=0, ko", "ko"),
    ("ja-JP;q=0, ja;q=0.9", "en"),
    ("ja;q=0", "en"),
    ("*", "en"),
    ("en;q=0, *", "ja"),
    ("ru;q=1.000, ja;q=0.999", "ru"),
    // Malformed members are skipped; the rest still count.
    ("ja;q=2, ko", "ko"),
    ("ja;q=abc, de", "de"),
    ("ja;q=0.12345, it", "it"),
    (";;;, ,,, ko", "ko"),
    ("!!!, de", "de"),
    ("ja ; q = 0.5 , ko ; q=0.4", "ja"),
    ("ko ; q = 0.3 , ja ; Q=0.4", "ja"),
    ("\u{0}ja, fr", "fr"),
    ("", "en"),
    ("garbage", "en"),
    ("ja;level=1;q=0.5, de;q=0.4", "ja"),
])
func acceptLanguageHeaders(_ header: String, _ expected: String) {
    #expect(negotiator.bestLocale(acceptLanguage: header) == expected, "\(header)")
}

@Test func hugeHeadersAreBoundedWork() {
    // 100,000 members: only the first ones within the length limit are read, so this returns
    // quickly and the Japanese range at the very end is never reached.
    let header = Array(repeating: "xx-YY;q=0.9", count: 100_000).joined(separator: ",") + ",ja"
    let clock = ContinuousClock()
    let elapsed = clock.measure { #expect(negotiator.bestLocale(acceptLanguage: header) == "en") }
    #expect(elapsed < .seconds(1))
    #expect(LocaleNegotiator.parseAcceptLanguage(header).count <= LocaleNegotiator.maximumRanges)
    #expect(negotiator.bestLocale(preferred: Array(repeating: "sv", count: 10_000) + ["ja"]) == "en")
}

@Test func qualityOrderIsStable() {
    let ranges = LocaleNegotiator.parseAcceptLanguage("a1;q=0.5, de, fr;q=0.5, it")
    #expect(ranges.map(\.range) == ["de", "it", "fr"])
}

/// The catalog's 49 languages, as a negotiator over them sees regional, script and old variants.
/// Each expectation was worked out by hand from CLDR's likely subtags and the aliases documented on
/// `LocaleNegotiator`, and ICU 72's `icu::LocaleMatcher` over the same 49 locales (CLDR language
/// matching, favouring the language) picks the same locale for every tag here.
private let fortyNine = LocaleNegotiator(available: [
    "en", "ja", "zh-Hans", "zh-Hant", "ko", "de", "fr", "es", "pt-BR", "it", "ru", "ar", "bg", "bn", "ca", "cs", "da", "el", "fa",
    "fi", "fil", "gsw", "gu", "he", "hi", "hr", "hu", "id", "kn", "ln", "lt", "lv", "mr", "ms", "nb", "nn", "nl", "pl", "ro", "sk",
    "sl", "sr", "sv", "ta", "th", "tr", "uk", "ur", "vi",
])

@Test(arguments: [
    // Norwegian: Bokmål and Nynorsk by their codes; the general "no" is Bokmål.
    ("nb-NO", "nb"), ("nb", "nb"), ("no", "nb"), ("no-NO", "nb"), ("nn-NO", "nn"), ("nn", "nn"),
    // Hebrew, also by its withdrawn code.
    ("he-IL", "he"), ("iw", "he"), ("iw-IL", "he"), ("he", "he"),
    // Filipino, also as Tagalog.
    ("fil-PH", "fil"), ("tl", "fil"), ("tl-PH", "fil"), ("fil", "fil"),
    // Serbian: Cyrillic is what the catalog has; Latin-script requests read it too.
    ("sr", "sr"), ("sr-RS", "sr"), ("sr-Cyrl", "sr"), ("sr-Latn", "sr"), ("sr-Latn-RS", "sr"), ("sr-ME", "sr"), ("sr-Cyrl-BA", "sr"),
    ("hi-Latn", "hi"), ("hi-IN", "hi"),
    // Other withdrawn codes.
    ("in", "id"), ("in-ID", "id"), ("mo", "ro"), ("ro-MD", "ro"),
    // Regions.
    ("gsw-CH", "gsw"), ("gsw-LI", "gsw"), ("de-CH", "de"), ("de-AT", "de"), ("fa-AF", "fa"), ("ur-IN", "ur"), ("ur-PK", "ur"),
    ("bn-IN", "bn"), ("ta-LK", "ta"), ("ta-SG", "ta"), ("sv-FI", "sv"), ("ca-ES-valencia", "ca"), ("ms-MY", "ms"), ("ms-SG", "ms"),
    ("nl-BE", "nl"), ("fr-CA", "fr"), ("el-CY", "el"), ("uk-UA", "uk"), ("ru-UA", "ru"), ("ln-CD", "ln"), ("vi-VN", "vi"),
    ("th-TH", "th"), ("da-GL", "da"), ("fi-FI", "fi"), ("en-IN", "en"), ("ar-EG", "ar"), ("es-419", "es"),
    // Chinese and Portuguese as before.
    ("zh", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-MO", "zh-Hant"),
    ("zh-Hant-CN", "zh-Hant"), ("pt", "pt-BR"), ("pt-PT", "pt-BR"),
])
func fortyNineLanguagesMatchTheirVariants(_ tag: String, _ expected: String) {
    #expect(fortyNine.match(tag) == expected, "\(tag)")
    #expect(fortyNine.bestLocale(acceptLanguage: "\(tag), en;q=0.5") == expected, "\(tag)")
}

/// The 49 and the five regional variants: a request goes to its own variety, to the one CLDR's
/// parent locales derive it from (supplementalData.xml `parentLocales`, as ICU 72's data has them:
/// es-MX from es-419, pt-AO from pt-PT, zh-MO from zh-Hant-HK, en-AU and en-GB both from en-001),
/// else to the language's default; never to another language.
private let fiftyFour = LocaleNegotiator(available: fortyNine.available + ["en-GB", "es-419", "fr-CA", "pt-PT", "zh-HK"])

@Test(arguments: [
    // English: the US default, British English for the regions CLDR groups with it ("en-001").
    ("en", "en"), ("en-US", "en"), ("en-GB", "en-GB"), ("en-AU", "en-GB"), ("en-IE", "en-GB"), ("en-IN", "en-GB"),
    ("en-NZ", "en-GB"), ("en-ZA", "en-GB"), ("en-001", "en-GB"), ("en-150", "en-GB"), ("en-AT", "en-GB"), ("en-PH", "en"),
    ("en-CA", "en"), ("en_GB.UTF-8", "en-GB"),
    // Spanish: Spain's by default, Latin America's for the Americas and the US.
    ("es", "es"), ("es-ES", "es"), ("es-419", "es-419"), ("es-MX", "es-419"), ("es-AR", "es-419"), ("es-CO", "es-419"),
    ("es-US", "es-419"), ("es-GQ", "es"),
    // French: Canadian French only for Canada.
    ("fr", "fr"), ("fr-FR", "fr"), ("fr-CA", "fr-CA"), ("fr-BE", "fr"), ("fr-CH", "fr"),
    // Portuguese: Brazil's by default (CLDR's likely region), Portugal's for the regions CLDR derives from it.
    ("pt", "pt-BR"), ("pt-BR", "pt-BR"), ("pt-PT", "pt-PT"), ("pt-AO", "pt-PT"), ("pt-MZ", "pt-PT"), ("pt-CV", "pt-PT"),
    // Chinese: Hong Kong's for Hong Kong and Macao, Taiwan's traditional characters for Taiwan.
    ("zh-HK", "zh-HK"), ("zh-Hant-HK", "zh-HK"), ("zh-MO", "zh-HK"), ("zh-Hant-MO", "zh-HK"), ("zh-TW", "zh-Hant"),
    ("zh-Hant", "zh-Hant"), ("zh", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh-Hans-HK", "zh-Hans"),
])
func regionalVariantsAreChosenAndFallBackToTheirLanguage(_ tag: String, _ expected: String) {
    #expect(fiftyFour.match(tag) == expected, "\(tag)")
    #expect(fiftyFour.bestLocale(acceptLanguage: "\(tag), ja;q=0.5") == expected, "\(tag)")
}

@Test func aVariantThatIsRuledOutFallsBackToItsLanguageNotToEnglish() {
    #expect(fiftyFour.bestLocale(acceptLanguage: "pt-PT, pt;q=0.8, en;q=0.5") == "pt-PT")
    #expect(fiftyFour.bestLocale(acceptLanguage: "fr-CA, fr;q=0.9") == "fr-CA")
    #expect(fiftyFour.bestLocale(acceptLanguage: "fr-BE, en;q=0.5") == "fr")
    #expect(fiftyFour.bestLocale(acceptLanguage: "es-MX, en;q=0.5") == "es-419")
    #expect(fiftyFour.bestLocale(acceptLanguage: "zh-MO, en;q=0.5") == "zh-HK")
    #expect(fiftyFour.bestLocale(acceptLanguage: "en-AU") == "en-GB")
}

@Test(arguments: ["ms-Arab", "sq", "et", "mk", "sw", "x-klingon", "he-Latn"])
func scriptsAndLanguagesTheCatalogLacksStillMatchNothing(_ tag: String) {
    // Only Serbian and Hindi cross scripts: Malay in Arabic script (Jawi) is not Malay in Latin
    // letters to a reader of Jawi, and a language the catalog lacks is not guessed.
    #expect(fortyNine.match(tag) == nil, "\(tag)")
}

@Test func anAliasStillRespectsAnExclusion() {
    // "iw;q=0" rules Hebrew out, whichever code the header uses for it.
    #expect(fortyNine.bestLocale(acceptLanguage: "he, iw;q=0, fr;q=0.5") == "fr")
}
