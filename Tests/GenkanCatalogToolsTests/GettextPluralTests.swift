import Testing
@testable import GenkanCatalogTools
import GenkanUnicode

@Suite struct GettextPluralTests {
    /// Every table entry names, for every integer, the category ICU's CLDR rules give it.
    @Test(arguments: GettextPluralForms.table.keys.sorted())
    func tableAgreesWithICU(language: String) throws {
        let forms = try #require(GettextPluralForms.forLocale(language))
        let program = try PluralExpression(forms.expression)
        for n in Array(0...3000) + [10_000, 100_000, 1_000_000, 2_000_000, 1_000_001, 10_000_000] {
            let index = program.evaluate(n)
            #expect(index >= 0 && index < forms.count)
            let expected = CLDR.pluralCategory(of: n, locale: language).rawValue
            if forms.categories[index] != expected {
                Issue.record("\(language) n=\(n): gettext index \(index) is \(forms.categories[index]), ICU says \(expected)")
                return
            }
        }
        // Every integer category ICU knows for the language has an index.
        let integerCategories = Set((0...3000).map { CLDR.pluralCategory(of: $0, locale: language).rawValue })
        #expect(integerCategories.isSubset(of: Set(forms.categories)))
    }

    /// A traditional three-form Polish header from another tool is read by category name.
    @Test func foreignHeaderIsMappedByName() throws {
        let forms = try GettextPluralForms.parse(
            header: "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", locale: "pl")
        #expect(forms.categories == ["one", "few", "many"])
        let english = try GettextPluralForms.parse(header: "nplurals=2; plural=n != 1;", locale: "en")
        #expect(english.categories == ["one", "other"])
    }

    @Test func derivedForUnlistedLanguages() {
        #expect(GettextPluralForms.forLocale("haw")?.expression == "(n != 1)")
    }

    @Test(arguments: ["n ==", "n ? 1", "(n", "n; rm", "foo", String(repeating: "(", count: 200) + "n" + String(repeating: ")", count: 200)])
    func badExpressionsAreRefused(_ text: String) {
        #expect(throws: CatalogError.self) { _ = try PluralExpression(text) }
    }

    @Test(arguments: [("nplurals=2; plural=n>1;", 3, 1), ("nplurals=2; plural=n>1;", 1, 0)])
    func evaluation(header: String, n: Int, index: Int) throws {
        let forms = try GettextPluralForms.parse(header: header, locale: "fr")
        #expect(try PluralExpression(forms.expression).evaluate(n) == index)
    }
}
