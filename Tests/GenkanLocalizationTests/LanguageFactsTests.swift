import Testing
@testable import GenkanLocalization

// Language names, directions, dates and bidirectional isolation, against what CLDR's data says
// (worked out by hand from the CLDR charts for these locales).

@Test(arguments: [
    ("en", "English"), ("de", "Deutsch"), ("ja", "日本語"), ("zh-Hans", "简体中文"), ("zh-Hant", "繁體中文"), ("zh-HK", "繁體中文（香港）"), ("en-GB", "UK English"), ("pt-PT", "Português europeu"),
    ("es-419", "Español latinoamericano"), ("fr-CA", "Français canadien"),
    ("pt-BR", "Português (Brasil)"), ("sr", "Српски"), ("he", "עברית"), ("ar", "العربية"), ("fil", "Filipino"),
    ("nb", "Norsk bokmål"), ("nn", "Norsk nynorsk"), ("gsw", "Schwiizertüütsch"), ("pl", "Polski"), ("hi", "हिन्दी"),
])
func languagesAreNamedInThemselves(_ locale: String, _ name: String) {
    #expect(LanguageFacts.autonym(locale) == name)
}

@Test func aLanguageWithoutDataKeepsItsTag() {
    #expect(LanguageFacts.autonym("xx") == "xx")
}

@Test func rightToLeftLanguages() {
    for locale in ["ar", "he", "fa", "ur", "ar-EG", "he-IL"] { #expect(LanguageFacts.isRightToLeft(locale), "\(locale)") }
    for locale in ["en", "ja", "hi", "ru", "zh-Hant", "el", "th"] { #expect(!LanguageFacts.isRightToLeft(locale), "\(locale)") }
}

@Test func namesSortAsALanguagePickerListsThem() {
    // Root collation: Latin (alphabetically, accents after), Greek, Cyrillic, Hebrew, Arabic,
    // Devanagari, Thai, Hangul, Han.
    #expect(LanguageFacts.orderedByAutonym(["ja", "ar", "en", "de", "ru", "he", "hi", "el", "ko", "th", "cs", "ca"])
        == ["ca", "cs", "de", "en", "el", "ru", "he", "ar", "hi", "th", "ko", "ja"])
}

/// 2026-03-01T14:05:00Z.
private let moment: Int64 = 1_772_373_900

@Test(arguments: [
    ("en", "UTC", LocalizedDate.Style.date, "March 1, 2026"),
    ("ja", "Asia/Tokyo", .date, "2026年3月1日"),
    ("fr", "Europe/Paris", .date, "1 mars 2026"),
    ("he", "Asia/Jerusalem", .date, "1 במרץ 2026"),
    ("de", "Asia/Tokyo", .dateTime, "1. März 2026, 23:05"),
    ("ja", "Asia/Tokyo", .dateTime, "2026年3月1日 23:05"),
    ("fr", "Europe/Paris", .dateTime, "1 mars 2026, 15:05"),
    // Thai counts years in the Buddhist era (2026 + 543).
    ("th", "Asia/Bangkok", .date, "1 มีนาคม 2569"),
] as [(String, String?, LocalizedDate.Style, String)])
func datesAreWrittenAsTheReaderWritesThem(_ locale: String, _ zone: String?, _ style: LocalizedDate.Style, _ expected: String) {
    #expect(LocalizedDate.format(moment, locale: locale, timeZone: zone, style: style) == expected)
}

@Test func withoutTheReadersZoneTheTimeIsUTCAndSaysSo() {
    // English puts a narrow no-break space before PM (CLDR 42).
    #expect(LocalizedDate.format(moment, locale: "en", timeZone: nil, style: .dateTime) == "Mar 1, 2026, 2:05\u{202F}PM UTC")
    #expect(LocalizedDate.format(moment, locale: "de", timeZone: nil, style: .dateTime) == "1. März 2026, 14:05 UTC")
    // Arabic writes its own digits: 1 March 2026 is ١ مارس ٢٠٢٦.
    let arabic = LocalizedDate.format(moment, locale: "ar", timeZone: nil, style: .date)
    #expect(arabic == "١ مارس ٢٠٢٦")
}

@Test func timeZonesAreCheckedAgainstICU() {
    #expect(LocalizedDate.canonicalTimeZone("Asia/Tokyo") == "Asia/Tokyo")
    // CLDR's canonical IDs are stable: old links name their zone, and Calcutta stays Calcutta.
    #expect(LocalizedDate.canonicalTimeZone("US/Eastern") == "America/New_York")
    #expect(LocalizedDate.canonicalTimeZone("Asia/Kolkata") == "Asia/Calcutta")
    #expect(LocalizedDate.canonicalTimeZone("UTC") == "Etc/UTC")
    for bad in ["", "Mars/Olympus_Mons", "GMT+05:30", "Asia/Tokyo\u{0}", "Europe/Paris; x=1", "日本", String(repeating: "A", count: 80)] {
        #expect(LocalizedDate.canonicalTimeZone(bad) == nil, "\(bad)")
    }
}

@Test func textArgumentsAreIsolatedOnlyWhenAsked() throws {
    let catalog = MessageCatalog.standard
    let address = "taro@example.com"
    let plain = try #require(catalog.string("ui.forgot.sent.message", locale: "ar", arguments: [.text(address)]))
    #expect(!plain.unicodeScalars.contains(BidiIsolation.firstStrongIsolate))
    let isolated = try #require(catalog.string("ui.forgot.sent.message", locale: "ar", arguments: [.text(address)], isolatingArguments: true))
    #expect(isolated.contains("\u{2068}taro@example.com\u{2069}"))
    #expect(BidiIsolation.removingIsolates(isolated) == plain)
    // Numbers are written in the language's digits and stay as they are.
    let count = try #require(catalog.string("ui.errors.summary", locale: "ar", arguments: [.integer(3)], isolatingArguments: true))
    #expect(count.contains("٣") && !count.unicodeScalars.contains(BidiIsolation.firstStrongIsolate))
    // The model isolates when told to, for every kind of message with a text argument.
    var model = AuthErrorModel(locale: "he")
    #expect(!model.text("ui.forgot.sent.message", locale: "ar", ["email": address]).contains("\u{2068}"))
    model.isolatesArguments = true
    #expect(model.text("ui.forgot.sent.message", locale: "ar", ["email": address]).contains("\u{2068}taro@example.com\u{2069}"))
}
