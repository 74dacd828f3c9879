import GenkanLocalization
@testable import GenkanServer
import Testing

@Suite struct CatalogCoverageTests {
    let model = AuthErrorModel()

    @Test func everyKeyThePagesUseIsTranslatedInEveryLocale() {
        #expect(model.locales.count == 12)
        for key in PageKey.allKeys.union(MailKey.allKeys).sorted() {
            #expect(model.catalog.contains(key), "\(key) is missing from the catalog")
            for locale in model.locales {
                #expect(model.catalog.isTranslated(key, locale: locale), "\(key) is not translated in \(locale)")
            }
        }
    }

    @Test func everyLanguageHasANameInTheSwitcher() {
        let texts = PageTexts(model: model)
        #expect(texts.locales.count == model.locales.count)
        for locale in texts.locales { #expect(texts.languageName(locale) != locale, "\(locale)") }
    }
}
