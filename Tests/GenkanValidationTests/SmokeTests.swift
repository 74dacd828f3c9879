import Testing
@testable import GenkanValidation
@testable import GenkanUnicode
@Test func smoke() {
    #expect(EmbeddedResources.passwordBlocklist.contains("\npassword\n"))
    #expect("ﾀﾛｳ　Ｙａｍａｄａ".normalized(.nfkc) == "タロウ Yamada")
    #expect(IDNA.toASCII("Bücher.example", options: [.nontransitional]).value == "xn--bcher-kva.example")
    #expect(SpoofChecker.check("Аdmin").contains(.mixedScriptConfusable))
    #expect(SpoofChecker.check("タロウ Yamada").isEmpty)
    #expect("👨‍👩‍👧e\u{301}".graphemeCount == 2)
    #expect(CLDR.pluralCategories(locale: "ar") == [.zero, .one, .two, .few, .many, .other])
    #expect(CLDR.pluralCategory(of: 21, locale: "ru") == .one)
    #expect(CLDR.format(12345, locale: "de") == "12.345")
    #expect(CLDR.maximize(languageTag: "zh-TW") == "zh-Hant-TW")
    #expect(CodePointProperties("א").bidiClass == .R)
    #expect(CodePointProperties.unicodeVersion == "15.0")
}
