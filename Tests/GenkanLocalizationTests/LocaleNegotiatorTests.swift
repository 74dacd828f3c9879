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
