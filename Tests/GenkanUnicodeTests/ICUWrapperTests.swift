import Testing
@testable import GenkanUnicode

// Expected values are worked from the Unicode and CLDR data files by hand, not read off ICU.

@Test func normalizationFoldsWidthUnderNFKCOnly() {
    // U+FF80 HALFWIDTH KATAKANA LETTER TA has a <narrow> decomposition to U+30BF; U+3000
    // IDEOGRAPHIC SPACE a <wide> one to U+0020; U+FF39 FULLWIDTH LATIN CAPITAL LETTER Y to U+0059.
    #expect("ﾀﾛｳ　Ｙａｍａｄａ".normalized(.nfkc) == "タロウ Yamada")
    #expect("ﾀﾛｳ".normalized(.nfc) == "ﾀﾛｳ")
    #expect("e\u{301}".normalized(.nfc) == "\u{E9}")
    #expect("\u{E9}".normalized(.nfd) == "e\u{301}")
    #expect("\u{E9}".isNormalized(.nfc))
    #expect(!"e\u{301}".isNormalized(.nfc))
}

@Test func caseMappingIsFullAndLocaleIndependent() {
    #expect("Straße".icuUppercased == "STRASSE")
    #expect("İ".icuLowercased == "i\u{307}")
    #expect("Straße".caseFolded == "strasse")
    #expect("ΣΑΣ".caseFolded == "σασ")
}

/// The ASCII fast path of `caseFolded` gives ICU's answer: every ASCII character alone and in
/// generated strings, and text just outside ASCII (the Kelvin sign, long s, dotted I, ß) still goes
/// to ICU.
@Test func asciiCaseFoldingMatchesICU() {
    for byte in UInt8(0)..<0x80 {
        let text = String(decoding: [byte], as: UTF8.self)
        #expect(text.caseFolded == text.icuCaseFolded, "\(byte)")
        #expect(text.asciiCaseFolded == text.icuCaseFolded, "\(byte)")
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
        let length = Int.random(in: 0...40, using: &generator)
        let text = String(decoding: (0..<length).map { _ in UInt8.random(in: 0..<0x80, using: &generator) }, as: UTF8.self)
        #expect(text.asciiCaseFolded == text.icuCaseFolded, "\(Array(text.utf8))")
    }
    for text in ["Taro@Example.COM", "", "@", "Z[`a{", "TARO.YAMADA+Tag@EXAMPLE.co.jp"] {
        #expect(text.caseFolded == text.icuCaseFolded)
    }
    for text in ["\u{212A}elvin@example.com", "Lo\u{17F}@example.com", "\u{130}stanbul@example.com", "STRASSE@EXAMPLE.COM\u{DF}", "ÉCOLE@example.com"] {
        #expect(text.asciiCaseFolded == nil)
        #expect(text.caseFolded == text.icuCaseFolded)
    }
    #expect("\u{212A}".caseFolded == "k" && "\u{17F}".caseFolded == "s")
}

@Test func codePointProperties() {
    #expect(CodePointProperties("א").bidiClass == .R)
    #expect(CodePointProperties("\u{627}").bidiClass == .AL)
    #expect(CodePointProperties("\u{200D}").isJoinControl)
    #expect(CodePointProperties("\u{202E}").isBidiControl)
    #expect(CodePointProperties("\u{FF21}").eastAsianWidth == .fullwidth)
    #expect(CodePointProperties("\u{FF21}").decompositionType == .wide)
    #expect(CodePointProperties("\u{FF71}").decompositionType == .narrow)
    #expect(CodePointProperties("\u{FF21}").changesUnderNFKC)
    #expect(!CodePointProperties("A").changesUnderNFKC)
    #expect(CodePointProperties("\u{94D}").canonicalCombiningClass == 9)   // DEVANAGARI SIGN VIRAMA
    #expect(CodePointProperties("\u{1100}").hangulSyllableType == .leading)
    #expect(CodePointProperties("\u{628}").joiningType == "D")            // ARABIC LETTER BEH
    #expect(CodePointProperties("\u{378}").generalCategory == .Cn)
    #expect(CodePointProperties(Unicode.Scalar(0xFDD0)!).isNoncharacter)
    #expect(CodePointProperties("a").script == CodePointProperties.scriptCode("Latn"))
}

@Test func idnaFollowsUTS46() {
    // RFC 3492 punycode of "bücher" is "bcher-kva".
    let ascii = IDNA.toASCII("Bücher.Example", options: [.nontransitional, .checkBidi, .checkContextJ])
    #expect(ascii.value == "xn--bcher-kva.example")
    #expect(ascii.errors.isEmpty)
    #expect(IDNA.toUnicode("xn--bcher-kva.example", options: [.nontransitional]).value == "bücher.example")
    // Nontransitional processing keeps ß (IDNA2008); transitional would map it to "ss".
    #expect(IDNA.toASCII("faß.de", options: [.nontransitional]).value == "xn--fa-hia.de")
    #expect(IDNA.toASCII("faß.de", options: []).value == "fass.de")
    #expect(IDNA.toASCII("-a.example", options: [.std3Rules]).errors.contains(.leadingHyphen))
    #expect(IDNA.toASCII(String(repeating: "a", count: 64) + ".example", options: []).errors.contains(.labelTooLong))
}

@Test func spoofCheckerFlagsMixedScripts() {
    #expect(SpoofChecker.check("Аdmin").contains(.mixedScriptConfusable))   // U+0410 CYRILLIC A
    #expect(SpoofChecker.check("Admin").isEmpty)
    #expect(SpoofChecker.check("タロウ Yamada").isEmpty)
    #expect(SpoofChecker.skeleton("Аdmin") == SpoofChecker.skeleton("Admin"))
}

@Test func graphemesAreUserPerceivedCharacters() {
    #expect("".graphemeCount == 0)
    #expect("e\u{301}".graphemeCount == 1)
    #expect("👨‍👩‍👧".graphemeCount == 1)            // ZWJ sequence
    #expect("🇯🇵🇫🇷".graphemeCount == 2)              // two regional-indicator pairs
    #expect("한국어".graphemeCount == 3)
}

@Test(arguments: [
    // CLDR cardinal rules, worked by hand: en one: i=1 and v=0; ru one: i%10=1 and i%100!=11,
    // few: i%10=2..4 and i%100!=12..14, many: the other integers; ar zero: 0, one: 1, two: 2,
    // few: n%100=3..10, many: n%100=11..99; ja has only other.
    ("en", 0, PluralCategory.other), ("en", 1, .one), ("en", 2, .other), ("en", 21, .other),
    ("ja", 1, .other), ("ja", 101, .other),
    ("ru", 1, .one), ("ru", 2, .few), ("ru", 5, .many), ("ru", 11, .many), ("ru", 21, .one), ("ru", 101, .one),
    ("ru", 0, .many), ("ru", 12, .many), ("ru", 22, .few),
    ("ar", 0, .zero), ("ar", 1, .one), ("ar", 2, .two), ("ar", 5, .few), ("ar", 11, .many), ("ar", 21, .many),
    ("ar", 101, .other), ("ar", 103, .few),
])
func pluralCategory(locale: String, number: Int, expected: PluralCategory) {
    #expect(CLDR.pluralCategory(of: number, locale: locale) == expected)
}

@Test func pluralCategoriesPerLanguage() {
    #expect(CLDR.pluralCategories(locale: "en") == [.one, .other])
    #expect(CLDR.pluralCategories(locale: "ja") == [.other])
    #expect(CLDR.pluralCategories(locale: "ru") == [.one, .few, .many, .other])
    #expect(CLDR.pluralCategories(locale: "ar") == [.zero, .one, .two, .few, .many, .other])
    #expect(CLDR.pluralCategories(locale: "pl") == [.one, .few, .many, .other])
}

@Test func numbersAndLanguageTags() {
    #expect(CLDR.format(12345, locale: "en") == "12,345")
    #expect(CLDR.format(12345, locale: "de") == "12.345")
    #expect(CLDR.format(7, locale: "ja") == "7")
    #expect(CLDR.maximize(languageTag: "zh-TW") == "zh-Hant-TW")
    #expect(CLDR.maximize(languageTag: "zh-SG") == "zh-Hans-SG")
    #expect(CLDR.maximize(languageTag: "zh-HK") == "zh-Hant-HK")
    #expect(CLDR.maximize(languageTag: "ja") == "ja-Jpan-JP")
}
