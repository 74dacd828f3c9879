import GenkanLocalization
@testable import GenkanServer
import Testing

@Suite struct CatalogCoverageTests {
    let model = AuthErrorModel()

    @Test func everyKeyThePagesAndMailsUseIsTranslatedInEveryLocale() {
        #expect(model.locales.count == 12)
        let keys = PageKey.allKeys.union(MailKey.allKeys).sorted()
        // Lists, not one expectation per key: a failure names the keys without printing the catalog.
        let missing = keys.filter { !model.catalog.contains($0) }
        let untranslated = keys.flatMap { key in model.locales.filter { !model.catalog.isTranslated(key, locale: $0) }.map { "\(key) in \($0)" } }
        #expect(missing == [])
        #expect(untranslated == [])
    }

    @Test func everyLanguageHasANameInTheSwitcher() {
        let texts = PageTexts(model: model)
        #expect(texts.locales.count == model.locales.count)
        for locale in texts.locales { #expect(texts.languageName(locale) != locale, "\(locale)") }
    }
}
