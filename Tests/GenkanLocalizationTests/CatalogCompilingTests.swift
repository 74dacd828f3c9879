import Foundation
import Testing
@testable import GenkanLocalization
import GenkanValidation

/// A catalog checks all of its text when it is read but compiles a language only when one of its
/// messages is first asked for: what it answers must not depend on when that was, or on two
/// threads asking at once.
@Suite struct CatalogCompilingTests {
    @Test func onlyTheSourceLanguageIsCompiledAtFirst() throws {
        let catalog = try MessageCatalog(json: EmbeddedResources.localizableCatalog)
        #expect(catalog.locales.count > 40)
        #expect(catalog.isCompiled("en"))
        #expect(catalog.locales.dropFirst().allSatisfy { !catalog.isCompiled($0) })
        #expect(catalog.string("ui.signin.title", locale: "ja") != nil)
        #expect(catalog.isCompiled("ja"))
        #expect(!catalog.isCompiled("ru"))
        // A language the catalog lacks is never compiled: its messages are the source language's.
        #expect(catalog.string("ui.signin.title", locale: "xx") == catalog.string("ui.signin.title", locale: "en"))
        #expect(!catalog.isCompiled("xx"))
        // Copies share what was compiled.
        let copy = catalog
        #expect(copy.isCompiled("ja"))
    }

    /// Every plain value (no specifier, no variation) of every key in every language, as an
    /// independent reader (`JSONSerialization`) reads the file, is what the catalog answers; a
    /// language without a value answers the source language's.
    @Test func lazilyCompiledValuesAreTheFilesValues() throws {
        let text = EmbeddedResources.localizableCatalog
        let catalog = try MessageCatalog(json: text)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let strings = try #require(root["strings"] as? [String: [String: Any]])
        var compared = 0
        for (key, entry) in strings {
            let localizations = entry["localizations"] as? [String: [String: Any]] ?? [:]
            for locale in catalog.locales {
                guard let value = localizations[locale] ?? localizations["en"] else { continue }
                guard let unit = value["stringUnit"] as? [String: String], let plain = unit["value"], !plain.contains("%") else { continue }
                #expect(catalog.string(key, locale: locale) == plain, "\(key) \(locale)")
                if localizations[locale] != nil {
                    #expect(catalog.isTranslated(key, locale: locale) == (unit["state"] == "translated"), "\(key) \(locale)")
                }
                compared += 1
            }
        }
        #expect(compared > 10_000)
    }

    /// Threads asking for every language at once, in different orders, on a fresh catalog get
    /// what one thread gets asking in turn.
    @Test func concurrentFirstUsesAgree() async throws {
        let reference = try MessageCatalog(json: EmbeddedResources.localizableCatalog)
        let keys = reference.keys
        let arguments: [IssueParameter] = [.text("a@example.com"), .integer(3), .integer(1)]
        func answers(_ catalog: MessageCatalog, locales: [String]) -> [String: [String?]] {
            var answers: [String: [String?]] = [:]
            for locale in locales {
                answers[locale] = keys.map { catalog.string($0, locale: locale, arguments: arguments) }
            }
            return answers
        }
        let expected = answers(reference, locales: reference.locales)
        let fresh = try MessageCatalog(json: EmbeddedResources.localizableCatalog)
        let results = await withTaskGroup(of: [String: [String?]].self) { group in
            for rotation in 0..<8 {
                let locales = Array(fresh.locales[(rotation * 7 % fresh.locales.count)...] + fresh.locales[..<(rotation * 7 % fresh.locales.count)])
                group.addTask { answers(fresh, locales: rotation % 2 == 0 ? locales : locales.reversed()) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for result in results { #expect(result == expected) }
    }

    /// A text that is not a String Catalog fails when it is read, whichever language holds the
    /// fault, with the place and the reason.
    @Test(arguments: [
        (#"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"comment":3}}}"#, "wrong type at strings.k.comment"),
        (#"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"shouldTranslate":"no"}}}"#, "wrong type at strings.k.shouldTranslate"),
        (#"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":[]}}}"#, "wrong type at strings.k.localizations"),
        (#"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"fr":{"stringUnit":{"state":"new"}}}}}}"#,
         "missing member 'value' at strings.k.localizations.fr.stringUnit"),
        (#"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"fr":{"stringUnit":{"state":"new","value":1}}}}}}"#,
         "wrong type at strings.k.localizations.fr.stringUnit.value"),
        (#"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"fr":{"substitutions":{"n":{"argNum":1.5,"formatSpecifier":"d"}}}}}}}"#,
         "wrong type at strings.k.localizations.fr.substitutions.n.argNum"),
        (#"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"fr":{"variations":{"plural":{"one":null}}}}}}}"#,
         "missing value at strings.k.localizations.fr.variations.plural.one"),
        (#"{"sourceLanguage":"en","version":"1.0","strings":{"k":{},"k":{}}}"#, #"duplicate member name "k" at strings"#),
        (#"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"fr":{"stringUnit":{"state":"new","state":"x","value":"v"}}}}}}"#,
         #"duplicate member name "state" at strings.k.localizations.fr"#),
        (#"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"fr":{"stringUnit":"\x"}}}}}"#, "invalid escape"),
        (#"{"version":"1.0","strings":{}}"#, "missing member 'sourceLanguage'"),
        (#"{"sourceLanguage":"en","version":"1.0","strings":null}"#, "missing value at strings"),
    ])
    func brokenCatalogsSayWhereAndWhy(_ text: String, _ reason: String) {
        do {
            _ = try MessageCatalog(json: text)
            Issue.record("read: \(text)")
        } catch {
            #expect(error.description.hasPrefix("not a String Catalog: "), "\(error)")
            #expect(error.description.contains(reason), "\(error)")
        }
    }

    /// The bytes of a file are read as the same catalog as its text.
    @Test func dataAndTextReadAlike() throws {
        let text = EmbeddedResources.localizableCatalog
        let fromData = try MessageCatalog(data: Data(text.utf8))
        let fromText = try MessageCatalog(json: text)
        #expect(fromData.locales == fromText.locales)
        #expect(fromData.keys == fromText.keys)
        for locale in ["ar", "ja", "ru", "zh-HK"] {
            for key in fromText.keys {
                #expect(fromData.string(key, locale: locale, arguments: [.integer(2)]) == fromText.string(key, locale: locale, arguments: [.integer(2)]))
            }
        }
    }
}
