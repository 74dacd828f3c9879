import GenkanHTTPTesting
import GenkanLocalization
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

@Suite struct CatalogCoverageTests {
    let model = AuthErrorModel()

    @Test func everyKeyThePagesAndMailsUseIsTranslatedInEveryLocale() {
        #expect(model.locales.count >= 12)
        let keys = PageKey.allKeys.union(MailKey.allKeys).sorted()
        // Lists, not one expectation per key: a failure names the keys without printing the catalog.
        let missing = keys.filter { !model.catalog.contains($0) }
        let untranslated = keys.flatMap { key in model.locales.filter { !model.catalog.isTranslated(key, locale: $0) }.map { "\(key) in \($0)" } }
        #expect(missing == [])
        #expect(untranslated == [])
    }

    /// Every declared key is shown by some page or mail (what `genkan catalog lint` checks through
    /// the KeyUsage plugin's `usedKeys`).
    @Test func everyDeclaredKeyIsUsed() {
        #expect(PageKey.allKeys.subtracting(PageKey.usedKeys).sorted() == [])
        #expect(MailKey.allKeys.subtracting(MailKey.usedKeys).sorted() == [])
        #expect(PageKey.usedKeys.isSubset(of: PageKey.allKeys) && MailKey.usedKeys.isSubset(of: MailKey.allKeys))
    }

    @Test func everyLanguageHasANameInTheSwitcher() {
        let texts = PageTexts(model: model)
        #expect(Set(texts.locales) == Set(model.locales))
        for locale in texts.locales { #expect(texts.languageName(locale) != locale, "\(locale)") }
    }
}
