import Foundation
import Testing
@testable import GenkanCatalogTools

/// A language imported for the first time into a string with substitutions gets each
/// substitution's declaration (`argNum`, `formatSpecifier`) with its forms, as Xcode writes every
/// language's copy; Foundation reads the argument's type from the language's own copy, and so does
/// GenkanLocalization's `MessageCatalog` (37 of the 49 languages were imported from JSON files).
@Suite struct SubstitutionImportTests {
    static let source = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "too.short" : {
              "comment" : "A password's length.",
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "This password has %#@actual@."
                  },
                  "substitutions" : {
                    "actual" : {
                      "argNum" : 2,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg character"
                            }
                          },
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg characters"
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    @Test func aNewLanguagesSubstitutionIsDeclaredAsTheSources() throws {
        var catalog = try StringCatalog(text: Self.source)
        let json = """
            {"too.short": "Toto heslo má %#@actual@.", "too.short|==|substitutions.actual.plural.one": "%arg znak",
             "too.short|==|substitutions.actual.plural.few": "%arg znaky", "too.short|==|substitutions.actual.plural.many": "%arg znaku",
             "too.short|==|substitutions.actual.plural.other": "%arg znaků"}
            """
        let file = try JSONFlatReader.read(Array(json.utf8), path: "cs.json", locale: "cs")
        let report = CatalogImporter().merge(file, into: &catalog)
        #expect(report.changes.count == 5 && report.skipped.isEmpty, "\(report.skipped)")
        let substitution = try #require(catalog.entry("too.short")?.localization("cs")?[path: ["substitutions", "actual"]])
        #expect(substitution.names == ["argNum", "formatSpecifier", "variations"])
        #expect(substitution["formatSpecifier"]?.stringValue == "lld")
        // Importing the same file again changes nothing.
        let again = CatalogImporter().merge(file, into: &catalog)
        #expect(again.changes.isEmpty)
    }

    @Test func aLanguagesOwnDeclarationIsKept() throws {
        var catalog = try StringCatalog(text: Self.source)
        catalog.updateEntry("too.short") { entry in
            entry.update(["localizations", "de", "substitutions", "actual"], order: StringCatalog.topLevelOrder) {
                $0.set("argNum", .integer(2), order: StringCatalog.topLevelOrder)
                $0.set("formatSpecifier", .string("d"), order: StringCatalog.topLevelOrder)
            }
        }
        catalog.setUnit("too.short", locale: "de", path: UnitPath(dotted: "substitutions.actual.plural.other")!, value: "%arg Zeichen", state: "translated")
        #expect(catalog.entry("too.short")?.localization("de")?[path: ["substitutions", "actual", "formatSpecifier"]]?.stringValue == "d")
    }
}
